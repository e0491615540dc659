/**
 * GET /v1/businesses?sortBy=balance: the businesses by total displayed balance (GET /v1/balances'
 * displayFiatAmount), computed by the database so that every page is in its final order; it needs
 * GET_BALANCES and respects the hidden business and the organisation.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA, BUSINESSES, HIDDEN_BUSINESS } from '../../server/db/seed';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await makeApp();
  for (const email of ['admin@example.com', 'manager@example.com', 'support@example.com'])
    tokens.set(email, await t.token(email));
});
afterAll(() => t.close());

const get = (url: string, email: string) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

interface BalanceRow {
  businessId: number;
  displayFiatAmount: string;
}

/** The ranking the balances endpoint gives: highest total first, then the higher id (the list's tie-breaker). */
async function balancesRanking(email: string, order: 'asc' | 'desc'): Promise<number[]> {
  const rows = (await get('/v1/balances', email)).json<{ balances: BalanceRow[] }>().balances;
  const sign = order === 'desc' ? -1 : 1;
  return [...rows]
    .sort(
      (a, b) =>
        sign * new Big(a.displayFiatAmount).cmp(b.displayFiatAmount) || sign * (a.businessId - b.businessId),
    )
    .map((r) => r.businessId);
}

const ids = (body: { businesses: { id: number }[] }) => body.businesses.map((b) => b.id);

describe('GET /v1/businesses?sortBy=balance', () => {
  it('orders as the balances endpoint ranks, both ways, for ADMIN (hidden business included) and others', async () => {
    for (const email of ['admin@example.com', 'manager@example.com']) {
      for (const order of ['desc', 'asc'] as const) {
        const response = await get(`/v1/businesses?sortBy=balance&order=${order}&limit=100`, email);
        expect(response.statusCode, response.body).toBe(200);
        const ranking = await balancesRanking(email, order);
        expect(ids(response.json()), `${email} ${order}`).toEqual(ranking);
      }
    }
    const admin = ids(
      (await get('/v1/businesses?sortBy=balance&order=desc&limit=100', 'admin@example.com')).json(),
    );
    const manager = ids(
      (await get('/v1/businesses?sortBy=balance&order=desc&limit=100', 'manager@example.com')).json(),
    );
    expect(admin).toContain(HIDDEN_BUSINESS);
    expect(manager).not.toContain(HIDDEN_BUSINESS);
    // Only the organisation's own.
    const aurora = BUSINESSES.filter((b) => b.organisationId === AURORA).map((b) => b.id);
    expect([...admin].sort((a, b) => a - b)).toEqual(aurora);
    // Not simply another order: the ranking differs from the default (oldest first) one.
    const plain = ids((await get('/v1/businesses?limit=100', 'admin@example.com')).json());
    expect(admin).not.toEqual(plain);
  });

  it('pages through the same order', async () => {
    const whole = ids(
      (await get('/v1/businesses?sortBy=balance&order=desc&limit=100', 'admin@example.com')).json(),
    );
    const paged: number[] = [];
    for (let offset = 0; offset < whole.length; offset += 3) {
      const response = await get(
        `/v1/businesses?sortBy=balance&order=desc&limit=3&offset=${offset}`,
        'admin@example.com',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(whole.length);
      paged.push(...ids(response.json()));
    }
    expect(paged).toEqual(whole);
  });

  it('needs GET_BALANCES (403 without it; the other orders stay open)', async () => {
    expect((await get('/v1/businesses?sortBy=balance', 'support@example.com')).statusCode).toBe(403);
    expect((await get('/v1/businesses?sortBy=name', 'support@example.com')).statusCode).toBe(200);
    expect((await get('/v1/businesses', 'support@example.com')).statusCode).toBe(200);
  });
});
