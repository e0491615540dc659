/** Wire shapes of the crypto withdrawal movement, its approvals and thresholds (/v1/withdrawals/…). */
import { Type } from 'typebox';
import {
  REJECTION_REASON_MAX,
  thresholdProblem,
  withdrawalAmountProblem,
} from '../../../src/domain/withdrawals';
import { EmailAddress, Id, RequestDecimal, STRICT_BODY, Text } from '../../http/schemas';
import { defineList, equals } from '../../lib/list';
import {
  BusinessId,
  CurrencyCode,
  Decimal,
  NetworkName,
  STATUSES,
  Timestamp,
  TransactionId,
} from '../transactions/schemas';

const Nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) =>
  Type.Union([schema, Type.Null()]);
const Tag = Type.String({ maxLength: 20, pattern: '^[0-9]{1,20}$' });
const User = Type.Object({ id: Id, email: EmailAddress });

export const CreateWithdrawalBody = Type.Object(
  {
    businessId: BusinessId,
    currency: CurrencyCode,
    network: NetworkName,
    // The shape's message never depends on the currency's decimals: any precision reads it.
    amount: RequestDecimal((value) => withdrawalAmountProblem(value, 18), {
      description: 'The amount to withdraw, more than 0, in at most the coin’s decimals.',
    }),
    whitelistedAddressId: Id,
    destinationTag: Type.Optional(
      Type.Union([Text({ maxLength: 20 }), Type.Null()], {
        description: "XRP's destination tag or Stellar's memo id: the whitelisted address's own",
      }),
    ),
  },
  STRICT_BODY,
);

/** A withdrawal as the movement answers it (its status in the movement's words, decision 175). */
export const WithdrawalSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  currency: CurrencyCode,
  network: NetworkName,
  amount: Decimal,
  address: Text({ maxLength: 200 }),
  destinationTag: Nullable(Tag),
  whitelistedAddressId: Nullable(Id),
  status: Type.Enum(['PENDING_APPROVAL', 'APPROVED', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED']),
  txHash: Nullable(Text({ maxLength: 200 })),
  createdAt: Timestamp,
  createdBy: Nullable(User),
  decidedBy: Nullable(User),
  decidedAt: Nullable(Timestamp),
  rejectionReason: Nullable(Text({ maxLength: REJECTION_REASON_MAX, multiline: true })),
});

/** A whitelisted address a withdrawal may go to. */
export const DestinationSchema = Type.Object({
  id: Id,
  label: Text({ maxLength: 100 }),
  currency: CurrencyCode,
  network: Type.String({ maxLength: 16, pattern: '^[A-Z0-9_]{1,16}$' }),
  address: Text({ maxLength: 200 }),
  destinationTag: Nullable(Tag),
});

export const WithdrawalParams = Type.Object({ id: TransactionId });

export const DecisionBody = Type.Object(
  {
    reason: Type.Optional(
      Text({ maxLength: 2000, multiline: true, description: 'Why it is rejected (at most 500 characters)' }),
    ),
  },
  STRICT_BODY,
);

/** A row of the approvals list: stored statuses (those of the crypto withdrawals list), its business's name. */
export const ApprovalRowSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  businessName: Text({ maxLength: 200 }),
  currency: CurrencyCode,
  network: NetworkName,
  amount: Decimal,
  address: Text({ maxLength: 200 }),
  destinationTag: Nullable(Tag),
  addressLabel: Nullable(Text({ maxLength: 200 })),
  status: Type.Enum([...STATUSES.cryptoWithdrawals]),
  txHash: Nullable(Text({ maxLength: 200 })),
  createdAt: Timestamp,
  createdBy: Nullable(User),
  decidedBy: Nullable(User),
  decidedAt: Nullable(Timestamp),
  rejectionReason: Nullable(Text({ maxLength: REJECTION_REASON_MAX, multiline: true })),
  /** The caller created it: the four-eyes rule leaves its decision to another user. */
  ownWithdrawal: Type.Boolean(),
});

/** Withdrawals awaiting approval first, then the newest. */
export const approvalList = defineList({
  listKey: 'withdrawals',
  sortBy: { createdAt: 'w.created_at', amount: 'w.amount' },
  defaultOrder: "(w.status = 'AWAITING_APPROVAL') DESC, w.created_at DESC",
  tieBreaker: 'w.id',
  search: ['w.address', 'w.currency', 'b.name'],
  filters: {
    status: equals('w.status', Type.Enum([...STATUSES.cryptoWithdrawals])),
    businessId: equals('w.business_id', BusinessId),
    currency: equals('w.currency', CurrencyCode),
  },
});

export const ThresholdSchema = Type.Object({
  currency: CurrencyCode,
  threshold: Decimal,
  updatedAt: Nullable(Timestamp),
});

export const ThresholdParams = Type.Object({ currency: CurrencyCode });

export const ThresholdBody = Type.Object(
  {
    threshold: RequestDecimal((value) => thresholdProblem(value, 18), {
      description: '0 or more; 0: every withdrawal needs an approval.',
    }),
  },
  STRICT_BODY,
);
