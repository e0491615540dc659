/** Wire shapes of the balance conversions (/v1/payment/balance/convert): the indicative figures and a quote. */
import { Type, type Static } from 'typebox';
import { conversionAmountProblem } from '../../../src/domain/conversions';
import { RequestDecimal, STRICT_BODY } from '../../http/schemas';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

const AmountType = Type.Union([Type.Literal('DEBIT'), Type.Literal('CREDIT')]);

const conversionFields = {
  businessId: BusinessId,
  amountCurrencyType: AmountType,
  debitCurrency: CurrencyCode,
  creditCurrency: CurrencyCode,
  // The shape's message never depends on the currency's decimals: any precision reads it.
  amount: RequestDecimal((value) => conversionAmountProblem(value, 18), {
    description: 'The amount in the currency `amountCurrencyType` names, more than 0.',
  }),
};

export const CreateConversionBody = Type.Object(conversionFields, STRICT_BODY);

/**
 * The execution takes nothing: it runs at the quote's figures. A strict empty object, so a client that
 * sends `rate` or `creditAmount` learns they are ignored (400 naming the field), not silently dropped.
 */
export const ExecuteConversionBody = Type.Object(
  {},
  { ...STRICT_BODY, description: 'Nothing: the quote holds the figures' },
);

export const IndicativeQuery = Type.Object(
  { ...conversionFields, amount: Type.Optional(conversionFields.amount) },
  STRICT_BODY,
);

export const ConversionParams = Type.Object({ id: TransactionId });

const Figures = {
  rate: Decimal,
  debitAmount: Decimal,
  creditAmount: Decimal,
  fee: Decimal,
};

export const IndicativeSchema = Type.Object({
  rate: Decimal,
  debitAmount: Type.Union([Decimal, Type.Null()]),
  creditAmount: Type.Union([Decimal, Type.Null()]),
  fee: Type.Union([Decimal, Type.Null()]),
});

export const ConversionSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  status: Type.Union([Type.Literal('QUOTED'), Type.Literal('EXECUTED')]),
  amountCurrencyType: AmountType,
  debitCurrency: CurrencyCode,
  creditCurrency: CurrencyCode,
  ...Figures,
  expiresAt: Timestamp,
  createdAt: Timestamp,
  executedAt: Type.Union([Timestamp, Type.Null()]),
});

/** The fields of a conversion (a quote's body; the indicative query, whose amount is optional). */
export type ConversionFields = Static<typeof IndicativeQuery>;
export type CreateConversion = Static<typeof CreateConversionBody>;
export type Indicative = Static<typeof IndicativeSchema>;
export type Conversion = Static<typeof ConversionSchema>;
