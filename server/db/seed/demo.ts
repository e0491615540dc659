/** The demo data contract of docs/architecture.md#demo-data: ids are fixed so that every start gives the same data. */
import { BUILT_IN_ROLE_PERMISSIONS, type Permission } from '../../../src/domain/permissions';

export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const ORGANISATIONS = [
  { id: 1, name: 'Aurora Payments', settlementCurrency: 'EUR' },
  { id: 2, name: 'Borealis Exchange', settlementCurrency: 'GBP' },
  { id: 3, name: 'Cobalt Remit', settlementCurrency: 'USD' },
] as const;

export const AURORA = 1;
export const BOREALIS = 2;
export const COBALT = 3;

export const ROLES: readonly {
  id: number;
  organisationId: number | null;
  name: string;
  permissions: readonly Permission[];
}[] = [
  { id: 1, organisationId: null, name: 'ADMIN', permissions: BUILT_IN_ROLE_PERMISSIONS.ADMIN },
  { id: 2, organisationId: null, name: 'MANAGER', permissions: BUILT_IN_ROLE_PERMISSIONS.MANAGER },
  { id: 3, organisationId: null, name: 'BACKOFFICE', permissions: BUILT_IN_ROLE_PERMISSIONS.BACKOFFICE },
  { id: 4, organisationId: null, name: 'SUPPORT', permissions: BUILT_IN_ROLE_PERMISSIONS.SUPPORT },
  {
    id: 5,
    organisationId: AURORA,
    name: 'Integrator',
    permissions: [
      'GET_ORGANISATION',
      'GET_API_CREDENTIALS',
      'CREATE_API_CREDENTIALS',
      'UPDATE_API_CREDENTIALS',
      'DELETE_API_CREDENTIALS',
    ],
  },
  { id: 6, organisationId: AURORA, name: 'No access', permissions: ['GET_ORGANISATION'] },
];

export interface DemoAccount {
  id: number;
  email: string;
  role: string;
  organisationIds: readonly number[];
  totpSecret: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: 1,
    email: 'admin@example.com',
    role: 'ADMIN',
    organisationIds: [AURORA, BOREALIS, COBALT],
    totpSecret: null,
  },
  { id: 2, email: 'manager@example.com', role: 'MANAGER', organisationIds: [AURORA], totpSecret: null },
  { id: 3, email: 'backoffice@example.com', role: 'BACKOFFICE', organisationIds: [AURORA], totpSecret: null },
  { id: 4, email: 'support@example.com', role: 'SUPPORT', organisationIds: [AURORA], totpSecret: null },
  { id: 5, email: 'integrator@example.com', role: 'Integrator', organisationIds: [AURORA], totpSecret: null },
  { id: 6, email: 'viewer@example.com', role: 'No access', organisationIds: [AURORA], totpSecret: null },
  {
    id: 7,
    email: 'twofa@example.com',
    role: 'ADMIN',
    organisationIds: [AURORA],
    totpSecret: DEMO_TOTP_SECRET,
  },
];

/** What each organisation may do (organisation_settings; GET payment/organisations/metadata). */
export const ORGANISATION_SETTINGS = [
  {
    organisationId: AURORA,
    enabledFiatSettlementCurrencies: ['EUR'],
    enabledCryptoSettlementCurrencies: ['USDT', 'USDC', 'BTC'],
    enabledCryptoCurrencies: ['BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'XRP'],
    allowServiceFeeDistribution: true,
    feeDistributionLimit: '0.05',
  },
  {
    organisationId: BOREALIS,
    enabledFiatSettlementCurrencies: ['GBP'],
    enabledCryptoSettlementCurrencies: ['BTC'],
    enabledCryptoCurrencies: ['BTC', 'ETH', 'USDC'],
    allowServiceFeeDistribution: false,
    feeDistributionLimit: '0',
  },
  {
    organisationId: COBALT,
    enabledFiatSettlementCurrencies: ['USD'],
    enabledCryptoSettlementCurrencies: ['USDT', 'USDC'],
    enabledCryptoCurrencies: ['BTC', 'USDT', 'USDC'],
    allowServiceFeeDistribution: true,
    feeDistributionLimit: '0.02',
  },
] as const;

export interface DemoBusiness {
  id: number;
  organisationId: number;
  name: string;
  settlementCurrency: string;
  /** The spec's hidden business: only ADMIN sees it. */
  hidden?: boolean;
}

/**
 * The demo businesses (fixed ids). Aurora's first eight have activity of every kind over the last 60
 * days; Aurora Treasury is the hidden business; Borealis and Cobalt have smaller sets.
 */
export const BUSINESSES: readonly DemoBusiness[] = [
  { id: 1, organisationId: AURORA, name: 'Northwind Coffee', settlementCurrency: 'EUR' },
  { id: 2, organisationId: AURORA, name: 'Lumen Games', settlementCurrency: 'EUR' },
  { id: 3, organisationId: AURORA, name: 'Harbor Freight', settlementCurrency: 'EUR' },
  { id: 4, organisationId: AURORA, name: 'Atlas Travel', settlementCurrency: 'EUR' },
  { id: 5, organisationId: AURORA, name: 'Pixel Market', settlementCurrency: 'EUR' },
  { id: 6, organisationId: AURORA, name: 'Verde Energy', settlementCurrency: 'EUR' },
  { id: 7, organisationId: AURORA, name: 'Orbit Telecom', settlementCurrency: 'EUR' },
  { id: 8, organisationId: AURORA, name: 'Summit Outdoor', settlementCurrency: 'EUR' },
  { id: 9, organisationId: AURORA, name: 'Aurora Treasury', settlementCurrency: 'EUR', hidden: true },
  { id: 10, organisationId: BOREALIS, name: 'Fjord Trading', settlementCurrency: 'GBP' },
  { id: 11, organisationId: BOREALIS, name: 'Polar Goods', settlementCurrency: 'GBP' },
  { id: 12, organisationId: COBALT, name: 'Cobalt Retail', settlementCurrency: 'USD' },
  { id: 13, organisationId: COBALT, name: 'Cobalt Payroll', settlementCurrency: 'USD' },
];

export const HIDDEN_BUSINESS = 9;
