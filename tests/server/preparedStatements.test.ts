/**
 * Statements on both databases (server/db/client.ts, QueryOptions.prepare, docs/decisions.md 209 and
 * 214): a statement asked to be prepared gets a name and stays prepared, so later calls skip its
 * parsing; at most PREPARED_MAX texts get a name, so statements that vary more than thought cannot
 * grow the server's memory. On the embedded database every statement is one exchange with PGlite
 * (server/db/pgliteWorker.mjs), which must give and take the values PGlite's own `query` does, keep
 * its errors, and keep its order with transactions; `prepare: 'generic'` is planned once there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_MAX, type Db, type QueryOptions } from '../../server/db/client';
import { makeDb } from './helpers';

let db: Db;
beforeAll(async () => {
  db = await makeDb();
});
afterAll(() => db?.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A statement that answers the names of the prepared statements holding `marker` (itself, when prepared). */
const namesOf = async (marker: string, prepare: QueryOptions['prepare']) =>
  (
    await db.query<{ name: string }>(
      `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%${marker}%'`,
      [],
      { prepare },
    )
  ).rows.map((r) => r.name);

/**
 * How often the prepared statement holding `marker` was planned for any values and for its values,
 * asked in the mode it was prepared in (on PostgreSQL, on a connection of that mode).
 */
const plansOf = async (marker: string, prepare: QueryOptions['prepare']) =>
  (
    await db.query<{ generic: number; custom: number }>(
      `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
        WHERE statement LIKE '%' || $1 || '%' AND statement NOT LIKE '%pg_prepared_statements%'`,
      [marker],
      { prepare },
    )
  ).rows;

describe('prepared statements', () => {
  it('answer as unprepared ones do', async () => {
    for (const prepare of [false, true, true, 'generic', 'generic', 'custom', 'custom'] as const) {
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

  it('are planned once when generic and for each call when custom', async () => {
    const text = "SELECT $1::int AS n, 'generic-marker' AS marker";
    for (let i = 0; i < 3; i++) await db.query(text, [i], { prepare: 'generic' });
    // On PostgreSQL a statement is prepared on each connection: asked in the same mode, serially, the
    // question goes to the same connection of that mode's pool.
    expect(await plansOf('generic-marker', 'generic')).toEqual([{ generic: 3, custom: 0 }]);
    // Prepared without a mode, PostgreSQL plans five calls for their values, then takes a generic
    // plan that looks as cheap (plan_cache_mode auto); 'custom' plans every call for its values.
    const auto = "SELECT $1::int AS n, 'auto-marker' AS marker";
    const custom = "SELECT $1::int AS n, 'custom-marker' AS marker";
    for (let i = 0; i < 7; i++) {
      await db.query(auto, [i], { prepare: true });
      await db.query(custom, [i], { prepare: 'custom' });
    }
    expect(await plansOf('auto-marker', true)).toEqual([{ generic: 2, custom: 5 }]);
    expect(await plansOf('custom-marker', 'custom')).toEqual([{ generic: 0, custom: 7 }]);
  });

  it('take their mode only outside a transaction, and leave the others to PostgreSQL', async () => {
    const settings = `SELECT current_setting('plan_cache_mode') AS mode, current_setting('jit') AS jit`;
    const modeOf = async (prepare: QueryOptions['prepare'], on: Pick<Db, 'query'> = db) =>
      (await on.query<{ mode: string; jit: string }>(settings, [], { prepare })).rows[0]!.mode;
    const jit = (await db.query<{ jit: string }>(`SELECT current_setting('jit') AS jit`)).rows[0]!.jit;
    for (const prepare of [false, true] as const) expect(await modeOf(prepare)).toBe('auto');
    // In a transaction every statement is the transaction's connection's.
    for (const prepare of ['generic', 'custom'] as const) {
      expect(await db.transaction((tx) => modeOf(prepare, tx))).toBe('auto');
    }
    const { rows } = await db.query<{ jit: string }>(settings, [], { prepare: 'generic' });
    // On PGlite (no JIT) the worker sets the mode around the statement; PostgreSQL's generic
    // connections run without JIT, which would compile a plan made without values on every call.
    expect(rows[0]!.jit).toBe(onPostgres ? 'off' : jit);
    // The setting goes back on PGlite: a later statement of the session plans as PostgreSQL chooses.
    expect(await modeOf(false)).toBe('auto');
    // After a failed statement, the next one of its mode is planned in that mode.
    for (const prepare of ['generic', 'custom'] as const) {
      await expect(db.query('SELECT 1 / $1::int AS n', [0], { prepare })).rejects.toThrow(/division by zero/);
    }
    expect(await modeOf('generic')).toBe('force_generic_plan');
    expect(await modeOf('custom')).toBe('force_custom_plan');
  });
});

describe.skipIf(onPostgres)('statements on PGlite, one exchange each', () => {
  it("give and take values of every kind as PGlite's query does", async () => {
    const when = new Date('2026-03-02T09:00:10.123Z');
    const { rows } = await db.query(
      `SELECT $1::timestamptz AS at, $2::jsonb AS doc, $3::int[] AS ints, $4::text[] AS texts,
              $5::boolean AS yes, $6::text AS nothing, $7::numeric AS amount, $8::bytea AS bytes,
              $9::json AS list, 12::int8 AS big`,
      [
        when,
        { a: [1, 'b'] },
        [1, 2, 3],
        ['x', 'y "z"'],
        true,
        null,
        '12.50',
        new Uint8Array([1, 255]),
        [1, 2],
      ],
    );
    expect(rows).toEqual([
      {
        at: when,
        doc: { a: [1, 'b'] },
        ints: [1, 2, 3],
        texts: ['x', 'y "z"'],
        yes: true,
        nothing: null,
        amount: '12.50',
        bytes: new Uint8Array([1, 255]),
        list: [1, 2],
        big: 12,
      },
    ]);
  });

  it('keep the error fields a caller reads, and the next statement runs', async () => {
    await db.exec('CREATE TABLE exchange_probe (id int PRIMARY KEY, b int)');
    await db.query('INSERT INTO exchange_probe VALUES ($1, 1)', [1]);
    for (const prepare of [false, true] as const) {
      const error = await db
        .query('INSERT INTO exchange_probe VALUES ($1, 1)', [1], { prepare })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: '23505', constraint: 'exchange_probe_pkey' });
    }
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    const { rows } = await db.query('SELECT id FROM exchange_probe');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('prepare a text again after a script changed the schema under it', async () => {
    await db.exec('CREATE TABLE schema_probe (a int); INSERT INTO schema_probe VALUES (1)');
    const read = () => db.query('SELECT * FROM schema_probe', [], { prepare: 'generic' });
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await db.exec('ALTER TABLE schema_probe ADD COLUMN b int DEFAULT 2');
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('wait for an open transaction to end, as PGlite orders them', async () => {
    await db.exec('CREATE TABLE order_probe (n int)');
    let outside: Promise<{ rows: { n: number }[] }> | undefined;
    let answered = false;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO order_probe VALUES (1)');
      outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_probe', [], {
        prepare: 'generic',
      });
      void outside.then(() => (answered = true));
      // Sent after it: answered first, while the statement outside waits for the COMMIT.
      await tx.query('INSERT INTO order_probe VALUES (2)');
      expect(answered).toBe(false);
    });
    // It ran after the COMMIT, not inside the transaction before it.
    expect((await outside!).rows).toEqual([{ n: 2 }]);
  });
});

// Last: the texts beyond the cap leave no name for later statements of this database.
describe('the cap', () => {
  it('stay prepared under one name per text, up to PREPARED_MAX texts', async () => {
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
  });
});
