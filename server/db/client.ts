/** The one database interface of the server: PGlite (embedded) or a pg Pool (DATABASE_URL). */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs fn inside BEGIN/COMMIT (ROLLBACK when it throws). Nested calls reuse the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
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

const dbClosed = () => Object.assign(new Error('the database is closed'), { code: 'DB_CLOSED' });

function pgliteTx(tx: Transaction): Db {
  const db: Db = {
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await tx.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    transaction: (fn) => fn(db),
    exec: async (sql) => {
      await tx.exec(sql);
    },
    close: async () => {},
  };
  return db;
}

export async function openPglite(dataDir?: string): Promise<Db> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the trigram indexes that serve the lists' `q` (migration 0018).
  const pglite = await PGlite.create(inMemory ? undefined : dataDir, { extensions: { pg_trgm } });
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await pglite.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteTx(tx))),
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    close: () => pglite.close(),
    listen: async (channel, onNotify) => {
      if (pglite.closed) throw dbClosed();
      const unsubscribe = await pglite.listen(channel, onNotify);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
  };
}

// int8 (counts, bigint columns) as JS numbers; ids are integer columns anyway.
pg.types.setTypeParser(20, (value) => Number(value));

export function openPg(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const listeners = new Set<() => Promise<void>>();
  let closed = false;
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await pool.query(sql, params);
      return { rows: r.rows as T[] };
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      const tx: Db = {
        query: async <T>(sql: string, params?: unknown[]) => {
          const r = await client.query(sql, params);
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
    close: async () => {
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
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
