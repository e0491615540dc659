/** SQL of the caller's own account row: every function takes the caller's scope, never a bare user id. */
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

export interface AccountRow {
  email: string;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | string | null;
}

export function accountRepository(db: Db) {
  return {
    async get(self: OrgScope): Promise<AccountRow> {
      const { rows } = await db.query<AccountRow>(
        `SELECT email, password_hash, totp_secret, totp_pending_secret, totp_last_step
           FROM users WHERE id = $1`,
        [self.userId],
      );
      return rows[0];
    },

    async setPendingTotpSecret(self: OrgScope, secret: string): Promise<void> {
      await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [self.userId, secret]);
    },

    async enableTotp(self: OrgScope, secret: string, step: number): Promise<void> {
      await db.query(
        'UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_last_step = $3 WHERE id = $1',
        [self.userId, secret, step],
      );
    },

    async disableTotp(self: OrgScope): Promise<void> {
      await db.query(
        'UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $1',
        [self.userId],
      );
    },

    async setPasswordHash(self: OrgScope, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [self.userId, passwordHash]);
    },
  };
}
