/**
 * The in-process cache of validated sessions (docs/architecture.md#performance-budgets: an authenticated request costs no
 * database round trip), with revocation that still takes effect at once.
 *
 * - Every change that can end or narrow a session (a session revoked, rotated or expired; a user's
 *   password, 2FA or e-mail; a membership; a role's permissions; a TRUNCATE) sends
 *   `NOTIFY session_auth_changed` at commit (triggers of migration 0010). Each cache LISTENs on its
 *   database: every PostgreSQL instance hears every other's changes, and PGlite delivers its own
 *   notifications in-process before the committing query returns.
 * - The revocation functions of sessions.ts also call `sessionsChanging(...)` just before their
 *   UPDATE: the entries it concerns go, and none is cached again until the change's own notification
 *   arrives (after the commit; PENDING_MS at most, for a rollback), so a lookup that reads the rows
 *   before the commit cannot put a revoked session back.
 * - A lookup stores its answer only if no invalidation happened while it ran (a generation count).
 * - Until the LISTEN is established, and whenever the listening connection is lost, nothing is cached
 *   (every request reads the database), and everything cached is dropped.
 *
 * One cache per Db object (so two app instances on two pools of one PostgreSQL in one process, as in
 * the tests, behave as two servers). Cache timings are real time, not the app's injectable clock: they
 * bound how long an answer may be reused, never when a session expires (sessions.ts decides that).
 */
import type { Db } from '../db/client';

export const SESSION_CHANNEL = 'session_auth_changed';
/** Entries held at most (the oldest go first). */
export const CACHE_MAX_ENTRIES = 10_000;
/** An entry is re-read from the database after this long, notification or not (belt and braces). */
export const CACHE_MAX_AGE_MS = 60_000;
/** What a change under way concerns is not cached until its notification arrives, or this long (a rollback sends none). */
export const PENDING_MS = 10_000;
const RELISTEN_MIN_MS = 500;
const RELISTEN_MAX_MS = 30_000;

export interface CachedAuth {
  readonly sessionId: string;
  readonly userId: number;
  readonly email: string;
  readonly organisationId: number;
  readonly role: string;
  readonly permissions: readonly string[];
}

export interface CachedSession {
  readonly auth: CachedAuth;
  readonly roleId: number;
  /** Absolute expiry, ms since the epoch. */
  readonly expiresAt: number;
  /** The last activity recorded in the database as far as this instance knows (ms since the epoch). */
  lastSeen: number;
  /** performance.now() when stored. */
  readonly storedAt: number;
}

export type SessionChange = { sessionId: string } | { userId: number } | { roleId: number } | 'all';

/** Parses a NOTIFY payload: `session:<id>`, `user:<id>`, `role:<id>`; anything else means everything. */
export function parseChange(payload: string): SessionChange {
  const session = /^session:([A-Za-z0-9-]{1,64})$/.exec(payload);
  if (session) return { sessionId: session[1] };
  const match = /^(user|role):(\d{1,10})$/.exec(payload);
  if (!match) return 'all';
  return match[1] === 'user' ? { userId: Number(match[2]) } : { roleId: Number(match[2]) };
}

function concerns(change: Exclude<SessionChange, 'all'>, entry: CachedSession): boolean {
  if ('sessionId' in change) return entry.auth.sessionId === change.sessionId;
  if ('userId' in change) return entry.auth.userId === change.userId;
  return entry.roleId === change.roleId;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /**
   * Changes under way (maybe in a transaction not committed yet): until its notification arrives (or
   * PENDING_MS pass, for a rollback), nothing they concern is cached. Keys: `session:<id>`, `user:<id>`;
   * `pendingAllUntil` for a role or everything.
   */
  private readonly pending = new Map<string, number>();
  private pendingAllUntil = 0;
  private generation = 0;
  private listening = false;
  private stopped = false;
  private stopListening: (() => Promise<void>) | undefined;
  private retryMs = RELISTEN_MIN_MS;
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<(change: SessionChange) => void>();
  /** Notifications received (tests wait for one with `nextNotification`). */
  notifications = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Starts listening; until it has, the cache stays empty. */
  start(): void {
    if (this.stopped || !this.db.listen) return;
    this.db
      .listen(
        SESSION_CHANNEL,
        (payload) => this.notified(payload),
        () => this.lost(),
      )
      .then(
        (stop) => {
          if (this.stopped) return void stop().catch(() => undefined);
          this.stopListening = stop;
          this.retryMs = RELISTEN_MIN_MS;
          this.invalidate('all');
          this.listening = true;
        },
        (error: unknown) => {
          if ((error as { code?: string } | null)?.code === 'DB_CLOSED') return;
          this.lost();
        },
      );
  }

  /** Stops listening and empties the cache (the database is being closed). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    this.invalidate('all');
    await this.stopListening?.().catch(() => undefined);
  }

  get active(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt >= CACHE_MAX_AGE_MS || this.isPending(entry.auth)) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Taken before a database lookup, handed back to `store`. */
  ticket(): number {
    return this.generation;
  }

  /** Stores a lookup's answer unless something was invalidated since its ticket was taken. */
  store(ticket: number, tokenHash: string, entry: Omit<CachedSession, 'storedAt'>): void {
    if (!this.listening || ticket !== this.generation || this.isPending(entry.auth)) return;
    if (this.entries.size >= CACHE_MAX_ENTRIES && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { ...entry, storedAt: this.clock() });
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  invalidate(change: SessionChange): void {
    this.generation++;
    if (change === 'all') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (concerns(change, entry)) this.entries.delete(key);
    }
  }

  /**
   * A change is about to be made (call it before the UPDATE): what it concerns goes, and is not cached
   * again until the change's notification arrives, i.e. after it has committed.
   */
  changing(change: SessionChange): void {
    this.invalidate(change);
    const until = this.clock() + PENDING_MS;
    if (change === 'all' || 'roleId' in change) this.pendingAllUntil = until;
    else this.pending.set(pendingKey(change), until);
    if (this.pending.size > 1000) {
      // Changes that never committed (their notification never came): forget the expired ones.
      const now = this.clock();
      for (const [key, at] of this.pending) if (at <= now) this.pending.delete(key);
    }
  }

  /**
   * Calls `listener` with every change announced to this instance (a notification: after its commit,
   * from this instance or another), until the returned function is called. The event streams end a
   * revoked session's streams by it rather than at their next heartbeat (server/modules/events).
   */
  onChange(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Resolves at the next notification this cache receives (tests on two instances wait for it). */
  nextNotification(): Promise<void> {
    return new Promise((resolve) => this.waiters.add(resolve));
  }

  private isPending(auth: CachedAuth): boolean {
    if (this.pending.size === 0 && this.pendingAllUntil === 0) return false;
    const now = this.clock();
    if (this.pendingAllUntil > 0) {
      if (now < this.pendingAllUntil) return true;
      this.pendingAllUntil = 0;
    }
    for (const key of [`session:${auth.sessionId}`, `user:${auth.userId}`]) {
      const until = this.pending.get(key);
      if (until === undefined) continue;
      if (now < until) return true;
      this.pending.delete(key);
    }
    return false;
  }

  private notified(payload: string): void {
    this.notifications++;
    const change = parseChange(payload);
    this.invalidate(change);
    if (change === 'all' || 'roleId' in change) this.pendingAllUntil = 0;
    else this.pending.delete(pendingKey(change));
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own; the cache and the other listeners go on.
      }
    }
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const resolve of waiters) resolve();
  }

  /** The listening connection is gone: cache nothing until it is back (notifications may be missed). */
  private lost(): void {
    this.listening = false;
    this.stopListening = undefined;
    this.invalidate('all');
    if (this.stopped) return;
    const timer = setTimeout(() => this.start(), this.retryMs);
    timer.unref?.();
    this.retryMs = Math.min(this.retryMs * 2, RELISTEN_MAX_MS);
  }
}

const caches = new WeakMap<Db, SessionCache>();
/** Every cache of the process, for `sessionsChanging` (revocations run on transaction handles, not the Db). */
const everyCache = new Set<WeakRef<SessionCache>>();

/** The cache of a database (created, and its LISTEN started, on first use). */
export function sessionCacheFor(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(db);
    caches.set(db, cache);
    everyCache.add(new WeakRef(cache));
    cache.start();
  }
  return cache;
}

function forEachCache(fn: (cache: SessionCache) => void): void {
  for (const ref of everyCache) {
    const cache = ref.deref();
    if (cache) fn(cache);
    else everyCache.delete(ref);
  }
}

const pendingKey = (change: { sessionId: string } | { userId: number }) =>
  'sessionId' in change ? `session:${change.sessionId}` : `user:${change.userId}`;

/**
 * Called by every path that ends or changes sessions (sessions.ts's revocations; a future role or
 * membership change), BEFORE its UPDATE: the caches of this process drop what it concerns and cache
 * none of it again until its notification (sent at commit by migration 0010's triggers) arrives. The
 * other instances learn of it by that notification.
 */
export function sessionsChanging(change: SessionChange): void {
  forEachCache((cache) => cache.changing(change));
}
