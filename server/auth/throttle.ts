/**
 * Failure throttling counted in the database (so several instances share it): failed logins per account
 * (email) and per IP, wrong 2FA codes per user. Over the limit → 429 with Retry-After, even when the
 * next attempt would be right.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';

export const accountKey = (email: string) => `account:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;
export const twoFaKey = (userId: number) => `two-fa:${userId}`;

export type Limit = readonly [key: string, max: number];

/** Seconds until the caller may try again, or 0 when no key is over its limit. */
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
    // The max-th most recent failure: once it leaves the window the count drops below the limit.
    const { rows } = await db.query<{ at: Date }>(
      'SELECT at FROM login_failures WHERE key = $1 AND at > $2 ORDER BY at DESC OFFSET $3 LIMIT 1',
      [key, since, max - 1],
    );
    if (rows[0])
      wait = Math.max(wait, Math.ceil((new Date(rows[0].at).getTime() + windowMs - nowMs) / 1000), 1);
  }
  return wait;
}

export async function recordFailure(
  db: Db,
  config: Config,
  nowMs: number,
  keys: readonly string[],
): Promise<void> {
  const expired = new Date(nowMs - config.loginWindowMinutes * 60_000);
  await db.transaction(async (tx) => {
    for (const key of keys) {
      await tx.query('DELETE FROM login_failures WHERE key = $1 AND at <= $2', [key, expired]);
      await tx.query('INSERT INTO login_failures (key, at) VALUES ($1, $2)', [key, new Date(nowMs)]);
    }
  });
}

export const loginLimits = (config: Config, email: string, ip: string): Limit[] => [
  [accountKey(email), config.loginMaxFailuresPerAccount],
  [ipKey(ip), config.loginMaxFailuresPerIp],
];

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
}
