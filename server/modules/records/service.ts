/**
 * A record's page (issue 32 §2, src/domain/records.ts RecordPage; docs/decisions.md 242–245): one call
 * answers the record as its own GET does (the transactions module's reader, `findRow`), its header, its
 * timeline (./timeline.ts), the ledger entries it posted, the records linked to it, its callbacks and
 * what the caller may do with it now.
 *
 * Scoped and filtered like the record: the kind's read permission (its list's, server/modules/
 * transactions/service.ts; a payment's deposit is read with its payment's), the caller's organisation
 * (another organisation's id is 404), the hidden business for ADMIN only (404 otherwise). What hangs off
 * the record is filtered by what the caller may read too: callbacks by the permission that reads the
 * record they are about, related records by their own permission, audit steps by GET_AUDIT_LOG.
 */
import type { CallbackEntityKind, CallbackRow } from '../../../src/domain/callbacks';
import { CALLBACK_MAX_ATTEMPTS } from '../../../src/domain/callbacks';
import type { Permission } from '../../../src/domain/permissions';
import type {
  RecordHeader,
  RecordKind,
  RecordLedgerEntry,
  RecordPage,
  RelatedRecord,
  TimelineStepType,
} from '../../../src/domain/records';
import { admits } from '../../auth/access';
import type { OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { BANK_ACCOUNT_READERS } from '../bankAccounts/routes';
import { REQUIRED_CONFIRMATIONS } from '../payments/simulator';
import { findRow, TRANSACTION_LISTS, type TransactionList } from '../transactions/service';
import { recordsRepository, type FactsRow, type PostingRow } from './repository';
import { buildTimeline, SIMULATOR, type RecordFacts, type TimelineKind } from './timeline';

type Row = Record<string, unknown> & { id: number };

export interface RecordKindSpec extends TimelineKind {
  kind: RecordKind;
  /** The table of its rows. */
  table: string;
  /** The transaction list whose reader answers it (a deposit: its payment's, `payments`). */
  list: TransactionList;
  /** The audit rows' entity type of its changes (none: nothing of the API changes it). */
  auditEntity: string | null;
  /** The references of the ledger entries it posts (server/modules/*, the seed's prefixes). */
  references: (id: string) => string[];
  /** The callbacks' entity kind it is, or whose callbacks it shows (a deposit: its payment's). */
  callbacks: CallbackEntityKind | null;
  /** The simulator steps that move its rows (their failures' reasons: simulator_failures). */
  simulatorSteps: readonly string[];
  header: (record: Row) => Pick<RecordHeader, 'amount' | 'currency' | 'reference'>;
}

const listOf = (table: string): TransactionList => {
  const found = TRANSACTION_LISTS.find((l) => l.table === table);
  if (!found) throw new Error(`no transaction list of ${table}`);
  return found;
};
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const fields =
  (amount: string, currency: string, reference: string | null) =>
  (record: Row): Pick<RecordHeader, 'amount' | 'currency' | 'reference'> => ({
    amount: String(record[amount]),
    currency: String(record[currency]),
    reference: reference === null ? null : text(record[reference]),
  });
const refs =
  (...prefixes: string[]) =>
  (id: string) =>
    prefixes.map((prefix) => `${prefix}:${id}`);

const FAILED: Record<string, TimelineStepType> = { FAILED: 'failed', CANCELLED: 'cancelled' };

/** Every record kind of the pages (src/domain/records.ts RECORD_KINDS), in that order. */
export const RECORD_KIND_SPECS: readonly RecordKindSpec[] = [
  {
    kind: 'payments',
    table: 'payments',
    list: listOf('payments'),
    auditEntity: 'payment-request',
    references: () => [],
    callbacks: 'payments',
    simulatorSteps: ['payment-request-deposit', 'payment-request-expiry'],
    header: fields('priceAmount', 'priceCurrency', 'reference'),
    initial: ['PENDING'],
    steps: { PAID: 'paid', UNDERPAID: 'paid', OVERPAID: 'paid', EXPIRED: 'expired', ...FAILED },
  },
  {
    kind: 'payment-deposits',
    table: 'payment_deposits',
    list: listOf('payments'),
    auditEntity: 'deposit',
    references: refs('payment-deposit'),
    callbacks: 'payments',
    simulatorSteps: ['payment-request-confirmation'],
    header: fields('depositAmount', 'depositCurrency', 'txHash'),
    initial: ['PENDING'],
    steps: { CONFIRMED: 'credited', REFUNDED: 'refunded', ...FAILED },
  },
  {
    kind: 'crypto-withdrawals',
    table: 'crypto_withdrawals',
    list: listOf('crypto_withdrawals'),
    auditEntity: 'crypto-withdrawal',
    references: refs('crypto-withdrawal-hold', 'crypto-withdrawal', 'crypto-withdrawal-release'),
    callbacks: 'crypto-withdrawals',
    simulatorSteps: ['withdrawal-broadcast', 'withdrawal-confirm'],
    header: fields('amount', 'cryptoCurrency', 'txHash'),
    initial: ['PENDING'],
    steps: {
      AWAITING_APPROVAL: 'approval_requested',
      PROCESSING: 'broadcast',
      COMPLETED: 'completed',
      REJECTED: 'rejected',
      ...FAILED,
    },
    createdSteps: { AWAITING_APPROVAL: 'approval_requested' },
  },
  {
    kind: 'fiat-deposits',
    table: 'fiat_deposits',
    list: listOf('fiat_deposits'),
    auditEntity: 'fiat-deposit',
    references: refs('fiat-deposit'),
    callbacks: null,
    simulatorSteps: ['fiat-deposit-arrival'],
    header: fields('amount', 'currency', 'reference'),
    initial: ['PENDING'],
    steps: { COMPLETED: 'credited', ...FAILED },
  },
  {
    kind: 'whitelabel-fiat-deposits',
    table: 'whitelabel_fiat_deposits',
    list: listOf('whitelabel_fiat_deposits'),
    auditEntity: null,
    references: refs('whitelabel-fiat-deposit'),
    callbacks: null,
    simulatorSteps: [],
    header: fields('amount', 'currency', 'reference'),
    initial: [],
    steps: { RECEIVED: 'credited', RETURNED: 'refunded' },
  },
  {
    kind: 'settlements',
    table: 'fiat_withdrawals',
    list: listOf('fiat_withdrawals'),
    auditEntity: 'fiat-withdrawal',
    references: refs('fiat-withdrawal'),
    callbacks: null,
    simulatorSteps: ['settlement-completion'],
    header: fields('amount', 'currency', 'reference'),
    initial: ['PENDING', 'PROCESSING'],
    steps: { COMPLETED: 'settled', REJECTED: 'rejected', ...FAILED },
  },
  {
    kind: 'internal-transfers',
    table: 'internal_transfers',
    list: listOf('internal_transfers'),
    auditEntity: 'transfer',
    references: refs('internal-transfer'),
    callbacks: null,
    simulatorSteps: [],
    header: fields('amount', 'currency', 'reference'),
    initial: ['PENDING'],
    steps: { COMPLETED: 'completed', ...FAILED },
  },
  {
    kind: 'unassociated-deposits',
    table: 'unassociated_deposits',
    list: listOf('unassociated_deposits'),
    auditEntity: null,
    references: refs('unassociated-deposit'),
    callbacks: null,
    simulatorSteps: [],
    header: fields('amount', 'currency', 'txHash'),
    initial: ['PENDING'],
    steps: { CREDITED: 'credited', REFUNDED: 'refunded' },
  },
  {
    kind: 'manual-movements',
    table: 'manual_movements',
    list: listOf('manual_movements'),
    auditEntity: null,
    references: refs('manual-movement'),
    callbacks: null,
    simulatorSteps: [],
    header: fields('amount', 'currency', null),
    initial: ['PENDING'],
    steps: { COMPLETED: 'completed', REJECTED: 'rejected' },
  },
  {
    kind: 'balance-conversions',
    table: 'balance_conversions',
    list: listOf('balance_conversions'),
    auditEntity: 'conversion',
    references: refs('balance-conversion', 'balance-conversion-fee'),
    callbacks: null,
    simulatorSteps: ['conversion-quote-expiry'],
    header: fields('debitAmount', 'debitCurrency', null),
    initial: ['QUOTED'],
    steps: { EXECUTED: 'executed', EXPIRED: 'expired', FAILED: 'failed' },
  },
];

export const specOf = (kind: RecordKind): RecordKindSpec => RECORD_KIND_SPECS.find((s) => s.kind === kind)!;

/** The permission that reads a record's callbacks: the one that reads the record they are about. */
export const CALLBACK_READ_PERMISSION: Record<CallbackEntityKind, Permission> = {
  payments: listOf('payments').permission,
  'crypto-withdrawals': listOf('crypto_withdrawals').permission,
};

/** What a page's caller is: its scope and its role's permissions (a session: no API key reads a page). */
export interface PageCaller {
  scope: OrgScope;
  permissions: readonly string[];
}

const ACCOUNT = { business: 'available' } as const;

/** Entries in order, each with its postings (src/domain/records.ts RecordLedgerEntry). */
function ledgerOf(rows: readonly PostingRow[]): RecordLedgerEntry[] {
  const entries = new Map<string, RecordLedgerEntry>();
  for (const row of rows) {
    let entry = entries.get(row.entryId);
    if (!entry) {
      entry = {
        entryId: Number(row.entryId),
        kind: row.kind,
        description: row.description,
        createdAt: row.createdAt,
        postings: [],
      };
      entries.set(row.entryId, entry);
    }
    const businessAccount = row.account === 'business' || row.account === 'held';
    entry.postings.push({
      account: row.account === 'business' ? ACCOUNT.business : row.account,
      businessId: row.businessId,
      businessName: row.businessName,
      currency: row.currency,
      amount: row.amount,
      balanceAfter: businessAccount ? row.balanceAfter : null,
    });
  }
  return [...entries.values()];
}

const entryIdsOf = (facts: FactsRow) =>
  [facts.holdEntryId, facts.ledgerEntryId, facts.feeLedgerEntryId].filter((id): id is string => id !== null);

export function recordsService({ db }: AppContext) {
  const repository = recordsRepository(db);

  /** The record as its GET answers it, and its row's facts; 404 when the caller may not see it. */
  async function recordOf(caller: PageCaller, spec: RecordKindSpec, id: number) {
    const { scope } = caller;
    if (spec.kind === 'payment-deposits') {
      const facts = await repository.facts(scope, spec.table, id);
      if (!facts || facts.paymentId === null) throw notFound();
      const payment = await findRow(db, scope, spec.list, Number(facts.paymentId));
      const deposit = (payment?.deposits as Row[] | undefined)?.find((d) => Number(d.id) === id);
      if (!payment || !deposit) throw notFound();
      return { record: { ...deposit, paymentId: payment.id } as Row, facts, payment };
    }
    const record = await findRow(db, scope, spec.list, id);
    if (!record) throw notFound();
    const facts = await repository.facts(scope, spec.table, id);
    if (!facts) throw notFound();
    return { record, facts, payment: spec.kind === 'payments' ? record : undefined };
  }

  async function relatedOf(
    caller: PageCaller,
    spec: RecordKindSpec,
    record: Row,
    facts: FactsRow,
  ): Promise<RelatedRecord[]> {
    const { scope, permissions } = caller;
    const may = (permission: Permission) => permissions.includes(permission);
    const related: RelatedRecord[] = [];
    if (spec.kind === 'payments') {
      for (const d of (record.deposits ?? []) as Row[]) {
        related.push({
          kind: 'payment-deposits',
          id: String(d.id),
          relation: 'deposit',
          label: `${String(d.depositAmount)} ${String(d.depositCurrency)}`,
          status: text(d.status),
          businessId: facts.businessId,
        });
      }
    }
    if (spec.kind === 'payment-deposits' && facts.paymentId !== null) {
      const payment = await repository.payment(scope, facts.paymentId);
      if (payment)
        related.push({
          kind: 'payments',
          id: payment.id,
          relation: 'payment',
          label: payment.reference,
          status: payment.status,
          businessId: payment.businessId,
        });
    }
    if (facts.whitelistedAddressId !== null && may('WHITELIST_ADDRESSES')) {
      const address = await repository.whitelistedAddress(scope, facts.whitelistedAddressId);
      if (address)
        related.push({
          kind: 'whitelisted-addresses',
          id: String(address.id),
          relation: 'whitelisted-address',
          label: address.label,
          status: null,
          businessId: null,
        });
    }
    if (
      facts.bankAccountId !== null &&
      BANK_ACCOUNT_READERS.kind === 'permission' &&
      admits(BANK_ACCOUNT_READERS, permissions)
    ) {
      const account = await repository.bankAccount(scope, facts.bankAccountId);
      if (account)
        related.push({
          kind: 'bank-accounts',
          id: String(account.id),
          relation: 'bank-account',
          label: account.label,
          status: null,
          businessId: null,
        });
    }
    if (facts.counterpartyBusinessId !== null && may('GET_BUSINESSES')) {
      const business = await repository.visibleBusiness(scope, facts.counterpartyBusinessId);
      if (business)
        related.push({
          kind: 'businesses',
          id: String(business.id),
          relation: 'counterparty',
          label: business.name,
          status: null,
          businessId: business.id,
        });
    }
    return related;
  }

  /** The facts of one record for its timeline: its history, audit rows and failures. */
  async function factsFor(
    caller: PageCaller,
    spec: RecordKindSpec,
    facts: FactsRow,
    extra: Partial<RecordFacts> = {},
  ): Promise<RecordFacts> {
    const { scope } = caller;
    const [history, audit, failures] = await Promise.all([
      repository.history(scope, spec.kind, [facts.id]),
      spec.auditEntity ? repository.audit(scope, spec.auditEntity, [facts.id]) : Promise.resolve([]),
      repository.failures(spec.simulatorSteps, [facts.id]),
    ]);
    return { facts, history, audit, failures, ...extra };
  }

  return {
    /** The page of one record; 404 unless the caller may see it. */
    async page(caller: PageCaller, kind: RecordKind, id: number): Promise<RecordPage> {
      const { scope, permissions } = caller;
      const spec = specOf(kind);
      const { record, facts, payment } = await recordOf(caller, spec, id);

      const depositSpec = specOf('payment-deposits');
      const paymentIsRequest = payment !== undefined && payment.address !== null;
      const deposits = spec.kind === 'payments' ? await repository.depositsOf(scope, Number(facts.id)) : [];
      const depositExtra = { deposit: { required: REQUIRED_CONFIRMATIONS } };

      const references = [
        ...spec.references(facts.id),
        ...deposits.flatMap((d) => depositSpec.references(d.id)),
      ];
      const entryIds = [...entryIdsOf(facts), ...deposits.flatMap(entryIdsOf)];
      const postings = await repository.postings(scope, references, entryIds);
      const ledger = ledgerOf(postings);

      const callbackKind = spec.callbacks;
      const callbackEntityId = spec.kind === 'payment-deposits' ? facts.paymentId : facts.id;
      const readsCallbacks =
        callbackKind !== null &&
        callbackEntityId !== null &&
        permissions.includes(CALLBACK_READ_PERMISSION[callbackKind]);
      const callbackRows = readsCallbacks
        ? await repository.callbacks(scope, callbackKind, callbackEntityId)
        : [];
      const attempts = await repository.attempts(callbackRows.map((c) => c.id));

      const heldAt =
        facts.holdEntryId !== null
          ? (ledger.find((e) => String(e.entryId) === facts.holdEntryId)?.createdAt ?? null)
          : null;
      const own = await factsFor(caller, spec, facts, {
        ...(spec.kind === 'payment-deposits'
          ? { ...depositExtra, defaultCreator: paymentIsRequest ? SIMULATOR : null }
          : {}),
        heldAt,
      });
      const depositFacts = await Promise.all(
        deposits.map((d) =>
          factsFor(caller, depositSpec, d, {
            ...depositExtra,
            defaultCreator: paymentIsRequest ? SIMULATOR : null,
          }),
        ),
      );
      const timeline = buildTimeline({
        kind: spec,
        record: own,
        deposits: depositFacts.map((d) => ({ kind: depositSpec, record: d })),
        callbacks: callbackRows,
        attempts,
        showAudit: permissions.includes('GET_AUDIT_LOG'),
      });

      const callbacks: CallbackRow[] = callbackRows.map((c) => ({
        id: Number(c.id),
        webhookId: c.webhookId,
        businessId: c.businessId,
        businessName: c.businessName,
        eventType: c.eventType as CallbackRow['eventType'],
        entityKind: c.entityKind as CallbackEntityKind,
        entityId: c.entityId,
        entityStatus: c.entityStatus,
        status: c.status as CallbackRow['status'],
        attempts: c.attempts,
        maxAttempts: Math.max(CALLBACK_MAX_ATTEMPTS, c.attempts),
        nextAttemptAt: c.nextAttemptAt,
        deliveredAt: c.deliveredAt,
        lastStatusCode: c.lastStatusCode,
        lastError: c.lastError,
        url: c.url,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
      }));

      // The decision routes' permission (server/modules/withdrawals/routes.ts), never the creator's own.
      const decides =
        spec.kind === 'crypto-withdrawals' &&
        facts.status === 'AWAITING_APPROVAL' &&
        permissions.includes('CREATE_WITHDRAWAL') &&
        facts.createdBy !== scope.userId;

      return {
        header: {
          kind,
          id: facts.id,
          ...spec.header(record),
          status: facts.status,
          businessId: facts.businessId,
          businessName: facts.businessName,
          createdAt: facts.createdAt,
        },
        record,
        timeline,
        ledger,
        related: await relatedOf(caller, spec, record, facts),
        callbacks,
        actions: {
          approve: decides,
          reject: decides,
          resendCallback: permissions.includes('INITIATE_CALLBACK') && callbacks.length > 0,
        },
      };
    },
  };
}
