/**
 * Fresh planner statistics for the embedded database (docs/decisions.md 205). PostgreSQL's autovacuum
 * ANALYZEs a table once enough of it changed; PGlite runs no autovacuum, so tables that grow through
 * the app (payments, events, the audit log…) would keep the statistics of the seed and the planner
 * would choose plans for a table a fraction of its size. The keeper applies autovacuum's default rule
 * itself, every ANALYZE_INTERVAL_MS: a table is stale when more than 50 rows plus 10 % of it changed
 * since its last ANALYZE (or it was never analysed), or, since those counters start again with every
 * process, when it now takes more than 8 pages plus 10 % more than its last ANALYZE saw (growth from
 * before a restart). Each stale table is analysed in its own
 * statement at background priority, so requests take their turns in between (ANALYZE reads a sample
 * of at most 30,000 rows, whatever the table's size).
 */
import type { FastifyBaseLogger } from 'fastify';
import { backgroundOf, type Db } from './client';

/** How often the embedded database's statistics are checked. */
export const ANALYZE_INTERVAL_MS = 10 * 60_000;

/**
 * The public tables stale by autovacuum's default analyze rule, or grown since their last ANALYZE
 * beyond it, the most changed first.
 */
export async function staleTables(db: Db): Promise<string[]> {
  // Counters reach the statistics views lazily; flush this backend's first.
  await db.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await db.query<{ name: string }>(
    `SELECT s.relname AS name
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = 'public'
        AND (c.reltuples < 0 OR s.n_mod_since_analyze > 50 + 0.1 * c.reltuples
             OR pg_relation_size(c.oid) / current_setting('block_size')::int > 8 + 1.1 * c.relpages)
      ORDER BY s.n_mod_since_analyze DESC, s.relname`,
  );
  return rows.map((r) => r.name);
}

/** ANALYZEs each stale table, one statement each; answers their names. */
export async function analyzeStale(db: Db): Promise<string[]> {
  const tables = await staleTables(db);
  const background = backgroundOf(db);
  for (const table of tables) await background.exec(`ANALYZE "${table.replace(/"/g, '""')}"`);
  return tables;
}

/** Runs `analyzeStale` on a timer (never two at once); `stop` waits for a run under way. */
export class StatisticsKeeper {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly intervalMs = ANALYZE_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.run().finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref?.();
  }

  private async run(): Promise<void> {
    try {
      const tables = await analyzeStale(this.db);
      if (tables.length > 0) this.log.info({ tables }, 'planner statistics refreshed');
    } catch (error) {
      this.log.error({ err: error }, 'refreshing the planner statistics failed');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
