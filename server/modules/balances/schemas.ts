/** Wire shapes of /v1/balances. */
import { Type } from 'typebox';
import { Id } from '../../http/schemas';
import { CurrencyCode } from '../metadata/schemas';

/** A decimal amount as a string (never a float): '12.5', '0.00012', '-3'. */
const Decimal = Type.String({ maxLength: 64, pattern: '^-?\\d+(\\.\\d+)?$' });

const Balances = Type.Record(CurrencyCode, Type.Object({ amount: Decimal }), {
  maxProperties: 200,
  description: 'currency → balance, in the order of the currency names',
});

const display = {
  displayFiatAmount: Type.String({
    maxLength: 64,
    pattern: '^-?\\d+(\\.\\d+)?$',
    description: 'Every balance converted into displayFiatCurrency, rounded half up to its precision',
  }),
  displayFiatCurrency: CurrencyCode,
  displayCryptoAmount: Type.String({
    maxLength: 64,
    pattern: '^-?\\d+(\\.\\d+)?$',
    description: 'Every balance converted into displayCryptoCurrency, rounded half up to its precision',
  }),
  displayCryptoCurrency: CurrencyCode,
};

export const BusinessBalanceSchema = Type.Object({ businessId: Id, balances: Balances, ...display });

export const BusinessBalancesSchema = Type.Object({
  balances: Type.Array(BusinessBalanceSchema, { maxItems: 10_000 }),
});

export const OrganisationBalanceSchema = Type.Object({ balances: Balances, ...display });

export const BalanceParams = Type.Object({ businessId: Id });
