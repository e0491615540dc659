/**
 * The server project's global setup (vite.config.ts): one database, migrated and seeded, made once per
 * Vitest run, that every test file's `makeDb` (tests/server/helpers.ts) starts from instead of building
 * its own. On PGlite a fresh database took 10–18 s to open (initdb in WASM), 1–3 s to migrate and
 * 4–7 s to seed on a busy 2-core machine (8 s of CPU in all); one opened from a dump of this one is
 * ready in 4–7 s (2 s of CPU). On PostgreSQL (TEST_DATABASE_URL) it is a template database each test
 * database is copied from (0.4 s rather than 4.6).
 *
 * The copy belongs to this run only (a fresh temp folder, a generated name, both removed at the end), so
 * it always has this checkout's migrations and seeds. It is seeded for the day the run started: a test
 * on another day (a run past midnight, a faked clock) builds its database the long way, as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPg, openPglite, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { applySeeds, seedDayOf } from '../../server/db/seed';

/** The run's seeded database, and the seed day (UTC midnight, ms) its demo data is dated from. */
export type SeededDatabase =
  { kind: 'pglite'; dump: string; seedDay: number } | { kind: 'postgres'; template: string; seedDay: number };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase;
  }
}

/** Migrates and seeds `db`; answers the seed day. */
async function prepare(db: Db): Promise<number> {
  const now = new Date();
  await migrate(db);
  await applySeeds(db, undefined, { now });
  return seedDayOf(now).getTime();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? templateOnPostgres(project, serverUrl) : dumpOfPglite(project);
}

async function dumpOfPglite(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'server-tests-db-'));
  try {
    const db = await openPglite();
    try {
      const seedDay = await prepare(db);
      const dump = join(dir, 'seeded.tar');
      await db.dumpTo(dump);
      project.provide('seededDatabase', { kind: 'pglite', dump, seedDay });
    } finally {
      await db.close();
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function templateOnPostgres(project: TestProject, serverUrl: string): Promise<() => Promise<void>> {
  const template = `test_template_${randomBytes(6).toString('hex')}`;
  const onServer = async (sql: string, params?: unknown[]) => {
    const admin = openPg(serverUrl);
    try {
      await admin.query(sql, params);
    } finally {
      await admin.close();
    }
  };
  const drop = async () => {
    // CREATE DATABASE … TEMPLATE and DROP DATABASE both refuse while a session is on it.
    await onServer(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [template],
    );
    await onServer(`DROP DATABASE IF EXISTS ${template}`); // generated above, never input
  };
  await onServer(`CREATE DATABASE ${template}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const db = openPg(url.toString());
    let seedDay: number;
    try {
      seedDay = await prepare(db);
    } finally {
      await db.close();
    }
    project.provide('seededDatabase', { kind: 'postgres', template, seedDay });
  } catch (error) {
    await drop();
    throw error;
  }
  return drop;
}
