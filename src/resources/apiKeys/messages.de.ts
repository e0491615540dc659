import type { apiKeyMessages } from './messages';

export const apiKeyMessagesDe: typeof apiKeyMessages = {
  resources: {
    'api-keys': {
      name: 'API-Schlüssel',
      empty: 'Noch keine API-Schlüssel.',
      search: 'Schlüssel suchen',
      fields: {
        name: 'Name',
        businessName: 'Unternehmen',
        scopes: 'Berechtigungen',
        status: 'Status',
        expiresAt: 'Läuft ab',
        lastUsedAt: 'Zuletzt benutzt',
        createdAt: 'Angelegt',
        createdBy: 'Angelegt von',
      },
      never: 'Nie',
      noExpiry: 'Kein Ablauf',
      from: 'von %{ip}',
      statuses: { active: 'Aktiv', expired: 'Abgelaufen', revoked: 'Widerrufen' },
      errors: { loadFailed: 'Die API-Schlüssel konnten nicht geladen werden.' },
    },
  },
};
