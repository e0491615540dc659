/**
 * Two API instances on one PostgreSQL (issue 16 §3 and §4, docs/deployment.md): two buildApp
 * instances, each on its own pool of the same database, as two servers behind a load balancer.
 * - An Idempotency-Key used on one and replayed on the other answers the stored response, without a
 *   second transfer; the two at once still make one.
 * - An event raised by a change made through one reaches an event stream held by the other (each
 *   instance LISTENs on its own connection), and a session revoked through one ends its stream held by
 *   the other at once (the session cache's notification), not at the next heartbeat.
 * - A simulator step with due rows, run by both at once, advances each row once.
 * Run with `node scripts/test-server-pg.mjs tests/server/twoInstances.test.ts`; on PGlite (one process
 * holds the database) the tests are skipped.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/domain/events';
import type { Db } from '../../server/db/client';
import { eventHubFor } from '../../server/events/hub';
import { Simulator } from '../../server/simulator';
import { anotherInstanceDb, makeApp, makeClock, makeDb, type TestApp } from './helpers';
import { endsWithin, openEventStream, type EventStreamClient } from './eventStream';
import { createProbeTable, probeStep } from './simulatorProbe';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('two instances on one PostgreSQL', () => {
  let dbA: Db;
  let dbB: Db;
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  let token: string;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    dbA = await makeDb();
    dbB = anotherInstanceDb(dbA)!;
    const clock = makeClock();
    a = await makeApp({}, { db: dbA, clock });
    // B's heartbeat would come in an hour: what ends its streams early is an announcement.
    b = await makeApp({ eventsHeartbeatMs: 3_600_000 }, { db: dbB, clock });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const address = b.app.server.address();
    urlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    token = await a.token('admin@example.com');
    await Promise.all([eventHubFor(dbA).ready(), eventHubFor(dbB).ready()]);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await a?.close();
    await b?.close();
    await dbB?.close();
    await dbA?.close();
  });

  const transfer = (app: TestApp, key: string, amount = '1.25') =>
    app.app.inject({
      method: 'POST',
      url: '/v1/payment/internal-transfers',
      headers: { ...app.auth(token), 'idempotency-key': key },
      payload: { fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount },
    });
  const transfers = async () =>
    Number((await dbA.query<{ n: number }>('SELECT count(*)::int AS n FROM internal_transfers')).rows[0].n);

  it('answers an Idempotency-Key replayed on the other instance with the stored response, once', async () => {
    const before = await transfers();
    const key = randomUUID();
    const first = await transfer(a, key);
    expect(first.statusCode, first.body).toBe(201);
    const replayed = await transfer(b, key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json()).toEqual(first.json());
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await transfers()).toBe(before + 1);

    // Both at once, one on each instance: one transfer, the same answer twice.
    const together = randomUUID();
    const [x, y] = await Promise.all([transfer(a, together, '2.5'), transfer(b, together, '2.5')]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(x.json()).toEqual(y.json());
    expect(await transfers()).toBe(before + 2);
  });

  it('delivers an event raised on one instance to an event stream held by the other', async () => {
    const stream = await openEventStream(urlB, b.auth(token));
    streams.push(stream);
    await stream.next((f) => f.event === 'ready');
    const began = performance.now();
    const made = await transfer(a, randomUUID(), '0.75');
    expect(made.statusCode, made.body).toBe(201);
    const id = String(made.json().transfer.id);
    const event = await stream.next(
      (f) =>
        !f.event &&
        (f.data as LiveEvent).type === 'internal-transfers.updated' &&
        (f.data as LiveEvent).entityId === id,
    );
    console.log(
      `two-instance event: transfer on A to its event on B's stream ${(performance.now() - began).toFixed(1)} ms`,
    );
    expect(event.data).toMatchObject({ organisationId: 1, resources: ['internal-transfers'] });
    await stream.next((f) => !f.event && (f.data as LiveEvent).type === 'balances.updated');
  });

  it('ends a stream held by one instance when its session is revoked on the other, without a heartbeat', async () => {
    const own = await a.token('support@example.com');
    const stream = await openEventStream(urlB, b.auth(own));
    streams.push(stream);
    await stream.next((f) => f.event === 'ready');
    const out = await a.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: a.auth(own) });
    expect(out.statusCode).toBe(204);
    await endsWithin(stream, 15_000);
  });

  it('advances each due row of a simulator step once when both instances run it at once', async () => {
    await createProbeTable(dbA, 40, new Date(0));
    const log = { info: () => undefined, error: () => undefined };
    const onA = new Simulator({ db: dbA, intervalMs: 1000, now: Date.now, log, steps: [probeStep] });
    const onB = new Simulator({ db: dbB, intervalMs: 1000, now: Date.now, log, steps: [probeStep] });
    const [ra, rb] = await Promise.all([onA.tick(), onB.tick()]);
    expect((ra.probe as number) + (rb.probe as number)).toBe(40);
    const { rows } = await dbA.query<{ advanced: number; n: number }>(
      'SELECT advanced, count(*)::int AS n FROM simulator_probe GROUP BY advanced',
    );
    expect(rows).toEqual([{ advanced: 1, n: 40 }]);
    // Both did some of the work (the rows were shared out, not taken twice).
    console.log(`two-instance simulator: instance A moved ${String(ra.probe)}, B ${String(rb.probe)}`);
  });
});

// On PGlite the file has no test to run; vitest needs one.
it('runs its two-instance tests on PostgreSQL only (node scripts/test-server-pg.mjs)', () => {
  expect(typeof onPostgres).toBe('function');
});
