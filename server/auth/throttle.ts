/**
 * Throttling counted in the database (so several instances share it): failed logins per account (email)
 * and per IP, wrong old passwords and 2FA codes, and forgot-password requests. Over the limit → 429 with
 * Retry-After, even when the next attempt would be right.
 *
 * An attempt is RESERVED before it is checked: under a per-key advisory lock, the keys' recent rows are
 * counted and, when every key is under its limit, a row per key is inserted, all in one transaction. So
 * however many attempts run in parallel (on one instance or many against one PostgreSQL), at most the
 * limit of them get to the password check; the others answer 429. A reserved row counts as a failure
 * until the attempt releases it (a right password, or an attempt that is not a failure).
 */
import type { Config } from '../config';
import type { Db } from '../db/client';

export const accountKey = (email: string) => `account:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;
export const twoFaKey = (userId: number) => `two-fa:${userId}`;
export const forgotAccountKey = (email: string) => `forgot-account:${email}`;
export const forgotIpKey = (ip: string) => `forgot-ip:${ip}`;

export type Limit = readonly [key: string, max: number];

/** The advisory-lock class of throttle keys (the schema lock is a single bigint key, so no clash). */
const THROTTLE_LOCK_CLASS = 7_246_002;

/** Seconds until the caller may try again, or 0 when no key is at its limit. */
export async function retryAfter(
  db: Db,
  config: Config,
  nowMs: number,
  limits: readonly Limit[],
): Promise<number> {
  const windowMs = config.loginWindowMinutes * 60_000;
  const since = new Date(nowMs - windowMs);
  let wait = 0;
  for (const [key, max] of limits) {
    // The max-th most recent row: once it leaves the window the count drops below the limit.
    const { rows } = await db.query<{ at: Date }>(
      'SELECT at FROM login_failures WHERE key = $1 AND at > $2 ORDER BY at DESC OFFSET $3 LIMIT 1',
      [key, since, max - 1],
    );
    if (rows[0])
      wait = Math.max(wait, Math.ceil((new Date(rows[0].at).getTime() + windowMs - nowMs) / 1000), 1);
  }
  return wait;
}

/** An attempt that holds one row per key; `release` drops them (the attempt was not a failure). */
export interface Reservation {
  readonly ids: readonly number[];
  release(): Promise<void>;
}

export type Reserved =
  { reservation: Reservation; wait?: undefined } | { wait: number; reservation?: undefined };

/**
 * Atomically: when every key is under its limit, records one row per key and returns the reservation;
 * otherwise records nothing and returns the seconds to wait. Rows older than the window are dropped.
 */
export async function reserveAttempt(
  db: Db,
  config: Config,
  nowMs: number,
  limits: readonly Limit[],
): Promise<Reserved> {
  const expired = new Date(nowMs - config.loginWindowMinutes * 60_000);
  // Locks in key order, so two attempts sharing keys never wait on each other in a cycle.
  const keys = [...new Set(limits.map(([key]) => key))].sort();
  const ids = await db.transaction(async (tx) => {
    for (const key of keys) {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [THROTTLE_LOCK_CLASS, key]);
    }
    const wait = await retryAfter(tx, config, nowMs, limits);
    if (wait > 0) return wait;
    const inserted: number[] = [];
    for (const key of keys) {
      await tx.query('DELETE FROM login_failures WHERE key = $1 AND at <= $2', [key, expired]);
      const { rows } = await tx.query<{ id: number | string }>(
        'INSERT INTO login_failures (key, at) VALUES ($1, $2) RETURNING id',
        [key, new Date(nowMs)],
      );
      inserted.push(Number(rows[0].id));
    }
    return inserted;
  });
  if (typeof ids === 'number') return { wait: ids };
  return {
    reservation: {
      ids,
      release: async () => {
        await db.query('DELETE FROM login_failures WHERE id = ANY($1::bigint[])', [ids]);
      },
    },
  };
}

export const loginLimits = (config: Config, email: string, ip: string): Limit[] => [
  [accountKey(email), config.loginMaxFailuresPerAccount],
  [ipKey(ip), config.loginMaxFailuresPerIp],
];

export const forgotPasswordLimits = (config: Config, email: string, ip: string): Limit[] => [
  [forgotAccountKey(email), config.forgotPasswordMaxPerAccount],
  [forgotIpKey(ip), config.forgotPasswordMaxPerIp],
];

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
}
