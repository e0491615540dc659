/** Wire shapes of /v1/currencies (src/domain/currencies.ts's Currency). */
import { Type } from 'typebox';
import { Int32, Name } from '../../http/schemas';

/** A network code (MAIN, BSC, TRX, ETH, SOL, …). */
const Network = Type.String({ maxLength: 16, pattern: '^[A-Z0-9_]{1,16}$' });

export const CurrencySchema = Type.Object({
  abbreviation: Type.String({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' }),
  name: Name,
  isFiat: Type.Boolean(),
  defaultNetwork: Type.Union([Network, Type.Null()]),
  supportedNetworks: Type.Array(Network, { maxItems: 32 }),
  precision: Int32({ minimum: 0, maximum: 18, description: 'Decimal places of amounts' }),
});

/** docs/product.md#calls keeps the `data` key for currencies, and no paging (a short, fixed set). */
export const CurrenciesResponse = Type.Object({ data: Type.Array(CurrencySchema, { maxItems: 1000 }) });
