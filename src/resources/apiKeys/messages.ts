export const apiKeyMessages = {
  resources: {
    'api-keys': {
      name: 'API keys',
      empty: 'No API keys yet.',
      search: 'Search keys',
      fields: {
        name: 'Name',
        businessName: 'Business',
        scopes: 'Scopes',
        status: 'Status',
        expiresAt: 'Expires',
        lastUsedAt: 'Last used',
        createdAt: 'Created',
        createdBy: 'Created by',
      },
      never: 'Never',
      noExpiry: 'No expiry',
      from: 'from %{ip}',
      statuses: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
      errors: { loadFailed: 'The API keys could not be loaded.' },
    },
  },
};
