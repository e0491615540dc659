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

    /**
     * Turns 2FA on with `secret` at TOTP `step`, only if the row still is as the code was checked against
     * (the pending secret, or the current one with an older last step): false when a concurrent request
     * changed it or used the code first.
     */
    async enableTotp(self: OrgScope, secret: string, step: number): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_last_step = $3
          WHERE id = $1
            AND ((totp_secret IS NULL AND totp_pending_secret = $2)
              OR (totp_secret = $2 AND (totp_last_step IS NULL OR totp_last_step < $3)))
          RETURNING id`,
        [self.userId, secret, step],
      );
      return rows.length === 1;
    },

    /** Turns 2FA off, only if `secret` is still the current one and `step` newer than its last use. */
    async disableTotp(self: OrgScope, secret: string, step: number): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL
          WHERE id = $1 AND totp_secret = $2 AND (totp_last_step IS NULL OR totp_last_step < $3)
          RETURNING id`,
        [self.userId, secret, step],
      );
      return rows.length === 1;
    },

    /** Sets the password, only if the hash is still the one the old password was checked against. */
    async replacePasswordHash(self: OrgScope, checkedHash: string, passwordHash: string): Promise<boolean> {
      const { rows } = await db.query(
        'UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3 RETURNING id',
        [self.userId, passwordHash, checkedHash],
      );
      return rows.length === 1;
    },
  };
}
