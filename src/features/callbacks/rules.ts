/**
 * The callback views' rules, apart from React (issue 32): what a delivery's status means
 * at a glance, the message key of each event type, an attempt's answer as one line, when a delivery is
 * due, and how a view's filter becomes `GET /v1/callbacks`'s query.
 */
import {
  CALLBACK_EVENT_TYPES,
  CALLBACK_STATUSES,
  type CallbackAttempt,
  type CallbackEntityKind,
  type CallbackEventType,
  type CallbackRow,
  type CallbackStatus,
} from '../../domain/callbacks';
import { all, any, type Requirement } from '../../domain/requirements';
import type { StatusMeaning } from '../../domain/status';
import { dateRangeQuery } from '../../domain/transactions';

/** The resource the callbacks' queries live under (live events `callbacks.updated` name it). */
export const CALLBACKS_RESOURCE = 'callbacks';

/**
 * Who reads callbacks: whoever reads the records they are about (a payment's, a withdrawal's); the
 * API lists each caller only the callbacks of the records it may read.
 */
export const CALLBACKS_REQUIRES: Requirement = any(
  all('GET_PAYMENT'),
  all('GET_PAYMENTS'),
  all('GET_WITHDRAWALS'),
);

/** Delivered is done, pending waits, retrying needs a look, failed failed, skipped had nowhere to go. */
export const CALLBACK_STATUS_MEANING: Readonly<Record<CallbackStatus, StatusMeaning>> = {
  DELIVERED: 'success',
  PENDING: 'pending',
  RETRYING: 'attention',
  FAILED: 'failed',
  SKIPPED: 'neutral',
};

export const callbackStatusMeaning = (status: string): StatusMeaning =>
  Object.hasOwn(CALLBACK_STATUS_MEANING, status)
    ? CALLBACK_STATUS_MEANING[status as CallbackStatus]
    : 'neutral';

export const isCallbackStatus = (value: unknown): value is CallbackStatus =>
  (CALLBACK_STATUSES as readonly unknown[]).includes(value);

export const isCallbackEventType = (value: unknown): value is CallbackEventType =>
  typeof value === 'string' && Object.hasOwn(CALLBACK_EVENT_TYPES, value);

/** The event types, in the order the filter offers them. */
export const CALLBACK_EVENT_TYPE_LIST = Object.keys(CALLBACK_EVENT_TYPES) as CallbackEventType[];

const TEXTS = 'resources.callbacks';

/** The message key of an event type's name ('deposit.received' → '…eventTypes.deposit_received'). */
export const eventTypeKey = (type: string) => `${TEXTS}.eventTypes.${type.replace(/\./g, '_')}`;

/** The message key of a status's name. */
export const statusKey = (status: string) => `${TEXTS}.statuses.${status}`;

/** An attempt's (or a callback's last) answer: its status code, else its error, else nothing. */
export function answerOf(answer: {
  statusCode?: number | null;
  lastStatusCode?: number | null;
  error?: string | null;
  lastError?: string | null;
}): { code: number } | { error: string } | null {
  const code = answer.statusCode ?? answer.lastStatusCode ?? null;
  if (code !== null) return { code };
  const error = answer.error ?? answer.lastError ?? null;
  return error ? { error } : null;
}

/** Whether an HTTP status code delivered (a 2xx answer). */
export const delivers = (code: number) => code >= 200 && code < 300;

/**
 * Whether a callback waits for an attempt that is due now or overdue (a resend answers with one due
 * now): its next attempt is at or before `now`.
 */
export function isDue(callback: Pick<CallbackRow, 'status' | 'nextAttemptAt'>, now = Date.now()): boolean {
  if (callback.status !== 'PENDING' && callback.status !== 'RETRYING') return false;
  if (!callback.nextAttemptAt) return callback.status === 'PENDING';
  const at = Date.parse(callback.nextAttemptAt);
  return Number.isNaN(at) || at <= now;
}

/** An attempt's answer excerpt, trimmed; null when it had none. */
export function excerptOf(attempt: Pick<CallbackAttempt, 'responseExcerpt'>): string | null {
  const text = attempt.responseExcerpt?.trim();
  return text ? text : null;
}

/** A view's filter: a business's callbacks, or a record's. */
export type CallbacksScope =
  { businessId: number | string } | { entityKind: CallbackEntityKind; entityId: string | number };

/**
 * The list filter (the scope, the filter bar's event type, status and calendar days) as
 * `GET /v1/callbacks`'s query: the days as instants (the start of `from`, the start of the day after
 * `to`, in the browser's zone), as the transaction lists send them. Anything else is not sent.
 */
export function callbacksQuery(filter: Record<string, unknown>): Record<string, string | number | undefined> {
  const businessId = Number(filter.businessId);
  const entityKind = typeof filter.entityKind === 'string' ? filter.entityKind : undefined;
  const entityId =
    typeof filter.entityId === 'string' || typeof filter.entityId === 'number'
      ? String(filter.entityId)
      : undefined;
  return {
    businessId: Number.isSafeInteger(businessId) && businessId > 0 ? businessId : undefined,
    entityKind: entityKind && entityId ? entityKind : undefined,
    entityId: entityKind && entityId ? entityId : undefined,
    eventType: isCallbackEventType(filter.eventType) ? filter.eventType : undefined,
    status: isCallbackStatus(filter.status) ? filter.status : undefined,
    ...dateRangeQuery(filter.from, filter.to),
  };
}
