/**
 * A record's page, GET /v1/records/{kind}/{id} (issue 32 §2, src/domain/records.ts RecordPage;
 * docs/decisions.md 242–245): each kind's page of the demo data, the timeline of real flows (a payment
 * request paid by the simulator's steps; a withdrawal made by one user and approved by another with
 * 2FA), the ledger entries with their balances after, related records both ways, callbacks (rows
 * written here with SQL: the callbacks' writer is another branch's), the actions, and the scoping:
 * the kind's permission, the audit log's, another organisation's id and the hidden business.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS, type RecordPage, type TimelineStep } from '../../src/domain/records';
import { AURORA, BOREALIS, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { DEPOSIT_DELAY_SECONDS } from '../../server/modules/payments/service';
import {
  CONFIRMATION_INTERVAL_SECONDS,
  REQUIRED_CONFIRMATIONS,
  confirmationStep,
  depositStep,
  expiryStep,
} from '../../server/modules/payments/simulator';
import {
  BROADCAST_AFTER_MS,
  CONFIRM_AFTER_MS,
  withdrawalSteps,
} from '../../server/modules/withdrawals/simulator';
import { SETTLE_AFTER_MS, settlementCompletion } from '../../server/modules/fiatMovements/simulator';
import { RECORD_KIND_SPECS } from '../../server/modules/records/service';
import { makeApp, nextTwoFaCode, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const SUPPORT = 'support@example.com';
const BACKOFFICE = 'backoffice@example.com';
const VIEWER = 'viewer@example.com';
const TWOFA = 'twofa@example.com';

beforeAll(async () => {
  t = await makeApp({ rateLimitPerMinute: 1_000_000 });
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
});
afterAll(() => t.close());

const get = (url: string, email = ADMIN) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

async function page(kind: string, id: number | string, email = ADMIN): Promise<RecordPage> {
  const response = await get(`/v1/records/${kind}/${id}`, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RecordPage;
}

const tableOf = (kind: string) => RECORD_KIND_SPECS.find((s) => s.kind === kind)!.table;

async function firstId(table: string, where: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${table} WHERE ${where} ORDER BY id LIMIT 1`,
    params,
  );
  expect(rows.length, `${table} WHERE ${where}`).toBe(1);
  return Number(rows[0].id);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The steps' types in order. */
const types = (timeline: TimelineStep[]) => timeline.map((s) => s.type);
/** The steps of the record's own life, its callbacks' steps left out. */
const lifeOf = (timeline: TimelineStep[]) => timeline.filter((s) => s.type !== 'callback');

describe('each kind of the demo data', () => {
  it.each(RECORD_KINDS)(
    '%s: its header and record are the record as its own GET answers it',
    async (kind) => {
      const id = await firstId(tableOf(kind), 'organisation_id = $1 AND business_id <> $2', [
        AURORA,
        HIDDEN_BUSINESS,
      ]);
      const answer = await page(kind, id);
      expect(answer.header).toMatchObject({ kind, id: String(id) });
      const spec = RECORD_KIND_SPECS.find((s) => s.kind === kind)!;
      if (kind === 'payment-deposits') {
        const paymentId = Number(answer.record.paymentId);
        const payment = (await get(`/v1/payments/${paymentId}`)).json();
        expect({ ...payment.deposits.find((d: { id: number }) => d.id === id), paymentId }).toEqual(
          answer.record,
        );
        expect(answer.header.currency).toBe(answer.record.depositCurrency);
      } else {
        const own = await get(`/v1${spec.list.path}/${id}`);
        expect(own.statusCode).toBe(200);
        expect(answer.record).toEqual(own.json());
      }
      const { rows } = await t.db.query<{ status: string; name: string; business_id: number }>(
        `SELECT t.status, b.name, t.business_id FROM ${tableOf(kind)} t JOIN businesses b ON b.id = t.business_id WHERE t.id = $1`,
        [id],
      );
      expect(answer.header).toMatchObject({
        status: rows[0].status,
        businessName: rows[0].name,
        businessId: rows[0].business_id,
        createdAt: answer.record.createdAt,
      });
      expect(answer.timeline[0]).toMatchObject({
        at: answer.record.createdAt,
        type: kind === 'payment-deposits' ? 'deposit_seen' : 'created',
      });
      const times = answer.timeline.map((s) => s.at);
      expect(times).toEqual([...times].sort());
    },
  );

  it('answers every posting of every entry with the balance after it, as the account’s postings sum', async () => {
    // A completed transfer: two businesses' accounts; a conversion: its two entries and the fee.
    for (const [kind, where] of [
      ['internal-transfers', "status = 'COMPLETED' AND ledger_entry_id IS NOT NULL"],
      ['payments', "status = 'PAID'"],
      ['balance-conversions', "status = 'EXECUTED' AND ledger_entry_id IS NOT NULL"],
    ] as const) {
      const id = await firstId(tableOf(kind), `organisation_id = $1 AND ${where}`, [AURORA]);
      const answer = await page(kind, id);
      expect(answer.ledger.length, kind).toBeGreaterThan(0);
      for (const entry of answer.ledger) {
        const { rows } = await t.db.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM ledger_postings WHERE entry_id = $1',
          [entry.entryId],
        );
        expect(entry.postings.length).toBe(Number(rows[0].n));
        const sums = new Map<string, Big>();
        for (const posting of entry.postings) {
          sums.set(posting.currency, (sums.get(posting.currency) ?? new Big(0)).plus(posting.amount));
          if (posting.account === 'available' || posting.account === 'held') {
            const { rows: balance } = await t.db.query<{ sum: string }>(
              `SELECT trim_scale(sum(p.amount))::text AS sum
                 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                WHERE a.business_id = $1 AND a.currency = $2 AND a.kind = $3
                  AND p.id <= (SELECT p2.id FROM ledger_postings p2 JOIN ledger_accounts a2 ON a2.id = p2.account_id
                                WHERE p2.entry_id = $4 AND a2.business_id = $1 AND a2.kind = $3 AND a2.currency = $2)`,
              [
                posting.businessId,
                posting.currency,
                posting.account === 'available' ? 'business' : 'held',
                entry.entryId,
              ],
            );
            expect(posting.balanceAfter, `${kind} entry ${entry.entryId}`).toBe(balance[0].sum);
          } else {
            expect(posting.balanceAfter).toBeNull();
          }
        }
        for (const sum of sums.values()) expect(sum.eq(0)).toBe(true);
      }
      if (kind === 'balance-conversions') {
        expect(answer.ledger.map((e) => e.kind).sort()).toEqual(expect.arrayContaining(['conversion']));
      }
    }
  });

  it('links a settlement to its bank account and a transfer to its counterparty, for their readers', async () => {
    const transfer = await firstId(
      'internal_transfers',
      'organisation_id = $1 AND business_id <> $2 AND counterparty_business_id <> $2',
      [AURORA, HIDDEN_BUSINESS],
    );
    const { rows } = await t.db.query<{ counterparty: number; name: string }>(
      'SELECT t.counterparty_business_id AS counterparty, b.name FROM internal_transfers t JOIN businesses b ON b.id = t.counterparty_business_id WHERE t.id = $1',
      [transfer],
    );
    const answer = await page('internal-transfers', transfer);
    expect(answer.related).toEqual([
      {
        kind: 'businesses',
        id: String(rows[0].counterparty),
        relation: 'counterparty',
        label: rows[0].name,
        status: null,
        businessId: rows[0].counterparty,
      },
    ]);
  });
});

describe('the timeline of a payment request paid by the simulator', () => {
  let paymentId: number;
  let depositId: number;

  beforeAll(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { ...t.auth(tokens.get(MANAGER)!), 'idempotency-key': randomUUID() },
      payload: { businessId: 8, currency: 'BTC', network: 'MAIN', expirationMinutes: 30, amount: '0.002' },
    });
    expect(response.statusCode, response.body).toBe(201);
    paymentId = response.json().payment.id;
    let now = t.clock.now() + DEPOSIT_DELAY_SECONDS * 1000;
    expect(await depositStep.run(t.db, new Date(now), 10)).toBe(1);
    for (let n = 1; n <= REQUIRED_CONFIRMATIONS; n++) {
      now += CONFIRMATION_INTERVAL_SECONDS * 1000;
      expect(await confirmationStep.run(t.db, new Date(now), 10)).toBe(1);
    }
    depositId = await firstId('payment_deposits', 'payment_id = $1', [paymentId]);
  });

  it('shows created by its user → deposit seen → each confirmation → credited → paid, in order', async () => {
    const answer = await page('payments', paymentId);
    expect(answer.header).toMatchObject({ status: 'PAID', amount: '0.002', currency: 'BTC' });
    // Business 8 has no callback URL: each change's callback is SKIPPED, once on the timeline.
    const skipped = answer.timeline.filter((s) => s.type === 'callback');
    expect(skipped.map((s) => s.callback?.status)).toEqual(['SKIPPED', 'SKIPPED', 'SKIPPED', 'SKIPPED']);
    const steps = lifeOf(answer.timeline);
    expect(types(steps)).toEqual([
      'created',
      'deposit_seen',
      'confirmation',
      'confirmation',
      'confirmation',
      'credited',
      'paid',
    ]);
    const managerId = DEMO_ACCOUNTS.findIndex((a) => a.email === MANAGER);
    expect(managerId).toBeGreaterThanOrEqual(0);
    expect(steps[0]).toMatchObject({
      actor: { type: 'user', label: MANAGER },
      source: 'dashboard',
      status: 'PENDING',
    });
    const simulator = { type: 'system', id: null, label: 'Simulator' };
    expect(steps[1]).toMatchObject({
      actor: simulator,
      source: 'simulator',
      depositId: String(depositId),
      confirmations: { count: 0, required: REQUIRED_CONFIRMATIONS },
    });
    expect(steps.slice(2, 5).map((s) => s.confirmations)).toEqual([
      { count: 1, required: 3 },
      { count: 2, required: 3 },
      { count: 3, required: 3 },
    ]);
    expect(steps[5]).toMatchObject({ status: 'CONFIRMED', actor: simulator, depositId: String(depositId) });
    expect(steps[6]).toMatchObject({ status: 'PAID', actor: simulator, source: 'simulator' });
    // Each step at the moment the simulator stamped it, a confirmation interval apart.
    const times = steps.slice(1, 5).map((s) => Date.parse(s.at));
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1]).toBe(CONFIRMATION_INTERVAL_SECONDS * 1000);
    const { rows } = await t.db.query<{ at: string }>(
      `SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM payments WHERE id = $1`,
      [paymentId],
    );
    expect(steps[6].at).toBe(rows[0].at);
  });

  it('posts the deposit’s credit: the business gets the deposit less the fee, its balance after as its postings', async () => {
    const answer = await page('payments', paymentId);
    expect(answer.ledger).toHaveLength(1);
    const [entry] = answer.ledger;
    expect(entry.kind).toBe('payment');
    expect(entry.postings.map((p) => p.account).sort()).toEqual(['available', 'external', 'fee']);
    const available = entry.postings.find((p) => p.account === 'available')!;
    expect(available.businessId).toBe(8);
    const { rows } = await t.db.query<{ balance: string }>(
      `SELECT trim_scale(balance)::text AS balance FROM ledger_accounts WHERE business_id = 8 AND kind = 'business' AND currency = 'BTC'`,
    );
    // Nothing moved BTC of business 8 since: its balance after is the account's balance now.
    expect(available.balanceAfter).toBe(rows[0].balance);
    expect(entry.postings.find((p) => p.account === 'external')!.amount).toBe('-0.002');
  });

  it('links the payment and its deposit both ways', async () => {
    const payment = await page('payments', paymentId);
    expect(payment.related).toEqual([
      expect.objectContaining({
        kind: 'payment-deposits',
        id: String(depositId),
        relation: 'deposit',
        status: 'CONFIRMED',
      }),
    ]);
    const deposit = await page('payment-deposits', depositId);
    expect(deposit.related).toEqual([
      expect.objectContaining({
        kind: 'payments',
        id: String(paymentId),
        relation: 'payment',
        status: 'PAID',
      }),
    ]);
    expect(deposit.header).toMatchObject({ kind: 'payment-deposits', amount: '0.002', status: 'CONFIRMED' });
    expect(types(lifeOf(deposit.timeline))).toEqual([
      'deposit_seen',
      'confirmation',
      'confirmation',
      'confirmation',
      'credited',
    ]);
    expect(deposit.ledger.map((e) => e.entryId)).toEqual(payment.ledger.map((e) => e.entryId));
  });

  it('shows the callbacks of the payment and each attempt, n of m, for its readers; Resend for INITIATE_CALLBACK', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO callbacks (organisation_id, business_id, webhook_id, event_type, url_kind, entity_kind, entity_id,
                              entity_status, url, payload, status, attempts, next_attempt_at, delivered_at, created_at, updated_at)
       VALUES ($1, 8, $2, 'deposit.received', 'DEPOSIT_RECEIVED', 'payments', $3, 'PENDING', 'https://merchant.example/cb',
               '{}', 'DELIVERED', 2, NULL, $4::timestamptz + interval '40 seconds', $4, $4::timestamptz + interval '40 seconds')
       RETURNING id::text AS id`,
      [AURORA, `msg_${randomUUID().replace(/-/g, '')}`, paymentId, new Date(t.clock.now() + 9000)],
    );
    const callbackId = rows[0].id;
    await t.db.query(
      `INSERT INTO callback_attempts (callback_id, attempt, trigger, started_at, status_code, error, latency_ms, next_attempt_at)
       VALUES ($1, 1, 'SCHEDULE', $2::timestamptz, 500, NULL, 12, $2::timestamptz + interval '5 seconds'),
              ($1, 2, 'SCHEDULE', $2::timestamptz + interval '40 seconds', 200, NULL, 9, NULL)`,
      [callbackId, new Date(t.clock.now() + 9000)],
    );
    const answer = await page('payments', paymentId, BACKOFFICE);
    // The simulator's four (SKIPPED: business 8 has no URL) and the one above, oldest first.
    expect(answer.callbacks.filter((c) => c.status === 'SKIPPED')).toHaveLength(4);
    expect(answer.callbacks.filter((c) => c.status !== 'SKIPPED')).toEqual([
      expect.objectContaining({
        id: Number(callbackId),
        businessId: 8,
        eventType: 'deposit.received',
        entityKind: 'payments',
        entityId: String(paymentId),
        status: 'DELIVERED',
        attempts: 2,
        maxAttempts: 8,
        lastStatusCode: 200,
        lastError: null,
      }),
    ]);
    const callbacks = answer.timeline
      .filter((s) => s.type === 'callback' && s.callback?.status !== 'SKIPPED')
      .map((s) => s.callback);
    expect(callbacks).toEqual([
      {
        id: Number(callbackId),
        eventType: 'deposit.received',
        attempt: 1,
        of: 8,
        statusCode: 500,
        error: null,
        status: 'RETRYING',
      },
      {
        id: Number(callbackId),
        eventType: 'deposit.received',
        attempt: 2,
        of: 8,
        statusCode: 200,
        error: null,
        status: 'DELIVERED',
      },
    ]);
    // BACKOFFICE has INITIATE_CALLBACK; SUPPORT reads payments but may not resend.
    expect(answer.actions.resendCallback).toBe(true);
    const support = await page('payments', paymentId, SUPPORT);
    expect(support.callbacks).toHaveLength(5);
    expect(support.actions.resendCallback).toBe(false);
    // A deposit's callbacks are its payment's.
    expect((await page('payment-deposits', depositId)).callbacks.map((c) => c.id)).toEqual(
      answer.callbacks.map((c) => c.id),
    );
    // A record without callbacks offers no Resend.
    const other = await firstId(
      'payments',
      "organisation_id = $1 AND business_id <> $2 AND status = 'PAID'",
      [AURORA, HIDDEN_BUSINESS],
    );
    expect((await page('payments', other, BACKOFFICE)).actions.resendCallback).toBe(false);
  });
});

describe('the timeline of a withdrawal made by one user and approved by another', () => {
  let withdrawalId: number;
  let address: number;

  beforeAll(async () => {
    address = await firstId('whitelisted_addresses', "organisation_id = $1 AND currency = 'BTC'", [AURORA]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals/crypto',
      headers: { ...t.auth(tokens.get(MANAGER)!), 'idempotency-key': randomUUID() },
      payload: {
        businessId: 1,
        currency: 'BTC',
        network: 'MAIN',
        amount: '0.0001',
        whitelistedAddressId: address,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    withdrawalId = response.json().withdrawal.id;
  });

  it('offers approve and reject to another user with the permission, never to its creator', async () => {
    const own = await page('crypto-withdrawals', withdrawalId, MANAGER);
    // Its approval request's callback (business 1's approval URL) may be resent by MANAGER.
    expect(own.actions).toEqual({ approve: false, reject: false, resendCallback: true });
    expect((await page('crypto-withdrawals', withdrawalId, TWOFA)).actions).toMatchObject({
      approve: true,
      reject: true,
    });
    // SUPPORT reads withdrawals but may not decide them.
    expect((await page('crypto-withdrawals', withdrawalId, SUPPORT)).actions).toMatchObject({
      approve: false,
      reject: false,
    });
    expect(types(own.timeline)).toEqual(['created', 'held', 'approval_requested']);
    expect(own.timeline[0]).toMatchObject({
      actor: { type: 'user', label: MANAGER },
      status: 'AWAITING_APPROVAL',
      twoFactor: false,
    });
    expect(own.ledger.map((e) => e.kind)).toEqual(['withdrawal_hold']);
    expect(own.ledger[0].postings.map((p) => [p.account, p.amount])).toEqual([
      ['available', '-0.0001'],
      ['held', '0.0001'],
    ]);
  });

  it('shows who approved it, with the 2FA code checked, and links its whitelisted address', async () => {
    const decided = await t.app.inject({
      method: 'POST',
      url: `/v1/withdrawals/crypto/${withdrawalId}/approve`,
      headers: {
        ...t.auth(tokens.get(TWOFA)!),
        'idempotency-key': randomUUID(),
        'x-2fa-code': nextTwoFaCode(t),
      },
      payload: {},
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const answer = await page('crypto-withdrawals', withdrawalId, MANAGER);
    expect(types(answer.timeline)).toEqual(['created', 'held', 'approval_requested', 'approved']);
    expect(answer.timeline[3]).toMatchObject({
      actor: { type: 'user', label: TWOFA },
      source: 'dashboard',
      status: 'PENDING',
      twoFactor: true,
    });
    expect(answer.timeline[3].audit).toBeUndefined(); // MANAGER does not read the audit log
    expect(answer.actions).toMatchObject({ approve: false, reject: false });
    expect(answer.ledger.map((e) => e.kind)).toEqual(['withdrawal_hold', 'withdrawal']);
    const { rows } = await t.db.query<{ label: string }>(
      'SELECT label FROM whitelisted_addresses WHERE id = $1',
      [address],
    );
    expect(answer.related).toEqual([
      {
        kind: 'whitelisted-addresses',
        id: String(address),
        relation: 'whitelisted-address',
        label: rows[0].label,
        status: null,
        businessId: null,
      },
    ]);
    // ADMIN reads the audit log: the decision's step carries its audit row.
    const admin = await page('crypto-withdrawals', withdrawalId, ADMIN);
    expect(admin.timeline[3].audit).toMatchObject({
      action: 'approve',
      changes: { status: { before: 'PENDING_APPROVAL', after: 'APPROVED' } },
    });
    expect(admin.timeline[0].audit).toMatchObject({ action: 'create' });
    // SUPPORT reads withdrawals but not whitelisted addresses: no link.
    expect((await page('crypto-withdrawals', withdrawalId, SUPPORT)).related).toEqual([]);
  });

  it('shows the simulator broadcasting it and confirming it', async () => {
    let now = t.clock.now() + BROADCAST_AFTER_MS;
    expect(await withdrawalSteps[0].run(t.db, new Date(now), 10)).toBeGreaterThanOrEqual(1);
    now += CONFIRM_AFTER_MS;
    expect(await withdrawalSteps[1].run(t.db, new Date(now), 10)).toBeGreaterThanOrEqual(1);
    const answer = await page('crypto-withdrawals', withdrawalId);
    expect(types(answer.timeline)).toEqual([
      'created',
      'held',
      'approval_requested',
      'approved',
      'broadcast',
      'completed',
    ]);
    const simulator = { type: 'system', id: null, label: 'Simulator' };
    expect(answer.timeline.slice(4)).toEqual([
      expect.objectContaining({
        actor: simulator,
        source: 'simulator',
        status: 'PROCESSING',
        at: iso(now - CONFIRM_AFTER_MS),
      }),
      expect.objectContaining({ actor: simulator, source: 'simulator', status: 'COMPLETED', at: iso(now) }),
    ]);
  });

  it('shows a failure with the reason the simulator kept', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals/crypto',
      headers: { ...t.auth(tokens.get(MANAGER)!), 'idempotency-key': randomUUID() },
      payload: {
        businessId: 1,
        currency: 'BTC',
        network: 'MAIN',
        amount: '0.0001',
        whitelistedAddressId: address,
      },
    });
    const id = response.json().withdrawal.id as number;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/v1/withdrawals/crypto/${id}/approve`,
      headers: { ...t.auth(tokens.get(ADMIN)!), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // What eachDue's mark does with a row it could not move (server/simulator/eachDue.ts): FAILED, and why.
    const at = new Date(t.clock.now() + 60_000);
    await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE crypto_withdrawals SET status = 'FAILED', updated_at = $2 WHERE id = $1`, [
        id,
        at,
      ]);
      await tx.query(
        `INSERT INTO simulator_failures (step, row_id, reason, failed_at) VALUES ('withdrawal-broadcast', $1, 'node unreachable', $2)`,
        [id, at],
      );
    });
    const answer = await page('crypto-withdrawals', id);
    expect(answer.timeline.at(-1)).toEqual(
      expect.objectContaining({
        type: 'failed',
        status: 'FAILED',
        reason: 'node unreachable',
        at: at.toISOString(),
      }),
    );
  });

  it('shows a rejection by a user without 2FA with its reason', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals/crypto',
      headers: {
        ...t.auth(tokens.get(TWOFA)!),
        'idempotency-key': randomUUID(),
        'x-2fa-code': nextTwoFaCode(t),
      },
      payload: {
        businessId: 1,
        currency: 'BTC',
        network: 'MAIN',
        amount: '0.0001',
        whitelistedAddressId: address,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().withdrawal.id as number;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/withdrawals/crypto/${id}/reject`,
      headers: { ...t.auth(tokens.get(ADMIN)!), 'idempotency-key': randomUUID() },
      payload: { reason: 'Destination not confirmed' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const answer = await page('crypto-withdrawals', id);
    expect(answer.timeline[0]).toMatchObject({ actor: { label: TWOFA }, twoFactor: true });
    expect(answer.timeline.at(-1)).toMatchObject({
      type: 'rejected',
      actor: { type: 'user', label: ADMIN },
      twoFactor: false,
      reason: 'Destination not confirmed',
      status: 'REJECTED',
    });
    expect(answer.ledger.map((e) => e.kind)).toEqual(['withdrawal_hold', 'withdrawal_release']);
  });
});

describe('the history of a record (migration 0060)', () => {
  it('shows an open request expiring', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { ...t.auth(tokens.get(ADMIN)!), 'idempotency-key': randomUUID() },
      payload: { businessId: 8, currency: 'BTC', network: 'MAIN', expirationMinutes: 1, amount: '0.003' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().payment.id as number;
    // Past its expiry with no deposit (the deposit step never ran for it): EXPIRED.
    await t.db.query('UPDATE payments SET deposit_due_at = NULL WHERE id = $1', [id]);
    const at = new Date(t.clock.now() + 61_000);
    expect(await expiryStep.run(t.db, at, 100)).toBeGreaterThanOrEqual(1);
    const answer = await page('payments', id);
    expect(types(answer.timeline)).toEqual(['created', 'expired']);
    expect(answer.timeline[1]).toMatchObject({
      status: 'EXPIRED',
      at: at.toISOString(),
      source: 'simulator',
    });
  });

  it('shows a conversion quoted by one user and executed by another, with its entry and its fee’s', async () => {
    const money = (email: string) => ({ ...t.auth(tokens.get(email)!), 'idempotency-key': randomUUID() });
    const quoted = await t.app.inject({
      method: 'POST',
      url: '/v1/payment/balance/convert',
      headers: money(MANAGER),
      payload: {
        businessId: 1,
        amountCurrencyType: 'DEBIT',
        debitCurrency: 'EUR',
        creditCurrency: 'USD',
        amount: '10',
      },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const id = quoted.json().conversion.id as number;
    const executed = await t.app.inject({
      method: 'PATCH',
      url: `/v1/payment/balance/convert/${id}`,
      headers: money(ADMIN),
      payload: {},
    });
    expect(executed.statusCode, executed.body).toBe(200);
    const answer = await page('balance-conversions', id);
    expect(answer.timeline.map((s) => [s.type, s.status, s.actor?.label, s.source])).toEqual([
      ['created', 'QUOTED', MANAGER, 'dashboard'],
      ['executed', 'EXECUTED', ADMIN, 'dashboard'],
    ]);
    expect(answer.timeline[1].audit).toMatchObject({ action: 'update' });
    expect(answer.ledger.map((e) => e.kind)).toEqual(['conversion', 'conversion_fee']);
  });

  it('shows a settlement created, then settled by the bank, linked to its bank account for its readers', async () => {
    const account = await firstId('bank_accounts', "organisation_id = $1 AND account_currency = 'EUR'", [
      AURORA,
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/payment/withdrawals/fiat',
      headers: { ...t.auth(tokens.get(ADMIN)!), 'idempotency-key': randomUUID() },
      payload: {
        businessId: 1,
        bankAccountId: account,
        currency: 'EUR',
        amount: '15.00',
        reference: 'Payout test',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(Object.values(created.json() as Record<string, { id: number }>)[0].id);
    const at = new Date(t.clock.now() + SETTLE_AFTER_MS);
    expect(await settlementCompletion.run(t.db, at, 100)).toBeGreaterThanOrEqual(1);
    const answer = await page('settlements', id);
    expect(answer.timeline.map((s) => [s.type, s.status, s.actor?.label])).toEqual([
      ['created', 'PROCESSING', ADMIN],
      ['settled', 'COMPLETED', 'Simulator'],
    ]);
    expect(answer.timeline[1].at).toBe(at.toISOString());
    const { rows } = await t.db.query<{ label: string }>(
      'SELECT account_label AS label FROM bank_accounts WHERE id = $1',
      [account],
    );
    expect(answer.related).toEqual([
      {
        kind: 'bank-accounts',
        id: String(account),
        relation: 'bank-account',
        label: rows[0].label,
        status: null,
        businessId: null,
      },
    ]);
    expect(answer.ledger.map((e) => e.kind)).toHaveLength(1);
    // SUPPORT reads settlements, not bank accounts.
    expect((await page('settlements', id, SUPPORT)).related).toEqual([]);
  });

  it('keeps each status change in its transaction, none of a rolled-back one, and refuses to rewrite it', async () => {
    const id = await firstId('fiat_deposits', "organisation_id = $1 AND status = 'PENDING'", [AURORA]);
    const count = async () =>
      Number(
        (
          await t.db.query<{ n: string }>(
            "SELECT count(*)::text AS n FROM record_history WHERE record_kind = 'fiat-deposits' AND record_id = $1",
            [id],
          )
        ).rows[0].n,
      );
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`UPDATE fiat_deposits SET status = 'CANCELLED' WHERE id = $1`, [id]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count()).toBe(0);
    await t.db.query(`UPDATE fiat_deposits SET reference = reference || ' ' WHERE id = $1`, [id]);
    expect(await count()).toBe(0); // no status change, no history
    await t.db.query(
      `UPDATE fiat_deposits SET status = 'CANCELLED', updated_at = updated_at + interval '1 hour' WHERE id = $1`,
      [id],
    );
    expect(await count()).toBe(1);
    const answer = await page('fiat-deposits', id);
    expect(answer.timeline.map((s) => [s.type, s.status, s.actor?.label])).toEqual([
      ['created', 'PENDING', undefined],
      ['cancelled', 'CANCELLED', 'Simulator'],
    ]);
    await expect(t.db.query('DELETE FROM record_history WHERE record_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      t.db.query("UPDATE record_history SET new_status = 'PENDING' WHERE record_id = $1", [id]),
    ).rejects.toThrow(/append-only/);
  });
});

describe('scoping', () => {
  it('needs the kind’s read permission (403 otherwise)', async () => {
    const movement = await firstId('manual_movements', 'organisation_id = $1 AND business_id <> $2', [
      AURORA,
      HIDDEN_BUSINESS,
    ]);
    expect((await get(`/v1/records/manual-movements/${movement}`, SUPPORT)).statusCode).toBe(403);
    expect((await get(`/v1/records/manual-movements/${movement}`, BACKOFFICE)).statusCode).toBe(200);
    const payment = await firstId('payments', 'organisation_id = $1 AND business_id <> $2', [
      AURORA,
      HIDDEN_BUSINESS,
    ]);
    expect((await get(`/v1/records/payments/${payment}`, VIEWER)).statusCode).toBe(403);
    const deposit = await firstId('payment_deposits', 'organisation_id = $1 AND business_id <> $2', [
      AURORA,
      HIDDEN_BUSINESS,
    ]);
    expect((await get(`/v1/records/payment-deposits/${deposit}`, VIEWER)).statusCode).toBe(403);
  });

  beforeAll(async () => {
    // The demo data has no transfer of the hidden business: one to the first business.
    await t.db.query(
      `INSERT INTO internal_transfers (organisation_id, business_id, counterparty_business_id, currency, amount, status, created_at, updated_at)
       VALUES ($1, $2, 1, 'EUR', 10, 'PENDING', now(), now())`,
      [AURORA, HIDDEN_BUSINESS],
    );
  });

  it.each(RECORD_KINDS)(
    "%s: another organisation's id and, for a non-ADMIN, the hidden business's are 404",
    async (kind) => {
      const foreign = await firstId(tableOf(kind), 'organisation_id = $1', [BOREALIS]);
      const response = await get(`/v1/records/${kind}/${foreign}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('"header"');
      const hidden = await firstId(tableOf(kind), 'business_id = $1', [HIDDEN_BUSINESS]);
      expect((await get(`/v1/records/${kind}/${hidden}`, ADMIN)).statusCode).toBe(200);
      expect((await get(`/v1/records/${kind}/${hidden}`, MANAGER)).statusCode).toBe(404);
      expect((await get(`/v1/records/${kind}/999999999`)).statusCode).toBe(404);
    },
  );

  it('answers 404 for an unknown kind and 400 for an id that is not one', async () => {
    expect((await get('/v1/records/refunds/1')).statusCode).toBe(404);
    expect((await get('/v1/records/payments/abc')).statusCode).toBe(400);
    expect((await get('/v1/records/payments/0')).statusCode).toBe(400);
  });

  it('shows audit steps only to a reader of the audit log', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT d.id::text AS id FROM payment_deposits d JOIN payments p ON p.id = d.payment_id
        WHERE d.organisation_id = $1 AND d.business_id <> $2 ORDER BY d.id LIMIT 1`,
      [AURORA, HIDDEN_BUSINESS],
    );
    const deposit = rows[0].id;
    // A travel-rule change of the deposit: an audited change with no status of its own.
    await t.db.query(
      `INSERT INTO audit_log (organisation_id, at, actor_type, actor_id, actor_label, action, entity_type, entity_id, changes, outcome)
       VALUES ($1, now(), 'user', '1', 'admin@example.com', 'update', 'deposit', $2, '{"originatorName": {"before": null, "after": "Jana"}}', 'success')`,
      [AURORA, deposit],
    );
    const admin = await page('payment-deposits', deposit, ADMIN);
    expect(admin.timeline.filter((s) => s.type === 'audit')).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: '1', label: 'admin@example.com' },
        audit: { action: 'update', changes: { originatorName: { before: null, after: 'Jana' } } },
      }),
    ]);
    const manager = await page('payment-deposits', deposit, MANAGER);
    expect(manager.timeline.filter((s) => s.type === 'audit')).toEqual([]);
    expect(manager.timeline.some((s) => s.audit !== undefined)).toBe(false);
  });
});
