/**
 * /v1/search: the app bar's search over the organisation's records (server/modules/search/service.ts,
 * docs/decisions.md 100–103). Any live session may call it; what it finds is each kind the caller's
 * permissions read, in the businesses the lists show the caller. A caller who reads no kind is refused.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTHENTICATED } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { forbidden, validationError } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { SearchQuery, SearchResponse } from './schemas';
import { search, searchableKinds } from './service';

export const searchModule: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: {
        access: AUTHENTICATED,
        // Rows of every transaction table and of businesses, each query on the caller's organisation;
        // tests/server/globalSearch.test.ts proves another organisation's records are never found.
        tenancy: orgRows('payments'),
      },
      schema: {
        tags: ['search'],
        summary:
          "Find the organisation's records by id, reference, transaction hash, address or business name",
        description:
          'Payments, deposits (of payments, and unassociated ones), crypto withdrawals, fiat deposits (both ' +
          'kinds), settlements, internal transfers, balance conversions and businesses; each kind only ' +
          'with the permission that reads its list (403 with none). Exact matches first, then values ' +
          'starting with q, then values containing it (q of four characters or more); at most 5 per kind.',
        ...authed,
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { permissions } = request.auth;
      if (searchableKinds(permissions).length === 0) throw forbidden();
      const { q } = request.query;
      if (q.trim() === '') throw validationError({ q: 'must not be blank' });
      return { results: await search(app.ctx.db, scopeOf(request), permissions, q) };
    },
  );
};
