/** Login, organisation switch, logout, forgot and reset password (spec sections 3 and 7). */
import { createHash, randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import { IDENTITY_HEADER, type LoginResponse as LoginResponseBody } from '../../src/domain/api';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { MESSAGES, isEmail, normaliseEmail, passwordProblems } from '../../src/domain/validation';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import { authenticate } from '../auth/requirePermission';
import { createSession, revokeSession, revokeUserSessions } from '../auth/sessions';
import { accountKey, clearFailures, loginLimits, recordFailure, retryAfter } from '../auth/throttle';
import { verifyTotp } from '../auth/totp';
import type { App } from '../context';
import type { Db } from '../db/client';
import { ApiError, forbidden, found, invalidTwoFaCode, notFound, validationError } from '../http/errors';
import { authed, Empty, errors, Id, LoginResponse } from '../http/schemas';

interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: number | string | null;
}

const invalidCredentials = () => new ApiError(401, { message: ERROR_TEXTS.invalidCredentials });

/** The login answer for a user's session in one organisation, or undefined when not a member. */
export async function loginResponse(
  db: Db,
  userId: number,
  organisationId: number,
  sessionId: string,
): Promise<LoginResponseBody | undefined> {
  const { rows } = await db.query<{
    organisation_id: number;
    organisation_name: string;
    role: string;
    permissions: string[];
    email: string;
    two_fa: boolean;
  }>(
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

/** The SHA-256 of a reset token, as stored. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function authRoutes(app: App) {
  const { db, config, now } = app.ctx;

  app.post(
    '/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in; the session token is in the X-Identity-Token response header',
        body: Type.Object({
          email: Type.String({ minLength: 1, maxLength: 320 }),
          password: Type.String({ minLength: 1, maxLength: 1024 }),
          twoFaCode: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 999_999 }), Type.Null()])),
        }),
        response: {
          200: LoginResponse,
          ...errors(400, 401, 403, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const { password, twoFaCode } = request.body;
      const limits = loginLimits(config, email, request.ip);
      const wait = await retryAfter(db, config, now(), limits);
      if (wait > 0) {
        throw new ApiError(
          429,
          { message: ERROR_TEXTS.tooManyLoginAttempts },
          { 'Retry-After': String(wait) },
        );
      }
      const fail = async (error: ApiError) => {
        await recordFailure(
          db,
          config,
          now(),
          limits.map(([key]) => key),
        );
        return error;
      };

      const user = (
        await db.query<UserRow>(
          'SELECT id, email, password_hash, totp_secret, totp_last_step FROM users WHERE email = $1',
          [email],
        )
      ).rows[0];
      if (!user) {
        await verifyDummy(password);
        throw await fail(invalidCredentials());
      }
      if (!(await verifyPassword(user.password_hash, password))) throw await fail(invalidCredentials());

      if (user.totp_secret) {
        if (twoFaCode === undefined || twoFaCode === null) throw invalidTwoFaCode();
        const lastStep = user.totp_last_step === null ? null : Number(user.totp_last_step);
        const step = verifyTotp(user.totp_secret, String(twoFaCode).padStart(6, '0'), now(), lastStep);
        // The conditional update makes two concurrent uses of one code fail for the second.
        const accepted =
          step !== null &&
          (
            await db.query(
              'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
              [user.id, step],
            )
          ).rows.length === 1;
        if (!accepted) throw await fail(invalidTwoFaCode());
      }

      const first = (
        await db.query<{ organisation_id: number }>(
          `SELECT m.organisation_id FROM memberships m JOIN organisations o ON o.id = m.organisation_id
            WHERE m.user_id = $1 ORDER BY o.name, o.id LIMIT 1`,
          [user.id],
        )
      ).rows[0];
      if (!first) throw forbidden();

      await clearFailures(db, accountKey(email));
      const session = await createSession(db, config, now(), user.id, first.organisation_id);
      const body = found(await loginResponse(db, user.id, first.organisation_id, session.sessionId));
      request.log.info({ userId: user.id, sessionId: session.sessionId }, 'login');
      return reply.header(IDENTITY_HEADER, session.token).send(body);
    },
  );

  app.post(
    '/v1/auth/login/:orgId',
    {
      preHandler: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Switch organisation: a new session (and token) scoped to orgId; the old one is revoked',
        ...authed,
        params: Type.Object({ orgId: Id }),
        response: { 200: LoginResponse, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { orgId } = request.params;
      const auth = request.auth;
      const member = await db.query('SELECT 1 FROM memberships WHERE user_id = $1 AND organisation_id = $2', [
        auth.userId,
        orgId,
      ]);
      if (member.rows.length === 0) throw notFound();
      const old = await db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [
        auth.sessionId,
      ]);
      const session = await db.transaction(async (tx) => {
        await revokeSession(tx, auth.sessionId, now());
        return createSession(tx, config, now(), auth.userId, orgId, new Date(old.rows[0].expires_at));
      });
      const body = found(await loginResponse(db, auth.userId, orgId, session.sessionId));
      return reply.header(IDENTITY_HEADER, session.token).send(body);
    },
  );

  app.post(
    '/v1/auth/logout',
    {
      preHandler: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Log out: the session is revoked',
        ...authed,
        response: { 204: Type.Null(), ...errors(401) },
      },
    },
    async (request, reply) => {
      await revokeSession(db, request.auth.sessionId, now());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sends a single-use reset link when the account exists (same answer either way)',
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) }),
        response: { 202: Type.Object({ message: Type.String() }), ...errors(400, 415) },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      if (!isEmail(email)) throw validationError({ email: MESSAGES.emailInvalid });
      const user = (await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0];
      if (user) {
        const token = randomBytes(32).toString('base64url');
        const at = now();
        await db.query(
          'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
          [hashResetToken(token), user.id, new Date(at), new Date(at + config.resetTokenMinutes * 60_000)],
        );
        const origin =
          (typeof request.headers.origin === 'string' && config.corsOrigins.includes(request.headers.origin)
            ? request.headers.origin
            : config.publicUrl) || `http://${config.host}:${config.port}`;
        // The demo's "mail": the token sits in the fragment, so it never reaches an access log.
        request.log.info({ userId: user.id }, `Password reset link: ${origin}/reset-password#token=${token}`);
      }
      return reply.status(202).send({ message: ERROR_TEXTS.forgotPasswordAccepted });
    },
  );

  app.post(
    '/v1/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset token; every session of the user is revoked',
        body: Type.Object({
          token: Type.String({ minLength: 1, maxLength: 200 }),
          newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
        }),
        response: { 200: Empty, ...errors(400, 415) },
      },
    },
    async (request) => {
      const tokenHash = hashResetToken(request.body.token);
      const invalid = () => new ApiError(400, { message: ERROR_TEXTS.resetTokenInvalid });
      const reset = (
        await db.query<{ user_id: number; expires_at: Date; used_at: Date | null }>(
          'SELECT user_id, expires_at, used_at FROM password_resets WHERE token_hash = $1',
          [tokenHash],
        )
      ).rows[0];
      if (!reset || reset.used_at || new Date(reset.expires_at).getTime() <= now()) throw invalid();
      const problems = passwordProblems(request.body.newPassword);
      if (problems.length > 0) throw validationError({ newPassword: MESSAGES[problems[0]] });
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        const at = new Date(now());
        const used = await tx.query(
          'UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING user_id',
          [tokenHash, at],
        );
        if (used.rows.length === 0) throw invalid();
        // Any other outstanding link of the user dies with this one.
        await tx.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
          reset.user_id,
          at,
        ]);
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [reset.user_id, passwordHash]);
        await revokeUserSessions(tx, reset.user_id, undefined, now());
      });
      return {};
    },
  );
}
