/**
 * How a callback is delivered (issue 32 §1, docs/decisions.md 238–240), against a real receiver on
 * 127.0.0.1 with an injected resolver and a clock moved by hand: the retry schedule then FAILED; only
 * a 2xx delivers, a redirect is not followed, an answer is kept to its first 2 KB, a silent receiver
 * times out; the guard at each attempt, on the address connected to (127.0.0.1, 169.254.169.254 and
 * names resolving to them refused; the operator's allowed address let through, with the URL's host as
 * Host); at most a few attempts per destination, and a slow destination never holds back another's;
 * after a rotation both secrets sign for 24 hours, then only the new one. PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CALLBACK_EXCERPT_BYTES,
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_RETRY_SCHEDULE_S,
  CALLBACK_SECRET_OVERLAP_MS,
  attemptOutcome,
} from '../../src/domain/callbacks';
import { loadConfig, testConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import type { HostResolver } from '../../server/lib/outboundUrl';
import { recordCallback } from '../../server/modules/callbacks/outbox';
import { PER_DESTINATION } from '../../server/modules/callbacks/worker';
import { startReceiver, verify, type Receiver } from './callbackReceiver';
import { makeApp, testScope, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
let receiver: Receiver;
let admin: string;
/** The injected resolver's table: names of the receiver, of the metadata service, of loopback. */
const names = new Map<string, string>();
const resolver: HostResolver = async (host) => {
  const address = names.get(host);
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

beforeAll(async () => {
  receiver = await startReceiver();
  t = await makeApp(
    { rateLimitPerMinute: 1_000_000, callbackAllowedAddresses: [receiver.address] },
    { callbacks: { callbackResolver: resolver, callbackTimeoutMs: 1_500 } },
  );
  admin = await t.token('admin@example.com');
  await t.db.query(
    "UPDATE callbacks SET status = 'FAILED', next_attempt_at = NULL WHERE status IN ('PENDING', 'RETRYING')",
  );
  names.set('merchant.example', '127.0.0.1');
  names.set('fast.example', '127.0.0.1');
  names.set('slow.example', '127.0.0.1');
  names.set('metadata.example', '169.254.169.254');
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
// What a test left due is set aside: each test's attempts are its own.
afterEach(async () => {
  receiver.release();
  await t.db.query(
    `UPDATE callbacks SET status = 'FAILED', next_attempt_at = NULL, claimed_until = NULL, claim_token = NULL
      WHERE status IN ('PENDING', 'RETRYING')`,
  );
});

let business = 0;
/** One of Aurora's visible businesses with payments (1–7, in turn), its deposit URL now `url`. */
async function merchantAt(url: string): Promise<number> {
  business = (business % 7) + 1;
  await t.db.query('UPDATE businesses SET deposit_received_callback_url = $1 WHERE id = $2', [url, business]);
  return business;
}

/** `n` deposit callbacks of the business, written by the outbox at `at`; answers their ids. */
async function callbacksFor(businessId: number, n = 1, at = new Date(t.clock.now())): Promise<number[]> {
  const { rows } = await t.db.query<{ id: number }>(
    'SELECT id FROM payments WHERE business_id = $1 ORDER BY id LIMIT $2',
    [businessId, n],
  );
  expect(rows).toHaveLength(n);
  const ids: number[] = [];
  await t.db.transaction(async (tx: Db) => {
    for (const p of rows) {
      const made = await recordCallback(tx, testScope({ seesHiddenBusinesses: true }), {
        type: 'deposit.updated',
        entityId: Number(p.id),
        status: 'CONFIRMED',
        at,
      });
      ids.push(made.id);
    }
  });
  return ids;
}

const detail = async (id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/callbacks/${id}`, headers: t.auth(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const requestsTo = (path: string) => receiver.requests.filter((r) => r.path === path);

describe('the retry schedule', () => {
  it('follows the published pauses from each attempt, then FAILED; a resend then delivers', async () => {
    const id = await merchantAt('http://merchant.example:' + receiver.port + '/down');
    const [callback] = await callbacksFor(id);
    receiver.answer = (r) => (r.path === '/down' ? { status: 500, body: 'x'.repeat(5000) } : { status: 200 });
    let at = t.clock.now();
    const tick = (ms: number) => t.app.callbacks.tick(new Date(ms));
    expect((await tick(at)).attempted).toBe(1);
    for (const pause of CALLBACK_RETRY_SCHEDULE_S) {
      const { callback: row } = await detail(callback);
      expect(row).toMatchObject({
        status: 'RETRYING',
        nextAttemptAt: new Date(at + pause * 1000).toISOString(),
      });
      // Not a moment before its time.
      expect((await tick(at + pause * 1000 - 1)).attempted).toBe(0);
      at += pause * 1000;
      expect((await tick(at)).attempted).toBe(1);
    }
    const { callback: failed, attempts } = await detail(callback);
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: CALLBACK_MAX_ATTEMPTS,
      maxAttempts: CALLBACK_MAX_ATTEMPTS,
      nextAttemptAt: null,
      lastStatusCode: 500,
    });
    expect(attempts).toHaveLength(CALLBACK_MAX_ATTEMPTS);
    expect(attempts.map((a: { nextAttemptAt: string | null }) => a.nextAttemptAt)).toEqual([
      ...CALLBACK_RETRY_SCHEDULE_S.map((_, i) => attempts[i + 1].startedAt),
      null,
    ]);
    // Each kept the first 2 KB of the answer.
    expect(attempts[0].responseExcerpt).toBe('x'.repeat(CALLBACK_EXCERPT_BYTES));
    expect((await tick(at + 365 * 86_400_000)).attempted).toBe(0);
    expect(requestsTo('/down')).toHaveLength(CALLBACK_MAX_ATTEMPTS);

    // The merchant's server is back: a resend delivers it, one attempt beyond the schedule.
    receiver.answer = () => ({ status: 204 });
    t.clock.set(at + 60_000);
    admin = await t.token('admin@example.com'); // the session of 31 hours ago has expired
    const resent = await t.app.inject({
      method: 'POST',
      url: `/v1/callbacks/${callback}/resend`,
      headers: { ...t.auth(admin), 'idempotency-key': randomUUID() },
    });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(await tick(t.clock.now())).toMatchObject({ attempted: 1, delivered: 1 });
    expect((await detail(callback)).callback).toMatchObject({
      status: 'DELIVERED',
      attempts: CALLBACK_MAX_ATTEMPTS + 1,
      maxAttempts: CALLBACK_MAX_ATTEMPTS + 1,
      lastStatusCode: 204,
    });
  });

  it('is the pure rule the worker applies', () => {
    const at = 0;
    expect(
      attemptOutcome({ ok: true, trigger: 'SCHEDULE', scheduledBefore: 3, everDelivered: false, at }),
    ).toEqual({ status: 'DELIVERED', nextAttemptAt: null });
    expect(
      attemptOutcome({ ok: false, trigger: 'SCHEDULE', scheduledBefore: 0, everDelivered: false, at }),
    ).toEqual({ status: 'RETRYING', nextAttemptAt: 5_000 });
    expect(
      attemptOutcome({ ok: false, trigger: 'SCHEDULE', scheduledBefore: 7, everDelivered: false, at }),
    ).toEqual({ status: 'FAILED', nextAttemptAt: null });
    // A failed resend of a callback still on its schedule goes on with it; of a delivered one, FAILED.
    expect(
      attemptOutcome({ ok: false, trigger: 'RESEND', scheduledBefore: 2, everDelivered: false, at }),
    ).toEqual({ status: 'RETRYING', nextAttemptAt: 30_000 });
    expect(
      attemptOutcome({ ok: false, trigger: 'RESEND', scheduledBefore: 1, everDelivered: true, at }),
    ).toEqual({ status: 'FAILED', nextAttemptAt: null });
    expect(
      attemptOutcome({ ok: false, trigger: 'RESEND', scheduledBefore: 8, everDelivered: false, at }),
    ).toEqual({ status: 'FAILED', nextAttemptAt: null });
  });
});

describe('an attempt', () => {
  it('delivers on 2xx only, never follows a redirect, and times out on a silent receiver', async () => {
    const moved = await merchantAt(`http://merchant.example:${receiver.port}/moved`);
    const silent = await merchantAt(`http://merchant.example:${receiver.port}/silent`);
    const [redirected] = await callbacksFor(moved);
    const [timedOut] = await callbacksFor(silent);
    receiver.answer = (r) =>
      r.path === '/moved'
        ? { status: 302, headers: { location: receiver.url('/elsewhere') } }
        : r.path === '/silent'
          ? 'hang'
          : { status: 200 };
    expect(await t.app.callbacks.tick()).toMatchObject({ attempted: 2, delivered: 0, failed: 2 });
    receiver.release();
    expect((await detail(redirected)).attempts[0]).toMatchObject({ statusCode: 302, error: null });
    expect(requestsTo('/elsewhere')).toHaveLength(0);
    const [attempt] = (await detail(timedOut)).attempts;
    expect(attempt).toMatchObject({ statusCode: null, error: 'timeout' });
    expect(attempt.latencyMs).toBeGreaterThanOrEqual(1_400);
    expect((await detail(timedOut)).callback.status).toBe('RETRYING');
  });

  it('goes to the address it checked, the URL’s host as Host, and refuses internal addresses at each attempt', async () => {
    const refused = [
      `http://127.0.0.1:${receiver.port + 1}/`, // loopback, not the allowed port
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.example/latest/meta-data/', // a public-looking name for the metadata service
      `http://loop.example:${receiver.port}/`, // resolves to 127.0.0.2: loopback, never allowed
    ];
    names.set('loop.example', '127.0.0.2');
    const ids: number[] = [];
    for (const url of refused) ids.push(...(await callbacksFor(await merchantAt(url))));
    const before = receiver.requests.length;
    const result = await t.app.callbacks.tick();
    expect(result).toMatchObject({ attempted: 4, delivered: 0 });
    for (const id of ids)
      expect((await detail(id)).attempts[0]).toMatchObject({
        statusCode: null,
        error: 'refused: internal address',
      });
    expect(receiver.requests.length).toBe(before);
  });

  it('checks the name again at each attempt: one that now resolves to the metadata service is refused', async () => {
    const rebinding = await merchantAt(`http://rebind.example:${receiver.port}/rebind`);
    const [id] = await callbacksFor(rebinding);
    names.set('rebind.example', '127.0.0.1');
    receiver.answer = () => ({ status: 503 });
    expect((await t.app.callbacks.tick()).attempted).toBe(1);
    const [first] = requestsTo('/rebind');
    expect(first.headers.host).toBe(`rebind.example:${receiver.port}`);
    names.set('rebind.example', '169.254.169.254');
    expect((await t.app.callbacks.tick(new Date(t.clock.now() + 5_000))).attempted).toBe(1);
    expect(
      (await detail(id)).attempts.map((a: { statusCode: number; error: string }) => a.statusCode ?? a.error),
    ).toEqual([503, 'refused: internal address']);
    expect(requestsTo('/rebind')).toHaveLength(1);
  });
});

describe('destinations', () => {
  it('take at most a few attempts at once each, and a slow one never holds back another', async () => {
    const slow = await merchantAt(`http://slow.example:${receiver.port}/slow`);
    const fast = await merchantAt(`http://fast.example:${receiver.port}/fast`);
    const slowOnes = await callbacksFor(slow, PER_DESTINATION + 3);
    const [fastOne] = await callbacksFor(fast);
    receiver.answer = (r) => (r.path === '/slow' ? 'hang' : { status: 200 });
    const before = receiver.requests.length;
    const tick = t.app.callbacks.tick();
    // The fast destination's callback is delivered while the slow one's attempts hang.
    await vi.waitFor(async () => expect((await detail(fastOne)).callback.status).toBe('DELIVERED'), {
      timeout: 20_000,
      interval: 50,
    });
    await receiver.received(before + PER_DESTINATION + 1);
    expect(requestsTo('/slow').length).toBe(PER_DESTINATION);
    receiver.answer = () => ({ status: 200 });
    receiver.release();
    expect(await tick).toMatchObject({ attempted: PER_DESTINATION + 1, delivered: PER_DESTINATION + 1 });
    // The rest of the slow destination's follow at the next round.
    expect((await t.app.callbacks.tick()).attempted).toBe(3);
    const statuses = await Promise.all(slowOnes.map(async (id) => (await detail(id)).callback.status));
    expect(statuses).toEqual(Array(PER_DESTINATION + 3).fill('DELIVERED'));
  });
});

describe('a rotated secret', () => {
  it('signs beside the new one for 24 hours, then only the new one signs', async () => {
    const id = await merchantAt(`http://merchant.example:${receiver.port}/rotation`);
    receiver.answer = () => ({ status: 200 });
    const rotate = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v1/businesses/${id}/callback-secret`,
        headers: t.auth(admin),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const old = (await rotate()).secret as string;
    const answer = await rotate();
    expect(answer).toEqual({
      secret: expect.stringMatching(/^whsec_/),
      createdAt: new Date(t.clock.now()).toISOString(),
      previousRetiresAt: new Date(t.clock.now() + CALLBACK_SECRET_OVERLAP_MS).toISOString(),
    });
    const audit = await t.db.query<{ changes: Record<string, unknown> }>(
      "SELECT changes FROM audit_log WHERE action = 'rotate-callback-secret' AND entity_id = $1",
      [String(id)],
    );
    expect(JSON.stringify(audit.rows)).not.toContain(answer.secret);
    expect(JSON.stringify(audit.rows)).not.toContain(old);

    const deliver = async (at: number) => {
      await callbacksFor(id, 1, new Date(at));
      expect((await t.app.callbacks.tick(new Date(at))).delivered).toBe(1);
      return requestsTo('/rotation').at(-1)!;
    };
    const during = await deliver(t.clock.now() + CALLBACK_SECRET_OVERLAP_MS - 1000);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(answer.secret, during)).toBeDefined();
    expect(verify(old, during)).toBeDefined();

    const after = await deliver(t.clock.now() + CALLBACK_SECRET_OVERLAP_MS + 1000);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(answer.secret, after)).toBeDefined();
    expect(() => verify(old, after)).toThrow(/No matching signature/);
  });

  it('is rotated with UPDATE_BUSINESS and the 2FA code, for a business the caller may see', async () => {
    const support = await t.token('support@example.com');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/businesses/1/callback-secret',
      headers: t.auth(support),
    });
    expect(refused.statusCode).toBe(403);
    const manager = await t.token('manager@example.com');
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/v1/businesses/9/callback-secret',
      headers: t.auth(manager),
    });
    expect(hidden.statusCode).toBe(404);
    const twofa = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/v1/businesses/1/callback-secret',
      headers: t.auth(twofa),
    });
    expect(noCode.statusCode).toBe(401);
  });
});

describe('the configuration', () => {
  it('runs the worker unless CALLBACKS=off, every CALLBACKS_INTERVAL_MS, with the allowed addresses given', () => {
    expect(loadConfig({})).toMatchObject({
      callbacks: true,
      callbacksIntervalMs: 1000,
      callbackAllowedAddresses: [],
      callbackDemoReceiver: true,
    });
    expect(
      loadConfig({
        CALLBACKS: 'off',
        CALLBACKS_INTERVAL_MS: '250',
        CALLBACK_ALLOWED_ADDRESSES: '127.0.0.1:9000, [::1]:9000',
        CALLBACK_DEMO_RECEIVER: 'off',
      }),
    ).toMatchObject({
      callbacks: false,
      callbacksIntervalMs: 250,
      callbackAllowedAddresses: ['127.0.0.1:9000', '[::1]:9000'],
      callbackDemoReceiver: false,
    });
    expect(() => loadConfig({ CALLBACK_ALLOWED_ADDRESSES: 'localhost' })).toThrow(
      /CALLBACK_ALLOWED_ADDRESSES must list address:port entries/,
    );
    expect(() => loadConfig({ CALLBACKS: 'maybe' })).toThrow(/CALLBACKS must be on or off/);
    expect(testConfig().callbacks).toBe(false);
  });
});
