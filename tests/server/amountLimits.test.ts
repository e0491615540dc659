/**
 * Every amount the API accepts fits what the ledger holds (decision 225): an amount over the shared
 * maximum (AMOUNT_MAXIMUM, far under the ledger's NUMERIC(38, 18)) is a 400 with 'Exceeded maximum
 * amount' on its field and nothing saved, on every route that takes one; an expected fiat deposit
 * also keeps to the fiat maximum of a settlement (1,000,000).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIAT_WITHDRAWAL_LIMITS } from '../../src/domain/fiatMovements';
import { AMOUNT_MAXIMUM, TRANSFER_MESSAGES } from '../../src/domain/transfers';
import { WITHDRAWAL_MESSAGES } from '../../src/domain/withdrawals';
import { AURORA } from '../../server/db/seed';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
let eurAccount: number;
let btcAddress: number;
const EXCEEDED = 'Exceeded maximum amount';
/** The amount of the report: 20 digits, which a NUMERIC(38, 18) row holds but a balance overflows with. */
const HUGE = '99999999999999999999';

beforeAll(async () => {
  t = await makeApp({ e2eReset: true });
  token = await t.token('admin@example.com');
  eurAccount = (
    await t.db.query<{ id: number }>(
      `SELECT id FROM bank_accounts WHERE organisation_id = $1 AND account_currency = 'EUR' ORDER BY id LIMIT 1`,
      [AURORA],
    )
  ).rows[0].id;
  btcAddress = (
    await t.db.query<{ id: number }>(
      `SELECT id FROM whitelisted_addresses WHERE organisation_id = $1 AND currency = 'BTC' ORDER BY id LIMIT 1`,
      [AURORA],
    )
  ).rows[0].id;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { ...t.auth(token), 'idempotency-key': randomUUID() },
    payload,
  });

const count = async (table: string) =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);

/** Everything a movement writes. */
const footprint = async () => ({
  keys: await count('idempotency_keys'),
  payments: await count('payments'),
  deposits: await count('fiat_deposits'),
  settlements: await count('fiat_withdrawals'),
  transfers: await count('internal_transfers'),
  conversions: await count('balance_conversions'),
  withdrawals: await count('crypto_withdrawals'),
  entries: await count('ledger_entries'),
});

/** Each route that takes an amount, with a body of `amount`: [route, method, body, field]. */
const routes: [string, 'POST' | 'PUT', (amount: string) => Record<string, unknown>, string][] = [
  [
    '/v1/payments',
    'POST',
    (amount) => ({ businessId: 1, currency: 'BTC', network: 'MAIN', expirationMinutes: 60, amount }),
    'amount',
  ],
  [
    '/v1/payment/deposits/fiat',
    'POST',
    (expectedAmount) => ({ businessId: 1, currency: 'EUR', expectedAmount, reference: 'Top-up' }),
    'expectedAmount',
  ],
  [
    '/v1/payment/withdrawals/fiat',
    'POST',
    (amount) => ({ businessId: 1, bankAccountId: eurAccount, currency: 'EUR', amount, reference: 'Payout' }),
    'amount',
  ],
  [
    '/v1/payment/internal-transfers',
    'POST',
    (amount) => ({ fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount }),
    'amount',
  ],
  [
    '/v1/payment/balance/convert',
    'POST',
    (amount) => ({
      businessId: 1,
      amountCurrencyType: 'DEBIT',
      debitCurrency: 'EUR',
      creditCurrency: 'USD',
      amount,
    }),
    'amount',
  ],
  [
    '/v1/payment/balance/convert',
    'POST',
    (amount) => ({
      businessId: 1,
      amountCurrencyType: 'CREDIT',
      debitCurrency: 'BTC',
      creditCurrency: 'JPY',
      amount,
    }),
    'amount',
  ],
  [
    // 10^9 BTC is under the maximum, what it converts into (9.7 × 10^15 JPY) is not.
    '/v1/payment/balance/convert',
    'POST',
    (amount) => ({
      businessId: 1,
      amountCurrencyType: 'DEBIT',
      debitCurrency: 'BTC',
      creditCurrency: 'JPY',
      amount: amount === HUGE ? amount : '1000000000',
    }),
    'amount',
  ],
  [
    '/v1/withdrawals/crypto',
    'POST',
    (amount) => ({
      businessId: 1,
      currency: 'BTC',
      network: 'MAIN',
      amount,
      whitelistedAddressId: btcAddress,
    }),
    'amount',
  ],
];

describe('an amount over what the ledger holds', () => {
  it("is a 400 with 'Exceeded maximum amount' on its field on every movement, nothing saved", async () => {
    const before = await footprint();
    const over = `${AMOUNT_MAXIMUM}.01`;
    for (const [url, method, body, field] of routes) {
      for (const amount of [HUGE, over]) {
        const response = await call(method, url, body(amount));
        expect(response.statusCode, `${url} ${amount}: ${response.body}`).toBe(400);
        expect(response.json().errors, `${url} ${amount}`).toEqual({ [field]: EXCEEDED });
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it('is refused as an approval threshold, which keeps to the same maximum', async () => {
    const response = await call('PUT', '/v1/withdrawals/approval-thresholds/BTC', { threshold: HUGE });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ threshold: WITHDRAWAL_MESSAGES.thresholdInvalid });
    expect(await count('withdrawal_approval_thresholds')).toBe(0);
  });

  it('leaves the maximum itself to the other rules (here the balance)', async () => {
    const response = await call('POST', '/v1/payment/internal-transfers', routes[3][2](AMOUNT_MAXIMUM));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ amount: TRANSFER_MESSAGES.insufficientBalance });
  });
});

describe('an expected fiat deposit', () => {
  it('keeps to the fiat maximum of 1,000,000: 1,000,000.01 is refused, 1,000,000 accepted', async () => {
    const body = routes[1][2];
    expect(DEFAULT_FIAT_WITHDRAWAL_LIMITS.maximum).toBe('1000000');
    const before = await footprint();
    const over = await call('POST', '/v1/payment/deposits/fiat', body('1000000.01'));
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().errors).toEqual({ expectedAmount: EXCEEDED });
    expect(await footprint()).toEqual(before);
    const at = await call('POST', '/v1/payment/deposits/fiat', body('1000000'));
    expect(at.statusCode, at.body).toBe(201);
  });
});
