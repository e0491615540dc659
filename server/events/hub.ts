/**
 * The live events' fan-out (docs/decisions.md 185–187): one LISTEN app_events per database and process
 * (the triggers of migration 0047 NOTIFY at commit), handing each event to the open streams of its
 * organisation (GET /v1/events, server/modules/events/routes.ts).
 *
 * - PostgreSQL: `db.listen` holds one dedicated connection per instance; a change committed on any
 *   instance reaches the streams of every instance.
 * - PGlite: the database runs in its worker thread and delivers its own notifications to this process
 *   (the same `db.listen`), right after the committing statement.
 * - The listening connection lost: streams get no live events until it is back (retried with backoff);
 *   then every stream is replayed what it missed from the table, so a blip loses nothing kept.
 * - Events are kept EVENT_RETENTION_MS (five minutes); `prune` deletes older ones (every minute, on
 *   each instance: a DELETE by time, harmless when two run at once).
 *
 * One hub per Db object (two app instances on one PGlite in one process share it, like the session
 * cache); each app `retain`s it while it runs and `release`s it on close.
 */
import { EVENT_RETENTION_MS, type LiveEvent } from '../../src/domain/events';
import type { Db } from '../db/client';

export const EVENTS_CHANNEL = 'app_events';
const RELISTEN_MIN_MS = 500;
const RELISTEN_MAX_MS = 30_000;
export const PRUNE_INTERVAL_MS = 60_000;

export interface EventSubscriber {
  organisationId: number;
  /** The highest event id handed to this subscriber (a replay after a lost LISTEN starts after it). */
  lastId: number;
  deliver(event: LiveEvent): void;
}

interface EventRow {
  id: number | string;
  organisation_id: number;
  type: string;
  resources: string[];
  entity_id: string | null;
  business_id: number | null;
}

const toEvent = (row: EventRow): LiveEvent => ({
  id: Number(row.id),
  organisationId: row.organisation_id,
  type: row.type,
  resources: row.resources,
  entityId: row.entity_id,
  businessId: row.business_id,
});

/** A NOTIFY payload as an event, or undefined when it is not one. */
export function parseEvent(payload: string): LiveEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.id !== 'number' || typeof value.organisationId !== 'number') return undefined;
    if (typeof value.type !== 'string' || !Array.isArray(value.resources)) return undefined;
    return {
      id: value.id,
      organisationId: value.organisationId,
      type: value.type,
      resources: value.resources.filter((r): r is string => typeof r === 'string'),
      entityId: typeof value.entityId === 'string' ? value.entityId : null,
      businessId: typeof value.businessId === 'number' ? value.businessId : null,
    };
  } catch {
    return undefined;
  }
}

export class EventHub {
  private readonly subscribers = new Map<number, Set<EventSubscriber>>();
  private users = 0;
  private stopped = true;
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  private retryMs = RELISTEN_MIN_MS;
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  /** The LISTEN under way: the release waits for it, so nothing is left to the database's close. */
  private starting: Promise<unknown> | undefined;
  private readonly waiters = new Set<() => void>();
  /** Told of every event this process hears, whatever its organisation (the callback worker's wake-up). */
  private readonly observers = new Set<(event: LiveEvent) => void>();
  /** Notifications received (tests and the benchmark count them). */
  received = 0;

  constructor(private readonly db: Db) {}

  /** An app starts using the hub (the first one starts the LISTEN and the pruning). */
  retain(): void {
    this.users++;
    if (this.users > 1) return;
    this.stopped = false;
    this.listen();
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref?.();
  }

  /** An app stops using it (the last one stops the LISTEN). */
  async release(): Promise<void> {
    this.users = Math.max(0, this.users - 1);
    if (this.users > 0) return;
    this.stopped = true;
    this.listening = false;
    clearInterval(this.pruneTimer);
    await this.starting?.catch(() => undefined);
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.().catch(() => undefined);
  }

  /** Whether notifications arrive (the LISTEN is established). */
  get active(): boolean {
    return this.listening;
  }

  /** Resolves once the LISTEN is established (at once if it is). */
  async ready(): Promise<void> {
    while (!this.listening && !this.stopped) await new Promise<void>((r) => this.waiters.add(r));
  }

  subscribe(subscriber: EventSubscriber): () => void {
    let set = this.subscribers.get(subscriber.organisationId);
    if (!set) this.subscribers.set(subscriber.organisationId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(subscriber.organisationId) === set) {
        this.subscribers.delete(subscriber.organisationId);
      }
    };
  }

  /** Open streams of this process on this database. */
  get streams(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /**
   * The organisation's kept events after `afterId`, oldest first, and whether the replay is complete:
   * false when events after `afterId` are gone already (pruning deletes the oldest ids first, so a gap
   * between `afterId` and the oldest id kept means some were), or the id is from before a reset, so
   * the client must read everything again.
   */
  async replay(organisationId: number, afterId: number): Promise<{ events: LiveEvent[]; complete: boolean }> {
    const { rows: bounds } = await this.db.query<{
      oldest: number | string | null;
      newest: number | string | null;
    }>('SELECT min(id) AS oldest, max(id) AS newest FROM events');
    const oldest = bounds[0]?.oldest == null ? undefined : Number(bounds[0].oldest);
    const newest = bounds[0]?.newest == null ? undefined : Number(bounds[0].newest);
    const complete = (oldest === undefined || afterId >= oldest - 1) && afterId <= (newest ?? 0);
    if (!complete) return { events: [], complete };
    const { rows } = await this.db.query<EventRow>(
      `SELECT id, organisation_id, type, resources, entity_id, business_id FROM events
        WHERE organisation_id = $1 AND id > $2 ORDER BY id LIMIT 1000`,
      [organisationId, afterId],
    );
    return { events: rows.map(toEvent), complete };
  }

  /** The newest event id (a fresh stream's starting point). */
  async newestId(): Promise<number> {
    const { rows } = await this.db.query<{ id: number | string | null }>('SELECT max(id) AS id FROM events');
    return rows[0]?.id === null || rows[0]?.id === undefined ? 0 : Number(rows[0].id);
  }

  /**
   * Deletes the events older than the retention (by the database's clock), as a prefix of ids (every
   * id up to the newest old one), so that `replay` can tell a gap; answers how many.
   */
  async prune(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM events WHERE id <= (SELECT max(id) FROM events
                                         WHERE created_at < clock_timestamp() - make_interval(secs => $1))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [EVENT_RETENTION_MS / 1000],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Observes every event heard, of any organisation (not a stream: no replay, no permissions); answers
   * the function that stops it. The callback worker wakes on `callbacks.updated` (a callback written on
   * any instance).
   */
  onEvent(observer: (event: LiveEvent) => void): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  /** Hands an event to the streams of its organisation (the NOTIFY path; tests call it directly). */
  dispatch(event: LiveEvent): void {
    for (const observer of [...this.observers]) observer(event);
    const set = this.subscribers.get(event.organisationId);
    if (!set) return;
    // Not filtered by lastId: concurrent transactions commit (and notify) out of id order, and an
    // event with a lower id than one already sent is still new to the stream.
    for (const subscriber of [...set]) {
      subscriber.lastId = Math.max(subscriber.lastId, event.id);
      subscriber.deliver(event);
    }
  }

  private listen(): void {
    if (this.stopped || !this.db.listen) return;
    this.starting = this.db
      .listen(
        EVENTS_CHANNEL,
        (payload) => {
          this.received++;
          const event = parseEvent(payload);
          if (event) this.dispatch(event);
        },
        () => this.lost(),
      )
      .then(
        (stop) => {
          if (this.stopped) return stop().catch(() => undefined);
          const wasLost = this.retryMs > RELISTEN_MIN_MS;
          this.stopListening = stop;
          this.retryMs = RELISTEN_MIN_MS;
          this.listening = true;
          for (const resolve of [...this.waiters]) resolve();
          this.waiters.clear();
          if (wasLost) void this.catchUp();
        },
        (error: unknown) => {
          if ((error as { code?: string } | null)?.code === 'DB_CLOSED') return;
          this.lost();
        },
      );
  }

  /** After the LISTEN was lost and is back: every stream gets what it missed meanwhile. */
  private async catchUp(): Promise<void> {
    for (const [organisationId, set] of this.subscribers) {
      const from = Math.min(...[...set].map((s) => s.lastId));
      const { events } = await this.replay(organisationId, from).catch(() => ({ events: [] as LiveEvent[] }));
      for (const event of events) {
        for (const subscriber of [...set]) if (event.id > subscriber.lastId) subscriber.deliver(event);
      }
      for (const subscriber of set)
        subscriber.lastId = Math.max(subscriber.lastId, ...events.map((e) => e.id));
    }
  }

  private lost(): void {
    this.listening = false;
    this.stopListening = undefined;
    if (this.stopped) return;
    const timer = setTimeout(() => this.listen(), this.retryMs);
    timer.unref?.();
    this.retryMs = Math.min(this.retryMs * 2, RELISTEN_MAX_MS);
  }
}

const hubs = new WeakMap<Db, EventHub>();

/** The hub of a database (one per Db object and process). */
export function eventHubFor(db: Db): EventHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new EventHub(db);
    hubs.set(db, hub);
  }
  return hub;
}
