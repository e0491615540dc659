/**
 * Starting the server (issue 6, items 2 and 3): one server per PGlite data folder (a lock file with the
 * owner's pid; a stale one is replaced), the demo data only in a folder the server created or when asked
 * (`--seed-demo`, SEED_DEMO=1), never with DATABASE_URL unless asked, and a damaged folder refused with
 * what is wrong and how to reset it, untouched. `start()` is called directly, and `server/index.ts` is
 * spawned for the exit code and the message an operator sees.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPg, type Db } from '../../server/db/client';
import { start, StartupError } from '../../server/start';
import { SEED_VERSIONS } from '../../server/db/seed';

const root = mkdtempSync(join(tmpdir(), 'startup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const quiet = { log: () => undefined, warn: () => undefined };
const env = (extra: Record<string, string>) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DIST_DIR: '/nonexistent-dist',
  LOG_LEVEL: 'silent',
  ...extra,
});
const users = async (db: Db) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;

/** Runs `server/index.ts` as `npm start` does; kills it after `ms` when it has not exited (it started). */
function runServer(extra: Record<string, string>, ms = 60_000) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: resolve(__dirname, '../..'),
      env: { ...process.env, ...env({ LOG_LEVEL: 'warn', ...extra }) },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGTERM'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** A pid that no process has: that of a child that has already exited. */
const deadPid = () =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());

/**
 * A seeded data folder to copy from, made once per file: each test below works on its own copy, so none
 * depends on another's order or on what another left behind.
 */
let template: Promise<string> | undefined;
function seededCopy(name: string): Promise<string> {
  template ??= (async () => {
    const dir = join(root, 'template');
    const made = await start({ env: env({ DATA_DIR: dir }), out: quiet });
    await made.close();
    return dir;
  })();
  return template.then((from) => {
    const dir = join(root, name);
    cpSync(from, dir, { recursive: true });
    return dir;
  });
}

// Each test starts PGlite (and some a server process through tsx) several times: seconds each on a busy
// 2-core machine, so the limit is generous and every flow is split into its own test.
describe('a PGlite data folder', { timeout: 120_000 }, () => {
  it('is created and seeded when new, and locked: a second server refuses to start on it', async () => {
    const dir = join(root, 'new');
    const first = await start({ env: env({ DATA_DIR: dir }), out: quiet });
    try {
      expect(first.seeded).toEqual(SEED_VERSIONS.map((s) => s.version));
      expect(await users(first.db)).toBe(7);
      expect(existsSync(join(dir, 'server.lock'))).toBe(true);

      const second = start({ env: env({ DATA_DIR: dir }), out: quiet });
      await expect(second).rejects.toBeInstanceOf(StartupError);
      await expect(second).rejects.toThrow(
        `The data folder ${resolve(dir)} is in use by another server (process ${process.pid}`,
      );
      // The first server is unaffected.
      await first.db.query("INSERT INTO roles (organisation_id, name) VALUES (1, 'Kept')");
    } finally {
      await first.close();
    }
    // Its lock goes when it stops.
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('in use tells an operator who starts the server on it, and exits with 1', async () => {
    const dir = await seededCopy('in-use');
    const first = await start({ env: env({ DATA_DIR: dir }), out: quiet });
    try {
      const spawned = await runServer({ DATA_DIR: dir });
      expect(spawned.code).toBe(1);
      expect(spawned.output).toContain(`Failed to start: The data folder ${resolve(dir)} is in use`);
      expect(spawned.output).toContain(`process ${process.pid}`);
    } finally {
      await first.close();
    }
  });

  it('replaces a stale lock (its process is gone) and keeps the data, without seeding again', async () => {
    const dir = await seededCopy('stale-lock');
    const before = await start({ env: env({ DATA_DIR: dir }), out: quiet });
    await before.db.query("INSERT INTO roles (organisation_id, name) VALUES (1, 'Kept')");
    await before.close();
    const stale = { pid: deadPid(), host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' };
    writeFileSync(join(dir, 'server.lock'), JSON.stringify(stale));
    const again = await start({ env: env({ DATA_DIR: dir }), out: quiet });
    try {
      expect(again.seeded).toEqual([]);
      const kept = await again.db.query("SELECT 1 FROM roles WHERE name = 'Kept'");
      expect(kept.rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('without demo data is not seeded unless asked (--seed-demo)', async () => {
    const dir = await seededCopy('emptied');
    // Empty it as an operator's own data would be: no demo rows, no demo version.
    const emptied = await start({ env: env({ DATA_DIR: dir }), out: quiet });
    await emptied.db.exec(
      'TRUNCATE seed_versions, memberships, sessions, users, roles, organisations, currencies, login_failures, password_resets CASCADE',
    );
    await emptied.close();

    const lines: string[] = [];
    const plain = await start({
      env: env({ DATA_DIR: dir }),
      out: { log: (l) => lines.push(l), warn: (l) => lines.push(l) },
    });
    try {
      expect(plain.seeded).toEqual([]);
      expect(await users(plain.db)).toBe(0);
      expect(lines.join('\n')).toContain('holds no demo data; start with --seed-demo');
    } finally {
      await plain.close();
    }
    const asked = await start({ env: env({ DATA_DIR: dir }), argv: ['--seed-demo'], out: quiet });
    try {
      expect(asked.seeded).toEqual(SEED_VERSIONS.map((s) => s.version));
      expect(await users(asked.db)).toBe(7);
    } finally {
      await asked.close();
    }
  });

  it('that is damaged is refused with the cause and the way to reset it, and left as it was', async () => {
    const dir = await seededCopy('damaged');
    unlinkSync(join(dir, 'PG_VERSION'));
    const attempt = start({ env: env({ DATA_DIR: dir }), out: quiet });
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(
      `The data folder ${resolve(dir)} cannot be opened: it is damaged: PG_VERSION is missing`,
    );
    await expect(attempt).rejects.toThrow(`delete ${dir}`);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false); // not re-initialised
    expect(existsSync(join(dir, 'base'))).toBe(true);
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('that is damaged stops a server process with the cause, and exits with 1', async () => {
    const dir = await seededCopy('damaged-spawned');
    unlinkSync(join(dir, 'PG_VERSION'));
    const spawned = await runServer({ DATA_DIR: dir });
    expect(spawned.code).toBe(1);
    expect(spawned.output).toContain('PG_VERSION is missing');
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
  });

  it('that holds other files is refused too', async () => {
    const other = join(root, 'not-a-database');
    mkdirSync(other);
    writeFileSync(join(other, 'notes.txt'), 'mine');
    await expect(start({ env: env({ DATA_DIR: other }), out: quiet })).rejects.toThrow(
      /holds files \(notes\.txt\) but is not a PGlite data folder/,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('DATABASE_URL', { timeout: 120_000 }, () => {
  it('is never seeded unless asked (SEED_DEMO=1)', async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const name = `startup_${process.pid}_${Date.now()}`;
    const admin = openPg(server.toString());
    await admin.query(`CREATE DATABASE ${name}`); // generated above, never input
    await admin.close();
    server.pathname = `/${name}`;
    const url = server.toString();

    const plain = await start({ env: env({ DATABASE_URL: url }), out: quiet });
    try {
      expect(plain.seeded).toEqual([]);
      expect(await users(plain.db)).toBe(0);
    } finally {
      await plain.close();
    }
    const asked = await start({ env: env({ DATABASE_URL: url, SEED_DEMO: '1' }), out: quiet });
    try {
      expect(asked.seeded).toEqual(SEED_VERSIONS.map((s) => s.version));
      expect(await users(asked.db)).toBe(7);
    } finally {
      await asked.close();
    }
  });
});
