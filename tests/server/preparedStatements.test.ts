/**
 * Prepared statements (server/db/client.ts, QueryOptions.prepare, docs/decisions.md 209): on PostgreSQL
 * a statement asked to be prepared gets a name and stays prepared on its connection, so later calls
 * skip its parsing; at most PREPARED_MAX texts get a name, so statements that vary more than thought
 * cannot grow the server's memory. PGlite takes the option and answers as without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_MAX, type Db } from '../../server/db/client';
import { makeDb } from './helpers';

let db: Db;
beforeAll(async () => {
  db = await makeDb();
});
afterAll(() => db?.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A statement that answers the names of the prepared statements holding `marker` (itself, when prepared). */
const namesOf = async (marker: string, prepare: boolean) =>
  (
    await db.query<{ name: string }>(
      `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%${marker}%'`,
      [],
      { prepare },
    )
  ).rows.map((r) => r.name);

describe('prepared statements', () => {
  it('answer as unprepared ones do', async () => {
    for (const prepare of [false, true, true]) {
      const { rows } = await db.query<{ n: number }>('SELECT $1::int + 1 AS n', [41], { prepare });
      expect(rows).toEqual([{ n: 42 }]);
    }
    // In a transaction too.
    const n = await db.transaction(
      async (tx) =>
        (await tx.query<{ n: number }>('SELECT $1::int * 2 AS n', [21], { prepare: true })).rows[0],
    );
    expect(n).toEqual({ n: 42 });
  });

  it.runIf(onPostgres)(
    'stay prepared under one name per text on PostgreSQL, up to PREPARED_MAX texts',
    async () => {
      expect(await namesOf('marker-unprepared', false)).toEqual([]);
      const [name] = await namesOf('marker-one', true);
      expect(name).toMatch(/^prepared_\d+$/);
      // The same text again: the same name, on whichever connection of the pool runs it.
      for (let i = 0; i < 5; i++) expect(await namesOf('marker-one', true)).toEqual([name]);
      // Texts beyond the cap run unprepared.
      const names = new Set<string>();
      for (let i = 0; i < PREPARED_MAX + 5; i++) {
        for (const n of await namesOf(`marker-many-${i}-`, true)) names.add(n);
      }
      expect(names.size).toBeLessThan(PREPARED_MAX);
      expect(await namesOf(`marker-many-${PREPARED_MAX + 4}-`, true)).toEqual([]);
    },
  );
});
