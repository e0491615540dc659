/**
 * The PGlite data folder: one server at a time (a lock file holding the owner's pid), and a folder is
 * either new (missing or empty: the server initialises it) or a PostgreSQL data folder; anything else is
 * refused with what is wrong and how to reset it, never re-initialised over the top of it.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'server.lock';

/** What a start must not go past; the message names the folder, the cause and the way out. */
export class StartupError extends Error {}

/** The reset advice for a PGlite data folder. */
export const resetAdvice = (dir: string) =>
  `To start afresh with the demo data, stop every server using it, delete ${dir} (this destroys its data) ` +
  'or set DATA_DIR to another folder, and start again.';

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number' ? (info as LockInfo) : undefined;
  } catch {
    return undefined;
  }
}

export interface FolderLock {
  readonly path: string;
  /** Removes the lock file (only while it is still ours). */
  release(): void;
}

/**
 * Takes the folder's lock: creates `server.lock` exclusively with this process's pid. A lock whose
 * process is gone (on this host) is stale and replaced; a live one is a StartupError naming the folder
 * and the process.
 */
export function lockDataFolder(dir: string): FolderLock {
  const path = join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StartupError(
          `Cannot lock the data folder ${resolve(dir)}: ${(error as Error).message}. Check that it is writable.`,
        );
      }
      const owner = readLock(path);
      const otherHost = owner && owner.host !== hostname();
      if (owner && (otherHost || isRunning(owner.pid))) {
        throw new StartupError(
          `The data folder ${resolve(dir)} is in use by another server (process ${owner.pid}` +
            `${otherHost ? ` on ${owner.host}` : ''}, started ${owner.startedAt}). Two servers on one PGlite ` +
            "folder would lose each other's writes: stop that server first, or set DATA_DIR to another " +
            `folder. If no server runs there, delete ${path}.`,
        );
      }
      // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
      try {
        unlinkSync(path);
      } catch {
        // another starter removed it first; the next exclusive create decides
      }
      continue;
    }
    try {
      writeSync(fd, mine);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (readLock(path)?.pid === process.pid) unlinkSync(path);
    };
    return { path, release };
  }
  throw new StartupError(
    `Cannot lock the data folder ${resolve(dir)}: another server is starting on it at the same time.`,
  );
}

export type FolderState = { kind: 'new' } | { kind: 'existing' };

/** Files every PostgreSQL data folder has; a folder missing one of them is damaged. */
const REQUIRED = ['PG_VERSION', 'base', 'global', 'pg_wal', 'postgresql.conf'];

/**
 * Classifies a data folder before PGlite opens it (PGlite would run initdb over a folder without
 * PG_VERSION, destroying what is left). Call it after taking the lock; the lock file is not content.
 */
export function inspectDataFolder(dir: string): FolderState {
  if (!existsSync(dir)) return { kind: 'new' };
  const entries = readdirSync(dir).filter((name) => name !== LOCK_FILE);
  if (entries.length === 0) return { kind: 'new' };
  const missing = REQUIRED.filter((name) => !entries.includes(name));
  if (missing.length > 0) {
    const what =
      missing.length === REQUIRED.length
        ? `it holds files (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}) but is not a PGlite data folder`
        : `it is damaged: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`;
    throw new StartupError(
      `The data folder ${resolve(dir)} cannot be opened: ${what}. The server does not re-initialise a ` +
        `folder that holds data. ${resetAdvice(dir)}`,
    );
  }
  return { kind: 'existing' };
}

/** Creates the folder (and its parents) when missing. */
export function ensureDataFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
}
