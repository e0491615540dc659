import { API_KEY_MESSAGES } from '../../domain/apiKeys';

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
        ipAllowList: 'IP allow list',
        expiresOn: 'Works until (last day)',
      },
      never: 'Never',
      noExpiry: 'No expiry',
      from: 'from %{ip}',
      statuses: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
      errors: {
        loadFailed: 'The API keys could not be loaded.',
        businessesFailed: 'The businesses could not be loaded.',
      },
      scopes: {
        GET_PAYMENT: 'Payments',
        GET_PAYMENTS: 'Unallocated deposits',
        GET_WITHDRAWALS: 'Crypto withdrawals',
        GET_FIAT_DEPOSITS: 'Fiat deposits',
        GET_FIAT_WITHDRAWALS: 'Settlements',
        GET_INTERNAL_TRANSFERS: 'Internal transfers',
        FETCH_MANUAL_MOVEMENTS: 'Manual ledger movements',
        GET_BALANCE_CONVERSIONS: 'Balance conversions',
        GET_BALANCES: 'Balances',
      },
      list: {
        create: 'Create API key',
        actions: 'Actions',
        editKey: 'Edit %{name}',
        revokeKey: 'Revoke %{name}',
      },
      form: {
        scopesHelp:
          'What the key may read, for its business only. You can give only what you may read yourself.',
        noScopes: 'You hold none of the permissions a key can be given.',
        ipHelp: 'One address or CIDR range a line (e.g. 203.0.113.7 or 10.0.0.0/8). Empty: any address.',
        expiryHelp: 'The key works through this day. Empty: no expiry.',
      },
      create: { title: 'Create API key', submit: 'Create key' },
      created: {
        title: 'The key %{name} was created.',
        secret: 'API key',
        once: 'This key will not be shown again.',
        done: 'Back to API keys',
      },
      edit: {
        title: 'Edit API key',
        submit: 'Save',
        saved: 'The key %{name} was saved.',
        business: 'Business: %{name}',
        revoked: 'The key %{name} is revoked and cannot be changed.',
      },
      revoke: {
        title: 'Revoke API key',
        question: 'Revoke the key %{name}? It stops working on its next use. This cannot be undone.',
        confirm: 'Revoke',
        done: 'The key %{name} was revoked.',
        already: 'The key %{name} is already revoked.',
      },
    },
  },
  validation: {
    apiKey: {
      keyNameRequired: API_KEY_MESSAGES.keyNameRequired as string,
      keyNamePattern: API_KEY_MESSAGES.keyNamePattern as string,
      businessRequired: 'Select a business',
      scopesRequired: API_KEY_MESSAGES.scopesRequired as string,
      ipInvalid: API_KEY_MESSAGES.ipInvalid as string,
      ipTooMany: 'At most 50 entries',
      expiryPast: API_KEY_MESSAGES.expiryPast as string,
    },
  },
};
