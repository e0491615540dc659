/**
 * Callbacks delivered (issue 32 §1): each change a merchant is told of writes its callback in the
 * change's transaction (a rolled-back change writes none); the worker delivers it to a real receiver
 * that verifies every request with `standardwebhooks`; the body's data is the record as the API
 * answers it; a business without the URL gets a SKIPPED row; a resend makes a new attempt with the same
 * webhook-id; reading follows the permission that reads the record, the hidden business and the
 * organisation; each change of a callback raises `callbacks.updated`. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_MAX_ATTEMPTS, type CallbackPayload } from '../../src/domain/callbacks';
import { EVENT_PERMISSIONS } from '../../src/domain/events';
import { AURORA, HIDDEN_BUSINESS } from '../../server/db/seed';
import { recordCallback } from '../../server/modules/callbacks/outbox';
import { DEPOSIT_DELAY_SECONDS } from '../../server/modules/payments/service';
import {
  CONFIRMATION_INTERVAL_SECONDS,
  REQUIRED_CONFIRMATIONS,
  confirmationStep,
  depositStep,
} from '../../server/modules/payments/simulator';
import { startReceiver, verify, type Receiver } from './callbackReceiver';
import { makeApp, testScope, type TestApp } from './helpers';

let t: TestApp;
let receiver: Receiver;
let secret: string;
let btcAddress: number;
const tokens = new Map<string, string>();

const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';

beforeAll(async () => {
  receiver = await startReceiver();
  t = await makeApp({ rateLimitPerMinute: 1_000_000, callbackAllowedAddresses: [receiver.address] });
  for (const email of [
    ADMIN,
    MANAGER,
    'support@example.com',
    'backoffice@example.com',
    'integrator@example.com',
    'viewer@example.com',
  ])
    tokens.set(email, await t.token(email));
  // The demo's own due callbacks go to the demo receiver: set aside, so every attempt here is this file's.
  await t.db.query(
    "UPDATE callbacks SET status = 'FAILED', next_attempt_at = NULL WHERE status IN ('PENDING', 'RETRYING')",
  );
  // Northwind Coffee (business 1) is the merchant behind the test's receiver.
  await t.db.query(
    `UPDATE businesses SET deposit_received_callback_url = $1, withdrawal_callback_url = $2,
            withdrawal_approval_callback_url = $3 WHERE id = 1`,
    [
      receiver.url('/northwind/deposits'),
      receiver.url('/northwind/withdrawals'),
      receiver.url('/northwind/approvals'),
    ],
  );
  const rotated = await post('/v1/businesses/1/callback-secret', ADMIN);
  expect(rotated.statusCode, rotated.body).toBe(201);
  secret = rotated.json().secret;
  btcAddress = Number(
    (
      await t.db.query<{ id: number }>(
        "SELECT id FROM whitelisted_addresses WHERE organisation_id = $1 AND currency = 'BTC' ORDER BY id LIMIT 1",
        [AURORA],
      )
    ).rows[0].id,
  );
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

function post(url: string, email: string, payload?: unknown, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.auth(tokens.get(email)!), 'idempotency-key': key },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const get = (url: string, email = ADMIN) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

interface Row {
  id: number;
  webhookId: string;
  eventType: string;
  entityStatus: string;
  status: string;
  attempts: number;
  url: string | null;
}

async function callbacksOf(kind: string, id: number, email = ADMIN): Promise<Row[]> {
  const response = await get(`/v1/callbacks?entityKind=${kind}&entityId=${id}&order=asc`, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().callbacks;
}

/** A crypto withdrawal of business 1 made by manager@, awaiting approval. */
async function awaitingWithdrawal(): Promise<number> {
  const response = await post('/v1/withdrawals/crypto', MANAGER, {
    businessId: 1,
    currency: 'BTC',
    network: 'MAIN',
    amount: '0.0001',
    whitelistedAddressId: btcAddress,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().withdrawal.id;
}

/** The requests the receiver got with this webhook-id, each verified by standardwebhooks. */
function deliveriesOf(webhookId: string): CallbackPayload[] {
  return receiver.requests
    .filter((r) => r.headers['webhook-id'] === webhookId)
    .map((r) => verify(secret, r) as CallbackPayload);
}

describe('callbacks of a crypto withdrawal', () => {
  it('tells the approval URL of the request and the decision, the withdrawal URL of the change, signed', async () => {
    const id = await awaitingWithdrawal();
    const requested = await callbacksOf('crypto-withdrawals', id);
    expect(requested).toMatchObject([
      { eventType: 'withdrawal.approval_requested', entityStatus: 'AWAITING_APPROVAL', status: 'PENDING' },
    ]);
    const approved = await post(`/v1/withdrawals/crypto/${id}/approve`, ADMIN, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const record = await get(`/v1/withdrawals/crypto/${id}`);
    expect(record.statusCode).toBe(200);

    const before = receiver.requests.length;
    expect(await t.app.callbacks.tick()).toEqual({ attempted: 3, delivered: 3, failed: 0 });
    const rows = await callbacksOf('crypto-withdrawals', id);
    expect(rows.map((r) => [r.eventType, r.entityStatus, r.status, r.attempts])).toEqual([
      ['withdrawal.approval_requested', 'AWAITING_APPROVAL', 'DELIVERED', 1],
      ['withdrawal.approval_decided', 'PENDING', 'DELIVERED', 1],
      ['withdrawal.updated', 'PENDING', 'DELIVERED', 1],
    ]);
    const paths = receiver.requests.slice(before).map((r) => r.path);
    expect(paths.sort()).toEqual(['/northwind/approvals', '/northwind/approvals', '/northwind/withdrawals']);
    for (const row of rows) {
      const [body] = deliveriesOf(row.webhookId);
      expect(body).toMatchObject({ type: row.eventType, id: row.webhookId });
      expect(body.data.id).toBe(id);
    }
    // What the merchant got is the record as the API answers it, at that change.
    expect(deliveriesOf(rows[0].webhookId)[0].data.status).toBe('AWAITING_APPROVAL');
    expect(deliveriesOf(rows[2].webhookId)[0].data).toEqual(record.json());
  });

  it('writes nothing, and so sends nothing, when the change rolls back', async () => {
    const count = async () =>
      Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM callbacks')).rows[0].n);
    const before = await count();
    // The withdrawal's audit row is refused: its transaction, callback written, rolls back.
    await t.db.exec(`
      CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END $$;
      CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
        WHEN (NEW.entity_type = 'crypto-withdrawal') EXECUTE FUNCTION refuse_audit();`);
    try {
      const response = await post('/v1/withdrawals/crypto', MANAGER, {
        businessId: 1,
        currency: 'BTC',
        network: 'MAIN',
        amount: '0.0001',
        whitelistedAddressId: btcAddress,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.exec('DROP TRIGGER refuse_audit ON audit_log; DROP FUNCTION refuse_audit();');
    }
    // And a transaction of the outbox's own that throws after writing.
    const payment = Number(
      (await t.db.query<{ id: number }>('SELECT id FROM payments WHERE business_id = 1 ORDER BY id LIMIT 1'))
        .rows[0].id,
    );
    await expect(
      t.db.transaction(async (tx) => {
        await recordCallback(tx, testScope(), {
          type: 'deposit.updated',
          entityId: payment,
          status: 'CONFIRMED',
          at: new Date(),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(before);
    const sent = receiver.requests.length;
    expect((await t.app.callbacks.tick()).attempted).toBe(0);
    expect(receiver.requests.length).toBe(sent);
  });
});

describe('callbacks of a payment', () => {
  it('tells the deposit URL of the deposit received, each confirmation and its confirmation', async () => {
    const created = await post('/v1/payments', ADMIN, {
      businessId: 1,
      currency: 'BTC',
      network: 'MAIN',
      expirationMinutes: 60,
      amount: '0.001',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().payment.id);
    let at = t.clock.now() + DEPOSIT_DELAY_SECONDS * 1000;
    expect(await depositStep.run(t.db, new Date(at), 100)).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < REQUIRED_CONFIRMATIONS; i++) {
      at += CONFIRMATION_INTERVAL_SECONDS * 1000;
      await confirmationStep.run(t.db, new Date(at), 100);
    }
    const rows = await callbacksOf('payments', id);
    expect(rows.map((r) => [r.eventType, r.entityStatus, r.status])).toEqual([
      ['deposit.received', 'PENDING', 'PENDING'],
      ['deposit.updated', 'PENDING', 'PENDING'],
      ['deposit.updated', 'PENDING', 'PENDING'],
      ['deposit.updated', 'CONFIRMED', 'PENDING'],
    ]);
    // Due at the simulator's times: nothing of them before.
    expect((await t.app.callbacks.tick(new Date(t.clock.now()))).attempted).toBe(0);
    expect(await t.app.callbacks.tick(new Date(at))).toEqual({ attempted: 4, delivered: 4, failed: 0 });
    const bodies = rows.map((r) => deliveriesOf(r.webhookId));
    expect(bodies.map((b) => b.length)).toEqual([1, 1, 1, 1]);
    const deposits = bodies.map(([b]) => (b.data.deposits as { confirmations: number; status: string }[])[0]);
    expect(deposits.map((d) => [d.status, d.confirmations])).toEqual([
      ['PENDING', 0],
      ['PENDING', 1],
      ['PENDING', 2],
      ['CONFIRMED', 3],
    ]);
    const record = await get(`/v1/payments/${id}`);
    expect(bodies[3][0].data).toEqual(record.json());
    expect(bodies[3][0].data.status).toBe('PAID');
    expect(
      receiver.requests
        .filter((r) => bodies.some(([b]) => b.id === r.headers['webhook-id']))
        .map((r) => r.path),
    ).toEqual(Array(4).fill('/northwind/deposits'));
  });

  it('keeps a SKIPPED row for a business without the URL, and sends it nothing', async () => {
    const created = await post('/v1/payments', ADMIN, {
      businessId: 5,
      currency: 'BTC',
      network: 'MAIN',
      expirationMinutes: 60,
      amount: '0.002',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().payment.id);
    const at = t.clock.now() + DEPOSIT_DELAY_SECONDS * 1000;
    await depositStep.run(t.db, new Date(at), 100);
    const rows = await callbacksOf('payments', id);
    expect(rows).toMatchObject([
      { eventType: 'deposit.received', status: 'SKIPPED', url: null, attempts: 0 },
    ]);
    expect((await t.app.callbacks.tick(new Date(at))).attempted).toBe(0);
    const skipped = await get(`/v1/callbacks?businessId=5&status=SKIPPED`);
    expect(skipped.json().callbacks.map((c: Row) => c.id)).toContain(rows[0].id);
  });
});

describe('a callback', () => {
  it('answers its body and attempts; a resend makes a new attempt now with the same webhook-id', async () => {
    const id = await awaitingWithdrawal();
    await t.app.callbacks.tick();
    const [row] = await callbacksOf('crypto-withdrawals', id);
    expect(row.status).toBe('DELIVERED');

    const forbidden = await post(`/v1/callbacks/${row.id}/resend`, 'support@example.com');
    expect(forbidden.statusCode).toBe(403);
    const key = randomUUID();
    const resent = await post(`/v1/callbacks/${row.id}/resend`, 'backoffice@example.com', undefined, key);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json().callback).toMatchObject({
      id: row.id,
      webhookId: row.webhookId,
      status: 'PENDING',
      nextAttemptAt: new Date(t.clock.now()).toISOString(),
      maxAttempts: CALLBACK_MAX_ATTEMPTS + 1,
    });
    // The same key again: the stored answer, no second resend.
    const replayed = await post(`/v1/callbacks/${row.id}/resend`, 'backoffice@example.com', undefined, key);
    expect(replayed.statusCode).toBe(202);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(resent.json());
    const audit = await t.db.query<{ actor_label: string }>(
      "SELECT actor_label FROM audit_log WHERE entity_type = 'callback' AND entity_id = $1 AND action = 'resend'",
      [String(row.id)],
    );
    expect(audit.rows.map((r) => r.actor_label)).toEqual(['backoffice@example.com']);

    expect((await t.app.callbacks.tick()).delivered).toBe(1);
    expect(deliveriesOf(row.webhookId)).toHaveLength(2);
    const detail = await get(`/v1/callbacks/${row.id}`);
    expect(detail.statusCode).toBe(200);
    const { callback, attempts } = detail.json();
    expect(callback).toMatchObject({
      status: 'DELIVERED',
      attempts: 2,
      maxAttempts: CALLBACK_MAX_ATTEMPTS + 1,
      lastStatusCode: 200,
      payload: { type: 'withdrawal.approval_requested', id: row.webhookId },
    });
    expect(callback.payload).toEqual(deliveriesOf(row.webhookId)[0]);
    expect(attempts).toMatchObject([
      {
        attempt: 1,
        trigger: 'SCHEDULE',
        resentBy: null,
        statusCode: 200,
        error: null,
        responseExcerpt: '{"ok":true}',
        nextAttemptAt: null,
      },
      { attempt: 2, trigger: 'RESEND', resentBy: 'backoffice@example.com', statusCode: 200 },
    ]);
    expect(attempts[0].latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('is read with the permission that reads its record, in its organisation, the hidden business by ADMIN only', async () => {
    const id = await awaitingWithdrawal();
    const [withdrawal] = await callbacksOf('crypto-withdrawals', id);
    const payment = (await get('/v1/callbacks?entityKind=payments&businessId=1&limit=1')).json()
      .callbacks[0] as Row;
    expect(payment).toBeDefined();

    // The Integrator reads payments (GET_PAYMENT), not withdrawals.
    const integrator = await get('/v1/callbacks?limit=100', 'integrator@example.com');
    expect(integrator.statusCode).toBe(200);
    const kinds = new Set(integrator.json().callbacks.map((c: { entityKind: string }) => c.entityKind));
    expect([...kinds]).toEqual(['payments']);
    expect((await get(`/v1/callbacks/${withdrawal.id}`, 'integrator@example.com')).statusCode).toBe(404);
    expect((await get(`/v1/callbacks/${payment.id}`, 'integrator@example.com')).statusCode).toBe(200);
    expect((await get('/v1/callbacks', 'viewer@example.com')).statusCode).toBe(403);
    expect((await get(`/v1/callbacks/${withdrawal.id}`, 'support@example.com')).statusCode).toBe(200);

    // The hidden business's callbacks (seeded): ADMIN only.
    const hidden = (await get(`/v1/callbacks?businessId=${HIDDEN_BUSINESS}`)).json().callbacks as Row[];
    expect(hidden.length).toBeGreaterThan(0);
    expect((await get(`/v1/callbacks?businessId=${HIDDEN_BUSINESS}`, MANAGER)).json()).toEqual({
      callbacks: [],
      total: 0,
    });
    expect((await get(`/v1/callbacks/${hidden[0].id}`, MANAGER)).statusCode).toBe(404);
    const everything = (await get('/v1/callbacks?limit=100', MANAGER)).json().callbacks as {
      businessId: number;
    }[];
    expect(everything.some((c) => c.businessId === HIDDEN_BUSINESS)).toBe(false);

    // Another organisation's callback is not found, and its resend changes nothing.
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM callbacks WHERE organisation_id <> $1 LIMIT 1',
      [AURORA],
    );
    expect((await get(`/v1/callbacks/${rows[0].id}`)).statusCode).toBe(404);
    expect((await post(`/v1/callbacks/${rows[0].id}/resend`, ADMIN)).statusCode).toBe(404);
  });

  it('filters by business, event type, status, date and record, newest first', async () => {
    const all = (await get('/v1/callbacks?limit=100')).json();
    expect(all.total).toBeGreaterThan(5);
    const times = all.callbacks.map((c: { createdAt: string }) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const decided = (await get('/v1/callbacks?eventType=withdrawal.approval_decided')).json()
      .callbacks as Row[];
    expect(decided.length).toBeGreaterThan(0);
    expect(decided.every((c) => c.eventType === 'withdrawal.approval_decided')).toBe(true);
    const delivered = (await get('/v1/callbacks?status=DELIVERED&businessId=1')).json().callbacks as Row[];
    expect(delivered.every((c) => c.status === 'DELIVERED')).toBe(true);
    const future = (await get(`/v1/callbacks?from=${encodeURIComponent('2999-01-01T00:00:00Z')}`)).json();
    expect(future).toEqual({ callbacks: [], total: 0 });
    expect((await get('/v1/callbacks?status=LOST')).statusCode).toBe(400);
    expect((await get('/v1/callbacks?entityId=abc')).statusCode).toBe(400);
  });

  it('raises callbacks.updated when written and at each attempt, never for a claim alone', async () => {
    expect(EVENT_PERMISSIONS['callbacks.updated']).toEqual([
      'GET_PAYMENTS',
      'GET_PAYMENT',
      'GET_WITHDRAWALS',
    ]);
    const id = await awaitingWithdrawal();
    const [row] = await callbacksOf('crypto-withdrawals', id);
    const events = async () =>
      (
        await t.db.query<{ resources: string[]; business_id: number }>(
          "SELECT resources, business_id FROM events WHERE type = 'callbacks.updated' AND entity_id = $1",
          [String(row.id)],
        )
      ).rows;
    expect(await events()).toEqual([{ resources: ['callbacks'], business_id: 1 }]);
    await t.db.query("UPDATE callbacks SET claimed_until = now(), claim_token = 'x' WHERE id = $1", [row.id]);
    await t.db.query('UPDATE callbacks SET claimed_until = NULL, claim_token = NULL WHERE id = $1', [row.id]);
    expect(await events()).toHaveLength(1);
    await t.app.callbacks.tick();
    expect(await events()).toHaveLength(2);
  });
});
