/**
 * SQL of a record's page (./service.ts): beside the record itself (read by the transactions module's
 * reader, the one its own GET uses), the facts its timeline, ledger and related records are made of.
 * Every statement keeps to the caller's organisation (`scope.organisationId`); the record was found
 * visible to the caller first, so what hangs off it (its history, entries, callbacks) is read by its id
 * within the organisation, and a linked business the caller may not see is left out.
 */
import { visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { decimal, isoUtc } from '../transactions/repository';

/** A transaction table's columns a page reads besides the record (NULL where the table has none). */
const OPTIONAL_COLUMNS = [
  'created_by',
  'decided_by',
  'decided_at',
  'rejection_reason',
  'hold_entry_id',
  'ledger_entry_id',
  'fee_ledger_entry_id',
  'whitelisted_address_id',
  'bank_account_id',
  'counterparty_business_id',
  'payment_id',
  'confirmations',
  'address',
] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** Which of them each table has (migrations 0012, 0039, 0041, 0043, 0045). */
export const TABLE_COLUMNS: Record<string, readonly OptionalColumn[]> = {
  payments: ['created_by', 'address'],
  payment_deposits: ['payment_id', 'confirmations', 'ledger_entry_id'],
  crypto_withdrawals: [
    'created_by',
    'decided_by',
    'decided_at',
    'rejection_reason',
    'hold_entry_id',
    'ledger_entry_id',
    'whitelisted_address_id',
  ],
  fiat_deposits: ['ledger_entry_id'],
  whitelabel_fiat_deposits: ['ledger_entry_id'],
  fiat_withdrawals: ['ledger_entry_id', 'bank_account_id'],
  internal_transfers: ['ledger_entry_id', 'counterparty_business_id'],
  unassociated_deposits: ['ledger_entry_id'],
  manual_movements: ['created_by', 'ledger_entry_id'],
  balance_conversions: ['created_by', 'ledger_entry_id', 'fee_ledger_entry_id'],
};

/** A transaction row's facts (ids as text: bigint columns). */
export interface FactsRow {
  id: string;
  businessId: number;
  businessName: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  createdBy: number | null;
  createdByEmail: string | null;
  decidedBy: number | null;
  decidedByEmail: string | null;
  decidedAt: string | null;
  rejectionReason: string | null;
  holdEntryId: string | null;
  ledgerEntryId: string | null;
  feeLedgerEntryId: string | null;
  whitelistedAddressId: number | null;
  bankAccountId: number | null;
  counterpartyBusinessId: number | null;
  paymentId: string | null;
  confirmations: number | null;
  address: string | null;
}

const CAMEL: Record<OptionalColumn, string> = {
  created_by: 'createdBy',
  decided_by: 'decidedBy',
  decided_at: 'decidedAt',
  rejection_reason: 'rejectionReason',
  hold_entry_id: 'holdEntryId',
  ledger_entry_id: 'ledgerEntryId',
  fee_ledger_entry_id: 'feeLedgerEntryId',
  whitelisted_address_id: 'whitelistedAddressId',
  bank_account_id: 'bankAccountId',
  counterparty_business_id: 'counterpartyBusinessId',
  payment_id: 'paymentId',
  confirmations: 'confirmations',
  address: 'address',
};

/** How each optional column is answered: times as ISO text, bigint ids as text. */
function optional(table: string, column: OptionalColumn): string {
  const has = TABLE_COLUMNS[table]?.includes(column) ?? false;
  const name = `"${CAMEL[column]}"`;
  if (!has) return `NULL AS ${name}`;
  if (column === 'decided_at') return `${isoUtc('t.decided_at')} AS ${name}`;
  if (column.endsWith('_entry_id') || column === 'payment_id') return `t.${column}::text AS ${name}`;
  return `t.${column} AS ${name}`;
}

function factsSelect(table: string): string {
  const has = (column: OptionalColumn) => TABLE_COLUMNS[table]?.includes(column) ?? false;
  return `SELECT t.id::text AS id, t.business_id AS "businessId", b.name AS "businessName", t.status,
                 ${isoUtc('t.created_at')} AS "createdAt", ${isoUtc('t.updated_at')} AS "updatedAt",
                 ${OPTIONAL_COLUMNS.map((c) => optional(table, c)).join(', ')},
                 ${has('created_by') ? 'creator.email' : 'NULL'} AS "createdByEmail",
                 ${has('decided_by') ? 'decider.email' : 'NULL'} AS "decidedByEmail"
            FROM ${table} t
            JOIN businesses b ON b.id = t.business_id AND b.organisation_id = t.organisation_id
            ${has('created_by') ? 'LEFT JOIN users creator ON creator.id = t.created_by' : ''}
            ${has('decided_by') ? 'LEFT JOIN users decider ON decider.id = t.decided_by' : ''}`;
}

export interface HistoryRow {
  recordId: string;
  oldStatus: string;
  newStatus: string;
  oldConfirmations: number | null;
  newConfirmations: number | null;
  at: string;
  xact: string;
}

export interface AuditFactRow {
  entityId: string;
  at: string;
  actorType: 'user' | 'apiKey' | 'system';
  actorId: string | null;
  actorLabel: string;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  xact: string | null;
  twoFactor: boolean | null;
}

export interface PostingRow {
  entryId: string;
  kind: string;
  description: string | null;
  createdAt: string;
  account: 'business' | 'held' | 'external' | 'fee' | 'conversion';
  businessId: number | null;
  businessName: string | null;
  currency: string;
  amount: string;
  balanceAfter: string;
}

export interface CallbackFactRow {
  id: string;
  webhookId: string;
  businessId: number;
  businessName: string;
  eventType: string;
  entityKind: string;
  entityId: string;
  entityStatus: string | null;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  url: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AttemptRow {
  callbackId: string;
  attempt: number;
  trigger: 'SCHEDULE' | 'RESEND';
  resentBy: number | null;
  resentByEmail: string | null;
  startedAt: string;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

export interface FailureRow {
  step: string;
  rowId: string;
  reason: string;
  failedAt: string;
}

export function recordsRepository(db: Db) {
  return {
    /** A row of `table` (a table name from the kinds' table, never input) in the caller's organisation. */
    async facts(scope: OrgScope, table: string, id: number): Promise<FactsRow | undefined> {
      const { rows } = await db.query<FactsRow>(
        `${factsSelect(table)} WHERE t.id = $1 AND t.organisation_id = $2`,
        [id, scope.organisationId],
      );
      return rows[0];
    },

    /** A payment's deposits' facts, in id order. */
    async depositsOf(scope: OrgScope, paymentId: number): Promise<FactsRow[]> {
      const { rows } = await db.query<FactsRow>(
        `${factsSelect('payment_deposits')} WHERE t.payment_id = $1 AND t.organisation_id = $2 ORDER BY t.id`,
        [paymentId, scope.organisationId],
      );
      return rows;
    },

    /** The records' status changes (migration 0060), oldest first. */
    async history(scope: OrgScope, kind: string, ids: readonly string[]): Promise<HistoryRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<HistoryRow>(
        `SELECT h.record_id::text AS "recordId", h.old_status AS "oldStatus", h.new_status AS "newStatus",
                h.old_confirmations AS "oldConfirmations", h.new_confirmations AS "newConfirmations",
                ${isoUtc('h.at')} AS at, h.xact::text AS xact
           FROM record_history h
          WHERE h.record_kind = $1 AND h.record_id = ANY ($2::bigint[]) AND h.organisation_id = $3
          ORDER BY h.id`,
        [kind, ids, scope.organisationId],
      );
      return rows;
    },

    /** The successful audit rows of these entities (their changes), oldest first. */
    async audit(scope: OrgScope, entityType: string, ids: readonly string[]): Promise<AuditFactRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<AuditFactRow>(
        `SELECT a.entity_id AS "entityId", ${isoUtc('a.at')} AS at, a.actor_type AS "actorType",
                a.actor_id AS "actorId", a.actor_label AS "actorLabel", a.action, a.changes,
                a.xact::text AS xact, a.two_factor AS "twoFactor"
           FROM audit_log a
          WHERE a.organisation_id = $1 AND a.entity_type = $2 AND a.entity_id = ANY ($3::text[])
            AND a.outcome = 'success'
          ORDER BY a.at, a.id`,
        [scope.organisationId, entityType, ids],
      );
      return rows;
    },

    /**
     * The postings of the entries named by reference or id, by entry and posting order. A business
     * account of a business the caller may not see is answered without its business and balance.
     */
    async postings(
      scope: OrgScope,
      references: readonly string[],
      entryIds: readonly string[],
    ): Promise<PostingRow[]> {
      const visible = visibleBusiness(scope, 'a.business_id');
      const { rows } = await db.query<PostingRow>(
        `SELECT e.id::text AS "entryId", e.kind, e.description, ${isoUtc('e.created_at')} AS "createdAt",
                a.kind AS account,
                CASE WHEN ${visible} THEN a.business_id END AS "businessId",
                CASE WHEN ${visible} THEN b.name END AS "businessName",
                p.currency, ${decimal('p.amount')} AS amount,
                CASE WHEN ${visible} THEN ${decimal('p.balance_after')} END AS "balanceAfter"
           FROM ledger_entries e
           JOIN ledger_postings p ON p.entry_id = e.id
           JOIN ledger_accounts a ON a.id = p.account_id
           LEFT JOIN businesses b ON b.id = a.business_id
          WHERE e.organisation_id = $1
            AND (e.reference = ANY ($2::text[]) OR e.id = ANY ($3::bigint[]))
          ORDER BY e.created_at, e.id, p.id`,
        [scope.organisationId, references, entryIds],
      );
      return rows;
    },

    /** A whitelisted address of the organisation. */
    async whitelistedAddress(scope: OrgScope, id: number) {
      const { rows } = await db.query<{ id: number; label: string; address: string }>(
        'SELECT id, label, address FROM whitelisted_addresses WHERE id = $1 AND organisation_id = $2',
        [id, scope.organisationId],
      );
      return rows[0];
    },

    /** A bank account of the organisation. */
    async bankAccount(scope: OrgScope, id: number) {
      const { rows } = await db.query<{ id: number; label: string }>(
        'SELECT id, account_label AS label FROM bank_accounts WHERE id = $1 AND organisation_id = $2',
        [id, scope.organisationId],
      );
      return rows[0];
    },

    /** A business of the organisation the caller may see (an API key: its own only). */
    async visibleBusiness(scope: OrgScope, id: number) {
      const { rows } = await db.query<{ id: number; name: string }>(
        `SELECT b.id, b.name FROM businesses b
          WHERE b.id = $1 AND b.organisation_id = $2 AND ${visibleBusiness(scope, 'b.id')}
            AND ($3::int IS NULL OR b.id = $3::int)`,
        [id, scope.organisationId, scope.onlyBusinessId],
      );
      return rows[0];
    },

    /** A payment's reference and status, for its deposit's page. */
    async payment(scope: OrgScope, id: string) {
      const { rows } = await db.query<{ id: string; reference: string; status: string; businessId: number }>(
        `SELECT id::text AS id, reference, status, business_id AS "businessId"
           FROM payments WHERE id = $1 AND organisation_id = $2`,
        [id, scope.organisationId],
      );
      return rows[0];
    },

    /** A record's callbacks (src/domain/callbacks.ts CallbackRow's columns), oldest first. */
    async callbacks(scope: OrgScope, entityKind: string, entityId: string): Promise<CallbackFactRow[]> {
      const { rows } = await db.query<CallbackFactRow>(
        `SELECT c.id::text AS id, c.webhook_id AS "webhookId", c.business_id AS "businessId",
                b.name AS "businessName", c.event_type AS "eventType", c.entity_kind AS "entityKind",
                c.entity_id::text AS "entityId", c.entity_status AS "entityStatus", c.status, c.attempts,
                ${isoUtc('c.next_attempt_at')} AS "nextAttemptAt", ${isoUtc('c.delivered_at')} AS "deliveredAt",
                last.status_code AS "lastStatusCode", last.error AS "lastError", c.url,
                ${isoUtc('c.created_at')} AS "createdAt", ${isoUtc('c.updated_at')} AS "updatedAt"
           FROM callbacks c
           JOIN businesses b ON b.id = c.business_id AND b.organisation_id = c.organisation_id
           LEFT JOIN LATERAL (SELECT a.status_code, a.error FROM callback_attempts a
                               WHERE a.callback_id = c.id ORDER BY a.attempt DESC LIMIT 1) last ON true
          WHERE c.entity_kind = $1 AND c.entity_id = $2 AND c.organisation_id = $3
          ORDER BY c.created_at, c.id`,
        [entityKind, entityId, scope.organisationId],
      );
      return rows;
    },

    /** The attempts of these callbacks (the caller's organisation's: found above), oldest first. */
    async attempts(callbackIds: readonly string[]): Promise<AttemptRow[]> {
      if (callbackIds.length === 0) return [];
      const { rows } = await db.query<AttemptRow>(
        `SELECT a.callback_id::text AS "callbackId", a.attempt, a.trigger, a.resent_by AS "resentBy",
                u.email AS "resentByEmail", ${isoUtc('a.started_at')} AS "startedAt",
                a.status_code AS "statusCode", a.error, ${isoUtc('a.next_attempt_at')} AS "nextAttemptAt"
           FROM callback_attempts a
           LEFT JOIN users u ON u.id = a.resent_by
          WHERE a.callback_id = ANY ($1::bigint[])
          ORDER BY a.started_at, a.callback_id, a.attempt`,
        [callbackIds],
      );
      return rows;
    },

    /** Why the simulator set rows aside (migration 0055), for these steps and rows. */
    async failures(steps: readonly string[], rowIds: readonly string[]): Promise<FailureRow[]> {
      if (steps.length === 0 || rowIds.length === 0) return [];
      const { rows } = await db.query<FailureRow>(
        `SELECT step, row_id::text AS "rowId", reason, ${isoUtc('failed_at')} AS "failedAt"
           FROM simulator_failures WHERE step = ANY ($1::text[]) AND row_id = ANY ($2::bigint[])
          ORDER BY failed_at`,
        [steps, rowIds],
      );
      return rows;
    },
  };
}
