/**
 * The caller's own account: two-factor setup and password change. A change and the session rotation
 * that goes with it (other sessions revoked, this token replaced) commit together or not at all.
 */
import { findBrand } from '../../../src/domain/brands';
import { ERROR_TEXTS } from '../../../src/domain/errors';
import { MESSAGES, isTwoFaCode, passwordProblems } from '../../../src/domain/validation';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { OrgScope } from '../../auth/scope';
import { revokeUserSessions, rotateSessionToken } from '../../auth/sessions';
import { recordFailure, retryAfter, twoFaKey } from '../../auth/throttle';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../auth/totp';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ApiError, invalidTwoFaCode, validationError } from '../../http/errors';
import { accountRepository } from './repository';

export function accountService({ db, config, now }: AppContext) {
  const accounts = accountRepository(db);
  const issuer = findBrand(config.brand)!.name;

  /**
   * Runs `change` and the session rotation in one transaction: other sessions of the user revoked, this
   * session's token replaced. Returns the new token.
   */
  function changeAndRotate(self: OrgScope, sessionId: string, change: (tx: Db) => Promise<void>) {
    return db.transaction(async (tx) => {
      await change(tx);
      await revokeUserSessions(tx, self.userId, sessionId, now());
      return rotateSessionToken(tx, sessionId, now());
    });
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

    /** Turns 2FA on (code from the pending secret) or off (code from the current one); returns the new token. */
    async updateTwoFa(self: OrgScope, sessionId: string, enabled: boolean, code: string): Promise<string> {
      if (!isTwoFaCode(code)) throw validationError({ code: MESSAGES.twoFaDigits });
      const limits = [[twoFaKey(self.userId), config.loginMaxFailuresPerAccount] as const];
      const wait = await retryAfter(db, config, now(), limits);
      if (wait > 0) {
        throw new ApiError(
          429,
          { message: ERROR_TEXTS.tooManyLoginAttempts },
          { 'Retry-After': String(wait) },
        );
      }
      const row = await accounts.get(self);
      const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
      const secret = row.totp_secret ?? (enabled ? row.totp_pending_secret : null);
      const step = secret ? verifyTotp(secret, code, now(), row.totp_secret ? lastStep : null) : null;
      if (step === null || secret === null) {
        await recordFailure(db, config, now(), [twoFaKey(self.userId)]);
        throw invalidTwoFaCode();
      }
      return changeAndRotate(self, sessionId, (tx) =>
        enabled
          ? accountRepository(tx).enableTotp(self, secret, step)
          : accountRepository(tx).disableTotp(self),
      );
    },

    /** Checks the old password and the new one's rules, then changes it; returns the new token. */
    async changePassword(
      self: OrgScope,
      sessionId: string,
      oldPassword: string,
      newPassword: string,
    ): Promise<string> {
      const row = await accounts.get(self);
      if (!(await verifyPassword(row.password_hash, oldPassword))) {
        throw validationError(
          { oldPassword: ERROR_TEXTS.oldPasswordIncorrect },
          ERROR_TEXTS.oldPasswordIncorrect,
        );
      }
      const problems = passwordProblems(newPassword);
      if (problems.length > 0) throw validationError({ newPassword: MESSAGES[problems[0]] });
      const passwordHash = await hashPassword(newPassword);
      return changeAndRotate(self, sessionId, (tx) =>
        accountRepository(tx).setPasswordHash(self, passwordHash),
      );
    },
  };
}
