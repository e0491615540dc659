/** The one database interface of the server: PGlite (embedded) or a pg Pool (DATABASE_URL). */
import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

export interface Db {
  /**
   * `ms`, where the database says it (PGlite, outside a transaction): how long the statement held
   * the database, its wait for a turn not counted. Heavy work sizes its batches by it.
   */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[]; ms?: number }>;
  /** Runs fn inside BEGIN/COMMIT (ROLLBACK when it throws). Nested calls reuse the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /**
   * The same database for heavy work (exports, reports), kept from starving the requests: on PGlite its
   * statements give way to those of waiting requests (one statement at a time); on PostgreSQL it has its
   * own small pool. Use `backgroundOf(db)`.
   */
  background?(): Db;
  /**
   * LISTEN on a channel (server/auth/sessionCache.ts): `onNotify` gets each payload, `onLost` is called
   * once if the subscription breaks (never after `close`). Resolves to an unsubscribe function. On
   * PostgreSQL it holds a dedicated connection; PGlite delivers its own notifications in-process.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
}

export interface QueryOptions {
  /**
   * Prepare the statement once per connection and reuse it: each call then skips the parsing and
   * analysis of its text (0.3–0.6 ms for the search's statements), though PostgreSQL still chooses
   * its plans for its values. For hot statements whose text is one of a few variants
   * (docs/decisions.md 209, 214).
   *
   * How it is planned, outside a transaction, for reads (on the embedded database the setting would
   * also apply to the triggers a write fires): `'generic'` once for any values, where planning a
   * list's page took as long as running it, for a read whose best plan is the same whatever its values
   * (an index walked in the list's order); `'custom'` for each call's values, where PostgreSQL's own
   * choice (after five calls, a generic plan when it looks as cheap) could keep a plan that is bad for
   * other values. The embedded database sets plan_cache_mode around the statement; PostgreSQL runs it
   * on a small pool of connections opened in that mode (`PG_PLANNING_POOL_MAX`), as a connection's
   * mode cannot be set for one statement without another round trip (docs/decisions.md 217). In a
   * transaction the statement is named and PostgreSQL chooses.
   */
  prepare?: boolean | 'generic' | 'custom';
}

const dbClosed = () => Object.assign(new Error('the database is closed'), { code: 'DB_CLOSED' });

interface WorkerError {
  message: string;
  name?: string;
  [field: string]: unknown;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerError };
type Notice =
  { op: 'ready' } | { op: 'failed'; error: WorkerError } | { op: 'notify'; channel: string; payload: string };

/** An error of the worker as an Error of this thread with the same fields (code, detail…). */
function errorOf(data: WorkerError): Error {
  const { message, name, ...fields } = data;
  const error = Object.assign(new Error(message), fields);
  if (name && name !== 'Error') Object.defineProperty(error, 'name', { value: name });
  return error;
}

/** The embedded database, which can also copy itself to a file (`openPglite`'s `fromDump`). */
export interface PgliteDb extends Db {
  /**
   * Writes the whole database, as of its last commit, to `path` (an uncompressed tar, tens of MB),
   * once the transactions under way have ended.
   */
  dumpTo(path: string): Promise<void>;
}

/**
 * PGlite in its own thread (server/db/pgliteWorker.mjs), so its queries and the parsing of their
 * results never hold the HTTP event loop. Rows cross the thread boundary by structured clone (dates,
 * bigints and bytes stay what PGlite gave). The worker keeps the process alive only while a request or
 * a transaction is under way.
 *
 * `fromDump`: the path of a file `dumpTo` wrote; the database starts in memory as that one was, without
 * initdb (1.6 s of CPU against 5; the server tests' seeded database, tests/server/globalSetup.ts).
 */
export async function openPglite(dataDir?: string, start: { fromDump?: string } = {}): Promise<PgliteDb> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (start.fromDump && !inMemory) throw new Error('openPglite: fromDump opens an in-memory database only');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: {
      dataDir: inMemory ? undefined : dataDir,
      preparedMax: PREPARED_MAX,
      fromDump: start.fromDump,
    },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const channels = new Map<string, { onNotify: (payload: string) => void; onLost: (e: unknown) => void }>();
  let nextId = 1;
  let openSessions = 0;
  let closed = false;
  let broken: Error | undefined;

  /** Referenced (keeping the process alive) only while something waits for the worker. */
  const reref = () => {
    if (pending.size > 0 || openSessions > 0) worker.ref();
    else worker.unref();
  };
  const fail = (error: Error) => {
    broken ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    if (!closed) for (const { onLost } of channels.values()) onLost(error);
    channels.clear();
    reref();
  };

  await new Promise<void>((resolve, reject) => {
    const onStartError = (error: Error) => reject(error);
    worker.once('error', onStartError);
    worker.once('message', (message: Notice) => {
      worker.off('error', onStartError);
      if (message.op === 'ready') resolve();
      else if (message.op === 'failed') reject(errorOf(message.error));
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  worker.on('message', (message: Answer | Notice) => {
    if ('op' in message) {
      if (message.op === 'notify') channels.get(message.channel)?.onNotify(message.payload);
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    reref();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(errorOf(message.error));
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', () => fail(closed ? dbClosed() : new Error('the database worker stopped')));
  reref();

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (closed || broken) return Promise.reject(closed ? dbClosed() : broken);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      reref();
      worker.postMessage({ ...message, id });
    });
  };

  const session = (tx: number): Db => {
    const db: Db = {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        call<{ rows: T[] }>({ op: 'query', sql, params, prepare: options?.prepare, tx }),
      transaction: (fn) => fn(db),
      exec: async (sql) => {
        await call({ op: 'exec', sql, tx });
      },
      close: async () => {},
    };
    return db;
  };

  const db: PgliteDb = {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      call<{ rows: T[]; ms?: number }>({ op: 'query', sql, params, prepare: options?.prepare }),
    background: () => ({
      ...db,
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        call<{ rows: T[]; ms?: number }>({
          op: 'query',
          sql,
          params,
          prepare: options?.prepare,
          background: true,
        }),
      exec: async (sql) => {
        await call({ op: 'exec', sql, background: true });
      },
      close: async () => {},
    }),
    transaction: async (fn) => {
      const { tx } = await call<{ tx: number }>({ op: 'begin' });
      openSessions++;
      try {
        let result;
        try {
          result = await fn(session(tx));
        } catch (error) {
          await call({ op: 'end', tx, commit: false }).catch(() => undefined);
          throw error;
        }
        await call({ op: 'end', tx, commit: true });
        return result;
      } finally {
        openSessions--;
        reref();
      }
    },
    exec: async (sql) => {
      await call({ op: 'exec', sql });
    },
    close: async () => {
      if (closed) return;
      await call({ op: 'close' }).catch(() => undefined);
      closed = true;
      channels.clear();
      await worker.terminate();
    },
    listen: async (channel, onNotify, onLost) => {
      if (closed) throw dbClosed();
      channels.set(channel, { onNotify, onLost });
      try {
        await call({ op: 'listen', channel });
      } catch (error) {
        channels.delete(channel);
        throw closed ? dbClosed() : error;
      }
      return async () => {
        channels.delete(channel);
        if (!closed && !broken) await call({ op: 'unlisten', channel }).catch(() => undefined);
      };
    },
    dumpTo: async (path) => {
      await call({ op: 'dump', path });
    },
  };
  return db;
}

/** The database for heavy work: its background view where it has one. */
export const backgroundOf = (db: Db): Db => db.background?.() ?? db;

// int8 (counts, bigint columns) as JS numbers; ids are integer columns anyway.
pg.types.setTypeParser(20, (value) => Number(value));

/** Connections of the requests' pool and of the heavy work's own pool (`background()`) on PostgreSQL. */
export const PG_POOL_MAX = 10;
export const PG_BACKGROUND_POOL_MAX = 3;
/**
 * Connections of each of the two planning pools on PostgreSQL (QueryOptions.prepare 'generic' and
 * 'custom'), opened at their first use; the database has two cores' worth of work to give them.
 */
export const PG_PLANNING_POOL_MAX = 4;

/**
 * The settings of a planning pool's connections. A plan made without values for a page estimates
 * the LIMIT it does not know as a tenth of the table, over `jit_above_cost`: JIT would compile it on
 * every call (37 functions, 14 ms, on PostgreSQL 15), so the generic pool runs without it.
 */
const PLANNING = {
  generic: 'SET plan_cache_mode = force_generic_plan; SET jit = off',
  custom: 'SET plan_cache_mode = force_custom_plan',
} as const;

type Planning = keyof typeof PLANNING;

/**
 * Prepared statements per pool, and on the embedded database (QueryOptions.prepare): at most this many
 * texts get a name; later ones run unprepared, so texts that turned out to vary more than thought
 * cannot grow the server's memory. Each list names a few texts (its pages and count per filter set).
 */
export const PREPARED_MAX = 256;

/**
 * A Db over one pool: its queries and its transactions (each on one connection of the pool). With
 * `planning`, a query outside a transaction that asks for a planning mode runs on that mode's pool;
 * without, `'custom'` runs unprepared, planned for its values.
 */
function overPool(
  pool: pg.Pool,
  planning?: (mode: Planning, query: pg.QueryConfig) => Promise<pg.QueryResult>,
): Pick<Db, 'query' | 'transaction' | 'exec'> {
  const names = new Map<string, string>();
  /** The query of a statement: named (pg prepares it on each connection at its first use) or not. */
  const queryOf = (
    text: string,
    values: unknown[] | undefined,
    options: QueryOptions | undefined,
    inPlanningPool = false,
  ) => {
    const prepare = Boolean(options?.prepare) && (inPlanningPool || options?.prepare !== 'custom');
    let name = prepare ? names.get(text) : undefined;
    if (prepare && name === undefined && names.size < PREPARED_MAX) {
      name = `prepared_${names.size + 1}`;
      names.set(text, name);
    }
    return name === undefined ? { text, values } : { name, text, values };
  };
  return {
    query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
      const mode = options?.prepare;
      const r =
        planning && (mode === 'generic' || mode === 'custom')
          ? await planning(mode, queryOf(sql, params, options, true))
          : await pool.query(queryOf(sql, params, options));
      return { rows: r.rows as T[] };
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      const tx: Db = {
        query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
          const r = await client.query(queryOf(sql, params, options));
          return { rows: r.rows as T[] };
        },
        transaction: (inner) => inner(tx),
        exec: async (sql) => {
          await client.query(sql);
        },
        close: async () => {},
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
  };
}

/**
 * On PostgreSQL, heavy work (exports, reports: `background()`) runs on its own small pool, opened at
 * its first use, so however many exports and reports are under way, the requests' pool keeps all its
 * connections for the requests; heavy jobs beyond that pool's size wait for one of its connections.
 */
export function openPg(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: PG_POOL_MAX });
  let backgroundPool: pg.Pool | undefined;
  let backgroundDb: Db | undefined;
  const planningPools = new Map<Planning, pg.Pool>();
  let closed = false;
  /** A planning mode's pool (opened at its first use). */
  const planningPool = (mode: Planning) => {
    let found = planningPools.get(mode);
    if (!found) {
      found = new pg.Pool({ connectionString, max: PG_PLANNING_POOL_MAX });
      planningPools.set(mode, found);
    }
    return found;
  };
  const inMode = new WeakSet<pg.PoolClient>();
  /** A query on a connection of its planning mode's pool, set in that mode before its first query. */
  const planning = async (mode: Planning, query: pg.QueryConfig) => {
    if (closed) return pool.query(query); // ended: fails as the requests' pool does
    const client = await planningPool(mode).connect();
    try {
      if (!inMode.has(client)) {
        await client.query(PLANNING[mode]);
        inMode.add(client);
      }
      const result = await client.query(query);
      client.release();
      return result;
    } catch (error) {
      client.release(error as Error); // closed, as pool.query closes a connection whose query failed
      throw error;
    }
  };
  const listeners = new Set<() => Promise<void>>();
  return {
    ...overPool(pool, planning),
    background() {
      if (closed) return this;
      backgroundPool ??= new pg.Pool({ connectionString, max: PG_BACKGROUND_POOL_MAX });
      backgroundDb ??= {
        ...this,
        ...overPool(backgroundPool),
        background: () => backgroundDb!,
        close: async () => {},
      };
      return backgroundDb;
    },
    close: async () => {
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all([
        pool.end(),
        backgroundPool?.end(),
        ...[...planningPools.values()].map((p) => p.end()),
      ]);
    },
    listen: async (channel, onNotify, onLost) => {
      if (closed) throw dbClosed();
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const client = new pg.Client({ connectionString });
      let ended = false;
      const stop = async () => {
        if (ended) return;
        ended = true;
        listeners.delete(stop);
        await client.end().catch(() => undefined);
      };
      const broken = (error: unknown) => {
        if (ended) return;
        void stop();
        onLost(error);
      };
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      client.on('error', broken);
      client.on('end', () => broken(new Error('the LISTEN connection ended')));
      listeners.add(stop);
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`); // a checked identifier, never input
      } catch (error) {
        await stop();
        throw error;
      }
      return stop;
    },
  };
}

export async function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return options.databaseUrl ? openPg(options.databaseUrl) : openPglite(options.dataDir);
}
