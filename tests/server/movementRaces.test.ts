/**
 * Movements racing on one business's accounts, on PostgreSQL (PGlite runs one transaction at a time, so
 * these races only show there: `node scripts/test-server-pg.mjs tests/server/movementRaces.test.ts`).
 *
 * A movement that posts two entries (a withdrawal approved at once: its hold, then its execution; a
 * conversion, then its fee) used to take the second entry's account locks after the first's, and so
 * deadlocked with a one-entry movement on the same accounts: 12 of 24 requests answered 500. The ledger
 * now locks every account of a movement in account order before its first posting (`postMovement`),
 * and a movement still chosen as a deadlock victim runs again (server/http/movement.ts). Each race:
 * every request answers 2xx or a 4xx with its reason, and every balance equals the sum of its postings.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA } from '../../server/db/seed';
import { fiatDepositArrival } from '../../server/modules/fiatMovements/simulator';
import { makeApp, type TestApp } from './helpers';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('movements racing on one business (PostgreSQL)', { timeout: 120_000 }, () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  let btcAddress: number;
  let eurAccount: number;

  beforeAll(async () => {
    t = await makeApp({ rateLimitPerMinute: 1_000_000 });
    for (const email of ['admin@example.com', 'manager@example.com']) tokens.set(email, await t.token(email));
    const first = async (sql: string) => Number((await t.db.query<{ id: number }>(sql, [AURORA])).rows[0].id);
    btcAddress = await first(
      "SELECT id FROM whitelisted_addresses WHERE organisation_id = $1 AND currency = 'BTC' ORDER BY id LIMIT 1",
    );
    eurAccount = await first(
      "SELECT id FROM bank_accounts WHERE organisation_id = $1 AND account_currency = 'EUR' ORDER BY id LIMIT 1",
    );
  });
  afterAll(() => t?.close());

  const send = (email: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.auth(tokens.get(email)!), 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });

  /** Sends every request at once; each answers 2xx or a 4xx with a message, never a 5xx. */
  async function race(requests: (() => Promise<LightMyRequestResponse>)[]) {
    const answers = await Promise.all(requests.map((request) => request()));
    const failed = answers.filter((a) => a.statusCode >= 500).map((a) => `${a.statusCode} ${a.body}`);
    expect(failed).toEqual([]);
    for (const answer of answers.filter((a) => a.statusCode >= 400))
      expect(answer.json().message, answer.body).toEqual(expect.any(String));
    return answers;
  }

  /** Every account's balance is the sum of its postings, and no business account is below zero. */
  async function expectLedgerConsistent() {
    const { rows } = await t.db.query(
      `SELECT a.id, a.balance::text, COALESCE(sum(p.amount), 0)::text AS posted
         FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
        GROUP BY a.id HAVING a.balance <> COALESCE(sum(p.amount), 0)
            OR (a.kind IN ('business', 'held') AND a.balance < 0)`,
    );
    expect(rows).toEqual([]);
  }

  const withdraw = (email: string, amount: string) =>
    send(email, 'POST', '/v1/withdrawals/crypto', {
      businessId: 2,
      currency: 'BTC',
      network: 'MAIN',
      amount,
      whitelistedAddressId: btcAddress,
    });
  const decide = (id: number, decision: 'approve' | 'reject') =>
    send('admin@example.com', 'POST', `/v1/withdrawals/crypto/${id}/${decision}`, {});
  const transfer = (from: number, to: number, amount: string) =>
    send('admin@example.com', 'POST', '/v1/payment/internal-transfers', {
      fromBusinessId: from,
      toBusinessId: to,
      currency: 'EUR',
      amount,
    });

  /** `n` withdrawals awaiting approval (over the threshold), made by the manager. */
  async function awaitingApproval(n: number, amount: string): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const made = await withdraw('manager@example.com', amount);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().withdrawal.status).toBe('PENDING_APPROVAL');
      ids.push(made.json().withdrawal.id);
    }
    return ids;
  }

  it('approvals against withdrawals approved at once', async () => {
    const threshold = await send('admin@example.com', 'PUT', '/v1/withdrawals/approval-thresholds/BTC', {
      threshold: '0.001',
    });
    expect(threshold.statusCode, threshold.body).toBe(200);
    const pending = await awaitingApproval(12, '0.005');
    const answers = await race([
      ...pending.map((id) => () => decide(id, 'approve')),
      ...pending.map(() => () => withdraw('manager@example.com', '0.0001')),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(12);
    expect(answers.filter((a) => a.statusCode === 201).map((a) => a.json().withdrawal.status)).toEqual(
      Array(12).fill('APPROVED'),
    );
    await expectLedgerConsistent();
  });

  it('releases against new holds', async () => {
    const pending = await awaitingApproval(12, '0.002');
    await race([
      ...pending.map((id) => () => decide(id, 'reject')),
      ...pending.map(() => () => withdraw('manager@example.com', '0.003')),
      ...pending.slice(0, 6).map(() => () => withdraw('manager@example.com', '0.0002')),
    ]);
    await expectLedgerConsistent();
  });

  it('conversions with their fee against transfers both ways', async () => {
    const quotes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const quoted = await send('admin@example.com', 'POST', '/v1/payment/balance/convert', {
        businessId: 1,
        amountCurrencyType: 'DEBIT',
        debitCurrency: 'EUR',
        creditCurrency: 'USD',
        amount: '3',
      });
      expect(quoted.statusCode, quoted.body).toBe(201);
      expect(Number(quoted.json().conversion.fee)).toBeGreaterThan(0);
      quotes.push(quoted.json().conversion.id);
    }
    await race([
      ...quotes.map((id) => () => send('admin@example.com', 'PATCH', `/v1/payment/balance/convert/${id}`)),
      ...quotes.map(() => () => transfer(1, 2, '0.5')),
      ...quotes.map(() => () => transfer(2, 1, '0.5')),
    ]);
    await expectLedgerConsistent();
  });

  it('deposit credits against withdrawals and conversions', async () => {
    for (let i = 0; i < 8; i += 1) {
      const expected = await send('admin@example.com', 'POST', '/v1/payment/deposits/fiat', {
        businessId: 1,
        currency: 'EUR',
        expectedAmount: '5',
        reference: `race ${i}`,
      });
      expect(expected.statusCode, expected.body).toBe(201);
    }
    const quotes: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const quoted = await send('admin@example.com', 'POST', '/v1/payment/balance/convert', {
        businessId: 1,
        amountCurrencyType: 'DEBIT',
        debitCurrency: 'EUR',
        creditCurrency: 'USD',
        amount: '2',
      });
      expect(quoted.statusCode, quoted.body).toBe(201);
      quotes.push(quoted.json().conversion.id);
    }
    const due = new Date(t.clock.now() + 3_600_000);
    const credits = Promise.all(Array.from({ length: 4 }, () => fiatDepositArrival.run(t.db, due, 100)));
    await race([
      ...quotes.map((id) => () => send('admin@example.com', 'PATCH', `/v1/payment/balance/convert/${id}`)),
      ...quotes.map(
        () => () =>
          send('admin@example.com', 'POST', '/v1/payment/withdrawals/fiat', {
            businessId: 1,
            bankAccountId: eurAccount,
            currency: 'EUR',
            amount: '1',
            reference: 'race payout',
          }),
      ),
    ]);
    await credits;
    const { rows } = await t.db.query(
      "SELECT id FROM fiat_deposits WHERE status = 'PENDING' AND arrives_at IS NOT NULL AND arrives_at <= $1",
      [due],
    );
    expect(rows).toEqual([]);
    await expectLedgerConsistent();
  });
});
