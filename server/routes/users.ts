/** The caller's own account: two-factor setup (GET/PATCH /v1/users/two-fa) and PATCH /v1/users/password. */
import { Type } from 'typebox';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { findBrand } from '../../src/domain/brands';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { MESSAGES, isTwoFaCode, passwordProblems } from '../../src/domain/validation';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { authenticate } from '../auth/requirePermission';
import { revokeUserSessions, rotateSessionToken } from '../auth/sessions';
import { recordFailure, retryAfter, twoFaKey } from '../auth/throttle';
import { newTotpSecret, otpauthUri, verifyTotp } from '../auth/totp';
import type { App } from '../context';
import { ApiError, invalidTwoFaCode, validationError } from '../http/errors';
import { authed, Empty, errors } from '../http/schemas';

interface TwoFaRow {
  email: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | string | null;
}

export async function userRoutes(app: App) {
  const { db, config, now } = app.ctx;
  const issuer = findBrand(config.brand)!.name;

  /** Other sessions revoked, this session's token replaced: the answer carries the new token. */
  async function secureSession(userId: number, sessionId: string): Promise<string> {
    return db.transaction(async (tx) => {
      await revokeUserSessions(tx, userId, sessionId, now());
      return rotateSessionToken(tx, sessionId, now());
    });
  }

  app.get(
    '/v1/users/two-fa',
    {
      preHandler: authenticate,
      schema: {
        tags: ['users'],
        summary: 'Two-factor state; while it is off, a secret and otpauth URI to set it up',
        ...authed,
        response: {
          200: Type.Object({
            enabled: Type.Boolean(),
            secret: Type.Optional(Type.String()),
            otpauthUri: Type.Optional(Type.String()),
          }),
          ...errors(401),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const row = (
        await db.query<TwoFaRow>('SELECT email, totp_secret, totp_pending_secret FROM users WHERE id = $1', [
          request.auth.userId,
        ])
      ).rows[0];
      if (row.totp_secret) return { enabled: true };
      let secret = row.totp_pending_secret;
      if (!secret) {
        secret = newTotpSecret();
        await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [
          request.auth.userId,
          secret,
        ]);
      }
      return { enabled: false, secret, otpauthUri: otpauthUri(secret, issuer, row.email) };
    },
  );

  app.patch(
    '/v1/users/two-fa',
    {
      preHandler: authenticate,
      schema: {
        tags: ['users'],
        summary: 'Turn two-factor on (code from the pending secret) or off (code from the current secret)',
        ...authed,
        body: Type.Object({ enabled: Type.Boolean(), code: Type.String({ minLength: 1, maxLength: 16 }) }),
        response: { 200: Type.Object({ enabled: Type.Boolean() }), ...errors(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = request.auth;
      const { enabled, code } = request.body;
      if (!isTwoFaCode(code)) throw validationError({ code: MESSAGES.twoFaDigits });
      const limits = [[twoFaKey(userId), config.loginMaxFailuresPerAccount] as const];
      const wait = await retryAfter(db, config, now(), limits);
      if (wait > 0)
        throw new ApiError(
          429,
          { message: ERROR_TEXTS.tooManyLoginAttempts },
          { 'Retry-After': String(wait) },
        );

      const row = (
        await db.query<TwoFaRow>(
          'SELECT email, totp_secret, totp_pending_secret, totp_last_step FROM users WHERE id = $1',
          [userId],
        )
      ).rows[0];
      const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
      const secret = row.totp_secret ?? (enabled ? row.totp_pending_secret : null);
      const step = secret ? verifyTotp(secret, code, now(), row.totp_secret ? lastStep : null) : null;
      if (step === null) {
        await recordFailure(db, config, now(), [twoFaKey(userId)]);
        throw invalidTwoFaCode();
      }
      if (enabled) {
        await db.query(
          `UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_last_step = $3 WHERE id = $1`,
          [userId, secret, step],
        );
      } else {
        await db.query(
          'UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $1',
          [userId],
        );
      }
      const token = await secureSession(userId, sessionId);
      return reply.header(IDENTITY_HEADER, token).send({ enabled });
    },
  );

  app.patch(
    '/v1/users/password',
    {
      preHandler: authenticate,
      schema: {
        tags: ['users'],
        summary: "Change the caller's password; other sessions are revoked and this token rotated",
        ...authed,
        body: Type.Object({
          oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
          newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
        }),
        response: { 200: Empty, ...errors(400, 401, 415) },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = request.auth;
      const { oldPassword, newPassword } = request.body;
      const row = (
        await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId])
      ).rows[0];
      if (!(await verifyPassword(row.password_hash, oldPassword))) {
        throw validationError(
          { oldPassword: ERROR_TEXTS.oldPasswordIncorrect },
          ERROR_TEXTS.oldPasswordIncorrect,
        );
      }
      const problems = passwordProblems(newPassword);
      if (problems.length > 0) throw validationError({ newPassword: MESSAGES[problems[0]] });
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        userId,
        await hashPassword(newPassword),
      ]);
      const token = await secureSession(userId, sessionId);
      return reply.header(IDENTITY_HEADER, token).send({});
    },
  );
}
