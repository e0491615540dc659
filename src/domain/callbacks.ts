/**
 * Callbacks to merchants (issue 32 §1, migration 0057): the events a business's three callback URLs
 * receive, the retry schedule, and the shapes `GET /v1/callbacks` answers. Plain TypeScript shared by
 * the reference API (which writes, signs and delivers them) and the dashboard (which lists them on a
 * business's Callbacks tab and a record's page, and resends them).
 *
 * Delivery follows the Standard Webhooks specification: headers `webhook-id` (the callback's
 * `webhookId`, the same on every attempt), `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256>` with the business's secret; two, space-separated, for 24 h after a
 * rotation); the body is a `CallbackPayload`.
 */
import type { Permission } from './permissions';

/** Which of the business's URLs an event goes to (the business's fields). */
export const CALLBACK_URL_KINDS = {
  DEPOSIT_RECEIVED: 'depositReceivedCallbackUrl',
  WITHDRAWAL: 'withdrawalCallbackUrl',
  WITHDRAWAL_APPROVAL: 'withdrawalApprovalCallbackUrl',
} as const;
export type CallbackUrlKind = keyof typeof CALLBACK_URL_KINDS;

/** Every event type, with the URL it goes to and the record kind it is about. */
export const CALLBACK_EVENT_TYPES = {
  /** A deposit to a payment was seen on chain (its first state). */
  'deposit.received': { url: 'DEPOSIT_RECEIVED', entityKind: 'payments' },
  /** A deposit's later state changes: a confirmation, confirmed, failed, refunded. */
  'deposit.updated': { url: 'DEPOSIT_RECEIVED', entityKind: 'payments' },
  /** A crypto withdrawal's state changes after its creation (pending, processing, completed, …). */
  'withdrawal.updated': { url: 'WITHDRAWAL', entityKind: 'crypto-withdrawals' },
  /** A crypto withdrawal waits for a second user's approval. */
  'withdrawal.approval_requested': { url: 'WITHDRAWAL_APPROVAL', entityKind: 'crypto-withdrawals' },
  /** Its approval was decided (approved or rejected). */
  'withdrawal.approval_decided': { url: 'WITHDRAWAL_APPROVAL', entityKind: 'crypto-withdrawals' },
} as const satisfies Record<string, { url: CallbackUrlKind; entityKind: CallbackEntityKind }>;
export type CallbackEventType = keyof typeof CALLBACK_EVENT_TYPES;

/** The records callbacks are about (the dashboard's resource names). */
export const CALLBACK_ENTITY_KINDS = ['payments', 'crypto-withdrawals'] as const;
export type CallbackEntityKind = (typeof CALLBACK_ENTITY_KINDS)[number];

/**
 * Who reads a callback: a caller holding any one of the permissions that read the record it is about
 * (a payment's: GET_PAYMENTS or GET_PAYMENT; a crypto withdrawal's: GET_WITHDRAWALS). The API filters
 * every list and record by it; another kind's callback is not found.
 */
export const CALLBACK_READ_PERMISSIONS = {
  payments: ['GET_PAYMENTS', 'GET_PAYMENT'],
  'crypto-withdrawals': ['GET_WITHDRAWALS'],
} as const satisfies Record<CallbackEntityKind, readonly Permission[]>;

/** The kinds of callbacks a caller holding `permissions` may read. */
export function readableCallbackKinds(permissions: readonly string[]): CallbackEntityKind[] {
  return CALLBACK_ENTITY_KINDS.filter((kind) =>
    CALLBACK_READ_PERMISSIONS[kind].some((p) => permissions.includes(p)),
  );
}

/** Where a callback's delivery stands (migration 0057 explains each). */
export const CALLBACK_STATUSES = ['PENDING', 'RETRYING', 'DELIVERED', 'FAILED', 'SKIPPED'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/**
 * The published retry schedule: the pause before each attempt after the first, in seconds. An
 * attempt that fails after the last pause sets the callback FAILED. 7 retries: 8 attempts in all.
 */
export const CALLBACK_RETRY_SCHEDULE_S = [5, 30, 120, 600, 3600, 21_600, 86_400] as const;
export const CALLBACK_MAX_ATTEMPTS = CALLBACK_RETRY_SCHEDULE_S.length + 1;
/**
 * Where a callback stands after an attempt (the worker's rule, docs/decisions.md 238):
 * - a 2xx answer delivers it;
 * - a scheduled attempt that failed is retried after the schedule's next pause, and the one after the
 *   last pause sets it FAILED (`scheduledBefore`: the scheduled attempts made before this one);
 * - a resend is one attempt outside the schedule: when it fails, a callback still on its schedule (never
 *   delivered, scheduled attempts left) goes on with it, any other is FAILED.
 */
export function attemptOutcome(attempt: {
  ok: boolean;
  trigger: 'SCHEDULE' | 'RESEND';
  scheduledBefore: number;
  everDelivered: boolean;
  at: number;
}): { status: 'DELIVERED' | 'RETRYING' | 'FAILED'; nextAttemptAt: number | null } {
  if (attempt.ok) return { status: 'DELIVERED', nextAttemptAt: null };
  const scheduled = attempt.scheduledBefore + (attempt.trigger === 'SCHEDULE' ? 1 : 0);
  const onSchedule =
    attempt.trigger === 'SCHEDULE' || (!attempt.everDelivered && scheduled < CALLBACK_MAX_ATTEMPTS);
  const pause = onSchedule ? CALLBACK_RETRY_SCHEDULE_S[Math.max(scheduled, 1) - 1] : undefined;
  return pause === undefined
    ? { status: 'FAILED', nextAttemptAt: null }
    : { status: 'RETRYING', nextAttemptAt: attempt.at + pause * 1000 };
}

/** One attempt's time limit; redirects are not followed (a 3xx is a failed attempt). */
export const CALLBACK_TIMEOUT_MS = 10_000;
/** How much of an answer's body an attempt keeps. */
export const CALLBACK_EXCERPT_BYTES = 2048;
/** How long the previous secret still signs after a rotation. */
export const CALLBACK_SECRET_OVERLAP_MS = 24 * 3600_000;

/** The body of every delivery. */
export interface CallbackPayload {
  type: CallbackEventType;
  /** The callback's webhookId. */
  id: string;
  createdAt: string;
  /** The record as the API answers it (a payment with its deposits; a crypto withdrawal). */
  data: Record<string, unknown>;
}

/** One callback, as `GET /v1/callbacks` lists it (list key `callbacks`). */
export interface CallbackRow {
  id: number;
  webhookId: string;
  businessId: number;
  businessName: string;
  eventType: CallbackEventType;
  entityKind: CallbackEntityKind;
  /** The record's id (a payment's, for a deposit's events). */
  entityId: string;
  /**
   * The status the event tells of: the deposit's (PENDING with a confirmation, CONFIRMED, FAILED, …)
   * for a deposit's events, the withdrawal's for a withdrawal's.
   */
  entityStatus: string | null;
  status: CallbackStatus;
  /** Attempts made so far. */
  attempts: number;
  /** The schedule's attempts (CALLBACK_MAX_ATTEMPTS) and the resends, made or asked for. */
  maxAttempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  /** The last attempt's answer: its status code, or its error ('timeout', 'refused: internal address', …). */
  lastStatusCode: number | null;
  lastError: string | null;
  /** The URL it was sent to (null: SKIPPED, the business had none). */
  url: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One attempt of a delivery (`GET /v1/callbacks/{id}`'s `attempts`, oldest first). */
export interface CallbackAttempt {
  attempt: number;
  trigger: 'SCHEDULE' | 'RESEND';
  /** The e-mail of the user who resent it (RESEND only). */
  resentBy: string | null;
  startedAt: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** The answer's first 2 KB, as text. */
  responseExcerpt: string | null;
  nextAttemptAt: string | null;
}

/** `GET /v1/callbacks/{id}`. */
export interface CallbackDetail {
  callback: CallbackRow & { payload: CallbackPayload };
  attempts: CallbackAttempt[];
}

/** `GET /v1/callbacks`'s filters (besides limit, offset, sortBy=created, order). */
export interface CallbackFilters {
  businessId?: number;
  eventType?: CallbackEventType;
  status?: CallbackStatus;
  /**
   * ISO 8601 date-times on the creation time, as the transaction lists take them: `from` inclusive,
   * `to` exclusive (`2026-03-01T00:00:00.000Z`).
   */
  from?: string;
  to?: string;
  /** A record's callbacks. */
  entityKind?: CallbackEntityKind;
  entityId?: string;
}

/** `POST /v1/businesses/{id}/callback-secret` (201), and the business create's `callbackSecret`. */
export interface CallbackSecretAnswer {
  /** 'whsec_…': shown this once. */
  secret: string;
  createdAt: string;
  /** When the previous secret stops signing (null: there was none). */
  previousRetiresAt: string | null;
}
