/** GET /v1/payment/organisations/metadata and GET /v1/withdrawals/metadata. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { BOREALIS, DEMO_ACCOUNTS, ORGANISATION_SETTINGS, ORGANISATIONS } from '../../server/db/seed';
import { makeApp, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await makeApp();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
});
afterAll(() => t.close());

const get = (url: string, email: string) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

const ORGANISATION_METADATA = '/v1/payment/organisations/metadata';
const WITHDRAWALS_METADATA = '/v1/withdrawals/metadata';

describe('organisation metadata', () => {
  it("answers what the caller's organisation may do, fractions as numbers", async () => {
    const response = await get(ORGANISATION_METADATA, 'manager@example.com');
    expect(response.statusCode).toBe(200);
    const aurora = ORGANISATION_SETTINGS[0];
    expect(response.json()).toEqual({
      enabledFiatSettlementCurrencies: [...aurora.enabledFiatSettlementCurrencies],
      enabledCryptoSettlementCurrencies: [...aurora.enabledCryptoSettlementCurrencies],
      enabledCryptoCurrencies: [...aurora.enabledCryptoCurrencies],
      allowServiceFeeDistribution: aurora.allowServiceFeeDistribution,
      feeDistributionLimit: Number(aurora.feeDistributionLimit),
      settlementCurrency: ORGANISATIONS[0].settlementCurrency,
    });
  });

  it('follows an organisation switch', async () => {
    const switched = await t.app.inject({
      method: 'POST',
      url: `/v1/auth/login/${BOREALIS}`,
      headers: t.auth(await t.token('admin@example.com')),
    });
    const token = String(switched.headers[IDENTITY_HEADER.toLowerCase()]);
    const response = await t.app.inject({
      method: 'GET',
      url: ORGANISATION_METADATA,
      headers: t.auth(token),
    });
    expect(response.json()).toMatchObject({
      settlementCurrency: 'GBP',
      allowServiceFeeDistribution: false,
      feeDistributionLimit: 0,
    });
  });
});

describe('withdrawals metadata', () => {
  it('lists the precision of every currency on every network, BTC first', async () => {
    const response = await get(WITHDRAWALS_METADATA, 'support@example.com');
    expect(response.statusCode).toBe(200);
    const { coins } = response.json() as {
      coins: { currency: string; network: string; precision: number }[];
    };
    expect(coins[0]).toEqual({ currency: 'BTC', network: 'MAIN', precision: 8 });
    expect(coins).toContainEqual({ currency: 'USDT', network: 'TRX', precision: 6 });
    expect(new Set(coins.map((c) => `${c.currency}/${c.network}`)).size).toBe(coins.length);
  });
});

describe('permissions', () => {
  // GET_ORGANISATION: every built-in and custom role of the demo has it.
  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s may read both', async (email) => {
    for (const url of [ORGANISATION_METADATA, WITHDRAWALS_METADATA]) {
      expect((await get(url, email)).statusCode, url).toBe(200);
    }
  });

  it('refuses a role without GET_ORGANISATION (403) and no session (401)', async () => {
    await t.db.query(
      "INSERT INTO roles (organisation_id, name, permissions) VALUES (1, 'Empty role', '{GET_BUSINESSES}') RETURNING id",
    );
    await t.db.query(
      "UPDATE memberships SET role_id = (SELECT id FROM roles WHERE name = 'Empty role') WHERE user_id = 6",
    );
    const token = await t.token('viewer@example.com');
    for (const url of [ORGANISATION_METADATA, WITHDRAWALS_METADATA]) {
      const response = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
      expect(response.statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
