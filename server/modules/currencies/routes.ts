/** GET /v1/currencies: { data: Currency[] } in the display order of docs/product.md#constants-and-limits. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sortCurrencies } from '../../../src/domain/currencies';
import { AUTHENTICATED } from '../../auth/access';
import { authed, errors } from '../../http/schemas';
import { currenciesRepository } from './repository';
import { CurrenciesResponse } from './schemas';

export const currenciesModule: FastifyPluginAsyncTypebox = async (app) => {
  const currencies = currenciesRepository(app.ctx.db);

  app.get(
    '',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['currencies'],
        summary: 'Supported currencies',
        ...authed,
        response: { 200: CurrenciesResponse, ...errors(401) },
      },
    },
    async () => ({ data: sortCurrencies(await currencies.all()) }),
  );
};
