/**
 * A committed callback is never lost (issue 32 §1): a server process (`server/index.ts`, as `npm start`
 * runs it) commits a change whose callback it has not sent yet, and is killed with SIGKILL; the next
 * process on the same database sends it, signed, to a real receiver. On PGlite (a data folder) and, with
 * TEST_DATABASE_URL, on PostgreSQL (a database of its own).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackPayload } from '../../src/domain/callbacks';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { openPg, openPglite, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { applySeeds, AURORA, DEMO_PASSWORD } from '../../server/db/seed';
import { startReceiver, verify, type Receiver } from './callbackReceiver';

const root = mkdtempSync(join(tmpdir(), 'callback-restart-'));
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts `server/index.ts` and resolves once it says where it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: resolve(__dirname, '../..'),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DIST_DIR: '/nonexistent-dist',
        LOG_LEVEL: 'warn',
        SIMULATOR: 'off',
        CALLBACK_ALLOWED_ADDRESSES: receiver.address,
        ...env,
      },
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the server did not start: ${output}`));
    }, 180_000);
    child.stderr!.on('data', (c) => (output += c));
    child.stdout!.on('data', (c) => {
      output += c;
      const url = /Dashboard and API on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        done({ child, url, exited });
      }
    });
    void exited.then((code) => fail(new Error(`the server exited with ${code}: ${output}`)));
  });
}

/** The database the servers share, seeded, business 1's approval URL at the receiver; its secret. */
async function prepare(db: Db): Promise<{ secret: string; address: number }> {
  await migrate(db);
  await applySeeds(db);
  await db.query(
    "UPDATE callbacks SET status = 'FAILED', next_attempt_at = NULL WHERE status IN ('PENDING', 'RETRYING')",
  );
  await db.query('UPDATE businesses SET withdrawal_approval_callback_url = $1 WHERE id = 1', [
    receiver.url('/restart/approvals'),
  ]);
  const { rows } = await db.query<{ secret: string }>(
    'SELECT secret FROM callback_secrets WHERE business_id = 1 ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  const { rows: addresses } = await db.query<{ id: number }>(
    "SELECT id FROM whitelisted_addresses WHERE organisation_id = $1 AND currency = 'BTC' ORDER BY id LIMIT 1",
    [AURORA],
  );
  return { secret: rows[0].secret, address: Number(addresses[0].id) };
}

async function killedThenRestarted(
  env: Record<string, string>,
  prepared: { secret: string; address: number },
) {
  const first = await startServer({ ...env, CALLBACKS: 'off' });
  const login = await fetch(`${first.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@example.com', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = login.headers.get(IDENTITY_HEADER)!;
  const created = await fetch(`${first.url}/v1/withdrawals/crypto`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Web ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      businessId: 1,
      currency: 'BTC',
      network: 'MAIN',
      amount: '0.0001',
      whitelistedAddressId: prepared.address,
    }),
  });
  expect(created.status).toBe(201);
  const id = (await created.json()).withdrawal.id as number;
  // Committed, not sent: the process dies without a chance to do anything more.
  first.child.kill('SIGKILL');
  await first.exited;
  expect(receiver.requests.filter((r) => r.path === '/restart/approvals')).toHaveLength(0);

  const second = await startServer({ ...env, CALLBACKS: 'on' });
  try {
    await receiver.received(receiver.requests.length + 1, 60_000);
    const [request] = receiver.requests.filter((r) => r.path === '/restart/approvals');
    const body = verify(prepared.secret, request) as CallbackPayload;
    expect(body).toMatchObject({
      type: 'withdrawal.approval_requested',
      data: { id, status: 'AWAITING_APPROVAL' },
    });
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
  receiver.requests.length = 0;
}

// A new PGlite folder (initdb, migrations, the demo seed) and two server starts: 40 s on a quiet machine,
// 145 s seen at a load average of 10.
describe('a callback committed by a server killed before sending it', { timeout: 420_000 }, () => {
  it('is delivered by the next server on the PGlite data folder', async () => {
    const dir = join(root, 'pglite');
    const db = await openPglite(dir);
    const prepared = await prepare(db).finally(() => db.close());
    await killedThenRestarted({ DATA_DIR: dir }, prepared);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('is delivered by the next server on PostgreSQL', async () => {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `restart_${randomBytes(6).toString('hex')}`;
    const admin = openPg(server);
    await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.close());
    const url = new URL(server);
    url.pathname = `/${name}`;
    const db = openPg(url.toString());
    const prepared = await prepare(db).finally(() => db.close());
    await killedThenRestarted({ DATABASE_URL: url.toString() }, prepared);
  });
});
