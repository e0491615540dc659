/**
 * Permissions and role groups (docs/product.md#roles-and-permission-groups, docs/architecture.md#demo-data).
 * Plain TypeScript shared by the dashboard and the reference API.
 */
export const PERMISSIONS = [
  'GET_ORGANISATION',
  'GET_STATISTICS',
  'GET_BALANCES',
  'GET_PAYMENT',
  'GET_PAYMENTS',
  'INITIATE_CALLBACK',
  'GET_WITHDRAWALS',
  'GET_FIAT_DEPOSITS',
  'GET_FIAT_WITHDRAWALS',
  'GET_INTERNAL_TRANSFERS',
  'FETCH_MANUAL_MOVEMENTS',
  'GET_BALANCE_CONVERSIONS',
  'GET_BUSINESSES',
  'CREATE_BUSINESS',
  'UPDATE_BUSINESS',
  'CREATE_PAYMENT',
  'CREATE_WITHDRAWAL',
  'CREATE_INTERNAL_TRANSFER',
  'CREATE_BALANCE_CONVERSION',
  'CREATE_FIAT_WITHDRAWAL',
  'CREATE_FIAT_DEPOSIT',
  'GET_API_CREDENTIALS',
  'CREATE_API_CREDENTIALS',
  'UPDATE_API_CREDENTIALS',
  'DELETE_API_CREDENTIALS',
  'WHITELIST_ADDRESSES',
  'MANAGE_ROLES',
  'CREATE_USER',
  'UPDATE_USER',
  'DELETE_USER',
  'GET_USERS',
  'MANAGE_BANK_ACCOUNTS',
  'FETCH_BANK_ACCOUNTS',
  'FETCH_BANK_METADATA',
  'GET_DEPOSITS_WITHOUT_TRAVEL_RULE',
  'UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE',
  'GET_AUDIT_LOG',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const BUILT_IN_ROLES = ['ADMIN', 'MANAGER', 'BACKOFFICE', 'SUPPORT'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

const isRead = (p: Permission) => p.startsWith('GET_') || p.startsWith('FETCH_');

/** The permission sets of the built-in roles (docs/architecture.md#demo-data); each includes GET_ORGANISATION. */
export const BUILT_IN_ROLE_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  ADMIN: [...PERMISSIONS],
  // The audit log is read with the users and roles (docs/decisions.md, decision 155): ADMIN's alone.
  MANAGER: PERMISSIONS.filter(
    (p) =>
      !(
        ['MANAGE_ROLES', 'CREATE_USER', 'UPDATE_USER', 'DELETE_USER', 'GET_AUDIT_LOG'] as Permission[]
      ).includes(p),
  ),
  BACKOFFICE: PERMISSIONS.filter(
    (p) =>
      (isRead(p) && p !== 'GET_AUDIT_LOG') ||
      (
        ['CREATE_PAYMENT', 'INITIATE_CALLBACK', 'UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE'] as Permission[]
      ).includes(p),
  ),
  SUPPORT: [
    'GET_ORGANISATION',
    'GET_BUSINESSES',
    'GET_PAYMENT',
    'GET_PAYMENTS',
    'GET_WITHDRAWALS',
    'GET_FIAT_DEPOSITS',
    'GET_FIAT_WITHDRAWALS',
    'GET_INTERNAL_TRANSFERS',
  ],
};

export type GroupAccess = 'Full access' | 'View access' | 'No access';

export interface PermissionGroup {
  key: string;
  label: string;
  view: readonly Permission[];
  full: readonly Permission[];
}

/** Role permission groups of docs/product.md#roles-and-permission-groups: a view set and a full set each. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  {
    key: 'businesses',
    label: 'Manage businesses',
    view: ['GET_BUSINESSES', 'GET_STATISTICS', 'GET_BALANCES'],
    full: ['GET_BUSINESSES', 'GET_STATISTICS', 'GET_BALANCES', 'CREATE_BUSINESS', 'UPDATE_BUSINESS'],
  },
  {
    key: 'statistics',
    label: 'View statistics',
    view: ['GET_STATISTICS', 'GET_BALANCES'],
    full: ['GET_STATISTICS', 'GET_BALANCES'],
  },
  {
    key: 'payments',
    label: 'Manage payments',
    view: ['GET_PAYMENT', 'GET_PAYMENTS', 'INITIATE_CALLBACK'],
    full: ['GET_PAYMENT', 'GET_PAYMENTS', 'INITIATE_CALLBACK', 'CREATE_PAYMENT'],
  },
  {
    key: 'withdrawals',
    label: 'Manage withdrawals',
    view: ['GET_WITHDRAWALS'],
    full: ['GET_WITHDRAWALS', 'CREATE_WITHDRAWAL'],
  },
  {
    key: 'internalTransfers',
    label: 'Manage internal transfers',
    view: ['GET_INTERNAL_TRANSFERS', 'FETCH_MANUAL_MOVEMENTS'],
    full: ['GET_INTERNAL_TRANSFERS', 'FETCH_MANUAL_MOVEMENTS', 'CREATE_INTERNAL_TRANSFER'],
  },
  {
    key: 'bankAccounts',
    label: 'Manage bank accounts',
    view: ['FETCH_BANK_METADATA', 'FETCH_BANK_ACCOUNTS'],
    full: ['FETCH_BANK_METADATA', 'FETCH_BANK_ACCOUNTS', 'MANAGE_BANK_ACCOUNTS'],
  },
  {
    key: 'fiatTopUps',
    label: 'Manage fiat top-ups',
    view: ['GET_FIAT_DEPOSITS'],
    full: ['GET_FIAT_DEPOSITS', 'CREATE_FIAT_DEPOSIT'],
  },
  {
    key: 'bankSettlements',
    label: 'Manage bank settlements',
    view: ['GET_FIAT_WITHDRAWALS'],
    full: ['GET_FIAT_WITHDRAWALS', 'CREATE_FIAT_WITHDRAWAL'],
  },
  {
    key: 'balanceConversions',
    label: 'Manage balance conversions',
    view: ['GET_BALANCE_CONVERSIONS'],
    full: ['GET_BALANCE_CONVERSIONS', 'CREATE_BALANCE_CONVERSION'],
  },
  {
    key: 'apiKeys',
    label: 'Manage API keys',
    view: ['GET_API_CREDENTIALS'],
    full: [
      'GET_API_CREDENTIALS',
      'CREATE_API_CREDENTIALS',
      'UPDATE_API_CREDENTIALS',
      'DELETE_API_CREDENTIALS',
    ],
  },
  {
    key: 'whitelistedAddresses',
    label: 'Manage whitelisted addresses',
    view: ['WHITELIST_ADDRESSES'],
    full: ['WHITELIST_ADDRESSES'],
  },
  {
    key: 'usersAndRoles',
    label: 'Manage users and roles',
    view: ['GET_USERS'],
    full: ['GET_USERS', 'MANAGE_ROLES', 'CREATE_USER', 'UPDATE_USER', 'DELETE_USER', 'GET_AUDIT_LOG'],
  },
  {
    key: 'travelRule',
    label: 'Manage travel rule',
    view: ['GET_DEPOSITS_WITHOUT_TRAVEL_RULE'],
    full: ['GET_DEPOSITS_WITHOUT_TRAVEL_RULE', 'UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE'],
  },
];

/** How much of a group a permission list grants: 'Full access', 'View access' or 'No access'. */
export function groupAccess(permissions: readonly string[], group: PermissionGroup): GroupAccess {
  const has = (p: Permission) => permissions.includes(p);
  if (group.full.every(has)) return 'Full access';
  if (group.view.every(has)) return 'View access';
  return 'No access';
}
