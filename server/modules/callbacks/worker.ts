/**
 * The callbacks' delivery worker (issue 32 §1, docs/decisions.md 237–238): the project's own due-row
 * stepping, as the simulator's, over the outbox that the changes write (./outbox.ts).
 *
 * - Claim: one short transaction takes due rows with `FOR UPDATE SKIP LOCKED` (so two instances never
 *   take the same row), keeps those whose destination has room, and gives each a lease
 *   (`claimed_until`, `claim_token`) before it commits. No transaction is open while a callback is
 *   sent: the lease, not a lock, keeps the row to its claimant; a claimant that died (kill -9) leaves
 *   its lease to run out, and the row is due again for anyone (at least once; the `webhook-id` lets the
 *   merchant drop a repeat).
 * - Send: signed with the business's secrets (./signing.ts), through the guard (./sender.ts). At most
 *   PER_DESTINATION attempts are under way per destination (host and port) and MAX_IN_FLIGHT in all per
 *   instance; a claim skips the rows of a destination that is full, so a slow or failing destination
 *   never holds back another's.
 * - Record: one statement keeps the attempt (callback_attempts) and sets the callback's status by
 *   `attemptOutcome` (src/domain/callbacks.ts), unless a resend took the row meanwhile (its token is
 *   gone): then only the attempt is kept.
 * - When: every `intervalMs` (CALLBACKS_INTERVAL_MS), at once when a callback is written (its
 *   `callbacks.updated` event reaches this process through the live events' LISTEN, server/events/hub.ts,
 *   on every instance), and whenever a delivery ends (a destination has room again).
 *
 * Times (due, lease, attempts) are the app's clock, so tests move them; the signature's timestamp is
 * the wall clock, which the merchant's verifier compares with its own.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { attemptOutcome } from '../../../src/domain/callbacks';
import type { LiveEvent } from '../../../src/domain/events';
import type { Db } from '../../db/client';
import type { EventHub } from '../../events/hub';
import type { AllowedAddress, HostResolver } from '../../lib/outboundUrl';
import { sendCallback, type AttemptAnswer, type DemoTarget } from './sender';
import { signatureHeaders } from './signing';

/** Attempts under way at once per destination, per instance. */
export const PER_DESTINATION = 4;
/** Attempts under way at once per instance. */
export const MAX_IN_FLIGHT = 32;
/** How long a claim keeps its row: far beyond an attempt's time limit. */
export const LEASE_MS = 60_000;
/** Due rows one claim reads at most (it keeps those with room). */
const CLAIM_SCAN = 200;

export interface CallbackWorkerOptions {
  db: Db;
  now: () => number;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  resolve?: HostResolver;
  allowed?: AllowedAddress;
  demo?: DemoTarget;
  timeoutMs?: number;
  perDestination?: number;
  maxInFlight?: number;
  /** The live events' hub: a written callback wakes the worker. */
  hub?: EventHub;
}

interface Claimed {
  id: number;
  webhook_id: string;
  url: string;
  destination: string;
  body: string;
  secrets: string[] | null;
  resent_by: number | null;
  scheduled: number;
  delivered: boolean;
  /** This claim's token (the record's proof that the row is still its own). */
  token: string;
}

/** What one tick did: attempts made, and how they ended. */
export interface CallbackTickResult {
  attempted: number;
  delivered: number;
  failed: number;
}

export class CallbackWorker {
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private stopHearing: (() => void) | undefined;
  /** Deliveries under way, each with its destination. */
  private readonly inFlight = new Map<
    number,
    { destination: string; done: Promise<AttemptAnswer | undefined> }
  >();
  private readonly perDestination = new Map<string, number>();
  private pumping: Promise<void> | undefined;
  private again = false;
  /** Attempts recorded since the start (tests and the benchmark read it). */
  recorded = 0;

  constructor(private readonly options: CallbackWorkerOptions) {}

  get started(): boolean {
    return this.timer !== undefined;
  }

  /** Starts the interval and the wake-up on written callbacks. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.options.intervalMs);
    this.timer.unref?.();
    const hub = this.options.hub;
    if (hub) {
      hub.retain();
      const stop = hub.onEvent((event: LiveEvent) => {
        if (event.type === 'callbacks.updated') this.wake();
      });
      this.stopHearing = () => {
        stop();
        void hub.release();
      };
    }
    this.wake();
  }

  /** Stops claiming and waits for the deliveries under way to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopHearing?.();
    this.stopHearing = undefined;
    await this.pumping?.catch(() => undefined);
    await this.idle();
  }

  /** Resolves once no delivery is under way. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.values()].map((d) => d.done));
  }

  /**
   * Claims what is due at `at` (default: the clock's now), sends it, and waits for those attempts to be
   * recorded: the test-mode tick and the tests' own.
   */
  async tick(at?: Date): Promise<CallbackTickResult> {
    const started: Promise<AttemptAnswer | undefined>[] = [];
    while (this.pumping) await this.pumping.catch(() => undefined);
    await this.claimAll(at, started);
    const answers = await Promise.all(started);
    const made = answers.filter((a): a is AttemptAnswer => a !== undefined);
    const ok = made.filter((a) => a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300);
    return { attempted: made.length, delivered: ok.length, failed: made.length - ok.length };
  }

  /** Runs a claim round now, or once more after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        await this.claimAll(undefined, []).catch((error: unknown) =>
          this.options.log.error(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            'callbacks: claim failed',
          ),
        );
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.pumping = undefined;
    });
  }

  /** Claims and starts deliveries while there is room and due rows. */
  private async claimAll(at: Date | undefined, started: Promise<AttemptAnswer | undefined>[]): Promise<void> {
    const maxInFlight = this.options.maxInFlight ?? MAX_IN_FLIGHT;
    for (;;) {
      const room = maxInFlight - this.inFlight.size;
      if (room <= 0) return;
      const now = at ?? new Date(this.options.now());
      const rows = await this.claim(now, room);
      for (const row of rows) started.push(this.deliver(row, now));
      if (rows.length === 0) return;
    }
  }

  /** Destinations that have no room left on this instance. */
  private full(): string[] {
    const limit = this.options.perDestination ?? PER_DESTINATION;
    return [...this.perDestination].filter(([, n]) => n >= limit).map(([d]) => d);
  }

  /** One claim: due rows of destinations with room, at most `room`, leased to this instance. */
  private async claim(now: Date, room: number): Promise<Claimed[]> {
    const limit = this.options.perDestination ?? PER_DESTINATION;
    const token = randomBytes(12).toString('hex');
    return this.options.db.transaction(async (tx) => {
      const { rows: due } = await tx.query<{ id: number | string; destination: string | null }>(
        `SELECT id, destination FROM callbacks
          WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= $1
            AND (claimed_until IS NULL OR claimed_until <= $1)
            AND NOT (COALESCE(destination, '') = ANY ($2::text[]))
          ORDER BY next_attempt_at, id
          LIMIT $3
          FOR UPDATE SKIP LOCKED`,
        [now, this.full(), Math.min(CLAIM_SCAN, Math.max(room, 1) * 4)],
      );
      const taken: number[] = [];
      const counts = new Map(this.perDestination);
      for (const row of due) {
        if (taken.length >= room) break;
        const destination = row.destination ?? '';
        const n = counts.get(destination) ?? 0;
        if (n >= limit) continue;
        counts.set(destination, n + 1);
        taken.push(Number(row.id));
      }
      if (taken.length === 0) return [];
      const { rows } = await tx.query<Omit<Claimed, 'token'>>(
        `UPDATE callbacks c SET claimed_until = $2, claim_token = $3
          WHERE c.id = ANY ($1::bigint[])
         RETURNING c.id, c.webhook_id, c.url, COALESCE(c.destination, '') AS destination, c.payload::text AS body,
                   c.resent_by, (c.attempts - c.resends) AS scheduled, c.delivered_at IS NOT NULL AS delivered,
                   (SELECT array_agg(s.secret ORDER BY s.created_at DESC, s.id DESC) FROM callback_secrets s
                     WHERE s.business_id = c.business_id AND (s.retires_at IS NULL OR s.retires_at > $4)) AS secrets`,
        [taken, new Date(now.getTime() + LEASE_MS), token, now],
      );
      return rows.map((r) => ({ ...r, id: Number(r.id), token }));
    });
  }

  /** Sends one claimed callback and records the attempt; answers the attempt (undefined: not recorded). */
  private deliver(row: Claimed, claimedAt: Date): Promise<AttemptAnswer | undefined> {
    const { destination } = row;
    this.perDestination.set(destination, (this.perDestination.get(destination) ?? 0) + 1);
    const done = (async () => {
      const startedAt = new Date(Math.max(claimedAt.getTime(), this.options.now()));
      let answer: AttemptAnswer;
      if (!row.secrets || row.secrets.length === 0) {
        answer = { statusCode: null, error: 'no signing secret', latencyMs: 0, excerpt: null };
      } else {
        const headers = signatureHeaders(row.webhook_id, row.secrets, row.body);
        answer = await sendCallback(
          row.url,
          row.body,
          { ...headers },
          {
            resolve: this.options.resolve,
            allowed: this.options.allowed,
            demo: this.options.demo,
            timeoutMs: this.options.timeoutMs,
          },
        );
      }
      try {
        await this.record(row, startedAt, answer);
        this.recorded++;
        return answer;
      } catch (error) {
        // The lease runs out and the row is due again: the attempt is made again, never lost.
        this.options.log.error(
          { callback: row.id, err: { message: error instanceof Error ? error.message : String(error) } },
          'callbacks: an attempt could not be recorded',
        );
        return undefined;
      }
    })();
    this.inFlight.set(row.id, { destination, done });
    void done.finally(() => {
      this.inFlight.delete(row.id);
      const n = (this.perDestination.get(destination) ?? 1) - 1;
      if (n <= 0) this.perDestination.delete(destination);
      else this.perDestination.set(destination, n);
      // The destination has room again: its next due row need not wait for the interval.
      if (this.timer) this.wake();
    });
    return done;
  }

  /** Keeps the attempt and moves the callback on, in one statement. */
  private async record(row: Claimed, startedAt: Date, answer: AttemptAnswer): Promise<void> {
    const trigger = row.resent_by !== null ? 'RESEND' : 'SCHEDULE';
    const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const outcome = attemptOutcome({
      ok,
      trigger,
      scheduledBefore: Number(row.scheduled),
      everDelivered: row.delivered,
      at: startedAt.getTime(),
    });
    const next = outcome.nextAttemptAt === null ? null : new Date(outcome.nextAttemptAt);
    await this.options.db.query(
      `WITH c AS (
         SELECT id, attempts, claim_token IS NOT DISTINCT FROM $2 AS mine FROM callbacks WHERE id = $1 FOR UPDATE
       ), kept AS (
         INSERT INTO callback_attempts
           (callback_id, attempt, trigger, resent_by, started_at, status_code, error, latency_ms, response_excerpt,
            next_attempt_at)
         SELECT c.id, c.attempts + 1, $3, $4, $5, $6, $7, $8, $9, CASE WHEN c.mine THEN $10::timestamptz END FROM c
         RETURNING callback_id
       )
       UPDATE callbacks t
          SET attempts = c.attempts + 1,
              resends = t.resends + $11,
              last_status_code = $6,
              last_error = $7,
              updated_at = $5,
              delivered_at = CASE WHEN $12 THEN $5 ELSE t.delivered_at END,
              status = CASE WHEN c.mine THEN $13 ELSE t.status END,
              next_attempt_at = CASE WHEN c.mine THEN $10::timestamptz ELSE t.next_attempt_at END,
              resent_by = CASE WHEN c.mine THEN NULL ELSE t.resent_by END,
              claimed_until = CASE WHEN c.mine THEN NULL ELSE t.claimed_until END,
              claim_token = CASE WHEN c.mine THEN NULL ELSE t.claim_token END
         FROM c JOIN kept ON kept.callback_id = c.id
        WHERE t.id = c.id`,
      [
        row.id,
        row.token,
        trigger,
        row.resent_by,
        startedAt,
        answer.statusCode,
        answer.error,
        answer.latencyMs,
        answer.excerpt,
        next,
        trigger === 'RESEND' ? 1 : 0,
        ok,
        outcome.status,
      ],
    );
  }
}
