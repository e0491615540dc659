/** Login, organisation switch, logout, forgot and reset password: the rules, over the repository. */
import { createHash, randomBytes } from 'node:crypto';
import type { LoginResponse } from '../../../src/domain/api';
import { ERROR_TEXTS } from '../../../src/domain/errors';
import { forgotPasswordSchema, loginRequest, resetPasswordRequest } from '../../../src/domain/schemas';
import { normaliseEmail } from '../../../src/domain/validation';
import { auditForUser } from '../../audit';
import { hashPassword, verifyDummy, verifyPassword } from '../../auth/passwords';
import { createSession, revokeSession, revokeUserSessions, type AuthContext } from '../../auth/sessions';
import {
  accountKey,
  clearFailures,
  forgotPasswordLimits,
  loginLimits,
  reserveAttempt,
} from '../../auth/throttle';
import { verifyTotp } from '../../auth/totp';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  ApiError,
  forbidden,
  found,
  invalidTwoFaCode,
  notFound,
  tooManyAttempts,
  tooManyRequests,
} from '../../http/errors';
import { checkForm } from '../../http/forms';
import type { Background } from '../../lib/background';
import { authRepository } from './repository';

const invalidCredentials = () => new ApiError(401, { message: ERROR_TEXTS.invalidCredentials });

/** The SHA-256 of a reset token, as stored. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The login answer for a user's session in one organisation, or undefined when not a member. */
export async function loginResponse(
  db: Db,
  userId: number,
  organisationId: number,
  sessionId: string,
): Promise<LoginResponse | undefined> {
  const rows = await authRepository(db).memberships(userId);
  const current = rows.find((r) => r.organisation_id === organisationId);
  if (!current) return undefined;
  return {
    user: {
      id: userId,
      email: current.email,
      role: current.role,
      twoFaEnabled: current.two_fa,
      permissions: current.permissions,
      organisationId,
    },
    sessionId,
    organisations: Object.fromEntries(rows.map((r) => [String(r.organisation_id), r.organisation_name])),
  };
}

export interface Signed {
  token: string;
  body: LoginResponse;
  userId: number;
  sessionId: string;
}

export function authService({ db, config, now }: AppContext, background: Background) {
  const users = authRepository(db);

  /**
   * A failed login in the audit log (outcome 'refused'): in every organisation of the account, or
   * without an organisation when the e-mail has none. The login throttle bounds how many are written.
   */
  const refused = (user: { id: number | null; email: string }, ip: string) =>
    auditForUser(db, { now }, user, ip, {
      action: 'login',
      entityType: 'user',
      entityId: user.id,
      outcome: 'refused',
    });

  return {
    async login(input: {
      email: string;
      password: string;
      twoFaCode?: number | string | null;
      ip: string;
    }): Promise<Signed> {
      // What the form would refuse is refused before anything is counted (the code is a number on the
      // wire, checked below against the account's secret).
      checkForm(loginRequest, input);
      const email = normaliseEmail(input.email);
      // The attempt is reserved (counted as a failure) before the password is checked, atomically: of
      // any number of parallel attempts, at most the limit get to the check (server/auth/throttle.ts).
      const reserved = await reserveAttempt(db, config, now(), loginLimits(config, email, input.ip));
      if (reserved.wait !== undefined) throw tooManyAttempts(reserved.wait);
      const attempt = reserved.reservation;

      const user = await users.userByEmail(email);
      if (!user) {
        await verifyDummy(input.password);
        await refused({ id: null, email }, input.ip);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(user.password_hash, input.password))) {
        await refused({ id: user.id, email }, input.ip);
        throw invalidCredentials();
      }

      if (user.totp_secret) {
        const { twoFaCode } = input;
        if (twoFaCode === undefined || twoFaCode === null) {
          // The right password without a code is not a failure: the user is asked for the code.
          await attempt.release();
          throw invalidTwoFaCode();
        }
        const lastStep = user.totp_last_step === null ? null : Number(user.totp_last_step);
        const step = verifyTotp(user.totp_secret, String(twoFaCode).padStart(6, '0'), now(), lastStep);
        const accepted = step !== null && (await users.acceptTotpStep(user.id, step));
        if (!accepted) {
          await refused({ id: user.id, email }, input.ip);
          throw invalidTwoFaCode();
        }
      }

      await attempt.release();
      const organisationId = await users.firstOrganisation(user.id);
      if (organisationId === undefined) throw forbidden();

      await clearFailures(db, accountKey(email));
      const session = await createSession(db, config, now(), user.id, organisationId);
      const body = found(await loginResponse(db, user.id, organisationId, session.sessionId));
      return { token: session.token, body, userId: user.id, sessionId: session.sessionId };
    },

    /** A new session scoped to orgId replaces the caller's (same absolute expiry); 404 when not a member. */
    async switchOrganisation(auth: AuthContext, orgId: number): Promise<Signed> {
      if (!(await users.isMember(auth.userId, orgId))) throw notFound();
      const expiresAt = await users.sessionExpiry(auth.sessionId);
      const session = await db.transaction(async (tx) => {
        await revokeSession(tx, auth.sessionId, now());
        return createSession(tx, config, now(), auth.userId, orgId, expiresAt);
      });
      const body = found(await loginResponse(db, auth.userId, orgId, session.sessionId));
      return { token: session.token, body, userId: auth.userId, sessionId: session.sessionId };
    },

    logout: (auth: AuthContext) => revokeSession(db, auth.sessionId, now()),

    /**
     * Accepts a reset request: the same work and answer for known and unknown accounts. Checks the
     * address and the limits per account and per IP (429 with Retry-After), then issues the token and
     * sends the "mail" (`deliver`) after the answer, off the response path.
     */
    async forgotPassword(
      input: { email: string; ip: string },
      deliver: (issued: { userId: number; token: string }) => void,
    ): Promise<void> {
      checkForm(forgotPasswordSchema, input);
      const email = normaliseEmail(input.email);
      const reserved = await reserveAttempt(db, config, now(), forgotPasswordLimits(config, email, input.ip));
      if (reserved.wait !== undefined) throw tooManyRequests(reserved.wait);
      const at = now();
      background.run('password reset mail', async () => {
        const userId = await users.userIdByEmail(email);
        if (userId === undefined) return;
        const token = randomBytes(32).toString('base64url');
        await users.insertReset(
          hashResetToken(token),
          userId,
          new Date(at),
          new Date(at + config.resetTokenMinutes * 60_000),
        );
        deliver({ userId, token });
      });
    },

    /** Sets the password with a single-use token; every session of the user is revoked, all in one transaction. */
    async resetPassword(token: string, newPassword: string, ip: string): Promise<void> {
      const tokenHash = hashResetToken(token);
      const invalid = () => new ApiError(400, { message: ERROR_TEXTS.resetTokenInvalid });
      checkForm(resetPasswordRequest, { newPassword });
      const reset = await users.findReset(tokenHash);
      if (!reset || reset.used_at || new Date(reset.expires_at).getTime() <= now()) throw invalid();
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const repo = authRepository(tx);
        const at = new Date(now());
        if (!(await repo.useReset(tokenHash, at))) throw invalid();
        await repo.useAllResets(reset.user_id, at);
        await repo.setPasswordHash(reset.user_id, passwordHash);
        await revokeUserSessions(tx, reset.user_id, undefined, now());
        // The user's own act (by the link): in each of the user's organisations, nothing of the password.
        const { rows } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
          reset.user_id,
        ]);
        await auditForUser(tx, { now }, { id: reset.user_id, email: rows[0].email }, ip, {
          action: 'reset-password',
          entityType: 'user',
          entityId: reset.user_id,
        });
      });
    },
  };
}
