/**
 * The organisation's API keys (docs/decisions.md, decisions 127 and 133): the list of keys — business,
 * scopes, status, expiry and last use, never a secret — and the pages that create one (its secret
 * shown once), change one and revoke one.
 */
import { lazy } from 'react';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
import { apiKeyMethods } from './api';
import { apiKeyMessages } from './messages';

export default resource({
  name: 'api-keys',
  api: {
    path: 'api-keys',
    listKey: 'apiKeys',
    filters: (filter) => ({
      q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
    }),
    sort: { name: 'name', createdAt: 'createdAt', lastUsedAt: 'lastUsedAt', expiresAt: 'expiresAt' },
  },
  // docs/product.md#screens-and-routes: the delete page's guard is UPDATE_API_CREDENTIALS (the call
  // itself needs DELETE_API_CREDENTIALS).
  access: {
    list: all('GET_API_CREDENTIALS'),
    create: all('CREATE_API_CREDENTIALS'),
    edit: all('UPDATE_API_CREDENTIALS'),
    delete: all('UPDATE_API_CREDENTIALS'),
  },
  // Settings: change password 10, two-factor authentication 20, API keys 30.
  menu: { section: 'settings', label: 'resources.api-keys.name', icon: KeyIcon, order: 30 },
  aliases: { '/create-api-keys': 'create', '/edit-api-key/:id': 'edit', '/api-keys/delete/:id': 'delete' },
  list: lazy(() => import('./ApiKeyList')),
  create: lazy(() => import('./ApiKeyCreate')),
  edit: lazy(() => import('./ApiKeyEdit')),
  delete: lazy(() => import('./ApiKeyDelete')),
  messages: apiKeyMessages,
  translations: { de: () => import('./messages.de').then((m) => m.apiKeyMessagesDe) },
  methods: apiKeyMethods,
});
