/** /v1/balances: business and organisation balances from the ledger, with display amounts. */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { holdPostings, postEntry } from '../../server/ledger';
import { AURORA, BOREALIS, BUSINESSES, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { CONVERSION_RATES } from '../../server/db/seed/rates';
import { makeApp, testScope, twoFaCodeAt, type TestApp, demoMay } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
let fresh: number;

interface Row {
  businessId: number;
  balances: Record<string, { amount: string; held?: string }>;
  displayFiatAmount: string;
  displayFiatCurrency: string;
  displayCryptoAmount: string;
  displayCryptoCurrency: string;
}

/** Credits a business from the organisation's external account (a balanced ledger entry). */
let entries = 0;
const credit = (organisationId: number, businessId: number, currency: string, amount: string) =>
  postEntry(t.db, testScope({ organisationId }), {
    kind: 'manual',
    reference: `balances-test:${++entries}`,
    at: new Date(t.clock.now()),
    postings: [
      { account: { kind: 'business', businessId, currency }, amount },
      { account: { kind: 'external', currency }, amount: `-${amount}` },
    ],
  });

beforeAll(async () => {
  t = await makeApp();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
  // A business of its own, so that exact amounts do not depend on the demo activity.
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO businesses (organisation_id, name, settlement_currency, supported_display_currencies,
       deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
     VALUES (1, 'Balance Test Shop', 'EUR', '{EUR}', '{"BTC": ["MAIN"]}', 'PROCESS', 'USER', now(), now())
     RETURNING id`,
  );
  fresh = rows[0].id;
  await credit(AURORA, fresh, 'BTC', '1');
  await credit(AURORA, fresh, 'EUR', '100');
  await credit(AURORA, fresh, 'USDT', '0.000001');
  // Something in the hidden business and in another organisation's business, whatever the demo holds.
  await credit(AURORA, HIDDEN_BUSINESS, 'EUR', '5');
  await credit(BOREALIS, 10, 'GBP', '7');
});
afterAll(() => t.close());

const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';

const get = (url: string, email: string) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

const rate = (base: string, quote: string) =>
  base === quote
    ? new Big(1)
    : new Big(CONVERSION_RATES.find((r) => r.base === base && r.quote === quote)!.rate);

/** What the display amount of some balances must be: exact products, summed, rounded half up once. */
const display = (balances: Row['balances'], quote: string, decimals: number) =>
  Object.entries(balances)
    .reduce(
      (sum, [currency, { amount }]) => sum.plus(new Big(amount).times(rate(currency, quote))),
      new Big(0),
    )
    .toFixed(decimals, Big.roundHalfUp);

describe('permissions × the seven demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s', async (email) => {
    const expected = demoMay(email, 'GET_BALANCES') ? 200 : 403;
    for (const url of ['/v1/balances', '/v1/balances/organisation', `/v1/balances/${fresh}`]) {
      expect((await get(url, email)).statusCode, url).toBe(expected);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/balances' })).statusCode).toBe(401);
  });
});

describe('one business', () => {
  it('answers its exact balances and display amounts in EUR (2 decimals) and USDT (6)', async () => {
    const response = await get(`/v1/balances/${fresh}`, MANAGER);
    expect(response.statusCode).toBe(200);
    // BTC→EUR is 65000 / 1.08 = 60185.185185185185185185 (18 places); 100 EUR; 0.000001 USDT→EUR.
    expect(response.json()).toEqual({
      businessId: fresh,
      balances: { BTC: { amount: '1' }, EUR: { amount: '100' }, USDT: { amount: '0.000001' } },
      displayFiatAmount: '60285.19',
      displayFiatCurrency: 'EUR',
      displayCryptoAmount: '65108.000001',
      displayCryptoCurrency: 'USDT',
    });
  });

  it("answers 404 for another organisation's business and, except to ADMIN, for the hidden one", async () => {
    expect((await get('/v1/balances/10', MANAGER)).statusCode).toBe(404);
    expect((await get('/v1/balances/10', ADMIN)).statusCode).toBe(404);
    expect((await get(`/v1/balances/${HIDDEN_BUSINESS}`, MANAGER)).statusCode).toBe(404);
    expect((await get(`/v1/balances/${HIDDEN_BUSINESS}`, ADMIN)).statusCode).toBe(200);
  });
});

describe('every business', () => {
  it('lists each visible business once, its display amounts computed from its balances', async () => {
    const rows = (await get('/v1/balances', MANAGER)).json().balances as Row[];
    const ids = rows.map((r) => r.businessId);
    expect(ids).toContain(fresh);
    expect(ids).not.toContain(HIDDEN_BUSINESS);
    expect(ids).toEqual(
      expect.arrayContaining(
        BUSINESSES.filter((b) => b.organisationId === AURORA && !b.hidden).map((b) => b.id),
      ),
    );
    const aurora = new Set([
      ...BUSINESSES.filter((b) => b.organisationId === AURORA).map((b) => b.id),
      fresh,
    ]);
    expect(ids.filter((id) => !aurora.has(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of rows) {
      expect(row.displayFiatAmount, `business ${row.businessId}`).toBe(display(row.balances, 'EUR', 2));
      expect(row.displayCryptoAmount, `business ${row.businessId}`).toBe(display(row.balances, 'USDT', 6));
    }
    const mine = rows.find((r) => r.businessId === fresh)!;
    expect(mine).toEqual((await get(`/v1/balances/${fresh}`, MANAGER)).json());
  });

  it('includes the hidden business for ADMIN', async () => {
    const rows = (await get('/v1/balances', ADMIN)).json().balances as Row[];
    expect(rows.map((r) => r.businessId)).toContain(HIDDEN_BUSINESS);
  });

  it('shows another organisation in its own display currencies', async () => {
    const switched = await t.app.inject({
      method: 'POST',
      url: `/v1/auth/login/${BOREALIS}`,
      headers: t.auth(await t.token(ADMIN)),
    });
    const token = String(switched.headers[IDENTITY_HEADER.toLowerCase()]);
    const rows = (await t.app.inject({ method: 'GET', url: '/v1/balances', headers: t.auth(token) })).json()
      .balances as Row[];
    expect(rows.map((r) => r.businessId).sort((a, b) => a - b)).toEqual(
      BUSINESSES.filter((b) => b.organisationId === BOREALIS).map((b) => b.id),
    );
    for (const row of rows) {
      expect(row).toMatchObject({ displayFiatCurrency: 'GBP', displayCryptoCurrency: 'BTC' });
      expect(row.displayCryptoAmount).toBe(display(row.balances, 'BTC', 8));
    }
  });
});

describe('the organisation', () => {
  it('sums the visible businesses per currency, rounding the display amounts once', async () => {
    const rows = (await get('/v1/balances', MANAGER)).json().balances as Row[];
    const sums = new Map<string, { amount: Big; held: Big }>();
    for (const row of rows)
      for (const [currency, { amount, held }] of Object.entries(row.balances)) {
        const sum = sums.get(currency) ?? { amount: new Big(0), held: new Big(0) };
        sums.set(currency, { amount: sum.amount.plus(amount), held: sum.held.plus(held ?? 0) });
      }
    // The seeded withdrawal awaiting approval holds BTC: the organisation's BTC says so too.
    expect(sums.get('BTC')?.held.gt(0)).toBe(true);
    const balances = Object.fromEntries(
      [...sums].map(([c, s]) => [
        c,
        s.held.gt(0)
          ? { amount: s.amount.toFixed(), held: s.held.toFixed() }
          : { amount: s.amount.toFixed() },
      ]),
    );

    const response = await get('/v1/balances/organisation', MANAGER);
    expect(response.statusCode).toBe(200);
    const organisation = response.json();
    expect(organisation.balances).toEqual(balances);
    expect(organisation).toMatchObject({
      displayFiatAmount: display(balances, 'EUR', 2),
      displayFiatCurrency: 'EUR',
      displayCryptoAmount: display(balances, 'USDT', 6),
      displayCryptoCurrency: 'USDT',
    });
  });

  it('counts the hidden business for ADMIN only', async () => {
    const eur = async (email: string) =>
      new Big((await get('/v1/balances/organisation', email)).json().balances.EUR.amount);
    const hidden = new Big((await get(`/v1/balances/${HIDDEN_BUSINESS}`, ADMIN)).json().balances.EUR.amount);
    expect((await eur(ADMIN)).minus(await eur(MANAGER)).eq(hidden)).toBe(true);
  });
});

// Last: its business of its own would show in the lists asserted above.
describe('held funds (a withdrawal waiting for approval)', () => {
  it('are not part of the balance shown: it is what the business can still move', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO businesses (organisation_id, name, settlement_currency, supported_display_currencies,
         deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
       VALUES (1, 'Held Funds Shop', 'EUR', '{EUR}', '{"BTC": ["MAIN"]}', 'PROCESS', 'USER', now(), now())
       RETURNING id`,
    );
    const shop = rows[0].id;
    await credit(AURORA, shop, 'EUR', '10');
    await postEntry(t.db, testScope(), {
      kind: 'withdrawal',
      reference: `balances-test:${++entries}`,
      at: new Date(t.clock.now()),
      postings: holdPostings(shop, 'EUR', '4'),
    });
    const response = await get(`/v1/balances/${shop}`, MANAGER);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ balances: { EUR: { amount: '6' } }, displayFiatAmount: '6.00' });
  });
});
