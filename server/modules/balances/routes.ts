/** /v1/balances: business and organisation balances from the ledger. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import {
  BalanceParams,
  BusinessBalanceSchema,
  BusinessBalancesSchema,
  OrganisationBalanceSchema,
} from './schemas';
import { balancesService } from './service';

export const balancesModule: FastifyPluginAsyncTypebox = async (app) => {
  const balances = balancesService(app.ctx);
  const config = { access: requires('GET_BALANCES'), tenancy: orgRows('businesses') };

  app.get(
    '',
    {
      config,
      schema: {
        tags: ['balances'],
        summary: 'The balances of every business the caller may see, with display amounts',
        ...authed,
        response: { 200: BusinessBalancesSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ balances: await balances.all(scopeOf(request)) }),
  );

  app.get(
    '/organisation',
    {
      config,
      schema: {
        tags: ['balances'],
        summary: 'The balances summed over every business the caller may see',
        ...authed,
        response: { 200: OrganisationBalanceSchema, ...errors(401, 403) },
      },
    },
    async (request) => balances.organisation(scopeOf(request)),
  );

  app.get(
    '/:businessId',
    {
      // An API key with GET_BALANCES reads its own business's balances.
      config: { ...config, apiKey: ['GET_BALANCES'] },
      schema: {
        tags: ['balances'],
        summary: 'The balances of one business (404 for another organisation’s)',
        ...authed,
        params: BalanceParams,
        response: { 200: BusinessBalanceSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => balances.one(scopeOf(request), request.params.businessId),
  );
};
