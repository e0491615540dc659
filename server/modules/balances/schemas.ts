/** Wire shapes of /v1/balances. */
import { Type } from 'typebox';
import { Id } from '../../http/schemas';
import { CurrencyCode } from '../metadata/schemas';

/** A decimal amount as a string (never a float): '12.5', '0.00012', '-3'. */
const decimal = (description: string) =>
  Type.String({ maxLength: 64, pattern: '^-?\\d+(\\.\\d+)?$', description });

const Balance = Type.Object({
  amount: decimal('What the business can move now (its available balance)'),
  held: Type.Optional(
    decimal('Reserved by withdrawals awaiting approval, not part of amount; present only when above zero'),
  ),
});

const Balances = Type.Record(CurrencyCode, Balance, {
  maxProperties: 200,
  description: 'currency → balance, in the order of the currency names',
});

const display = {
  displayFiatAmount: decimal(
    'Every balance converted into displayFiatCurrency, rounded half up to its precision',
  ),
  displayFiatCurrency: CurrencyCode,
  displayCryptoAmount: decimal(
    'Every balance converted into displayCryptoCurrency, rounded half up to its precision',
  ),
  displayCryptoCurrency: CurrencyCode,
};

export const BusinessBalanceSchema = Type.Object({ businessId: Id, balances: Balances, ...display });

export const BusinessBalancesSchema = Type.Object({
  balances: Type.Array(BusinessBalanceSchema, { maxItems: 10_000 }),
});

export const OrganisationBalanceSchema = Type.Object({ balances: Balances, ...display });

export const BalanceParams = Type.Object({ businessId: Id });
