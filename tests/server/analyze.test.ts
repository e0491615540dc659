/**
 * Fresh planner statistics on the embedded database (server/db/analyze.ts, docs/decisions.md 205): a
 * table that grew by more than 50 rows and 10 % since its last ANALYZE is analysed again, one that did
 * not is left alone, and the keeper's timer does it by itself. PGlite only: on PostgreSQL autovacuum
 * may analyse the same tables at any moment.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeStale, staleTables, StatisticsKeeper } from '../../server/db/analyze';
import { makeApp, type TestApp } from './helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
  await analyzeStale(t.db); // the seed's tables, once
});
afterAll(() => t?.close());

const analysedAt = async (table: string) =>
  (
    await t.db.query<{ at: Date | null }>(
      'SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = $1',
      [table],
    )
  ).rows[0]?.at ?? null;

const grow = (rows: number) =>
  t.db.query(
    `INSERT INTO audit_log (organisation_id, actor_type, actor_label, action, entity_type, entity_id, outcome, at)
     SELECT 1, 'system', 'test', 'create', 'business', g::text, 'success', now() FROM generate_series(1, $1::int) g`,
    [rows],
  );

describe.skipIf(onPostgres)('the planner statistics of the embedded database', () => {
  it('are fresh after the seed: nothing is stale', async () => {
    expect(await staleTables(t.db)).toEqual([]);
  });

  it('analyses a table that grew past the rule, and only it', async () => {
    const before = await analysedAt('audit_log');
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT reltuples::int AS n FROM pg_class WHERE relname = $1',
      ['audit_log'],
    );
    await grow(60 + Math.ceil(rows[0].n * 0.1));
    expect(await staleTables(t.db)).toEqual(['audit_log']);
    expect(await analyzeStale(t.db)).toEqual(['audit_log']);
    expect((await analysedAt('audit_log'))!.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
    expect(await staleTables(t.db)).toEqual([]);
    // A few rows more do not make it stale again.
    await grow(10);
    expect(await staleTables(t.db)).toEqual([]);
  });

  it('finds a table that grew before a restart, whose counters the restart forgot', async () => {
    expect(await staleTables(t.db)).toEqual([]);
    await grow(3_000);
    // A restart starts the counters again (the growth counted first): only the table's size against
    // its last ANALYZE tells.
    await t.db.query('SELECT pg_stat_force_next_flush()');
    await t.db.query('SELECT 1');
    await t.db.query('SELECT pg_stat_reset()');
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT n_mod_since_analyze::int AS n FROM pg_stat_user_tables WHERE relname = $1',
      ['audit_log'],
    );
    expect(rows[0].n).toBe(0);
    expect(await staleTables(t.db)).toEqual(['audit_log']);
    await analyzeStale(t.db);
    expect(await staleTables(t.db)).toEqual([]);
  });

  it('runs on its timer and stops cleanly', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const log = { info: vi.fn(), error: vi.fn() };
      const keeper = new StatisticsKeeper(t.db, log, 1_000);
      keeper.start();
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT reltuples::int AS n FROM pg_class WHERE relname = $1',
        ['audit_log'],
      );
      await grow(60 + Math.ceil(rows[0].n * 0.1));
      vi.advanceTimersByTime(1_000);
      await vi.waitFor(() =>
        expect(log.info).toHaveBeenCalledWith({ tables: ['audit_log'] }, expect.any(String)),
      );
      await keeper.stop();
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
