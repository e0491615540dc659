/** /v1/users: the caller's own account (two-factor setup, password change) and the organisation's users. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePasswordRequest, twoFaSchema } from '../../../src/domain/schemas';
import { IDENTITY_HEADER } from '../../../src/domain/api';
import { recorderOf } from '../../audit';
import { AUTHENTICATED } from '../../auth/access';
import { scopeOf } from '../../auth/scope';
import { authed, Empty, errors } from '../../http/schemas';
import { ChangePasswordBody, TwoFaState, TwoFaUpdateBody, TwoFaUpdateResponse } from './schemas';
import { membersRoutes } from './members';
import { accountService } from './service';

export const usersModule: FastifyPluginAsyncTypebox = async (app) => {
  const account = accountService(app.ctx);

  app.get(
    '/two-fa',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['users'],
        summary: 'Two-factor state; while it is off, a secret and otpauth URI to set it up',
        ...authed,
        response: { 200: TwoFaState, ...errors(401) },
      },
    },
    async (request) => account.twoFaState(scopeOf(request)),
  );

  app.patch(
    '/two-fa',
    {
      config: { access: AUTHENTICATED, form: twoFaSchema, audit: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Turn two-factor on (code from the pending secret) or off (code from the current secret)',
        ...authed,
        body: TwoFaUpdateBody,
        response: { 200: TwoFaUpdateResponse, ...errors(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { enabled, code } = request.body;
      const token = await account.updateTwoFa(
        scopeOf(request),
        request.auth.sessionId,
        enabled,
        code,
        recorderOf(request),
      );
      return reply.header(IDENTITY_HEADER, token).send({ enabled });
    },
  );

  app.patch(
    '/password',
    {
      config: { access: AUTHENTICATED, form: changePasswordRequest, audit: 'user' },
      schema: {
        tags: ['users'],
        summary: "Change the caller's password; other sessions are revoked and this token rotated",
        ...authed,
        body: ChangePasswordBody,
        response: { 200: Empty, ...errors(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { oldPassword, newPassword } = request.body;
      const token = await account.changePassword(
        scopeOf(request),
        request.auth.sessionId,
        request.ip,
        oldPassword,
        newPassword,
        recorderOf(request),
      );
      return reply.header(IDENTITY_HEADER, token).send({});
    },
  );

  // The organisation's users (members.ts).
  await app.register(membersRoutes);
};
