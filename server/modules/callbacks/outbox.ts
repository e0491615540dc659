/**
 * The callbacks' outbox (issue 32 §1, docs/decisions.md 236): every change a merchant is told of writes
 * its callback row in the change's own transaction, by calling `recordCallback` with that transaction.
 * A change that rolls back leaves no row, so nothing is sent; a committed one is never lost (the worker,
 * ./worker.ts, delivers what is due from the table, whichever instance runs and whenever it starts).
 *
 * Where it is called: a payment's deposit received and each of its changes (the payments simulator's
 * steps and the deposit a step sets FAILED: server/modules/payments/simulator.ts); a crypto
 * withdrawal's changes after its creation (its approval or rejection, ../withdrawals/service.ts; its
 * broadcast, confirmation or failure, ../withdrawals/simulator.ts); a withdrawal awaiting approval and
 * the decision on it (the approval URL).
 *
 * The body's `data` is the record as the API answers it (GET /v1/payments/{id}, the payment with its
 * deposits; GET /v1/withdrawals/crypto/{id}), read by the transaction lists' own reader in the same
 * transaction, so it shows the change. The URL is the business's at that moment; a business without
 * one gets the row as SKIPPED, so its log says so (and a resend can still deliver it once it has one).
 */
import {
  CALLBACK_EVENT_TYPES,
  type CallbackEntityKind,
  type CallbackEventType,
  type CallbackUrlKind,
} from '../../../src/domain/callbacks';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { findRow, TRANSACTION_LISTS, type TransactionList } from '../transactions/service';
import { newWebhookId } from './signing';

const list = (path: string): TransactionList => TRANSACTION_LISTS.find((l) => l.path === path)!;

/** The reader of each kind's record: the list whose `GET <path>/{id}` answers it. */
export const RECORD_READERS: Record<CallbackEntityKind, TransactionList> = {
  payments: list('/payments'),
  'crypto-withdrawals': list('/withdrawals/crypto'),
};

/** The businesses' column of each URL (written here, never input). */
export const URL_COLUMNS: Record<CallbackUrlKind, string> = {
  DEPOSIT_RECEIVED: 'deposit_received_callback_url',
  WITHDRAWAL: 'withdrawal_callback_url',
  WITHDRAWAL_APPROVAL: 'withdrawal_approval_callback_url',
};

/** A URL's destination (host and port, lower case) in SQL: the worker's unit of concurrency. */
export const destinationOf = (url: string) =>
  `lower(substring(${url} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)'))`;

export interface CallbackEvent {
  type: CallbackEventType;
  /** The record's id: the payment's (for a deposit's events) or the crypto withdrawal's. */
  entityId: number;
  /** The status the event tells of: the deposit's, or the withdrawal's. */
  status: string;
  /** The change's time (the callback's createdAt, and when it is first due). */
  at: Date;
}

/**
 * Writes the callback of `event` in `tx`, the change's transaction: PENDING and due at once, or
 * SKIPPED when the business has no URL for it. `scope` reads the record (the caller's, or the
 * simulator's system scope). Answers the callback's id and status.
 */
export async function recordCallback(
  tx: Db,
  scope: OrgScope,
  event: CallbackEvent,
): Promise<{ id: number; status: 'PENDING' | 'SKIPPED' }> {
  const { url: urlKind, entityKind } = CALLBACK_EVENT_TYPES[event.type];
  const data = await findRow(tx, scope, RECORD_READERS[entityKind], event.entityId);
  if (!data) throw new Error(`a callback of ${event.type} for a missing ${entityKind} ${event.entityId}`);
  const webhookId = newWebhookId();
  const payload = { type: event.type, id: webhookId, createdAt: event.at.toISOString(), data };
  const url = `NULLIF(btrim(b.${URL_COLUMNS[urlKind]}), '')`;
  const { rows } = await tx.query<{ id: number | string; status: 'PENDING' | 'SKIPPED' }>(
    `INSERT INTO callbacks
       (organisation_id, business_id, webhook_id, event_type, url_kind, entity_kind, entity_id, entity_status,
        url, destination, payload, status, next_attempt_at, created_at, updated_at)
     SELECT b.organisation_id, b.id, $3, $4, $5, $6, $7, $8, ${url}, ${destinationOf(url)}, $9::json,
            CASE WHEN ${url} IS NULL THEN 'SKIPPED' ELSE 'PENDING' END,
            CASE WHEN ${url} IS NULL THEN NULL ELSE $10::timestamptz END, $10, $10
       FROM businesses b
      WHERE b.id = $1 AND b.organisation_id = $2
     RETURNING id, status`,
    [
      Number(data.businessId),
      scope.organisationId,
      webhookId,
      event.type,
      urlKind,
      entityKind,
      event.entityId,
      event.status,
      JSON.stringify(payload),
      event.at,
    ],
  );
  if (!rows[0]) throw new Error(`a callback of ${event.type}: the record's business is not the scope's`);
  return { id: Number(rows[0].id), status: rows[0].status };
}
