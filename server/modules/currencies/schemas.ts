/** Wire shapes of /v1/currencies (src/domain/currencies.ts's Currency). */
import { Type } from 'typebox';

export const CurrencySchema = Type.Object({
  abbreviation: Type.String(),
  name: Type.String(),
  isFiat: Type.Boolean(),
  defaultNetwork: Type.Union([Type.String(), Type.Null()]),
  supportedNetworks: Type.Array(Type.String()),
  precision: Type.Integer(),
});

/** Spec section 7 keeps the `data` key for currencies, and no paging (a short, fixed set). */
export const CurrenciesResponse = Type.Object({ data: Type.Array(CurrencySchema) });
