/**
 * The caller's own account: two-factor setup and password change. The check (old password, TOTP code),
 * the change and the session rotation that goes with it (other sessions revoked, this token replaced)
 * commit together or not at all: the change applies only if the row is still as it was checked, so two
 * concurrent requests cannot both use one code or one old password. Wrong old passwords count against
 * the login throttle of the account and IP; wrong codes against the user's 2FA throttle.
 */
import { findBrand } from '../../../src/domain/brands';
import { ERROR_TEXTS } from '../../../src/domain/errors';
import { changePasswordRequest, twoFaSchema } from '../../../src/domain/schemas';
import type { Recorder } from '../../audit';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { OrgScope } from '../../auth/scope';
import { revokeUserSessions, rotateSessionToken } from '../../auth/sessions';
import { accountKey, clearFailures, loginLimits, reserveAttempt, twoFaKey } from '../../auth/throttle';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../auth/totp';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalidTwoFaCode, tooManyAttempts, validationError } from '../../http/errors';
import { checkForm } from '../../http/forms';
import { accountRepository } from './repository';

/** Thrown inside the change's transaction when the row changed since it was checked: rolls back. */
class Stale extends Error {}

const oldPasswordIncorrect = () =>
  validationError({ oldPassword: ERROR_TEXTS.oldPasswordIncorrect }, ERROR_TEXTS.oldPasswordIncorrect);

export function accountService({ db, config, now }: AppContext) {
  const accounts = accountRepository(db);
  const issuer = findBrand(config.brand)!.name;

  /**
   * Runs `change` and the session rotation in one transaction: other sessions of the user revoked, this
   * session's token replaced. `change` answers false when the row is no longer as checked: nothing is
   * committed and the result is undefined. Returns the new token.
   */
  async function changeAndRotate(
    self: OrgScope,
    sessionId: string,
    change: (tx: Db) => Promise<boolean>,
  ): Promise<string | undefined> {
    try {
      return await db.transaction(async (tx) => {
        if (!(await change(tx))) throw new Stale();
        await revokeUserSessions(tx, self.userId, sessionId, now());
        return rotateSessionToken(tx, sessionId, now());
      });
    } catch (error) {
      if (error instanceof Stale) return undefined;
      throw error;
    }
  }

  return {
    /** Two-factor state; while it is off, a (kept) pending secret and its otpauth URI. */
    async twoFaState(self: OrgScope) {
      const row = await accounts.get(self);
      if (row.totp_secret) return { enabled: true };
      let secret = row.totp_pending_secret;
      if (!secret) {
        secret = newTotpSecret();
        await accounts.setPendingTotpSecret(self, secret);
      }
      return { enabled: false, secret, otpauthUri: otpauthUri(secret, issuer, row.email) };
    },

    /**
     * Turns 2FA on (code from the pending secret) or off (a current code from the active secret: the
     * session alone is not enough); returns the new token.
     */
    async updateTwoFa(
      self: OrgScope,
      sessionId: string,
      enabled: boolean,
      code: string,
      record: Recorder,
    ): Promise<string> {
      checkForm(twoFaSchema, { code });
      const reserved = await reserveAttempt(db, config, now(), [
        [twoFaKey(self.userId), config.loginMaxFailuresPerAccount],
      ]);
      if (reserved.wait !== undefined) throw tooManyAttempts(reserved.wait);
      const row = await accounts.get(self);
      const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
      const secret = row.totp_secret ?? (enabled ? row.totp_pending_secret : null);
      const step = secret ? verifyTotp(secret, code, now(), row.totp_secret ? lastStep : null) : null;
      if (step === null || secret === null) throw invalidTwoFaCode(); // the reservation stays: a failure
      const token = await changeAndRotate(self, sessionId, async (tx) => {
        const changed = enabled
          ? await accountRepository(tx).enableTotp(self, secret, step)
          : await accountRepository(tx).disableTotp(self, secret, step);
        // Whether it is on, never the secret.
        if (changed)
          await record(tx, {
            action: enabled ? 'enable-two-factor' : 'disable-two-factor',
            entityType: 'user',
            entityId: self.userId,
            changes:
              Boolean(row.totp_secret) === enabled
                ? {}
                : { twoFaEnabled: { before: !enabled, after: enabled } },
          });
        return changed;
      });
      if (token === undefined) throw invalidTwoFaCode(); // a concurrent request used the code first
      await reserved.reservation.release();
      return token;
    },

    /**
     * Checks the old password (throttled like a login: wrong ones count against the account and IP),
     * then the new one's rules, then changes it; returns the new token.
     */
    async changePassword(
      self: OrgScope,
      sessionId: string,
      ip: string,
      oldPassword: string,
      newPassword: string,
      record: Recorder,
    ): Promise<string> {
      const row = await accounts.get(self);
      const reserved = await reserveAttempt(db, config, now(), loginLimits(config, row.email, ip));
      if (reserved.wait !== undefined) throw tooManyAttempts(reserved.wait);
      if (!(await verifyPassword(row.password_hash, oldPassword))) throw oldPasswordIncorrect();
      await reserved.reservation.release();
      await clearFailures(db, accountKey(row.email));
      checkForm(changePasswordRequest, { oldPassword, newPassword });
      const passwordHash = await hashPassword(newPassword);
      const token = await changeAndRotate(self, sessionId, async (tx) => {
        const changed = await accountRepository(tx).replacePasswordHash(
          self,
          row.password_hash,
          passwordHash,
        );
        // That it changed, and nothing of the password or its hash.
        if (changed)
          await record(tx, { action: 'change-password', entityType: 'user', entityId: self.userId });
        return changed;
      });
      // The password changed since it was checked (a concurrent change): the old one is no longer right.
      if (token === undefined) throw oldPasswordIncorrect();
      return token;
    },
  };
}
