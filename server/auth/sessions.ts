/**
 * Sessions: opaque tokens (32 random bytes, base64url) stored as SHA-256, scoped to one organisation,
 * idle and absolute timeouts from the config, revoked on logout, switch, password, 2FA and role change.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';

export interface AuthContext {
  sessionId: string;
  userId: number;
  email: string;
  organisationId: number;
  role: string;
  permissions: string[];
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
  await db.query('UPDATE sessions SET token_hash = $2, last_seen_at = $3 WHERE id = $1', [
    sessionId,
    hashToken(token),
    new Date(nowMs),
  ]);
  return token;
}

export async function revokeSession(db: Db, sessionId: string, nowMs: number): Promise<void> {
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
  await db.query(
    `UPDATE sessions SET revoked_at = $3
     WHERE user_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR id <> $2::text)`,
    [userId, exceptSessionId ?? null, new Date(nowMs)],
  );
}

interface SessionRow {
  id: string;
  user_id: number;
  organisation_id: number;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  email: string;
  role: string;
  permissions: string[];
}

const TOUCH_INTERVAL_MS = 60_000;

/** The live session for a token, or null (unknown, revoked, idle, expired or no longer a member). */
export async function findLiveSession(
  db: Db,
  config: Config,
  nowMs: number,
  token: string,
): Promise<AuthContext | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id, s.user_id, s.organisation_id, s.last_seen_at, s.expires_at, s.revoked_at,
            u.email, r.name AS role, r.permissions
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN memberships m ON m.user_id = s.user_id AND m.organisation_id = s.organisation_id
       JOIN roles r ON r.id = m.role_id
      WHERE s.token_hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row || row.revoked_at) return null;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (nowMs >= new Date(row.expires_at).getTime() || nowMs - lastSeen >= config.sessionIdleMinutes * 60_000) {
    await revokeSession(db, row.id, nowMs);
    return null;
  }
  if (nowMs - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [row.id, new Date(nowMs)]);
  }
  return {
    sessionId: row.id,
    userId: row.user_id,
    email: row.email,
    organisationId: row.organisation_id,
    role: row.role,
    permissions: row.permissions,
  };
}
