/**
 * Rows of every transaction table for the list and export tests, in businesses of their own (so the
 * tests know every row whatever the demo data holds), beside the demo businesses: FIXTURE (Aurora,
 * about 40 rows a table with every status and several currencies, equal creation times in pairs to
 * test the tie-breaker), SECOND (Aurora, the other side of transfers), the hidden business and a
 * Borealis business with a few rows each. Expectations are computed with SQL by the tests.
 */
import type { Permission } from '../../src/domain/permissions';
import type { Db } from '../../server/db/client';
import { AURORA, BOREALIS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { STATUSES } from '../../server/modules/transactions/schemas';
import { ensureBusinessData } from './businessData';

export const FIXTURE = 901;
export const SECOND = 902;
export const BULK = 903;
export const FOREIGN = 10; // Fjord Trading, Borealis
export const HIDDEN = HIDDEN_BUSINESS;
export const FIXTURE_ROWS = 40;
/** Creation times start here, two rows an hour. */
export const T0 = '2026-02-01T00:00:00Z';
/** A reference a spreadsheet would run as a formula. */
export const FORMULA = '=HYPERLINK("http://example.com/x","click")';

export interface ListCase {
  path: string;
  table: string;
  listKey: string;
  permission: Permission;
  statuses: readonly string[];
  currency: { param: string; columns: readonly string[]; value: string };
  /** sortBy → SQL ORDER BY expressions (each in the asked direction, then id). */
  sorts: Record<string, readonly string[]>;
  /** A q value and the SQL condition that matches the same rows. */
  q: { value: string; sql: string };
  /** The business filter as SQL ($1 = business id). */
  business: string;
  /** Listed for the whole organisation in the tests (no businessId). */
  wholeOrganisation?: boolean;
}

const SORTS = { created: ['created_at'], updated: ['updated_at'], status: ['status', 'created_at'] };
const AMOUNT = { ...SORTS, amount: ['amount'] };
const one = (column: string) => `${column} = $1`;

export const LIST_CASES: readonly ListCase[] = [
  {
    path: '/v1/payments',
    table: 'payments',
    listKey: 'payments',
    permission: 'GET_PAYMENT',
    statuses: STATUSES.payments,
    currency: { param: 'depositCurrency', columns: ['deposit_currency'], value: 'ETH' },
    sorts: { ...SORTS, priceAmount: ['price_amount'] },
    q: { value: 'fix-1', sql: "reference ILIKE '%fix-1%'" },
    business: one('business_id'),
  },
  {
    path: '/v1/withdrawals/crypto',
    table: 'crypto_withdrawals',
    listKey: 'withdrawals',
    permission: 'GET_WITHDRAWALS',
    statuses: STATUSES.cryptoWithdrawals,
    currency: { param: 'cryptoCurrency', columns: ['currency'], value: 'BTC' },
    sorts: AMOUNT,
    q: { value: 'ADDR-2', sql: "(address ILIKE '%addr-2%' OR tx_hash ILIKE '%addr-2%')" },
    business: one('business_id'),
  },
  {
    path: '/v1/payment/deposits/fiat',
    table: 'fiat_deposits',
    listKey: 'deposits',
    permission: 'GET_FIAT_DEPOSITS',
    statuses: STATUSES.fiatDeposits,
    currency: { param: 'currency', columns: ['currency'], value: 'EUR' },
    sorts: AMOUNT,
    q: { value: 'sender 3', sql: "(reference ILIKE '%sender 3%' OR sender_name ILIKE '%sender 3%')" },
    business: one('business_id'),
  },
  {
    path: '/v1/payment/whitelabel-fiat-deposits',
    table: 'whitelabel_fiat_deposits',
    listKey: 'deposits',
    permission: 'GET_FIAT_DEPOSITS',
    statuses: STATUSES.whitelabelFiatDeposits,
    currency: { param: 'currency', columns: ['currency'], value: 'USD' },
    sorts: AMOUNT,
    q: { value: 'FIX-2', sql: "reference ILIKE '%fix-2%'" },
    business: one('business_id'),
  },
  {
    path: '/v1/payment/withdrawals/fiat',
    table: 'fiat_withdrawals',
    listKey: 'settlements',
    permission: 'GET_FIAT_WITHDRAWALS',
    statuses: STATUSES.fiatWithdrawals,
    currency: { param: 'currency', columns: ['currency'], value: 'GBP' },
    sorts: AMOUNT,
    q: { value: 'fix-3', sql: "(reference ILIKE '%fix-3%' OR bank_account_label ILIKE '%fix-3%')" },
    business: one('business_id'),
  },
  {
    path: '/v1/payment/internal-transfers',
    table: 'internal_transfers',
    listKey: 'transfers',
    permission: 'GET_INTERNAL_TRANSFERS',
    statuses: STATUSES.internalTransfers,
    currency: { param: 'currency', columns: ['currency'], value: 'EUR' },
    sorts: AMOUNT,
    q: { value: 'fix-1', sql: "reference ILIKE '%fix-1%'" },
    business: '(business_id = $1 OR counterparty_business_id = $1)',
  },
  {
    path: '/v1/payment/deposits/unassociated',
    table: 'unassociated_deposits',
    listKey: 'deposits',
    permission: 'GET_INTERNAL_TRANSFERS',
    statuses: STATUSES.unassociatedDeposits,
    currency: { param: 'currency', columns: ['currency'], value: 'USDT' },
    sorts: AMOUNT,
    q: { value: '0xAB1', sql: "(address ILIKE '%0xab1%' OR tx_hash ILIKE '%0xab1%')" },
    business: one('business_id'),
  },
  {
    path: '/v1/payment/manual-movements',
    table: 'manual_movements',
    listKey: 'movements',
    permission: 'FETCH_MANUAL_MOVEMENTS',
    statuses: STATUSES.manualMovements,
    currency: { param: 'currency', columns: ['currency'], value: 'EUR' },
    sorts: AMOUNT,
    q: { value: 'correction 1', sql: "reason ILIKE '%correction 1%'" },
    business: one('business_id'),
  },
  {
    path: '/v1/payment/balance/convert',
    table: 'balance_conversions',
    listKey: 'conversions',
    permission: 'GET_BALANCE_CONVERSIONS',
    statuses: STATUSES.balanceConversions,
    currency: { param: 'currency', columns: ['debit_currency', 'credit_currency'], value: 'BTC' },
    sorts: { ...SORTS, debitAmount: ['debit_amount'], creditAmount: ['credit_amount'] },
    q: { value: 'usdt', sql: "(debit_currency ILIKE '%usdt%' OR credit_currency ILIKE '%usdt%')" },
    business: one('business_id'),
  },
  {
    path: '/v1/deposits/unallocated',
    table: 'unallocated_deposits',
    listKey: 'deposits',
    permission: 'GET_PAYMENTS',
    statuses: STATUSES.unallocatedDeposits,
    currency: { param: 'currency', columns: ['currency'], value: 'ETH' },
    sorts: AMOUNT,
    q: { value: 'ADDR-1', sql: "(address ILIKE '%addr-1%' OR tx_hash ILIKE '%addr-1%')" },
    business: one('business_id'),
    wholeOrganisation: true,
  },
];

/** SQL of the generated rows: `g` is the row number, `ts` its creation time. */
const arr = (values: readonly string[]) => `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])`;
const pick = (values: readonly string[], step = 1) =>
  `${arr(values)}[((g * ${step}) % ${values.length}) + 1]`;
const CRYPTO = ['BTC', 'ETH', 'USDT'];
const NETWORKS = ['MAIN', 'ETH', 'TRX'];
const FIAT = ['EUR', 'GBP', 'USD'];
/** Amounts with repeats (ties for the amount sorts), one of them tiny (a plain decimal, never 1e-8). */
const AMOUNT_SQL = `(CASE WHEN g = 7 THEN 0.00000001 ELSE ((g * 37) % 17 + 1) + (g % 4) * 0.25 END)`;

interface TableRows {
  columns: Record<string, string>;
}

const ROWS: Record<string, TableRows> = {
  payments: {
    columns: {
      reference: `CASE WHEN g = 5 THEN '${FORMULA.replace(/'/g, "''")}' ELSE 'FIX-' || g END`,
      price_currency: `'EUR'`,
      price_amount: AMOUNT_SQL,
      deposit_currency: pick(CRYPTO),
      deposit_network: pick(NETWORKS),
      expected_amount: `${AMOUNT_SQL} / 1000`,
      status: pick(STATUSES.payments, 5),
      expires_at: `ts + interval '1 day'`,
    },
  },
  crypto_withdrawals: {
    columns: {
      currency: pick(CRYPTO),
      network: pick(NETWORKS),
      amount: AMOUNT_SQL,
      fee: `0.0001 * (g % 3)`,
      address: `'ADDR-' || g`,
      tx_hash: `CASE WHEN g % 4 = 0 THEN NULL ELSE '0xw' || g END`,
      status: pick(STATUSES.cryptoWithdrawals, 5),
    },
  },
  fiat_deposits: {
    columns: {
      currency: pick(FIAT),
      amount: AMOUNT_SQL,
      reference: `'FIX-' || g`,
      sender_name: `CASE WHEN g % 5 = 0 THEN NULL ELSE 'Sender ' || g END`,
      status: pick(STATUSES.fiatDeposits, 3),
    },
  },
  whitelabel_fiat_deposits: {
    columns: {
      currency: pick(FIAT),
      amount: AMOUNT_SQL,
      reference: `'FIX-' || g`,
      status: pick(STATUSES.whitelabelFiatDeposits),
    },
  },
  fiat_withdrawals: {
    columns: {
      currency: pick(FIAT),
      amount: AMOUNT_SQL,
      fee: `0.5 * (g % 3)`,
      bank_account_label: `'Bank ' || g`,
      reference: `'FIX-' || g`,
      status: pick(STATUSES.fiatWithdrawals, 3),
    },
  },
  unassociated_deposits: {
    columns: {
      currency: pick(CRYPTO),
      network: pick(NETWORKS),
      amount: AMOUNT_SQL,
      address: `'ADDR-' || g`,
      tx_hash: `'0xab' || g`,
      status: pick(STATUSES.unassociatedDeposits, 2),
    },
  },
  manual_movements: {
    columns: {
      currency: pick(FIAT),
      amount: `CASE WHEN g % 3 = 0 THEN -${AMOUNT_SQL} ELSE ${AMOUNT_SQL} END`,
      reason: `'Correction ' || g`,
      created_by: `CASE WHEN g % 2 = 0 THEN (SELECT id FROM users WHERE email = 'manager@example.com') END`,
      status: pick(STATUSES.manualMovements, 2),
    },
  },
  balance_conversions: {
    columns: {
      debit_currency: pick(CRYPTO),
      debit_amount: AMOUNT_SQL,
      credit_currency: pick(['EUR', 'USDT', 'BTC']),
      credit_amount: `${AMOUNT_SQL} * 3`,
      rate: `3.000000000000000001`,
      status: pick(STATUSES.balanceConversions, 3),
    },
  },
};

/** `count` rows of `table` for a business, created two an hour from `start`. */
export async function insertRows(
  db: Db,
  table: string,
  organisationId: number,
  businessId: number | null,
  count: number,
  start = T0,
  overrides: Record<string, string> = {},
) {
  const columns: Record<string, string> = {
    ...(table === 'internal_transfers' ? {} : ROWS[table]?.columns),
    ...overrides,
  };
  const names = ['organisation_id', 'business_id', ...Object.keys(columns), 'created_at', 'updated_at'];
  const values = [
    '$1',
    '$2',
    ...Object.values(columns),
    'ts',
    `ts + ((g * 7) % 11) * interval '1 minute' + interval '30 minutes'`,
  ];
  await db.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${values.join(', ')}
       FROM generate_series(1, $3::int) g,
            LATERAL (SELECT $4::timestamptz + (g / 2) * interval '1 hour' AS ts) x`,
    [organisationId, businessId, count, start],
  );
}

async function insertBusiness(db: Db, id: number, organisationId: number, name: string) {
  await db.query(
    `INSERT INTO businesses (id, organisation_id, name, settlement_currency, supported_display_currencies,
       deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
     VALUES ($1, $2, $3, 'EUR', '{EUR}', '{"BTC":["MAIN"]}'::jsonb, 'PROCESS', 'USER', $4, $4)
     ON CONFLICT (id) DO NOTHING`,
    [id, organisationId, name, T0],
  );
}

const transfer = (to: number) => ({
  counterparty_business_id: String(to),
  currency: pick(['EUR', 'BTC']),
  amount: AMOUNT_SQL,
  reference: `CASE WHEN g % 6 = 0 THEN NULL ELSE 'FIX-' || g END`,
  status: pick(STATUSES.internalTransfers, 2),
});

/** Every fixture row (idempotent per database: run once in beforeAll). */
export async function insertTransactionFixtures(db: Db, options: { bulkPayments?: number } = {}) {
  await ensureBusinessData(db);
  await insertBusiness(db, FIXTURE, AURORA, 'Fixture Lists');
  await insertBusiness(db, SECOND, AURORA, 'Fixture Counterparty');
  await insertBusiness(db, BULK, AURORA, 'Fixture Bulk');
  for (const table of Object.keys(ROWS)) {
    await insertRows(db, table, AURORA, FIXTURE, FIXTURE_ROWS);
    await insertRows(db, table, AURORA, HIDDEN, 3);
    await insertRows(db, table, BOREALIS, FOREIGN, 3);
  }
  // Unallocated deposits: a business only once allocated.
  const unallocated: Record<string, string> = {
    ...ROWS.unassociated_deposits.columns,
    status: `CASE WHEN g % 3 = 0 THEN 'ALLOCATED' WHEN g % 3 = 1 THEN 'UNALLOCATED' ELSE 'RETURNED' END`,
  };
  await db.query(
    `INSERT INTO unallocated_deposits (organisation_id, business_id, currency, network, amount, address,
       tx_hash, status, created_at, updated_at)
     SELECT o, CASE WHEN g % 3 = 0 THEN b END, ${unallocated.currency}, ${unallocated.network},
            ${unallocated.amount}, ${unallocated.address}, ${unallocated.tx_hash}, ${unallocated.status},
            $1::timestamptz + (g / 2) * interval '1 hour', $1::timestamptz + (g / 2) * interval '1 hour'
       FROM generate_series(1, 30) g,
            (VALUES (${AURORA}, ${FIXTURE}), (${AURORA}, ${HIDDEN}), (${BOREALIS}, ${FOREIGN})) v(o, b)`,
    [T0],
  );
  await insertRows(db, 'internal_transfers', AURORA, FIXTURE, 24, T0, transfer(SECOND));
  await insertRows(db, 'internal_transfers', AURORA, SECOND, 16, T0, transfer(FIXTURE));
  await insertRows(db, 'internal_transfers', AURORA, FIXTURE, 2, T0, transfer(HIDDEN));
  await insertRows(db, 'internal_transfers', AURORA, HIDDEN, 2, T0, transfer(FIXTURE));
  await insertRows(db, 'internal_transfers', BOREALIS, FOREIGN, 2, T0, transfer(11));
  // Deposits of the fixture payments: none, one or two each.
  await db.query(
    `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
       amount, tx_hash, confirmations, created_at, updated_at)
     SELECT p.id, p.organisation_id, p.business_id, ${arr(STATUSES.paymentDeposits)}[((p.id + k) % 4) + 1],
            p.deposit_currency, p.deposit_network, p.expected_amount / k, '0xdep' || p.id || '-' || k,
            (p.id % 13)::int, p.created_at + k * interval '1 minute', p.created_at + k * interval '2 minutes'
       FROM payments p, generate_series(1, 2) k
      WHERE p.business_id IN (${FIXTURE}, ${HIDDEN}, ${FOREIGN}) AND k <= p.id % 3`,
  );
  if (options.bulkPayments) {
    await insertRows(db, 'payments', AURORA, BULK, options.bulkPayments, '2025-01-01T00:00:00Z');
  }
}
