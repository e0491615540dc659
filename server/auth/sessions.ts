/**
 * Sessions: opaque tokens (32 random bytes, base64url) stored as SHA-256, scoped to one organisation,
 * idle and absolute timeouts from the config, revoked on logout, switch, password, 2FA and role change.
 *
 * An authenticated request costs no database round trip when its session is in the in-process cache
 * (sessionCache.ts: revocation still takes effect at once), else one (the lookup, which also records
 * the activity). Activity is recorded at most every ACTIVITY_RECORD_INTERVAL_MS per session, so the
 * idle timeout holds to within that interval without a write on every request.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessionCacheFor, sessionsChanging, type CachedAuth } from './sessionCache';

export interface AuthContext {
  sessionId: string;
  userId: number;
  email: string;
  organisationId: number;
  role: string;
  permissions: string[];
  /** Set when the caller is an API key (server/auth/apiKeys.ts): it reads for this business only. */
  apiKey?: { id: string; name: string; businessId: number };
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  config: Config,
  nowMs: number,
  userId: number,
  organisationId: number,
  /** Keeps an existing absolute expiry (organisation switch must not extend a session's life). */
  expiresAt?: Date,
): Promise<{ sessionId: string; token: string }> {
  const token = newToken();
  const sessionId = randomUUID();
  const now = new Date(nowMs);
  await db.query(
    `INSERT INTO sessions (id, token_hash, user_id, organisation_id, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6)`,
    [
      sessionId,
      hashToken(token),
      userId,
      organisationId,
      now,
      expiresAt ?? new Date(nowMs + config.sessionAbsoluteHours * 3_600_000),
    ],
  );
  return { sessionId, token };
}

/** Gives the session a new token; the old one stops working at once. */
export async function rotateSessionToken(db: Db, sessionId: string, nowMs: number): Promise<string> {
  const token = newToken();
  sessionsChanging({ sessionId });
  await db.query('UPDATE sessions SET token_hash = $2, last_seen_at = $3 WHERE id = $1', [
    sessionId,
    hashToken(token),
    new Date(nowMs),
  ]);
  return token;
}

export async function revokeSession(db: Db, sessionId: string, nowMs: number): Promise<void> {
  sessionsChanging({ sessionId });
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    new Date(nowMs),
  ]);
}

/**
 * Revokes every live session of a user except `exceptSessionId` (password or 2FA change keeps the
 * current one, with a rotated token). Call it whenever a user's role or membership changes.
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  exceptSessionId?: string,
  nowMs: number = Date.now(),
): Promise<void> {
  sessionsChanging({ userId });
  await db.query(
    `UPDATE sessions SET revoked_at = $3
     WHERE user_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR id <> $2::text)`,
    [userId, exceptSessionId ?? null, new Date(nowMs)],
  );
}

/**
 * Activity is written at most this often per session. The idle timeout counts from the last activity
 * written, so a session expires at most this much before SESSION_IDLE_MINUTES after its last request
 * (and only when that request came within this interval of a recorded one).
 */
export const ACTIVITY_RECORD_INTERVAL_MS = 5_000;

interface SessionRow {
  id: string;
  user_id: number;
  organisation_id: number;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  email: string;
  role_id: number;
  role: string;
  permissions: string[];
  touched_at: Date | null;
}

/**
 * One round trip: the session with its user, membership and role, and, when it is live and its
 * recorded activity is ACTIVITY_RECORD_INTERVAL_MS old or more, the activity written (`touched_at`).
 * The decision reads the row as it was before this statement's own write.
 * $1 token hash, $2 now, $3 now - idle timeout, $4 now - activity interval.
 */
const LOOKUP = `
  WITH found AS (
    SELECT s.id, s.user_id, s.organisation_id, s.last_seen_at, s.expires_at, s.revoked_at,
           u.email, r.id AS role_id, r.name AS role, r.permissions
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      JOIN memberships m ON m.user_id = s.user_id AND m.organisation_id = s.organisation_id
      JOIN roles r ON r.id = m.role_id
     WHERE s.token_hash = $1
  ), touched AS (
    UPDATE sessions t SET last_seen_at = GREATEST(t.last_seen_at, $2)
      FROM found f
     WHERE t.id = f.id AND f.revoked_at IS NULL AND f.expires_at > $2
       AND f.last_seen_at > $3 AND f.last_seen_at <= $4
    RETURNING t.last_seen_at
  )
  SELECT found.*, (SELECT last_seen_at FROM touched) AS touched_at FROM found`;

/** The live session for a token, or null (unknown, revoked, idle, expired or no longer a member). */
export async function findLiveSession(
  db: Db,
  config: Config,
  nowMs: number,
  token: string,
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const idleMs = config.sessionIdleMinutes * 60_000;
  const cache = sessionCacheFor(db);

  const hit = cache.get(tokenHash);
  if (hit) {
    if (nowMs >= hit.expiresAt) {
      cache.delete(tokenHash);
      await revokeSession(db, hit.auth.sessionId, nowMs);
      return null;
    }
    // Idle as far as this instance knows: another may have recorded activity since, so ask the database.
    if (nowMs - hit.lastSeen < idleMs) {
      if (nowMs - hit.lastSeen >= ACTIVITY_RECORD_INTERVAL_MS) {
        const { rows } = await db.query<{ last_seen_at: Date }>(
          `UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $2)
            WHERE id = $1 AND revoked_at IS NULL RETURNING last_seen_at`,
          [hit.auth.sessionId, new Date(nowMs)],
        );
        // Revoked elsewhere, its notification not here yet: the lookup below answers.
        if (rows.length === 0) cache.delete(tokenHash);
        else hit.lastSeen = new Date(rows[0].last_seen_at).getTime();
      }
      if (cache.get(tokenHash) === hit) return toAuth(hit.auth);
    } else {
      cache.delete(tokenHash);
    }
  }

  const ticket = cache.ticket();
  const { rows } = await db.query<SessionRow>(LOOKUP, [
    tokenHash,
    new Date(nowMs),
    new Date(nowMs - idleMs),
    new Date(nowMs - ACTIVITY_RECORD_INTERVAL_MS),
  ]);
  const row = rows[0];
  if (!row || row.revoked_at) return null;
  const lastSeen = new Date(row.last_seen_at).getTime();
  const expiresAt = new Date(row.expires_at).getTime();
  if (nowMs >= expiresAt || nowMs - lastSeen >= idleMs) {
    await revokeSession(db, row.id, nowMs);
    return null;
  }
  const auth: AuthContext = {
    sessionId: row.id,
    userId: row.user_id,
    email: row.email,
    organisationId: row.organisation_id,
    role: row.role,
    permissions: row.permissions,
  };
  cache.store(ticket, tokenHash, {
    auth: { ...auth, permissions: Object.freeze([...row.permissions]) },
    roleId: row.role_id,
    expiresAt,
    lastSeen: row.touched_at ? new Date(row.touched_at).getTime() : lastSeen,
  });
  return auth;
}

/** A request's own copy: handlers cannot change what the cache holds. */
function toAuth(cached: CachedAuth): AuthContext {
  return { ...cached, permissions: [...cached.permissions] };
}
