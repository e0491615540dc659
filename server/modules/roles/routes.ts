/** /v1/roles: built-in roles plus the caller organisation's own (MANAGE_ROLES). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { found } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { rolesRepository } from './repository';
import { RoleParams, RoleSchema, roleList } from './schemas';

const tenancy = orgRows('roles', { sharedWhenNull: true });

export const rolesModule: FastifyPluginAsyncTypebox = async (app) => {
  const roles = rolesRepository(app.ctx.db);

  app.get(
    '',
    {
      config: { access: requires('MANAGE_ROLES'), tenancy },
      schema: {
        tags: ['roles'],
        summary: "Built-in roles and the organisation's custom roles",
        ...authed,
        querystring: roleList.querystring,
        response: { 200: roleList.response(RoleSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => roleList.answer(await roles.list(scopeOf(request), request.query)),
  );

  app.get(
    '/:id',
    {
      config: { access: requires('MANAGE_ROLES'), tenancy },
      schema: {
        tags: ['roles'],
        summary: 'One role (404 for another organisation’s role)',
        ...authed,
        params: RoleParams,
        response: { 200: RoleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await roles.find(scopeOf(request), request.params.id)),
  );
};
