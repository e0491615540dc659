/**
 * Wire shapes of a record's page, `GET /v1/records/{kind}/{id}` (src/domain/records.ts's RecordPage):
 * one route per kind, so each answer's `record` is that kind's own schema (the one its GET answers).
 */
import { Type, type TSchema } from 'typebox';
import {
  CALLBACK_ENTITY_KINDS,
  CALLBACK_EVENT_TYPES,
  CALLBACK_STATUSES,
} from '../../../src/domain/callbacks';
import { RECORD_KINDS, TIMELINE_STEP_TYPES } from '../../../src/domain/records';
import { Text } from '../../http/schemas';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);
const Count = Type.Integer({ format: 'int32', minimum: 0, maximum: 2_147_483_647 });
const Kebab = Type.String({ maxLength: 40, pattern: '^[a-z][a-z-]{0,39}$' });
/** A record's status as its table keeps it (each kind's list is its record schema's). */
const StatusName = Type.String({ maxLength: 40, pattern: '^[A-Z][A-Z_]{0,39}$' });

export const RecordParams = Type.Object({ id: TransactionId });

export const RecordActorSchema = Type.Object({
  type: Type.Enum(['user', 'apiKey', 'system']),
  id: Nullable(Text({ maxLength: 100 })),
  label: Text({ maxLength: 320 }),
});

/** A value before or after an audited change (any JSON, as the audit row holds it). */
const FieldValue = Type.Unknown({ description: 'The value (any JSON), null when absent' });

export const TimelineStepSchema = Type.Object({
  at: Timestamp,
  type: Type.Enum([...TIMELINE_STEP_TYPES]),
  actor: Nullable(RecordActorSchema),
  source: Type.Enum(['dashboard', 'api', 'simulator', 'system']),
  status: Type.Optional(StatusName),
  twoFactor: Type.Optional(Type.Boolean()),
  confirmations: Type.Optional(Type.Object({ count: Count, required: Count })),
  depositId: Type.Optional(Text({ maxLength: 20, pattern: '^[0-9]+$' })),
  reason: Type.Optional(Text({ maxLength: 500 })),
  callback: Type.Optional(
    Type.Object({
      id: TransactionId,
      eventType: Text({ maxLength: 81 }),
      attempt: Count,
      of: Count,
      statusCode: Nullable(Type.Integer({ format: 'int32', minimum: 100, maximum: 599 })),
      error: Nullable(Text({ maxLength: 500 })),
      status: Type.Enum([...CALLBACK_STATUSES]),
    }),
  ),
  audit: Type.Optional(
    Type.Object({
      action: Kebab,
      changes: Type.Record(
        Type.String({ maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9]*$' }),
        Type.Object({ before: FieldValue, after: FieldValue }),
        { maxProperties: 100 },
      ),
    }),
  ),
});

export const RecordPostingSchema = Type.Object({
  account: Type.Enum(['available', 'held', 'external', 'fee', 'conversion']),
  businessId: Nullable(BusinessId),
  businessName: Nullable(Text({ maxLength: 100 })),
  currency: CurrencyCode,
  amount: Decimal,
  balanceAfter: Nullable(Decimal),
});

export const RecordLedgerEntrySchema = Type.Object({
  entryId: TransactionId,
  kind: Type.String({ maxLength: 40, pattern: '^[a-z][a-z_]{0,39}$' }),
  description: Nullable(Text({ maxLength: 1000 })),
  createdAt: Timestamp,
  postings: Type.Array(RecordPostingSchema, { maxItems: 100 }),
});

export const RelatedRecordSchema = Type.Object({
  kind: Type.Enum([...RECORD_KINDS, 'businesses', 'whitelisted-addresses', 'bank-accounts']),
  id: Text({ maxLength: 20, pattern: '^[0-9]+$' }),
  relation: Kebab,
  label: Text({ maxLength: 300 }),
  status: Nullable(StatusName),
  businessId: Nullable(BusinessId),
});

/** src/domain/callbacks.ts's CallbackRow. */
export const CallbackRowSchema = Type.Object({
  id: TransactionId,
  webhookId: Type.String({ maxLength: 64, pattern: '^msg_[A-Za-z0-9]{10,60}$' }),
  businessId: BusinessId,
  businessName: Text({ maxLength: 100 }),
  eventType: Type.Enum(Object.keys(CALLBACK_EVENT_TYPES)),
  entityKind: Type.Enum([...CALLBACK_ENTITY_KINDS]),
  entityId: Text({ maxLength: 20, pattern: '^[0-9]+$' }),
  entityStatus: Nullable(StatusName),
  status: Type.Enum([...CALLBACK_STATUSES]),
  attempts: Count,
  maxAttempts: Count,
  nextAttemptAt: Nullable(Timestamp),
  deliveredAt: Nullable(Timestamp),
  lastStatusCode: Nullable(Type.Integer({ format: 'int32', minimum: 100, maximum: 599 })),
  lastError: Nullable(Text({ maxLength: 500 })),
  url: Nullable(Text({ maxLength: 2000 })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const RecordHeaderSchema = (kind: string) =>
  Type.Object({
    kind: Type.Literal(kind),
    id: Text({ maxLength: 20, pattern: '^[0-9]+$' }),
    amount: Decimal,
    currency: CurrencyCode,
    status: StatusName,
    businessId: BusinessId,
    businessName: Text({ maxLength: 100 }),
    reference: Nullable(Text({ maxLength: 200 })),
    createdAt: Timestamp,
  });

/** The page of one kind: its header, its record (`record`: the kind's own schema) and the rest. */
export const RecordPageSchema = (kind: string, record: TSchema) =>
  Type.Object({
    header: RecordHeaderSchema(kind),
    record,
    timeline: Type.Array(TimelineStepSchema, { maxItems: 10_000 }),
    ledger: Type.Array(RecordLedgerEntrySchema, { maxItems: 1000 }),
    related: Type.Array(RelatedRecordSchema, { maxItems: 1000 }),
    callbacks: Type.Array(CallbackRowSchema, { maxItems: 1000 }),
    actions: Type.Object({
      approve: Type.Boolean(),
      reject: Type.Boolean(),
      resendCallback: Type.Boolean(),
    }),
  });
