/** GET /v1/currencies: { data: Currency[] } in the display order of spec section 9. */
import { Type } from 'typebox';
import { sortCurrencies, type Currency } from '../../src/domain/currencies';
import { authenticate } from '../auth/requirePermission';
import type { App } from '../context';
import { authed, errors } from '../http/schemas';

const CurrencySchema = Type.Object({
  abbreviation: Type.String(),
  name: Type.String(),
  isFiat: Type.Boolean(),
  defaultNetwork: Type.Union([Type.String(), Type.Null()]),
  supportedNetworks: Type.Array(Type.String()),
  precision: Type.Integer(),
});

export async function currencyRoutes(app: App) {
  app.get(
    '/v1/currencies',
    {
      preHandler: authenticate,
      schema: {
        tags: ['currencies'],
        summary: 'Supported currencies',
        ...authed,
        response: { 200: Type.Object({ data: Type.Array(CurrencySchema) }), ...errors(401) },
      },
    },
    async () => {
      const { rows } = await app.ctx.db.query<Currency>(
        `SELECT abbreviation, name, is_fiat AS "isFiat", default_network AS "defaultNetwork",
                supported_networks AS "supportedNetworks", precision
           FROM currencies`,
      );
      return { data: sortCurrencies(rows) };
    },
  );
}
