/**
 * Starting the server, as a function (server/index.ts calls it; tests call it with a temporary folder):
 * configuration, the database (a locked PGlite data folder or DATABASE_URL), migrations, the demo data
 * when it is due, then listen. Whatever stops a start is a StartupError whose message names the folder
 * or database, the cause and the way out; nothing is wiped or reseeded without being asked.
 *
 * Demo data (SEED_DEMO / --seed-demo, config.seedDemo):
 * - asked (`1`, `--seed-demo`): seeded (every version not yet applied), on PGlite and PostgreSQL alike;
 * - refused (`0`, `--no-seed-demo`): never;
 * - unset: a PGlite folder this start created (or found empty) is seeded, and one that already holds the
 *   demo data receives its later versions (docs/decisions.md 28); any other database is left alone, and
 *   with DATABASE_URL nothing is ever seeded unless asked.
 */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { App } from './context';
import { openPg, openPglite, type Db } from './db/client';
import {
  ensureDataFolder,
  inspectDataFolder,
  lockDataFolder,
  resetAdvice,
  StartupError,
  type FolderLock,
} from './db/dataFolder';
import { migrate } from './db/migrate';
import { applySeeds, DEMO_ACCOUNTS, DEMO_PASSWORD, ORGANISATIONS, SEED_VERSIONS, SeedError } from './db/seed';

export { StartupError } from './db/dataFolder';

export interface StartOptions {
  env: Record<string, string | undefined>;
  /** Command-line arguments after the script (`--seed-demo`). */
  argv?: readonly string[];
  /** Where the start-up lines go (default: the console). */
  out?: { log(line: string): void; warn(line: string): void };
  /** Fastify's log stream (default stdout). */
  logStream?: { write(line: string): void };
}

export interface Started {
  app: App;
  db: Db;
  config: Config;
  /** http://host:port the server listens on. */
  url: string;
  /** Demo data versions this start applied. */
  seeded: number[];
  /** Stops listening, closes the database and releases the data folder. */
  close(): Promise<void>;
  /** Releases the data folder's lock at once (process exit); close() does it too. */
  releaseLock(): void;
}

/** A cause in words: PGlite's file-system errors carry only an errno. */
export function describeCause(error: unknown): string {
  if (error instanceof Error) {
    const errno = (error as { errno?: unknown }).errno;
    if (error.name === 'ErrnoError' || (error.message === '' && typeof errno === 'number')) {
      return `a file-system error inside the database (errno ${String(errno)})`;
    }
    if (/^Aborted\(/.test(error.message)) return 'the database engine aborted while reading the folder';
    return error.message || error.name;
  }
  const text = String(error);
  if (/ErrnoError/.test(text)) return `a file-system error inside the database (${text})`;
  return text;
}

const yes = (value: boolean | 'auto') => value === true;

export async function start(options: StartOptions): Promise<Started> {
  const out = options.out ?? console;
  const began = Date.now();
  let config: Config;
  try {
    config = loadConfig(options.env, options.argv ?? []);
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupError(`Configuration error: ${error.message}`);
    throw error;
  }

  const inMemory = !config.databaseUrl && (config.dataDir === '' || config.dataDir.startsWith('memory://'));
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : inMemory
      ? 'PGlite in memory'
      : `PGlite in ${resolve(config.dataDir)}`;
  const reset = config.databaseUrl
    ? 'Point DATABASE_URL at an empty database and start with --seed-demo'
    : resetAdvice(config.dataDir);

  let lock: FolderLock | undefined;
  let db: Db | undefined;
  let app: App | undefined;
  const releaseLock = () => lock?.release();
  try {
    let isNew: boolean;
    if (config.databaseUrl) {
      db = openPg(config.databaseUrl);
      try {
        await db.query('SELECT 1');
      } catch (error) {
        throw new StartupError(`Cannot connect to PostgreSQL (DATABASE_URL): ${describeCause(error)}.`);
      }
      isNew = false;
    } else if (inMemory) {
      db = await openPglite();
      isNew = true;
    } else {
      const dir = config.dataDir;
      try {
        ensureDataFolder(dir);
      } catch (error) {
        throw new StartupError(`Cannot create the data folder ${resolve(dir)}: ${describeCause(error)}.`);
      }
      lock = lockDataFolder(dir);
      isNew = inspectDataFolder(dir).kind === 'new';
      try {
        db = await openPglite(dir);
      } catch (error) {
        throw new StartupError(
          `Cannot open the PGlite database in ${resolve(dir)}: ${describeCause(error)}. The folder is ` +
            `damaged or was written by an incompatible PGlite version. ${resetAdvice(dir)}`,
        );
      }
    }

    try {
      await migrate(db);
    } catch (error) {
      throw new StartupError(
        `Cannot bring the database (${where}) up to date: ${describeCause(error)}. ${reset}.`,
      );
    }

    const recorded = (await db.query<{ version: number }>('SELECT version FROM seed_versions')).rows.map(
      (r) => r.version,
    );
    const hasDemo = recorded.length > 0;
    const seed =
      yes(config.seedDemo) || (config.seedDemo === 'auto' && (isNew || (hasDemo && !config.databaseUrl)));
    let seeded: number[] = [];
    if (seed) {
      try {
        const result = await applySeeds(db);
        seeded = result.applied;
        if (result.unknown.length > 0) {
          const latest = Math.max(...SEED_VERSIONS.map((s) => s.version));
          out.warn(
            `Warning: the database (${where}) holds demo data version ${result.unknown.join(', ')}, newer ` +
              `than this checkout knows (${latest}): it was seeded by a newer version. ${reset} if pages ` +
              'show unexpected data.',
          );
        }
      } catch (error) {
        if (error instanceof SeedError) {
          throw new StartupError(
            `The database (${where}) predates the current demo data, and ${error.message}.\n` +
              `${reset} to get the demo data of this version (that drops what you changed in it).`,
          );
        }
        throw error;
      }
    } else if (hasDemo) {
      const missing = SEED_VERSIONS.map((s) => s.version).filter((v) => !recorded.includes(v));
      if (missing.length > 0) {
        out.warn(
          `The database (${where}) holds demo data without version ${missing.join(', ')}: start with ` +
            '--seed-demo (or SEED_DEMO=1) to add it.',
        );
      }
    } else {
      out.log(
        `The database (${where}) holds no demo data; start with --seed-demo (or SEED_DEMO=1) to add the ` +
          `demo accounts (password ${DEMO_PASSWORD}).`,
      );
    }

    app = await buildApp({ db, config, logStream: options.logStream });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${host}:${port}`;

    const seededNote = seeded.length > 0 ? `, demo data version ${seeded.join(', ')} seeded` : '';
    out.log(`\nDashboard and API on ${url}  (ready in ${Date.now() - began} ms, ${where}${seededNote})`);
    if (config.e2eReset) {
      out.warn('E2E_RESET is set: POST /v1/testing/reset empties the database. Never set it in production.');
    }
    out.log(`OpenAPI: ${url}/v1/openapi.json\n`);
    if (hasDemo || seeded.length > 0) printDemoAccounts(out);

    const running = { app, db };
    let closed = false;
    return {
      app,
      db,
      config,
      url,
      seeded,
      releaseLock,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await running.app.close();
          await running.db.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

function printDemoAccounts(out: { log(line: string): void }) {
  const name = (id: number) => ORGANISATIONS.find((o) => o.id === id)?.name ?? String(id);
  out.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length)) + 2;
  for (const a of DEMO_ACCOUNTS) {
    const twoFa = a.totpSecret ? `  (2FA, TOTP secret ${a.totpSecret})` : '';
    out.log(
      `  ${a.email.padEnd(width)}${a.role.padEnd(12)}${a.organisationIds.map(name).join(', ')}${twoFa}`,
    );
  }
}
