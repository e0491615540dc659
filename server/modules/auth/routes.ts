/** /v1/auth: login, organisation switch, logout, forgot and reset password (docs/product.md#entities-and-their-fields and #calls). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IDENTITY_HEADER } from '../../../src/domain/api';
import { ERROR_TEXTS } from '../../../src/domain/errors';
import { markAudited } from '../../audit';
import { AUTHENTICATED, PUBLIC } from '../../auth/access';
import { authed, Empty, errors } from '../../http/schemas';
import {
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  LoginResponse,
  ResetPasswordBody,
  SwitchParams,
} from './schemas';
import { authService } from './service';
import { forgotPasswordSchema, loginSchema, resetPasswordRequest } from '../../../src/domain/schemas';

export const authModule: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  const auth = authService(app.ctx, app.background);

  app.post(
    '/login',
    {
      config: { access: PUBLIC, form: loginSchema },
      schema: {
        tags: ['auth'],
        summary: 'Log in; the session token is in the X-Identity-Token response header',
        body: LoginBody,
        response: { 200: LoginResponse, ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const signed = await auth.login({ ...request.body, ip: request.ip });
      request.log.info({ userId: signed.userId, sessionId: signed.sessionId }, 'login');
      return reply.header(IDENTITY_HEADER, signed.token).send(signed.body);
    },
  );

  app.post(
    '/login/:orgId',
    {
      config: {
        access: AUTHENTICATED,
        tenancy: { kind: 'member-organisation', idParam: 'orgId' },
        bodyless: true,
      },
      schema: {
        tags: ['auth'],
        summary: 'Switch organisation: a new session (and token) scoped to orgId; the old one is revoked',
        ...authed,
        params: SwitchParams,
        response: { 200: LoginResponse, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const signed = await auth.switchOrganisation(request.auth, request.params.orgId);
      return reply.header(IDENTITY_HEADER, signed.token).send(signed.body);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: AUTHENTICATED, bodyless: true },
      schema: {
        tags: ['auth'],
        summary: 'Log out: the session is revoked',
        ...authed,
        response: { 204: Type.Null(), ...errors(401) },
      },
    },
    async (request, reply) => {
      await auth.logout(request.auth);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: PUBLIC, form: forgotPasswordSchema },
      schema: {
        tags: ['auth'],
        summary:
          'Sends a single-use reset link when the account exists (same answer and time either way); ' +
          'limited per account and per IP',
        body: ForgotPasswordBody,
        response: { 202: ForgotPasswordResponse, ...errors(400, 415, 429) },
      },
    },
    async (request, reply) => {
      const origin =
        (typeof request.headers.origin === 'string' && config.corsOrigins.includes(request.headers.origin)
          ? request.headers.origin
          : config.publicUrl) || `http://${config.host}:${config.port}`;
      await auth.forgotPassword({ email: request.body.email, ip: request.ip }, (issued) => {
        // The demo's "mail", sent after the answer: the token sits in the fragment, so it never
        // reaches an access log.
        request.log.info(
          { userId: issued.userId },
          `Password reset link: ${origin}/reset-password#token=${issued.token}`,
        );
      });
      return reply.status(202).send({ message: ERROR_TEXTS.forgotPasswordAccepted });
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: PUBLIC, form: resetPasswordRequest, audit: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset token; every session of the user is revoked',
        body: ResetPasswordBody,
        response: { 200: Empty, ...errors(400, 415) },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.newPassword, request.ip);
      markAudited(request); // written by the service, for the user of the token
      return {};
    },
  );
};
