/**
 * The simulator's payment-request steps (server/modules/payments/simulator.ts, docs/decisions.md 174),
 * called directly with an injected time: an open request receives its deposit DEPOSIT_DELAY_SECONDS
 * after its creation, the deposit gains a confirmation every interval and, confirmed, is credited
 * through the ledger and the request is PAID; an open request past its expiry is EXPIRED. Two runs at
 * once advance a row once; the demo's history (no address) never moves.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_FEE_RATE } from '../../server/db/seed/activity';
import { DEPOSIT_DELAY_SECONDS } from '../../server/modules/payments/service';
import {
  CONFIRMATION_INTERVAL_SECONDS,
  OPEN_AMOUNT_DEPOSIT,
  REQUIRED_CONFIRMATIONS,
  confirmationStep,
  depositStep,
  expiryStep,
  paymentRequestSteps,
} from '../../server/modules/payments/simulator';
import { simulatorSteps } from '../../server/simulator/steps';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await makeApp();
  token = await t.token('admin@example.com');
});
afterAll(() => t.close());

const at = (seconds: number) => new Date(t.clock.now() + seconds * 1000);

async function request(body: Record<string, unknown>): Promise<{ id: number; createdAt: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/payments',
    headers: { ...t.auth(token), 'idempotency-key': randomUUID() },
    payload: { businessId: 8, currency: 'BTC', network: 'MAIN', expirationMinutes: 30, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payment;
}

const get = async (id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/payments/${id}`, headers: t.auth(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

async function balance(businessId: number, currency: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/balances/${businessId}`,
    headers: t.auth(token),
  });
  return (response.json().balances[currency]?.amount as string | undefined) ?? '0';
}

/** The demo's history (payments without an address) as one fingerprint: it must never move. */
const history = async () =>
  (
    await t.db.query<{ f: string }>(
      `SELECT md5(string_agg(p.id || p.status || p.updated_at::text || coalesce(d.n, '-'), ',' ORDER BY p.id)) AS f
         FROM payments p
         LEFT JOIN (SELECT payment_id, count(*) || max(updated_at)::text AS n FROM payment_deposits GROUP BY payment_id) d
           ON d.payment_id = p.id
        WHERE p.address IS NULL`,
    )
  ).rows[0].f;
let seeded: string;
beforeAll(async () => {
  seeded = await history();
});
const historyMoved = async () => ((await history()) === seeded ? 0 : 1);

describe('the payment-request steps', () => {
  it('are registered in the simulator, in the order a request moves', () => {
    for (const step of paymentRequestSteps) expect(simulatorSteps).toContain(step);
    expect(paymentRequestSteps.map((s) => s.name)).toEqual([
      'payment-request-deposit',
      'payment-request-confirmation',
      'payment-request-expiry',
    ]);
  });

  it('bring the deposit, its confirmations, the credit and PAID, each row once under two runs at once', async () => {
    const before = await balance(8, 'BTC');
    const payment = await request({ amount: '0.002' });
    // Not yet due.
    expect(await depositStep.run(t.db, at(DEPOSIT_DELAY_SECONDS - 1), 10)).toBe(0);
    expect((await get(payment.id)).deposits).toEqual([]);

    // Due: two runs at once, one deposit.
    let now = at(DEPOSIT_DELAY_SECONDS);
    const moved = await Promise.all([depositStep.run(t.db, now, 10), depositStep.run(t.db, now, 10)]);
    expect(moved[0] + moved[1]).toBe(1);
    let read = await get(payment.id);
    expect(read.status).toBe('PENDING');
    expect(read.deposits).toMatchObject([{ status: 'PENDING', depositAmount: '0.002', confirmations: 0 }]);
    expect(await balance(8, 'BTC')).toBe(before);

    // Confirmations: one per interval, even with two runs at once.
    for (let n = 1; n < REQUIRED_CONFIRMATIONS; n++) {
      expect(await confirmationStep.run(t.db, new Date(now.getTime() + 1000), 10)).toBe(0);
      now = new Date(now.getTime() + CONFIRMATION_INTERVAL_SECONDS * 1000);
      const runs = await Promise.all([
        confirmationStep.run(t.db, now, 10),
        confirmationStep.run(t.db, now, 10),
      ]);
      expect(runs[0] + runs[1]).toBe(1);
      read = await get(payment.id);
      expect(read.deposits[0]).toMatchObject({ status: 'PENDING', confirmations: n });
    }
    now = new Date(now.getTime() + CONFIRMATION_INTERVAL_SECONDS * 1000);
    const last = await Promise.all([
      confirmationStep.run(t.db, now, 10),
      confirmationStep.run(t.db, now, 10),
    ]);
    expect(last[0] + last[1]).toBe(1);
    read = await get(payment.id);
    expect(read.status).toBe('PAID');
    expect(read.deposits[0]).toMatchObject({ status: 'CONFIRMED', confirmations: REQUIRED_CONFIRMATIONS });
    const fee = new Big('0.002').times(DEPOSIT_FEE_RATE).round(8, Big.roundDown);
    expect(await balance(8, 'BTC')).toBe(new Big(before).plus('0.002').minus(fee).toFixed());
    const entries = await t.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM ledger_entries WHERE reference = $1 AND kind = 'payment'",
      [`payment-deposit:${read.deposits[0].id}`],
    );
    expect(entries.rows[0].n).toBe('1');

    // Nothing more to do for it; the expiry leaves a paid request alone.
    const later = new Date(t.clock.now() + 3600_000);
    expect(await confirmationStep.run(t.db, later, 10)).toBe(0);
    await expiryStep.run(t.db, later, 100);
    expect((await get(payment.id)).status).toBe('PAID');
    expect(await historyMoved()).toBe(0);
  });

  it('give an open-amount request its deposit', async () => {
    const payment = await request({});
    await depositStep.run(t.db, at(DEPOSIT_DELAY_SECONDS), 10);
    expect((await get(payment.id)).deposits).toMatchObject([{ depositAmount: OPEN_AMOUNT_DEPOSIT }]);
  });

  it('expire an open request past its expiry (once, under two runs at once), with no deposit', async () => {
    const payment = await request({ expirationMinutes: 1 });
    // Its deposit would be due, but the request has expired by then: no deposit.
    const expired = at(61);
    expect(await expiryStep.run(t.db, at(59), 100)).toBe(0);
    expect(await depositStep.run(t.db, expired, 100)).toBe(0);
    const runs = await Promise.all([expiryStep.run(t.db, expired, 100), expiryStep.run(t.db, expired, 100)]);
    expect(runs[0] + runs[1]).toBe(1);
    const read = await get(payment.id);
    expect(read.status).toBe('EXPIRED');
    expect(read.deposits).toEqual([]);
    expect(await historyMoved()).toBe(0);
  });
});
