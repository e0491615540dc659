/**
 * Demo seed version 3: API keys. Aurora has one active key for the Integrator's use (its credential
 * is DEMO_API_KEY, documented in the README like the demo passwords), one expired and one revoked;
 * Borealis and Cobalt have one active key each. Only the secrets' hashes are stored.
 */
import { hashApiKeySecret } from '../../auth/apiKeys';
import type { Db } from '../client';
import { AURORA, BOREALIS, COBALT } from './demo';
import { insertRows } from './version2';

const DAY = 86_400_000;

/** The active demo key of Aurora's Northwind Coffee (payments, withdrawals and balances). */
export const DEMO_API_KEY_ID = '00000000-0000-4000-8000-00000000a001';
export const DEMO_API_KEY = `${DEMO_API_KEY_ID}.DemoKeyNorthwindCoffeePaymentsReadOnly00001`;

interface DemoKey {
  id: string;
  organisationId: number;
  businessId: number;
  name: string;
  scopes: readonly string[];
  /** Days after (negative: before) the seed day. */
  createdDay: number;
  expiresDay?: number;
  revokedDay?: number;
}

const DEMO_KEYS: readonly DemoKey[] = [
  {
    id: DEMO_API_KEY_ID,
    organisationId: AURORA,
    businessId: 1,
    name: 'Northwind checkout',
    scopes: ['GET_PAYMENT', 'GET_WITHDRAWALS', 'GET_BALANCES'],
    createdDay: -30,
  },
  {
    id: '00000000-0000-4000-8000-00000000a002',
    organisationId: AURORA,
    businessId: 2,
    name: 'Lumen Games test server',
    scopes: ['GET_PAYMENT'],
    createdDay: -50,
    expiresDay: -5,
  },
  {
    id: '00000000-0000-4000-8000-00000000a003',
    organisationId: AURORA,
    businessId: 3,
    name: 'Harbor Freight old POS',
    scopes: ['GET_PAYMENT', 'GET_BALANCES'],
    createdDay: -58,
    revokedDay: -20,
  },
  {
    id: '00000000-0000-4000-8000-00000000b001',
    organisationId: BOREALIS,
    businessId: 10,
    name: 'Fjord Trading reporting',
    scopes: ['GET_PAYMENT', 'GET_BALANCES'],
    createdDay: -40,
  },
  {
    id: '00000000-0000-4000-8000-00000000c001',
    organisationId: COBALT,
    businessId: 12,
    name: 'Cobalt Retail reporting',
    scopes: ['GET_PAYMENT'],
    createdDay: -40,
  },
];

/** Every demo key's secret is derived from its id; only the active Aurora one is published. */
const secretOf = (key: DemoKey) =>
  key.id === DEMO_API_KEY_ID
    ? DEMO_API_KEY.split('.')[1]
    : `DemoKeyUnpublished${key.id.replaceAll('-', '').slice(0, 25)}`;

export async function seedApiKeys(tx: Db, seedDay: Date): Promise<void> {
  const at = (days: number | undefined) =>
    days === undefined ? null : new Date(seedDay.getTime() + days * DAY).toISOString();
  await insertRows(
    tx,
    'api_keys',
    DEMO_KEYS.map((key) => ({
      id: key.id,
      organisation_id: key.organisationId,
      business_id: key.businessId,
      name: key.name,
      secret_hash: hashApiKeySecret(secretOf(key)),
      scopes: key.scopes,
      ip_allow_list: [],
      expires_at: at(key.expiresDay),
      created_at: at(key.createdDay),
      created_by: 1,
      last_used_at: null,
      last_used_ip: null,
      revoked_at: at(key.revokedDay),
    })),
  );
}
