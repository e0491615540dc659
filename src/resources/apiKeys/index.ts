/**
 * The organisation's API keys (docs/decisions.md, decision 127): the list of keys — business, scopes,
 * status, expiry and last use, never a secret. Creating, changing and revoking keys from the dashboard
 * come with the rest of the administration pages; the API already offers them (/v1/api-keys).
 */
import { lazy } from 'react';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
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
  access: { list: all('GET_API_CREDENTIALS') },
  // Settings: change password 10, two-factor authentication 20, API keys 30.
  menu: { section: 'settings', label: 'resources.api-keys.name', icon: KeyIcon, order: 30 },
  list: lazy(() => import('./ApiKeyList')),
  messages: apiKeyMessages,
  translations: { de: () => import('./messages.de').then((m) => m.apiKeyMessagesDe) },
});
