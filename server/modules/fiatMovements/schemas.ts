/** Wire shapes of the fiat movements: a settlement (/v1/payment/withdrawals/fiat) and an expected deposit. */
import { Type, type Static } from 'typebox';
import {
  expectedAmountProblem,
  REFERENCE_MAX_LENGTH,
  settlementAmountProblem,
} from '../../../src/domain/fiatMovements';
import { Id, RequestDecimal, STRICT_BODY, Text } from '../../http/schemas';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

const Reference = Text({ maxLength: REFERENCE_MAX_LENGTH });

export const CreateWithdrawalBody = Type.Object(
  {
    businessId: BusinessId,
    bankAccountId: Id,
    currency: CurrencyCode,
    // The shape's message never depends on the currency's decimals: any precision reads it.
    amount: RequestDecimal((value) => settlementAmountProblem(value, 18), {
      description: 'The amount to settle, within the organisation’s settlement limits.',
    }),
    reference: Reference,
  },
  STRICT_BODY,
);

export const WithdrawalSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  bankAccountId: Id,
  bankAccountLabel: Text({ maxLength: 200 }),
  currency: CurrencyCode,
  amount: Decimal,
  reference: Reference,
  /** The money has left the balance; the bank pays it out (decision 166). */
  status: Type.Literal('PROCESSING'),
  createdAt: Timestamp,
});

export const CreateDepositBody = Type.Object(
  {
    businessId: BusinessId,
    currency: CurrencyCode,
    expectedAmount: RequestDecimal(
      (value, body) =>
        expectedAmountProblem(value, 18, typeof body.currency === 'string' ? body.currency : ''),
      { description: 'The amount expected, from 0.01 to 1000000.' },
    ),
    reference: Reference,
  },
  STRICT_BODY,
);

export const DepositSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  currency: CurrencyCode,
  expectedAmount: Decimal,
  reference: Reference,
  /** The create answer's name of a deposit waiting for its money (listed as PENDING; decision 167). */
  status: Type.Literal('EXPECTED'),
  instructions: Type.Object({
    beneficiary: Text({ maxLength: 200 }),
    iban: Type.String({ maxLength: 34, pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$' }),
    bic: Type.String({ maxLength: 11, pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$' }),
    reference: Text({ maxLength: 140 }),
  }),
  arrivesAt: Timestamp,
  createdAt: Timestamp,
});

export type CreateWithdrawal = Static<typeof CreateWithdrawalBody>;
export type FiatWithdrawal = Static<typeof WithdrawalSchema>;
export type CreateDeposit = Static<typeof CreateDepositBody>;
export type FiatDeposit = Static<typeof DepositSchema>;
