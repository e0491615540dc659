/**
 * GET /v1/api-keys/businesses (CREATE_API_CREDENTIALS): the businesses a key may be made for — the
 * organisation's, without the hidden one for non-admins — by name, for the key form's business select.
 * It answers ids and names only, so a role that manages keys needs no GET_BUSINESSES (which would also
 * open the business pages) to create one (docs/decisions.md, 'The API key pages').
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors, Id, Text } from '../../http/schemas';
import { defineList } from '../../lib/list';

export const KeyBusinessSchema = Type.Object({ id: Id, name: Text({ maxLength: 200 }) });

export const keyBusinessList = defineList({
  listKey: 'businesses',
  sortBy: { name: 'b.name' },
  defaultSort: { sortBy: 'name', order: 'asc' },
  tieBreaker: 'b.id',
  search: ['b.name'],
});

export const keyBusinessesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/businesses',
    {
      config: { access: requires('CREATE_API_CREDENTIALS'), tenancy: orgRows('businesses') },
      schema: {
        tags: ['api-keys'],
        summary: 'The businesses a key may be made for (ids and names), by name',
        ...authed,
        querystring: keyBusinessList.querystring,
        response: { 200: keyBusinessList.response(KeyBusinessSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      return keyBusinessList.answer(
        await keyBusinessList.run(db, request.query, {
          select: 'b.id, b.name',
          from: 'businesses b',
          owner: { column: 'b.organisation_id', scope },
          where: () => (scope.seesHiddenBusinesses ? [] : ['NOT b.hidden_from_non_admins']),
        }),
      );
    },
  );
};
