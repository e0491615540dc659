/** Schemas of the internal transfer movement (POST /v1/payment/internal-transfers). */
import { Type, type Static } from 'typebox';
import { transferAmountProblem } from '../../../src/domain/transfers';
import { RequestDecimal, STRICT_BODY } from '../../http/schemas';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

export const CreateTransferBody = Type.Object(
  {
    fromBusinessId: BusinessId,
    toBusinessId: BusinessId,
    currency: CurrencyCode,
    // The shape's message never depends on the currency's decimals: any precision reads it.
    amount: RequestDecimal((value) => transferAmountProblem(value, 18), {
      description: 'The amount to move, more than 0, in at most the currency’s decimals.',
    }),
  },
  STRICT_BODY,
);
export type CreateTransfer = Static<typeof CreateTransferBody>;

export const TransferSchema = Type.Object({
  id: TransactionId,
  fromBusinessId: BusinessId,
  toBusinessId: BusinessId,
  currency: CurrencyCode,
  amount: Decimal,
  status: Type.Literal('COMPLETED'),
  createdAt: Timestamp,
});
export type Transfer = Static<typeof TransferSchema>;
