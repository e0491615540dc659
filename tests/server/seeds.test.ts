/**
 * Versioned demo data: a database seeded at version N receives version N+1 on its next start, a version
 * is applied once, a database seeded before versions were recorded counts as version 1, and the e2e
 * reset (test mode only) brings back exactly the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import type { Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import {
  applySeeds,
  BOREALIS,
  BUSINESSES,
  demoSeedDay,
  resetDemoData,
  SEED_VERSIONS,
  SeedError,
  seedDayOf,
  type SeedVersion,
} from '../../server/db/seed';
import { DEMO_PASSWORD, makeApp, makeDb, type TestApp } from './helpers';

/** A later demo data version, as a future change would append it to SEED_VERSIONS. */
function nextVersion(calls: { n: number }): SeedVersion {
  return {
    version: SEED_VERSIONS.length + 1,
    description: 'test: an Auditor role in Borealis',
    apply: async (tx) => {
      calls.n += 1;
      await tx.query('INSERT INTO roles (organisation_id, name, permissions) VALUES ($1, $2, $3)', [
        BOREALIS,
        'Auditor',
        ['GET_ORGANISATION'],
      ]);
    },
  };
}

const versions = async (db: Db) =>
  (await db.query<{ version: number }>('SELECT version FROM seed_versions ORDER BY version')).rows.map(
    (r) => r.version,
  );
const auditors = async (db: Db) =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM roles WHERE name = 'Auditor'")).rows[0].n;

describe('versioned demo data', () => {
  let db: Db;
  let began: Date;
  beforeAll(async () => {
    began = new Date();
    db = await makeDb(); // migrated and seeded with every current version
  });
  afterAll(() => db.close());

  it('records the versions it applied', async () => {
    expect(await versions(db)).toEqual(SEED_VERSIONS.map((s) => s.version));
    const again = await applySeeds(db);
    expect(again).toEqual({ applied: [], current: SEED_VERSIONS.length, unknown: [] });
  });

  it('records the seed day the demo activity is dated from: UTC midnight of the day it ran', async () => {
    const day = await demoSeedDay(db);
    // The seed ran between `began` and now (a midnight may have passed in between).
    expect([seedDayOf(began).getTime(), seedDayOf(new Date()).getTime()]).toContain(day?.getTime());
    const { rows } = await db.query<{ last: Date }>(
      'SELECT max(created_at) AS last FROM payments WHERE organisation_id = 1',
    );
    expect(new Date(rows[0].last).getTime()).toBeLessThan((day as Date).getTime());
  });

  it('applies a later version to a database seeded earlier, once, and the API serves its data', async () => {
    const calls = { n: 0 };
    const later = [...SEED_VERSIONS, nextVersion(calls)];
    const first = await applySeeds(db, later);
    expect(first.applied).toEqual([SEED_VERSIONS.length + 1]);
    expect(await auditors(db)).toBe(1);
    // Next start: nothing is applied twice (version 1 again would fail on its fixed ids).
    expect((await applySeeds(db, later)).applied).toEqual([]);
    expect(calls.n).toBe(1);
    expect(await auditors(db)).toBe(1);

    const t = await makeApp({}, { db });
    try {
      const token = await t.token('admin@example.com');
      const sw = await t.app.inject({
        method: 'POST',
        url: `/v1/auth/login/${BOREALIS}`,
        headers: t.auth(token),
      });
      const borealis = String(sw.headers['x-identity-token']);
      const roles = await t.app.inject({
        method: 'GET',
        url: '/v1/roles?q=auditor',
        headers: t.auth(borealis),
      });
      expect(roles.json()).toMatchObject({ roles: [{ name: 'Auditor', builtIn: false }], total: 1 });
    } finally {
      await t.close();
    }
  });

  it('reports versions it does not know (a newer checkout seeded the database)', async () => {
    expect((await applySeeds(db)).unknown).toEqual([SEED_VERSIONS.length + 1]);
  });

  it('names the version that failed, and records nothing of it', async () => {
    const broken: SeedVersion = {
      version: 99,
      description: 'test: fails half-way',
      apply: async (tx) => {
        await tx.query("INSERT INTO organisations (name, settlement_currency) VALUES ('Half', 'EUR')");
        await tx.query('SELECT no_such_column FROM organisations');
      },
    };
    const attempt = applySeeds(db, [...SEED_VERSIONS, broken]);
    await expect(attempt).rejects.toBeInstanceOf(SeedError);
    await expect(attempt).rejects.toThrow(/demo data version 99 could not be applied/);
    expect(await versions(db)).not.toContain(99);
    const half = await db.query("SELECT 1 FROM organisations WHERE name = 'Half'");
    expect(half.rows).toEqual([]);
  });
});

describe('a data folder seeded before versions were recorded', () => {
  it('counts as version 1 and receives the later versions', async () => {
    const db = await makeDb();
    try {
      // As the foundation left it: its demo data only, no seed_versions table, 0002 not applied.
      await resetDemoData(db, SEED_VERSIONS.slice(0, 1));
      await db.exec('DROP TABLE seed_versions');
      await db.query("DELETE FROM schema_migrations WHERE name = '0002_seed_versions.sql'");

      expect(await migrate(db)).toEqual(['0002_seed_versions.sql']);
      expect(await versions(db)).toEqual([1]);
      const calls = { n: 0 };
      const result = await applySeeds(db, [...SEED_VERSIONS, nextVersion(calls)]);
      expect(result.applied).toEqual([
        ...SEED_VERSIONS.slice(1).map((s) => s.version),
        SEED_VERSIONS.length + 1,
      ]);
      expect(await auditors(db)).toBe(1);
      const users = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(users.rows[0].n).toBe(7);
      const businesses = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses');
      expect(businesses.rows[0].n).toBe(BUSINESSES.length);
    } finally {
      await db.close();
    }
  });
});

describe('POST /v1/testing/reset (E2E_RESET=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ e2eReset: true, loginMaxFailuresPerAccount: 2 });
  });
  afterAll(() => t.close());

  it('brings back the demo data, ends every session and clears the throttle counters', async () => {
    expect(t.app.routeTable.some((r) => r.method === 'POST' && r.url === '/v1/testing/reset')).toBe(true);
    const viewer = await t.token('viewer@example.com');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/password',
      headers: t.auth(viewer),
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Changed-pass-2' },
    });
    expect(changed.statusCode).toBe(200);
    const manager = await t.token('manager@example.com');
    for (let i = 0; i < 2; i++) await t.login('support@example.com', { password: 'Wrong-pass-1' });
    expect((await t.login('support@example.com')).statusCode).toBe(429);
    await t.db.query("INSERT INTO roles (organisation_id, name) VALUES (1, 'Leftover')");

    const reset = await t.app.inject({ method: 'POST', url: '/v1/testing/reset' });
    expect(reset.statusCode).toBe(204);

    expect((await t.login('viewer@example.com')).statusCode).toBe(200);
    expect((await t.login('support@example.com')).statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(manager) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: ERROR_TEXTS.unauthorized });
    const admin = await t.token('admin@example.com');
    const roles = await t.app.inject({ method: 'GET', url: '/v1/roles', headers: t.auth(admin) });
    expect(roles.json().roles.map((r: { name: string }) => r.name)).toEqual([
      'ADMIN',
      'MANAGER',
      'BACKOFFICE',
      'SUPPORT',
      'Integrator',
      'No access',
    ]);
    expect(await versions(t.db)).toEqual(SEED_VERSIONS.map((s) => s.version));
    const businesses = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses');
    expect(businesses.rows[0].n).toBe(BUSINESSES.length);
    // Ids start again where the demo data leaves them.
    const next = await t.db.query<{ id: number }>(
      "INSERT INTO roles (organisation_id, name) VALUES (1, 'After reset') RETURNING id",
    );
    expect(next.rows[0].id).toBe(7);
  });
});
