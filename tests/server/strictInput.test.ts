/**
 * Strict input: bodies and path ids are taken as sent (no type coercion), query strings are converted
 * strictly; a business name is unique by what it looks like, and the uniqueness check never reveals the
 * hidden business; the ledger refuses a window in the future; callback URLs never point inside the
 * network; over-long ids and malformed URLs answer like other bad input, with the security headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessPayload } from '../../src/domain/business';
import { MESSAGES } from '../../src/domain/validation';
import { HIDDEN_BUSINESS } from '../../server/db/seed';
import { makeApp, minimalBusiness, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.token('admin@example.com');
  manager = await t.token('manager@example.com');
});
afterAll(() => t.close());

let names = 0;
const newBusiness = (change: Record<string, unknown> = {}): BusinessPayload =>
  minimalBusiness(`Strict Shop ${++names}`, change);

const create = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/businesses', headers: t.auth(token), payload });
const count = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;

describe('no coercion of bodies', () => {
  it.each([
    ['a number for a name', { businessName: 12345 }, 'businessName'],
    ['a list for a name', { businessName: ['A'] }, 'businessName'],
    ['a string for a list', { supportedDisplayCurrencies: 'EUR' }, 'supportedDisplayCurrencies'],
    [
      'null for a number',
      { userServiceFeeDistributionPercentage: null },
      'userServiceFeeDistributionPercentage',
    ],
    [
      'a string for a boolean',
      { refundFollowUpDepositsForOneTimePayments: 'false' },
      'refundFollowUpDepositsForOneTimePayments',
    ],
  ])('%s is a 400 on the field and stores nothing', async (_label, change, field) => {
    const before = await count();
    const response = await create(manager, newBusiness(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('a one-element list for a day is a 400, not the day', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/reports/transaction-ledger',
      headers: t.auth(manager),
      payload: { from: ['2026-02-25'], to: '2026-02-26', format: 'csv' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['from']);
  });
});

describe('path ids are digits only; query strings are converted strictly', () => {
  it.each(['2%20', '%202', '+2', '2.0', '0x2', '2e0'])(
    'POST /v1/auth/login/%s is a 400 and switches nothing',
    async (id) => {
      const token = await t.token('admin@example.com');
      const response = await t.app.inject({
        method: 'POST',
        url: `/v1/auth/login/${id}`,
        headers: t.auth(token),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['orgId']);
      const me = await t.app.inject({ method: 'GET', url: '/v1/businesses?limit=1', headers: t.auth(token) });
      expect(me.statusCode).toBe(200); // the session still stands, in its organisation
    },
  );

  it('digits still name the organisation and the business', async () => {
    const token = await t.token('admin@example.com');
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/login/2', headers: t.auth(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.organisationId).toBe(2);
    const one = await t.app.inject({ method: 'GET', url: '/v1/businesses/1', headers: t.auth(admin) });
    expect(one.statusCode).toBe(200);
  });

  it('query numbers are digits, booleans true or false', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/v1/businesses?limit=2&offset=0',
      headers: t.auth(admin),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().businesses).toHaveLength(2);
    for (const query of ['limit=2%20', 'limit=0x2', 'limit=2&limit=3', 'limit=']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/businesses?${query}`,
        headers: t.auth(admin),
      });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toEqual(['limit']);
    }
  });

  it('an over-long path id is a 400 like any other bad id, not a 405', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/v1/businesses/abc', headers: t.auth(admin) });
    expect(bad.statusCode).toBe(400);
    const long = await t.app.inject({
      method: 'GET',
      url: `/v1/businesses/${'1'.repeat(150)}`,
      headers: t.auth(admin),
    });
    expect(long.statusCode, long.body).toBe(400);
    expect(long.headers.allow).toBeUndefined();
    // A method the path does not have is still a 405.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/businesses/${'1'.repeat(150)}`,
      headers: t.auth(admin),
    });
    expect(put.statusCode).toBe(405);
  });
});

describe('security headers on early errors', () => {
  it.each(['/v1/%', '/v1/businesses/%E0%A4%A'])(
    'GET %s is a 400 with the headers of every answer',
    async (url) => {
      const normal = await t.app.inject({ method: 'GET', url: '/v1/currencies' });
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      for (const header of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-resource-policy',
      ]) {
        expect(normal.headers[header], header).toBeDefined();
        expect(response.headers[header], header).toBe(normal.headers[header]);
      }
    },
  );
});

describe('business names', () => {
  it("a non-ADMIN may use the hidden business's name: the answer never reveals it", async () => {
    const response = await create(manager, newBusiness({ businessName: 'aurora TREASURY' }));
    expect(response.statusCode, response.body).toBe(201);
    // The hidden business is unchanged and still only ADMIN's to see.
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/v1/businesses/${HIDDEN_BUSINESS}`,
      headers: t.auth(admin),
    });
    expect(hidden.json().businessName).toBe('Aurora Treasury');
    // The visible one now holds the name for everybody.
    const again = await create(manager, newBusiness({ businessName: 'Aurora  Treasury' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ businessName: MESSAGES.businessNameTaken });
  });

  it('ADMIN, who sees the hidden business, is told its name is taken', async () => {
    const response = await create(admin, newBusiness({ businessName: 'AURORA TREASURY' }));
    // The visible 'aurora TREASURY' of the test above and the hidden one both hold it.
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ businessName: MESSAGES.businessNameTaken });
  });

  it.each([
    ['two spaces', 'Northwind  Coffee'],
    ['other case', 'NORTHWIND coffee'],
    ['full-width letters', 'Ｎｏｒｔｈｗｉｎｄ Ｃｏｆｆｅｅ'],
    ['a Cyrillic o', 'N\u043erthwind Coffee'],
    ['a Greek omicron and a Cyrillic e', 'N\u03bfrthwind Coff\u0435e'],
  ])('a name that only looks different (%s) is taken', async (_label, name) => {
    const before = await count();
    const response = await create(manager, newBusiness({ businessName: name }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ businessName: MESSAGES.businessNameTaken });
    expect(await count()).toBe(before);
  });

  it('renaming to a look-alike of another business is refused too', async () => {
    const mine = await create(manager, newBusiness());
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/businesses',
      headers: t.auth(manager),
      payload: { ...newBusiness({ businessName: 'N\u043erthwind Coffee' }), id: mine.json().id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ businessName: MESSAGES.businessNameTaken });
  });

  it('two concurrent creates of look-alike names: exactly one succeeds', async () => {
    const [a, b] = await Promise.all([
      create(manager, newBusiness({ businessName: 'Race Shop' })),
      create(admin, newBusiness({ businessName: 'Ra\u0441e  Shop' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
  });

  it('the database refuses a look-alike written past the check', async () => {
    const { rows } = await t.db.query<{
      name_key: string;
      organisation_id: number;
      hidden_from_non_admins: boolean;
    }>('SELECT name_key, organisation_id, hidden_from_non_admins FROM businesses WHERE id = 1');
    expect(rows[0].name_key).toBeTruthy();
    await expect(
      t.db.query(
        `INSERT INTO businesses (organisation_id, name, name_key, settlement_currency, supported_display_currencies,
           deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
         VALUES ($1, 'Copy', $2, 'EUR', '{EUR}', '{"BTC":["MAIN"]}', 'PROCESS', 'USER', now(), now())`,
        [rows[0].organisation_id, rows[0].name_key],
      ),
    ).rejects.toThrow(/businesses_name/);
  });
});

describe('callback URLs', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:5432/',
    'http://10.0.0.1/',
    'http://192.168.1.20/hook',
    'http://172.16.0.1/',
    'http://[::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://localhost/',
    'http://api.localhost/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0.0.0.0/',
    'http://100.64.0.1/',
  ])('%s is refused on the field', async (url) => {
    const before = await count();
    const response = await create(manager, newBusiness({ withdrawalCallbackUrl: url }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ withdrawalCallbackUrl: MESSAGES.callbackUrlInternal });
    expect(await count()).toBe(before);
  });

  it('a public address is taken', async () => {
    const response = await create(
      manager,
      newBusiness({
        withdrawalCallbackUrl: 'https://8.8.8.8/hook',
        depositReceivedCallbackUrl: 'https://shop.example/d',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('transaction ledger window', () => {
  const ledger = (from: string, to: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/reports/transaction-ledger',
      headers: t.auth(manager),
      payload: { from, to, format: 'csv' },
    });

  it('a window ending in the future is a 400 on to, as the balance confirmation refuses asOf', async () => {
    // The clock stands at 2026-03-02.
    const response = await ledger('2026-03-01', '2027-02-28');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ to: MESSAGES.reportDateInFuture });
    const tomorrow = await ledger('2026-03-03', '2026-03-03');
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().errors).toEqual({
      from: MESSAGES.reportDateInFuture,
      to: MESSAGES.reportDateInFuture,
    });
  });

  it('a window ending today is taken', async () => {
    const response = await ledger('2026-02-01', '2026-03-02');
    expect(response.statusCode, response.body).toBe(200);
  });
});
