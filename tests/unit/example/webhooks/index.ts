import { lazy } from 'react';
import WebhookIcon from '@mui/icons-material/Webhook';
import { resource } from '../../../../src/declarations';
import { all } from '../../../../src/domain/requirements';
import { webhookMethods } from './api';
import { webhookMessages } from './messages';
import { WebhookList } from './WebhookList';

export default resource({
  name: 'webhooks',
  api: {
    path: 'webhooks',
    listKey: 'webhooks',
    // The API updates with PATCH /v1/webhooks and the id in the body (like PATCH businesses).
    endpoints: { update: { method: 'PATCH', path: 'webhooks', idInBody: 'id' } },
    // The list filter's business (a filter input, or `?filter={"businessId":4}` in the URL) becomes
    // ?businessId=…; nothing else is sent.
    filters: (filter) => ({ businessId: filter.businessId as number | undefined }),
    // The sortable fields and the API's sortBy for each; any other sort is not sent.
    sort: { createdAt: 'created', url: 'url' },
  },
  access: { list: all('GET_BUSINESSES'), edit: all('UPDATE_BUSINESS') },
  menu: { section: 'settings', label: 'resources.webhooks.name', icon: WebhookIcon, order: 60 },
  aliases: { '/edit-webhook/:id': 'edit' },
  list: WebhookList,
  edit: lazy(() => import('./WebhookEdit')),
  messages: webhookMessages,
  translations: { de: () => import('./messages.de').then((m) => m.webhookMessagesDe) },
  methods: webhookMethods,
});
