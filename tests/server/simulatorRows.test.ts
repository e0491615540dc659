/**
 * A row a simulator step cannot move never holds back the others (decision 225,
 * server/simulator/eachDue.ts): it is set aside (FAILED) in its own transaction, the reason is kept in
 * simulator_failures and logged with the row's id, the rows after it move at the same tick, and it is
 * not tried again. The database's passing troubles (a serialization failure) leave the row due.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA } from '../../server/db/seed';
import { fiatDepositArrival } from '../../server/modules/fiatMovements/simulator';
import { DEPOSIT_DELAY_SECONDS } from '../../server/modules/payments/service';
import {
  CONFIRMATION_INTERVAL_SECONDS,
  confirmationStep,
  depositStep,
  REQUIRED_CONFIRMATIONS,
} from '../../server/modules/payments/simulator';
import { Simulator } from '../../server/simulator';
import { eachDue, firstRow } from '../../server/simulator/eachDue';
import { makeApp, type TestApp } from './helpers';
import { createProbeTable } from './simulatorProbe';

let t: TestApp;
let token: string;
/** More than a NUMERIC(38, 18) balance holds once added to one that is not 0. */
const OVERFLOWING = '99999999999999999999';

beforeAll(async () => {
  t = await makeApp();
  token = await t.token('admin@example.com');
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.auth(token), 'idempotency-key': randomUUID() },
    payload,
  });

async function balance(businessId: number, currency: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/balances/${businessId}`,
    headers: t.auth(token),
  });
  expect(response.statusCode).toBe(200);
  return (response.json().balances[currency]?.amount as string | undefined) ?? '0';
}

const statusOf = async (table: string, id: number) =>
  (await t.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id])).rows[0].status;

const failureOf = async (step: string, id: number) =>
  (
    await t.db.query<{ reason: string; failed_at: Date }>(
      'SELECT reason, failed_at FROM simulator_failures WHERE step = $1 AND row_id = $2',
      [step, id],
    )
  ).rows[0];

describe("a fiat deposit the simulator can't credit", () => {
  it('is set aside as FAILED with its reason, logged, and the deposits after it are credited at the same tick', async () => {
    const before = await balance(1, 'EUR');
    // A balance of 1 or more overflows with this credit.
    expect(new Big(before).gte(1)).toBe(true);
    const created = await post('/v1/payment/deposits/fiat', {
      businessId: 1,
      currency: 'EUR',
      expectedAmount: '11.00',
      reference: 'Top-up',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: good, arrivesAt } = created.json().fiatDeposit;
    const due = new Date(arrivesAt);
    // A deposit the API's bound now refuses (a row from before it), due first: its credit overflows.
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO fiat_deposits
         (organisation_id, business_id, currency, amount, reference, status, arrives_at, created_at, updated_at)
       VALUES ($1, 1, 'EUR', $2::numeric, 'Too much', 'PENDING', $3, $3, $3) RETURNING id::text`,
      [AURORA, OVERFLOWING, new Date(due.getTime() - 5_000)],
    );
    const bad = Number(rows[0].id);

    const logs: unknown[] = [];
    const log = { info: () => undefined, error: (...args: unknown[]) => void logs.push(args) };
    const simulator = new Simulator({
      db: t.db,
      intervalMs: 1000,
      now: t.clock.now,
      log,
      steps: [fiatDepositArrival],
    });
    expect(await simulator.tick(due)).toEqual({ 'fiat-deposit-arrival': 1 });

    expect(await statusOf('fiat_deposits', good)).toBe('COMPLETED');
    expect(await balance(1, 'EUR')).toBe(new Big(before).plus('11').toFixed());
    expect(await statusOf('fiat_deposits', bad)).toBe('FAILED');
    const failure = await failureOf('fiat-deposit-arrival', bad);
    expect(failure.reason).toMatch(/overflow/);
    expect(logs).toContainEqual([
      { step: 'fiat-deposit-arrival', id: bad, reason: failure.reason },
      'simulator row failed',
    ]);

    // It is not tried again: a later tick has nothing to do and keeps its failure as it was.
    expect(await simulator.tick(new Date(due.getTime() + 60_000))).toEqual({ 'fiat-deposit-arrival': 0 });
    expect(await statusOf('fiat_deposits', bad)).toBe('FAILED');
    expect(await failureOf('fiat-deposit-arrival', bad)).toEqual(failure);
    expect(logs).toHaveLength(1);
  });
});

describe("a payment deposit the simulator can't credit", () => {
  it("is FAILED with nothing of its credit kept, and the next request's deposit is credited (PAID)", async () => {
    const request = async () => {
      const response = await post('/v1/payments', {
        businessId: 1,
        currency: 'BTC',
        network: 'MAIN',
        expirationMinutes: 60,
        amount: '0.001',
      });
      expect(response.statusCode, response.body).toBe(201);
      return Number(response.json().payment.id);
    };
    const refused = await request();
    const fine = await request();
    // The database refuses to confirm the first request's deposit, after its credit was posted.
    await t.db.exec(`
      CREATE FUNCTION refuse_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'CONFIRMED' AND NEW.payment_id = ${Number(refused)} THEN
          RAISE EXCEPTION 'deposit % cannot be confirmed', NEW.id;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_deposit BEFORE UPDATE ON payment_deposits
        FOR EACH ROW EXECUTE FUNCTION refuse_deposit();`);
    try {
      const before = await balance(1, 'BTC');
      let at = t.clock.now() + DEPOSIT_DELAY_SECONDS * 1000;
      expect(await depositStep.run(t.db, new Date(at), 10)).toBe(2);
      const moved: number[] = [];
      const failed: { id: number; reason: string }[] = [];
      for (let i = 0; i < REQUIRED_CONFIRMATIONS; i++) {
        at += CONFIRMATION_INTERVAL_SECONDS * 1000;
        moved.push(await confirmationStep.run(t.db, new Date(at), 10, (f) => failed.push(f)));
      }
      // Both gain their confirmations; at the last one, one is credited and the other set aside.
      expect(moved).toEqual([2, 2, 1]);
      const deposits = await t.db.query<{ id: string; payment_id: string; status: string }>(
        'SELECT id::text, payment_id::text, status FROM payment_deposits WHERE payment_id = ANY($1::bigint[])',
        [[refused, fine]],
      );
      const depositOf = (payment: number) => deposits.rows.find((d) => Number(d.payment_id) === payment)!;
      expect(depositOf(refused).status).toBe('FAILED');
      expect(depositOf(fine).status).toBe('CONFIRMED');
      expect(await statusOf('payments', fine)).toBe('PAID');
      expect(await statusOf('payments', refused)).toBe('PENDING');
      // 0.001 BTC less the 1 % fee, once: the refused deposit's credit was rolled back.
      expect(await balance(1, 'BTC')).toBe(new Big(before).plus('0.00099').toFixed());
      const id = Number(depositOf(refused).id);
      expect(failed).toEqual([{ id, reason: `deposit ${id} cannot be confirmed` }]);
      expect((await failureOf('payment-request-confirmation', id)).reason).toBe(failed[0].reason);
    } finally {
      await t.db.exec('DROP TRIGGER refuse_deposit ON payment_deposits; DROP FUNCTION refuse_deposit();');
    }
  });
});

describe('eachDue', () => {
  const pick = (now: Date) =>
    firstRow<{ id: number }>(
      `SELECT id FROM simulator_probe WHERE state = 'DUE' AND due_at <= $1
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
  const aside = (now: Date) => ({
    step: 'probe',
    now,
    mark: async (tx: Parameters<Parameters<typeof eachDue>[3]>[0], row: { id: number }) => {
      await tx.query("UPDATE simulator_probe SET state = 'FAILED' WHERE id = $1", [row.id]);
    },
  });
  const states = async () =>
    (
      await t.db.query<{ id: number; state: string; advanced: number }>(
        'SELECT id, state, advanced FROM simulator_probe ORDER BY id',
      )
    ).rows;

  it("rolls back a failing row's work, sets it aside and moves the rest; a serialization failure leaves it due", async () => {
    const now = new Date(0);
    await createProbeTable(t.db, 3, now);
    const moved = await eachDue(
      t.db,
      10,
      pick(now),
      async (tx, row) => {
        await tx.query("UPDATE simulator_probe SET state = 'DONE', advanced = advanced + 1 WHERE id = $1", [
          row.id,
        ]);
        if (row.id === 1) throw new Error('row 1 cannot move');
      },
      aside(now),
    );
    expect(moved).toBe(2);
    expect(await states()).toEqual([
      { id: 1, state: 'FAILED', advanced: 0 },
      { id: 2, state: 'DONE', advanced: 1 },
      { id: 3, state: 'DONE', advanced: 1 },
    ]);
    expect((await failureOf('probe', 1)).reason).toBe('row 1 cannot move');

    await createProbeTable(t.db, 2, now);
    const serialization = Object.assign(new Error('could not serialize access'), { code: '40001' });
    await expect(
      eachDue(t.db, 10, pick(now), () => Promise.reject(serialization), aside(now)),
    ).rejects.toThrow('could not serialize access');
    expect((await states()).map((r) => r.state)).toEqual(['DUE', 'DUE']);
  });
});
