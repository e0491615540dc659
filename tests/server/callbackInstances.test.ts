/**
 * One delivery per event whatever runs the worker (issue 32 §1, docs/decisions.md 237–238):
 * - a claimed callback is leased: another worker does not take it while its claimant sends it, and
 *   takes it once the lease has run out (the claimant died mid-send), the same webhook-id again;
 * - on PostgreSQL, two app instances on one database, ticking at once until nothing is due, send each
 *   callback once; and with both workers running, a callback written through one instance is sent at
 *   once (its NOTIFY wakes every instance), once.
 * The two-instance tests run with `node scripts/test-server-pg.mjs tests/server/callbackInstances.test.ts`
 * and are skipped on PGlite (one process holds the database).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/client';
import { eventHubFor } from '../../server/events/hub';
import { allowedAddresses } from '../../server/lib/outboundUrl';
import { recordCallback } from '../../server/modules/callbacks/outbox';
import { CallbackWorker, LEASE_MS } from '../../server/modules/callbacks/worker';
import { startReceiver, verify, type Receiver } from './callbackReceiver';
import { anotherInstanceDb, makeApp, makeClock, makeDb, testScope, type TestApp } from './helpers';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

/** Business 1's callbacks now go to the receiver; the demo's own due ones are set aside. Its secret. */
async function prepare(db: Db, path: string): Promise<string> {
  await db.query(
    "UPDATE callbacks SET status = 'FAILED', next_attempt_at = NULL WHERE status IN ('PENDING', 'RETRYING')",
  );
  await db.query('UPDATE businesses SET deposit_received_callback_url = $1 WHERE id = 1', [
    receiver.url(path),
  ]);
  const { rows } = await db.query<{ secret: string }>(
    'SELECT secret FROM callback_secrets WHERE business_id = 1 ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  return rows[0].secret;
}

/** `n` deposit callbacks of business 1, written at `at`, in one transaction of `db`. */
async function write(db: Db, n: number, at: Date): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM payments WHERE business_id = 1 ORDER BY id LIMIT $1',
    [n],
  );
  await db.transaction(async (tx) => {
    for (const p of rows)
      await recordCallback(tx, testScope(), {
        type: 'deposit.updated',
        entityId: Number(p.id),
        status: 'CONFIRMED',
        at,
      });
  });
}

const webhookIds = (path: string) =>
  receiver.requests.filter((r) => r.path === path).map((r) => String(r.headers['webhook-id']));

describe('a claimed callback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ callbackAllowedAddresses: [receiver.address] });
  });
  afterAll(() => t?.close());

  it("is its claimant's until the lease runs out, then another worker sends it again", async () => {
    const secret = await prepare(t.db, '/lease');
    await write(t.db, 1, new Date(t.clock.now()));
    receiver.answer = (r) => (r.path === '/lease' ? 'hang' : { status: 200 });
    // The app's worker claims it and sends it; its receiver does not answer (as if the instance died).
    const first = t.app.callbacks.tick();
    await vi.waitFor(() => expect(webhookIds('/lease')).toHaveLength(1), { timeout: 20_000, interval: 20 });
    const other = new CallbackWorker({
      db: t.db,
      now: t.clock.now,
      intervalMs: 1000,
      log: quiet,
      allowed: allowedAddresses([receiver.address]),
    });
    expect((await other.tick(new Date(t.clock.now() + LEASE_MS - 1000))).attempted).toBe(0);
    receiver.answer = () => ({ status: 200 });
    expect(await other.tick(new Date(t.clock.now() + LEASE_MS + 1000))).toMatchObject({
      attempted: 1,
      delivered: 1,
    });
    const ids = webhookIds('/lease');
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    for (const r of receiver.requests.filter((q) => q.path === '/lease'))
      expect(verify(secret, r)).toBeDefined();
    // The first claimant's answer comes late: its attempt is kept, the callback stays delivered.
    receiver.release();
    await first;
    const { rows } = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM callbacks WHERE webhook_id = $1',
      [ids[0]],
    );
    expect(rows).toEqual([{ status: 'DELIVERED', attempts: 2 }]);
  });
});

describe('the running worker', () => {
  it('starts when the app listens (CALLBACKS on), sends a callback as it is written, and stops with the app', async () => {
    const db = await makeDb();
    const t = await makeApp(
      {
        callbacks: true,
        callbacksIntervalMs: 3_600_000,
        callbackAllowedAddresses: [receiver.address],
        e2eReset: true,
      },
      { db, clock: makeClock(Date.now()) },
    );
    try {
      const secret = await prepare(db, '/running');
      expect(t.app.callbacks.started).toBe(false);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect(t.app.callbacks.started).toBe(true);
      await eventHubFor(db).ready();
      receiver.answer = () => ({ status: 200 });
      // Its interval is an hour: the written callback's own event wakes it.
      await write(db, 1, new Date(t.clock.now()));
      await vi.waitFor(() => expect(webhookIds('/running')).toHaveLength(1), {
        timeout: 20_000,
        interval: 20,
      });
      expect(
        verify(
          secret,
          receiver.requests.find((r) => r.path === '/running')!,
        ),
      ).toBeDefined();
      // The test-mode tick (E2E_RESET) sends what is due and answers what it did.
      await write(db, 2, new Date(t.clock.now() + 3_600_000));
      const tick = await t.app.inject({
        method: 'POST',
        url: '/v1/testing/callbacks/tick',
        payload: { at: new Date(t.clock.now() + 3_600_000).toISOString() },
      });
      expect(tick.statusCode, tick.body).toBe(200);
      expect(tick.json()).toEqual({ attempted: 2, delivered: 2, failed: 0 });
    } finally {
      await t.close();
      await db.close();
    }
    expect(t.app.callbacks.started).toBe(false);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('two instances on one PostgreSQL', () => {
  let dbA: Db;
  let dbB: Db;
  let a: TestApp;
  let b: TestApp;
  let secret: string;
  const clock = makeClock();

  beforeAll(async () => {
    dbA = await makeDb();
    dbB = anotherInstanceDb(dbA)!;
    const config = { callbackAllowedAddresses: [receiver.address] };
    a = await makeApp(config, { db: dbA, clock });
    b = await makeApp(config, { db: dbB, clock });
    secret = await prepare(dbA, '/twice');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dbB?.close();
    await dbA?.close();
  });

  it('send each callback once when both tick at once', async () => {
    receiver.answer = () => ({ status: 200 });
    await write(dbA, 30, new Date(clock.now()));
    let attempted = 0;
    for (let round = 0; round < 20; round++) {
      const [x, y] = await Promise.all([a.app.callbacks.tick(), b.app.callbacks.tick()]);
      attempted += x.attempted + y.attempted;
      if (x.attempted + y.attempted === 0) break;
    }
    const ids = webhookIds('/twice');
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(attempted).toBe(30);
    for (const r of receiver.requests.filter((q) => q.path === '/twice'))
      expect(verify(secret, r)).toBeDefined();
  });

  it('wake on a callback written through either instance, and send it once', async () => {
    await dbA.query('UPDATE businesses SET deposit_received_callback_url = $1 WHERE id = 1', [
      receiver.url('/woken'),
    ]);
    // Only a written callback can start them now: their interval is an hour.
    const workers = [dbA, dbB].map(
      (db) =>
        new CallbackWorker({
          db,
          now: clock.now,
          intervalMs: 3_600_000,
          log: quiet,
          allowed: allowedAddresses([receiver.address]),
          hub: eventHubFor(db),
        }),
    );
    for (const w of workers) w.start();
    try {
      await Promise.all([eventHubFor(dbA).ready(), eventHubFor(dbB).ready()]);
      await write(dbB, 10, new Date(clock.now()));
      await vi.waitFor(() => expect(webhookIds('/woken')).toHaveLength(10), {
        timeout: 30_000,
        interval: 50,
      });
      for (const w of workers) await w.idle();
      const ids = webhookIds('/woken');
      expect(new Set(ids).size).toBe(10);
      const { rows } = await dbA.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM callbacks WHERE status = 'DELIVERED' AND attempts = 1 AND webhook_id = ANY ($1)",
        [ids],
      );
      expect(rows[0].n).toBe(10);
    } finally {
      for (const w of workers) await w.stop();
    }
  });
});
