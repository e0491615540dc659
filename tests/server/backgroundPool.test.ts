/**
 * On PostgreSQL, heavy work (exports, reports) has its own small pool: however many heavy jobs hold
 * connections, a request still finds one in the requests' pool. (On PGlite, one statement runs at a
 * time and the worker puts a waiting request's statement first: tests/server/heavyWork.test.ts.)
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { backgroundOf, PG_BACKGROUND_POOL_MAX, PG_POOL_MAX, type Db } from '../../server/db/client';
import { makeDb } from './helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let db: Db;

beforeAll(async () => {
  if (onPostgres) db = await makeDb();
});
afterAll(async () => {
  await db?.close();
});

it.runIf(onPostgres)(
  "heavy work holding every connection it can leaves the requests' pool free",
  async () => {
    const heavy = backgroundOf(db);
    expect(heavy).not.toBe(db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    // As many heavy jobs as the requests' pool has connections, each holding one until the gate opens.
    const jobs = Array.from({ length: PG_POOL_MAX }, () =>
      heavy.transaction(async (tx) => {
        await tx.query('SELECT 1');
        holding++;
        await gate;
      }),
    );
    await vi.waitFor(() => expect(holding).toBe(PG_BACKGROUND_POOL_MAX), { timeout: 5_000, interval: 10 });
    // Every request's connection is still there: these run while the heavy jobs wait.
    const answers = await Promise.all(
      Array.from({ length: PG_POOL_MAX }, (_, i) => db.query<{ n: number }>('SELECT $1::int AS n', [i])),
    );
    expect(answers.map((a) => a.rows[0].n)).toEqual(Array.from({ length: PG_POOL_MAX }, (_, i) => i));
    expect(holding).toBe(PG_BACKGROUND_POOL_MAX);
    release();
    await Promise.all(jobs);
    expect(holding).toBe(PG_POOL_MAX);
  },
);
