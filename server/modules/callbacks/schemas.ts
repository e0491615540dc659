/** Wire shapes of /v1/callbacks and the secret's rotation (src/domain/callbacks.ts's shapes). */
import { Type, type Static, type TSchema } from 'typebox';
import {
  CALLBACK_ENTITY_KINDS,
  CALLBACK_EVENT_TYPES,
  CALLBACK_STATUSES,
} from '../../../src/domain/callbacks';
import { CALLBACK_URL_MAX_LENGTH } from '../../../src/domain/business';
import { EmailAddress, Id, Int32, Text } from '../../http/schemas';
import { atLeast, before, defineList, equals } from '../../lib/list';

const Timestamp = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' });
const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

export const CallbackId = Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const CallbackParams = Type.Object({ id: CallbackId });
export const BusinessParams = Type.Object({ id: Id });

const EventType = Type.Enum(Object.keys(CALLBACK_EVENT_TYPES), { description: 'The event' });
const Status = Type.Enum([...CALLBACK_STATUSES]);
const EntityKind = Type.Enum([...CALLBACK_ENTITY_KINDS], { description: 'The kind of record' });
const EntityId = Type.String({
  maxLength: 16,
  pattern: '^[1-9][0-9]{0,15}$',
  description: "The record's id",
});
const StatusCode = Int32({ minimum: 100, maximum: 599 });
const Count = Int32({ minimum: 0, maximum: 1_000_000 });
const ErrorText = Text({ maxLength: 500 });

const ROW = {
  id: CallbackId,
  webhookId: Type.String({ maxLength: 64, pattern: '^msg_[A-Za-z0-9]{10,60}$' }),
  businessId: Id,
  businessName: Text({ maxLength: 200 }),
  eventType: EventType,
  entityKind: EntityKind,
  entityId: EntityId,
  entityStatus: Nullable(Text({ maxLength: 40 })),
  status: Status,
  attempts: Count,
  maxAttempts: Count,
  nextAttemptAt: Nullable(Timestamp),
  deliveredAt: Nullable(Timestamp),
  lastStatusCode: Nullable(StatusCode),
  lastError: Nullable(ErrorText),
  url: Nullable(Text({ maxLength: CALLBACK_URL_MAX_LENGTH })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

/** One callback, as the list answers it (CallbackRow). */
export const CallbackRowSchema = Type.Object(ROW);

/** The body as sent: `{ type, id, createdAt, data }` (data: the record as the API answers it). */
export const CallbackPayloadSchema = Type.Object({
  type: EventType,
  id: Type.String({ maxLength: 64, pattern: '^msg_[A-Za-z0-9]{10,60}$' }),
  createdAt: Timestamp,
  data: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
    maxProperties: 100,
    description: 'The record as GET /v1/payments/{id} or GET /v1/withdrawals/crypto/{id} answered it then',
  }),
});

export const CallbackAttemptSchema = Type.Object({
  attempt: Int32({ minimum: 1, maximum: 1_000_000 }),
  trigger: Type.Enum(['SCHEDULE', 'RESEND']),
  resentBy: Nullable(EmailAddress),
  startedAt: Timestamp,
  statusCode: Nullable(StatusCode),
  error: Nullable(ErrorText),
  latencyMs: Int32({ minimum: 0, maximum: 2_147_483_647 }),
  responseExcerpt: Nullable(Text({ maxLength: 2048, multiline: true })),
  nextAttemptAt: Nullable(Timestamp),
});

export const CallbackDetailSchema = Type.Object({
  callback: Type.Object({ ...ROW, payload: CallbackPayloadSchema }),
  attempts: Type.Array(CallbackAttemptSchema, { maxItems: 10_000 }),
});

export const ResendAnswer = Type.Object({ callback: CallbackRowSchema });

export const CallbackSecretSchema = Type.Object({
  secret: Type.String({
    maxLength: 106,
    pattern: '^whsec_[A-Za-z0-9+/=]{16,100}$',
    description: 'The signing secret, shown this once (Standard Webhooks: whsec_ and base64)',
  }),
  createdAt: Timestamp,
  previousRetiresAt: Nullable(Timestamp),
});

const DateTimeParam = (description: string) =>
  Type.String({ format: 'date-time', maxLength: 40, description });

/** Newest first; the filters of CallbackFilters (from inclusive, to exclusive, on the creation time). */
export const callbackList = defineList({
  listKey: 'callbacks',
  sortBy: { created: 'c.created_at' },
  defaultSort: { sortBy: 'created', order: 'desc' },
  tieBreaker: 'c.id',
  filters: {
    businessId: equals('c.business_id', Id),
    eventType: equals('c.event_type', EventType),
    status: equals('c.status', Status),
    from: atLeast('c.created_at', DateTimeParam('Created at or after (inclusive)')),
    to: before('c.created_at', DateTimeParam('Created before (exclusive)')),
    entityKind: equals('c.entity_kind', EntityKind),
    entityId: { schema: EntityId, where: (p: string) => `c.entity_id = ${p}::bigint` },
  },
});

export type CallbackRowAnswer = Static<typeof CallbackRowSchema>;
export type CallbackAttemptAnswer = Static<typeof CallbackAttemptSchema>;
export type CallbackPayloadAnswer = Static<typeof CallbackPayloadSchema>;
