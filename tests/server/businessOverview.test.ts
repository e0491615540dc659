/**
 * A business's overview, GET /v1/businesses/{id}/overview (issue 32 §3, src/domain/records.ts
 * BusinessOverview; docs/decisions.md 245): its figures against SQL over the tables (balances and held
 * funds, the last 30 days' CONFIRMED deposits and COMPLETED withdrawals, the callbacks' health from
 * rows written here with SQL), each part null for a caller who may not read it, and the scoping of
 * GET /v1/businesses/{id}.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessOverview } from '../../src/domain/records';
import { AURORA, BOREALIS, DEMO_PASSWORD, HIDDEN_BUSINESS } from '../../server/db/seed';
import { makeApp, makeClock, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const SUPPORT = 'support@example.com';
const BUSINESS = 1;
const HOUR = 3_600_000;

/** A user of a role of these permissions in Aurora, made through the API. */
async function userWith(name: string, permissions: string[]): Promise<string> {
  const admin = tokens.get(ADMIN)!;
  const role = await t.app.inject({
    method: 'POST',
    url: '/v1/roles',
    headers: t.auth(admin),
    payload: { name, permissions: ['GET_ORGANISATION', ...permissions] },
  });
  expect(role.statusCode, role.body).toBe(201);
  const email = `${name.toLowerCase()}@example.com`;
  const user = await t.app.inject({
    method: 'POST',
    url: '/v1/users',
    headers: t.auth(admin),
    payload: { email, password: DEMO_PASSWORD, confirmationPassword: DEMO_PASSWORD, roleId: role.json().id },
  });
  expect(user.statusCode, user.body).toBe(201);
  return t.token(email);
}

let withdrawalsOnly: string;
let businessesOnly: string;

beforeAll(async () => {
  // The demo data is dated from today: the overview's windows end at the real now.
  t = await makeApp({ rateLimitPerMinute: 1_000_000 }, { clock: makeClock(Date.now()) });
  for (const email of [ADMIN, MANAGER, SUPPORT]) tokens.set(email, await t.token(email));
  withdrawalsOnly = await userWith('Payouts', ['GET_BUSINESSES', 'GET_WITHDRAWALS']);
  businessesOnly = await userWith('Directory', ['GET_BUSINESSES']);
});
afterAll(() => t.close());

const overviewOf = async (id: number, token = tokens.get(ADMIN)!) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/businesses/${id}/overview`,
    headers: t.auth(token),
  });
  return response;
};
async function overview(id: number, token?: string): Promise<BusinessOverview> {
  const response = await overviewOf(id, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BusinessOverview;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A callback of business 1 with its attempts ([offset from now in ms, status code or null]). */
async function callback(
  entityKind: 'payments' | 'crypto-withdrawals',
  status: 'PENDING' | 'RETRYING' | 'DELIVERED' | 'FAILED',
  attempts: [number, number | null][],
) {
  const now = t.clock.now();
  const next = status === 'PENDING' || status === 'RETRYING' ? iso(now + 60_000) : null;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO callbacks (organisation_id, business_id, webhook_id, event_type, url_kind, entity_kind, entity_id,
                            entity_status, url, payload, status, attempts, next_attempt_at, delivered_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 1, 'PENDING', 'https://merchant.example/cb', '{}', $7, $8, $9, $10, $11, $11)
     RETURNING id::text AS id`,
    [
      AURORA,
      BUSINESS,
      `msg_${randomUUID().replace(/-/g, '')}`,
      entityKind === 'payments' ? 'deposit.received' : 'withdrawal.updated',
      entityKind === 'payments' ? 'DEPOSIT_RECEIVED' : 'WITHDRAWAL',
      entityKind,
      status,
      attempts.length,
      next,
      status === 'DELIVERED' ? iso(now + (attempts.at(-1)?.[0] ?? 0)) : null,
      iso(now + (attempts[0]?.[0] ?? 0) - 1000),
    ],
  );
  let n = 0;
  for (const [offset, code] of attempts) {
    n += 1;
    await t.db.query(
      `INSERT INTO callback_attempts (callback_id, attempt, trigger, started_at, status_code, error, latency_ms)
       VALUES ($1, $2, 'SCHEDULE', $3, $4, $5, 10)`,
      [rows[0].id, n, iso(now + offset), code, code === null ? 'timeout' : null],
    );
  }
}

describe('GET /v1/businesses/{id}/overview', () => {
  it('answers the settlement currency and each balance with its held funds, as the ledger holds them', async () => {
    const answer = await overview(BUSINESS);
    const { rows } = await t.db.query<{ settlement: string }>(
      'SELECT settlement_currency AS settlement FROM businesses WHERE id = $1',
      [BUSINESS],
    );
    expect(answer).toMatchObject({ businessId: BUSINESS, settlementCurrency: rows[0].settlement });
    const accounts = await t.db.query<{ currency: string; available: string; held: string }>(
      `SELECT a.currency, trim_scale(a.balance)::text AS available, trim_scale(coalesce(h.balance, 0))::text AS held
         FROM ledger_accounts a
         LEFT JOIN ledger_accounts h ON h.business_id = a.business_id AND h.currency = a.currency AND h.kind = 'held'
        WHERE a.business_id = $1 AND a.kind = 'business' ORDER BY a.currency`,
      [BUSINESS],
    );
    const balances = [...answer.balances!].sort((a, b) => (a.currency < b.currency ? -1 : 1));
    expect(balances).toEqual(accounts.rows);
    expect(balances.length).toBeGreaterThan(1);
  });

  it("answers the last 30 days' volume per currency as SQL sums over the deposits and withdrawals", async () => {
    const since = new Date(t.clock.now() - 30 * 24 * HOUR);
    const until = new Date(t.clock.now());
    const sums = await t.db.query<{ currency: string; deposits: string; withdrawals: string; count: number }>(
      `SELECT currency, trim_scale(sum(deposits))::text AS deposits, trim_scale(sum(withdrawals))::text AS withdrawals,
              sum(n)::int AS count
         FROM (SELECT currency, amount AS deposits, 0 AS withdrawals, 1 AS n FROM payment_deposits
                WHERE business_id = $1 AND status = 'CONFIRMED' AND created_at >= $2 AND created_at < $3
               UNION ALL
               SELECT currency, 0, amount, 1 FROM crypto_withdrawals
                WHERE business_id = $1 AND status = 'COMPLETED' AND created_at >= $2 AND created_at < $3) u
        GROUP BY currency ORDER BY currency COLLATE "C"`,
      [BUSINESS, since, until],
    );
    expect(sums.rows.length).toBeGreaterThan(0);
    const answer = await overview(BUSINESS);
    expect(
      answer.volume30d!.map((v) => ({
        ...v,
        deposits: new Big(v.deposits).toFixed(),
        withdrawals: new Big(v.withdrawals).toFixed(),
      })),
    ).toEqual(
      sums.rows.map((r) => ({
        ...r,
        deposits: new Big(r.deposits).toFixed(),
        withdrawals: new Big(r.withdrawals).toFixed(),
      })),
    );
  });

  it('answers the callbacks with an attempt in the last 24 h, those delivered, those failing now and the last failure', async () => {
    const before = (await overview(BUSINESS)).callbacks!;
    expect(before).toEqual({
      total24h: 0,
      delivered24h: 0,
      deliveredShare: null,
      failingNow: 0,
      lastFailureAt: null,
    });
    await callback('payments', 'DELIVERED', [[-2 * HOUR, 200]]);
    await callback('payments', 'DELIVERED', [
      [-3 * HOUR, 500],
      [-3 * HOUR + 5000, 204],
    ]);
    await callback('crypto-withdrawals', 'RETRYING', [[-HOUR, null]]);
    await callback('crypto-withdrawals', 'FAILED', [[-30 * HOUR, 503]]); // failing, but no attempt in 24 h
    await callback('payments', 'DELIVERED', [[-48 * HOUR, 200]]); // out of the window
    await callback('payments', 'PENDING', []); // not attempted yet
    const answer = (await overview(BUSINESS)).callbacks!;
    expect(answer).toEqual({
      total24h: 3,
      delivered24h: 2,
      deliveredShare: 2 / 3,
      failingNow: 2,
      lastFailureAt: iso(t.clock.now() - HOUR),
    });
    // Callbacks of another business are not this one's.
    expect((await overview(2)).callbacks!.total24h).toBe(0);

    // A reader of withdrawals only counts the withdrawals' callbacks; it reads no payments: no volume.
    const payouts = await overview(BUSINESS, withdrawalsOnly);
    expect(payouts.callbacks).toEqual({
      total24h: 1,
      delivered24h: 0,
      deliveredShare: 0,
      failingNow: 2,
      lastFailureAt: iso(t.clock.now() - HOUR),
    });
    expect(payouts.volume30d).toBeNull();
    expect(payouts.balances).toBeNull();
  });

  it('leaves out what the caller may not read', async () => {
    const directory = await overview(BUSINESS, businessesOnly);
    expect(directory).toMatchObject({ balances: null, volume30d: null, callbacks: null });
    // SUPPORT reads payments and withdrawals, not balances.
    const support = await overview(BUSINESS, tokens.get(SUPPORT));
    expect(support.balances).toBeNull();
    expect(support.volume30d).not.toBeNull();
    expect(support.callbacks).not.toBeNull();
  });

  it("is scoped as GET /v1/businesses/{id}: another organisation's business and the hidden one for a non-ADMIN are 404", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM businesses WHERE organisation_id = $1 ORDER BY id LIMIT 1',
      [BOREALIS],
    );
    expect((await overviewOf(rows[0].id)).statusCode).toBe(404);
    expect((await overviewOf(HIDDEN_BUSINESS)).statusCode).toBe(200);
    expect((await overviewOf(HIDDEN_BUSINESS, tokens.get(MANAGER))).statusCode).toBe(404);
    const viewer = await t.token('viewer@example.com');
    expect((await overviewOf(BUSINESS, viewer)).statusCode).toBe(403);
  });
});
