/** Schemas of the internal transfer movement (POST /v1/payment/internal-transfers). */
import { Type, type Static } from 'typebox';
import { STRICT_BODY, Text } from '../../http/schemas';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

export const CreateTransferBody = Type.Object(
  {
    fromBusinessId: BusinessId,
    toBusinessId: BusinessId,
    currency: CurrencyCode,
    /** A decimal string; its rules (and messages) are checked by the service. */
    amount: Text({ maxLength: 64 }),
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
