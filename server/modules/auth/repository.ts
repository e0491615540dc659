/**
 * SQL of logging in and out, switching organisation and resetting a password. These run before there
 * is a session (login, reset) or on the caller's own session, so they take user ids, not an OrgScope.
 */
import type { Db } from '../../db/client';

export interface LoginUserRow {
  id: number;
  email: string;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: number | string | null;
}

export interface MembershipRow {
  organisation_id: number;
  organisation_name: string;
  role: string;
  permissions: string[];
  email: string;
  two_fa: boolean;
}

export interface ResetRow {
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
}

export function authRepository(db: Db) {
  return {
    async userByEmail(email: string): Promise<LoginUserRow | undefined> {
      const { rows } = await db.query<LoginUserRow>(
        'SELECT id, email, password_hash, totp_secret, totp_last_step FROM users WHERE email = $1',
        [email],
      );
      return rows[0];
    },

    /** Records a TOTP step as used; false when it (or a later one) already was: two concurrent uses of one code fail for the second. */
    async acceptTotpStep(userId: number, step: number): Promise<boolean> {
      const { rows } = await db.query(
        'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
        [userId, step],
      );
      return rows.length === 1;
    },

    /** The user's first organisation by name (the one a login is scoped to). */
    async firstOrganisation(userId: number): Promise<number | undefined> {
      const { rows } = await db.query<{ organisation_id: number }>(
        `SELECT m.organisation_id FROM memberships m JOIN organisations o ON o.id = m.organisation_id
          WHERE m.user_id = $1 ORDER BY o.name, o.id LIMIT 1`,
        [userId],
      );
      return rows[0]?.organisation_id;
    },

    /** Every membership of the user with its role, ordered by organisation name. */
    async memberships(userId: number): Promise<MembershipRow[]> {
      const { rows } = await db.query<MembershipRow>(
        `SELECT m.organisation_id, o.name AS organisation_name, r.name AS role, r.permissions,
                u.email, u.totp_secret IS NOT NULL AS two_fa
           FROM memberships m
           JOIN organisations o ON o.id = m.organisation_id
           JOIN roles r ON r.id = m.role_id
           JOIN users u ON u.id = m.user_id
          WHERE m.user_id = $1
          ORDER BY o.name, o.id`,
        [userId],
      );
      return rows;
    },

    async isMember(userId: number, organisationId: number): Promise<boolean> {
      const { rows } = await db.query(
        'SELECT 1 FROM memberships WHERE user_id = $1 AND organisation_id = $2',
        [userId, organisationId],
      );
      return rows.length > 0;
    },

    async sessionExpiry(sessionId: string): Promise<Date> {
      const { rows } = await db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [
        sessionId,
      ]);
      return new Date(rows[0].expires_at);
    },

    async userIdByEmail(email: string): Promise<number | undefined> {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      return rows[0]?.id;
    },

    async insertReset(tokenHash: string, userId: number, createdAt: Date, expiresAt: Date): Promise<void> {
      await db.query(
        'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [tokenHash, userId, createdAt, expiresAt],
      );
    },

    async findReset(tokenHash: string): Promise<ResetRow | undefined> {
      const { rows } = await db.query<ResetRow>(
        'SELECT user_id, expires_at, used_at FROM password_resets WHERE token_hash = $1',
        [tokenHash],
      );
      return rows[0];
    },

    /** Marks the reset used; false when it already was (the second of two concurrent uses). */
    async useReset(tokenHash: string, at: Date): Promise<boolean> {
      const { rows } = await db.query(
        'UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING user_id',
        [tokenHash, at],
      );
      return rows.length === 1;
    },

    /** Any other outstanding link of the user dies with the one used. */
    async useAllResets(userId: number, at: Date): Promise<void> {
      await db.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        userId,
        at,
      ]);
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
    },
  };
}
