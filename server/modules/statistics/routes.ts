/**
 * /v1/statistics (docs/product.md#calls): `deposits/histogram` and `withdrawals/histogram` (GET_STATISTICS),
 * `deposits` and `withdrawals` (totals with balances: GET_STATISTICS and GET_BALANCES). A businessId of
 * another organisation, or the hidden business for a non-ADMIN, is a 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import type { Flow } from './repository';
import { HistogramQuery, HistogramSchema, TotalsQuery, TotalsSchema } from './schemas';
import { statisticsService } from './service';

const FLOWS: readonly { flow: Flow; what: string }[] = [
  { flow: 'deposits', what: 'Received deposits (CONFIRMED payment deposits)' },
  { flow: 'withdrawals', what: 'Sent withdrawals (COMPLETED crypto withdrawals)' },
];

export const statisticsModule: FastifyPluginAsyncTypebox = async (app) => {
  const statistics = statisticsService(app.ctx);
  const tenancy = orgRows('businesses');

  for (const { flow, what } of FLOWS) {
    app.get(
      `/${flow}/histogram`,
      {
        config: { access: requires('GET_STATISTICS'), tenancy },
        schema: {
          tags: ['statistics'],
          summary: `${what} per UTC day since after, per currency and in the settlement currency`,
          ...authed,
          querystring: HistogramQuery,
          response: { 200: HistogramSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => statistics.histogram(scopeOf(request), flow, request.query),
    );

    app.get(
      `/${flow}`,
      {
        config: { access: requires('GET_STATISTICS', 'GET_BALANCES'), tenancy },
        schema: {
          tags: ['statistics'],
          summary: `${what} since after per coin, with the ledger balances`,
          ...authed,
          querystring: TotalsQuery,
          response: { 200: TotalsSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => statistics.totals(scopeOf(request), flow, request.query),
    );
  }
};
