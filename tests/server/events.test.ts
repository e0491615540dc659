/**
 * GET /v1/events (docs/decisions.md 185–187): the triggers of migration 0047 announce each change, and
 * the stream hands it to the organisation's open streams whose caller may see it. 401 without a
 * session; another organisation's events never arrive; an event reaches only the roles that may read
 * what it names, and the hidden business's only ADMIN; Last-Event-ID replays what was missed within
 * five minutes (older: a `resync`); pruning deletes older events; a revoked session's stream ends; the
 * app's close ends every stream.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/domain/events';
import { EVENT_PERMISSIONS } from '../../src/domain/events';
import { AURORA, BOREALIS, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { eventHubFor } from '../../server/events/hub';
import { makeApp, type TestApp } from './helpers';
import { endsWithin, openEventStream, type EventStreamClient, type Frame } from './eventStream';

let t: TestApp;
let base: string;
const tokens = new Map<string, string>();
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  t = await makeApp({ eventsHeartbeatMs: 200 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  for (const account of DEMO_ACCOUNTS.filter((a) => !a.totpSecret)) {
    tokens.set(account.email, await t.token(account.email));
  }
  await eventHubFor(t.db).ready();
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

async function open(email: string, headers: Record<string, string> = {}, token = tokens.get(email)!) {
  const stream = await openEventStream(base, { ...t.auth(token), ...headers });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

const ofType = (type: string, businessId?: number) => (f: Frame) =>
  !f.event &&
  (f.data as LiveEvent).type === type &&
  (businessId === undefined || (f.data as LiveEvent).businessId === businessId);

/** Touches one row of `table` of the organisation's business (not hidden unless asked): its trigger raises an event. */
async function touch(table: string, organisationId: number, businessId?: number): Promise<number> {
  const { rows } = await t.db.query<{ id: number; business_id: number }>(
    `UPDATE ${table} SET updated_at = updated_at
      WHERE id = (SELECT min(x.id) FROM ${table} x JOIN businesses b ON b.id = x.business_id
                   WHERE x.organisation_id = $1 AND ($2::int IS NULL OR x.business_id = $2)
                     AND ($2::int IS NOT NULL OR NOT b.hidden_from_non_admins))
      RETURNING id, business_id`,
    [organisationId, businessId ?? null],
  );
  expect(rows.length, `a ${table} row to touch`).toBe(1);
  return Number(rows[0].business_id);
}

/** The permissions of a demo account's role in Aurora, as the database holds them. */
async function permissionsOf(email: string): Promise<string[]> {
  const { rows } = await t.db.query<{ permissions: string[] }>(
    `SELECT r.permissions FROM users u
       JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $2
       JOIN roles r ON r.id = m.role_id
      WHERE u.email = $1`,
    [email, AURORA],
  );
  return rows[0].permissions;
}

describe('GET /v1/events', () => {
  it('is 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/events' });
    expect(response.statusCode).toBe(401);
    const viaFetch = await fetch(`${base}/v1/events`);
    expect(viaFetch.status).toBe(401);
  });

  it('starts with a ready event whose id is where the stream stands, as text/event-stream', async () => {
    const plain = await t.app.inject({
      method: 'GET',
      url: '/v1/events',
      headers: t.auth(tokens.get('admin@example.com')!),
    });
    expect(plain.statusCode).toBe(406);
    const response = await fetch(`${base}/v1/events`, {
      headers: { ...t.auth(tokens.get('admin@example.com')!), accept: 'text/event-stream' },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await response.body?.cancel();
    const stream = await open('admin@example.com');
    const ready = await stream.next((f) => f.event === 'ready');
    expect(Number(ready.id)).toBeGreaterThan(0);
  });

  it('announces an internal transfer made through the API: the transfer and both balances', async () => {
    const stream = await open('manager@example.com');
    await stream.next((f) => f.event === 'ready');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/payment/internal-transfers',
      headers: { ...t.auth(tokens.get('admin@example.com')!), 'idempotency-key': randomUUID() },
      payload: { fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: '1.00' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = String(response.json().transfer.id);
    for (const business of [1, 2]) {
      const transfer = await stream.next(ofType('internal-transfers.updated', business));
      expect(transfer.data).toEqual({
        id: Number(transfer.id),
        organisationId: AURORA,
        type: 'internal-transfers.updated',
        resources: ['internal-transfers'],
        entityId: id,
        businessId: business,
      });
      const balance = await stream.next(ofType('balances.updated', business));
      expect((balance.data as LiveEvent).resources).toContain('business-balances');
    }
    // Once per record and business: the transfer's second write in its transaction (its ledger entry
    // linked) announces nothing more, as both would reach the client at the same commit.
    const { rows } = await t.db.query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM events WHERE id > $1 GROUP BY type ORDER BY type`,
      [Number(stream.frames[0].id)],
    );
    expect(rows).toEqual([
      { type: 'balances.updated', n: 2 },
      { type: 'internal-transfers.updated', n: 2 },
    ]);
    // Ids only: no amount, currency or name travels on the stream.
    expect(JSON.stringify(stream.frames)).not.toMatch(/EUR|1\.00/);
  });

  it("never delivers another organisation's events", async () => {
    const aurora = await open('manager@example.com');
    await aurora.next((f) => f.event === 'ready');
    await touch('payments', BOREALIS);
    const business = await touch('payments', AURORA);
    // Aurora's event comes after Borealis's: had Borealis's been sent, it would be here first.
    const first = await aurora.next((f) => !f.event);
    expect(first.data).toMatchObject({
      organisationId: AURORA,
      type: 'payments.updated',
      businessId: business,
    });
    expect(aurora.frames.every((f) => f.event || (f.data as LiveEvent).organisationId === AURORA)).toBe(true);
  });

  it('sends an event only to the roles that may read what it names', async () => {
    const emails = [...tokens.keys()].filter((e) => e !== 'admin@example.com');
    const opened = await Promise.all(
      emails.map(async (email) => ({ email, stream: await open(email), held: await permissionsOf(email) })),
    );
    const may = (held: string[], type: string) => EVENT_PERMISSIONS[type].some((p) => held.includes(p));
    await Promise.all(opened.map(({ stream }) => stream.next((f) => f.event === 'ready')));
    const tables: Record<string, string> = {
      'payments.updated': 'payments',
      'crypto-withdrawals.updated': 'crypto_withdrawals',
      'settlements.updated': 'fiat_withdrawals',
      'balance-conversions.updated': 'balance_conversions',
    };
    for (const table of Object.values(tables)) await touch(table, AURORA);
    // The closing marker: an event every caller with any permission here receives after the others.
    await touch('payments', AURORA);
    const checked: string[] = [];
    for (const { email, stream, held } of opened) {
      for (const [type] of Object.entries(tables)) {
        if (may(held, type)) {
          await stream.next(ofType(type));
          checked.push(`${email} ${type}`);
        }
      }
    }
    // The events an account may see have arrived; the ones it may not are not among them.
    for (const { email, stream, held } of opened) {
      if (may(held, 'payments.updated')) {
        await stream.next((f) => f.event === undefined && (f.data as LiveEvent).type === 'payments.updated');
      }
      const types = stream.frames.filter((f) => !f.event).map((f) => (f.data as LiveEvent).type);
      for (const type of types) {
        expect(may(held, type), `${email} got ${type}`).toBe(true);
      }
    }
    // Not vacuous: some account lacks one of the permissions, and someone received each type.
    expect(opened.some(({ held }) => !may(held, 'crypto-withdrawals.updated'))).toBe(true);
    expect(checked.length).toBeGreaterThan(4);
  });

  it('delivers an event that commits after one with a higher id (concurrent transactions)', async () => {
    const stream = await open('manager@example.com');
    const ready = await stream.next((f) => f.event === 'ready');
    const base = Number(ready.id) + 1000;
    const made = (id: number): LiveEvent => ({
      id,
      organisationId: AURORA,
      type: 'payments.updated',
      resources: ['payments'],
      entityId: String(id),
      businessId: 1,
    });
    // Ids are taken at insert, notified at commit: the later id may arrive first.
    const hub = eventHubFor(t.db);
    hub.dispatch(made(base + 2));
    hub.dispatch(made(base + 1));
    await stream.next((f) => !f.event && (f.data as LiveEvent).id === base + 2);
    await stream.next((f) => !f.event && (f.data as LiveEvent).id === base + 1);
  });

  it("keeps the hidden business's events from everyone but ADMIN", async () => {
    const admin = await open('admin@example.com');
    const manager = await open('manager@example.com');
    await admin.next((f) => f.event === 'ready');
    await manager.next((f) => f.event === 'ready');
    await touch('payments', AURORA, HIDDEN_BUSINESS);
    const visible = await touch('payments', AURORA);
    await admin.next(ofType('payments.updated', HIDDEN_BUSINESS));
    await manager.next(ofType('payments.updated', visible));
    expect(manager.frames.some(ofType('payments.updated', HIDDEN_BUSINESS))).toBe(false);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    const first = await open('manager@example.com');
    const ready = await first.next((f) => f.event === 'ready');
    first.close();
    const business = await touch('crypto_withdrawals', AURORA);
    await touch('fiat_deposits', AURORA);
    const again = await open('manager@example.com', { 'last-event-id': ready.id! });
    const withdrawal = await again.next(ofType('crypto-withdrawals.updated', business));
    await again.next(ofType('fiat-deposits.updated'));
    expect(Number(withdrawal.id)).toBeGreaterThan(Number(ready.id));
    expect(again.frames.some((f) => f.event === 'ready' || f.event === 'resync')).toBe(false);
  });

  it('prunes events older than five minutes; a client behind them is told to read everything again', async () => {
    const first = await open('manager@example.com');
    const ready = await first.next((f) => f.event === 'ready');
    first.close();
    await touch('payments', AURORA);
    await t.db.query("UPDATE events SET created_at = created_at - interval '6 minutes' WHERE id > $1", [
      Number(ready.id),
    ]);
    await touch('fiat_deposits', AURORA);
    const hub = eventHubFor(t.db);
    expect(await hub.prune()).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE created_at < clock_timestamp() - interval '5 minutes'",
    );
    expect(rows[0].n).toBe(0);
    const again = await open('manager@example.com', { 'last-event-id': ready.id! });
    const resync = await again.next((f) => f.event === 'resync');
    expect(Number(resync.id)).toBeGreaterThan(Number(ready.id));
    // A Last-Event-ID from before a reset (beyond the newest id) is a resync too.
    const future = await open('manager@example.com', { 'last-event-id': '999999999' });
    await future.next((f) => f.event === 'resync');
  });

  it('ends the stream of a session revoked elsewhere at its next heartbeat', async () => {
    const token = await t.token('support@example.com');
    const stream = await open('support@example.com', {}, token);
    await stream.next((f) => f.event === 'ready');
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(204);
    await stream.ended;
  });

  it('ends the stream of a session revoked through another instance as soon as that is announced', async () => {
    // An instance whose heartbeat would come in an hour: only the revocation's announcement (the
    // session cache's notification) can end its stream in time.
    const other = await makeApp({ eventsHeartbeatMs: 3_600_000 }, { db: t.db, clock: t.clock });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const token = await t.token('support@example.com');
      const stream = await openEventStream(url, t.auth(token));
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next((f) => f.event === 'ready');
      const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: t.auth(token) });
      expect(out.statusCode).toBe(204);
      await endsWithin(stream, 15_000);
    } finally {
      await other.close();
    }
  });

  it('lets a process end after closing an app at once (its LISTEN settled first)', () => {
    // In a process of its own: a close that left the LISTEN to the database's close left a promise
    // that never settled, and the process ended with code 13 (`node scripts/openapi.mjs` did).
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const script = join(mkdtempSync(join(tmpdir(), 'events-close-')), 'close.mts');
    writeFileSync(
      script,
      `const { buildApp } = await import(${JSON.stringify(join(root, 'server/app.ts'))});
       const { testConfig } = await import(${JSON.stringify(join(root, 'server/config.ts'))});
       const { openPglite } = await import(${JSON.stringify(join(root, 'server/db/client.ts'))});
       const db = await openPglite();
       const app = await buildApp({ db, config: testConfig() });
       await app.ready();
       await app.inject({ method: 'GET', url: '/v1/brands/dashboard' });
       await app.close();
       await db.close();
       console.log('closed');\n`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    rmSync(dirname(script), { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('closed');
  });

  it('ends every open stream when the app closes', async () => {
    const other = await makeApp({}, { db: t.db, clock: t.clock });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stream = await openEventStream(url, t.auth(tokens.get('manager@example.com')!));
    await stream.next((f) => f.event === 'ready');
    await other.app.close();
    await stream.ended;
    // The first app's streams still work (the hub is shared by the two apps on one database).
    const still = await open('manager@example.com');
    await still.next((f) => f.event === 'ready');
    await touch('payments', AURORA);
    await still.next(ofType('payments.updated'));
  });
});
