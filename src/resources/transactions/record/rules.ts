/**
 * The rules of a record's page (issue 32 §2) that need no React: which record kinds have a page and
 * what each shows as its details, the query that reads the page and the live events that make it
 * stale, how a posting's amount and a timeline step read, and what a failure says.
 */
import type { ExplorerTarget } from '../../../domain/explorers';
import type { CallbacksScope } from '../../../features/callbacks/rules';
import type { DecisionSubject } from '../../../features/withdrawalDecision/DecisionDialog';
import type { LiveEventMatch, StaleOn } from '../../../layout/liveEvents';
import { RECORD_KINDS, type RecordKind, type RecordPage, type TimelineStep } from '../../../domain/records';
import { RECORD_TABS } from '../../../domain/recordPaths';
import { kindOf, type FieldSpec } from '../kinds';
import { amountText } from '../values';

/** A payment's deposit: what its page lists as its details (the deposit as the records API answers it). */
export const DEPOSIT_FIELDS: readonly FieldSpec[] = [
  { source: 'id', type: 'reference' },
  { source: 'status', type: 'status' },
  { source: 'depositAmount', type: 'amount', currency: 'depositCurrency' },
  { source: 'depositCurrency', type: 'text', group: 'amounts' },
  { source: 'network', type: 'text', group: 'chain' },
  { source: 'txHash', type: 'hash', currency: 'depositCurrency', network: 'network' },
  { source: 'confirmations', type: 'text', group: 'chain' },
  { source: 'createdAt', type: 'timestamp' },
  { source: 'updatedAt', type: 'timestamp' },
  { source: 'businessId', type: 'business' },
];

export interface RecordKindSpec {
  kind: RecordKind;
  /**
   * The resource whose live events and query keys the record's changes go by: a deposit's are its
   * payment's (migration 0047 raises `payments.updated` for a deposit's row).
   */
  liveResource: string;
  /** The list resource whose business tab lists it (a deposit: its payment's). */
  listResource: string;
  /** Its details, as the record's own GET answers it. */
  fields: readonly FieldSpec[];
  /** The record as its list reads it (a payment's received amounts, a white-label deposit normalised). */
  toRecord: (raw: Record<string, unknown>) => Record<string, unknown>;
}

const asIs = (raw: Record<string, unknown>) => raw;

/** Every record kind's page: its live resource, its list and its fields. */
export function recordKindSpec(kind: RecordKind): RecordKindSpec {
  if (kind === 'payment-deposits')
    return {
      kind,
      liveResource: 'payments',
      listResource: 'payments',
      fields: DEPOSIT_FIELDS,
      toRecord: asIs,
    };
  const { fields, toRecord } = kindOf(kind);
  return { kind, liveResource: kind, listResource: kind, fields, toRecord: toRecord ?? asIs };
}

export const RECORD_KIND_SPECS: readonly RecordKindSpec[] = RECORD_KINDS.map(recordKindSpec);

/** The business tab that lists a record of this kind (its breadcrumb's last link). */
export const listTabOf = (kind: RecordKind): string => RECORD_TABS[recordKindSpec(kind).listResource];

/**
 * The page's query key: under its live resource, so that resource's live events, react-admin's own
 * refreshes of it and a withdrawal's decision (`refreshAfterDecision`) read it again.
 */
export const recordPageKey = (kind: RecordKind, id: string) =>
  [recordKindSpec(kind).liveResource, 'recordPage', kind, id] as const;

/**
 * The live events that make a page stale beyond its resource's (its key reaches those): one of its
 * business (a posting, a balance, a related record of the business), or of the callbacks (a delivery's
 * attempt). A transfer's page goes by both its businesses.
 */
export function recordStaleOn(kind: RecordKind): StaleOn {
  const live = recordKindSpec(kind).liveResource;
  return (event: LiveEventMatch, data: unknown) => {
    if (event.resources.includes(live) || event.resources.includes('callbacks')) return true;
    const shown = data as RecordPage | undefined;
    if (!shown?.header || event.businessId === null) return false;
    return businessesOf(shown).includes(event.businessId);
  };
}

/** The businesses a page is about: its own, and a transfer's other side. */
export function businessesOf(page: RecordPage): number[] {
  const ids = new Set<number>([page.header.businessId]);
  for (const related of page.related)
    if (related.kind === 'businesses' && Number.isSafeInteger(Number(related.id)))
      ids.add(Number(related.id));
  return [...ids];
}

/** A posting's amount with its sign: '+1,234.50 EUR' credits the account, '−…' debits it. */
export function signedAmountText(amount: string, currency: string): string {
  const text = amountText(amount, currency);
  const positive = /^\+?\d*\.?\d+$/.test(amount.trim()) && /[1-9]/.test(amount);
  return positive ? `+${amountText(amount.trim().replace(/^\+/, ''), currency)}` : text;
}

/** What a failure to read the page is: the record is not there (or not the caller's), or another. */
export function failureOf(error: unknown): 'notFound' | 'other' {
  const status = (error as { status?: unknown } | null)?.status;
  // A malformed id is no record either.
  return status === 404 || status === 400 ? 'notFound' : 'other';
}

/** A timeline step's title: its key, and its arguments (a confirmation's count). */
export function stepTitle(step: TimelineStep): { key: string; args?: Record<string, unknown> } {
  if (step.type === 'confirmation' && step.confirmations)
    return {
      key: 'resources.records.steps.confirmationOf',
      args: { count: step.confirmations.count, required: step.confirmations.required },
    };
  if (step.type === 'callback' && step.callback)
    return { key: 'resources.records.steps.callbackOf', args: { event: step.callback.eventType } };
  if (step.type === 'audit' && step.audit)
    return { key: 'resources.records.steps.auditOf', args: { action: step.audit.action } };
  return { key: `resources.records.steps.${step.type}` };
}

/** The steps oldest first (the API's order; kept stable for steps of the same instant). */
export function oldestFirst(steps: readonly TimelineStep[]): TimelineStep[] {
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => Date.parse(a.step.at) - Date.parse(b.step.at) || a.index - b.index)
    .map(({ step }) => step);
}

/** A withdrawal's page as the decision dialog names it (undefined for any other kind). */
export function decisionSubject(page: RecordPage): DecisionSubject | undefined {
  const { header, record, related } = page;
  if (header.kind !== 'crypto-withdrawals') return undefined;
  const id = Number(header.id);
  const address = typeof record.address === 'string' ? record.address : '';
  if (!Number.isSafeInteger(id)) return undefined;
  const whitelisted = related.find((r) => r.kind === 'whitelisted-addresses')?.label;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id,
    amount: header.amount,
    currency: header.currency,
    businessName: header.businessName,
    address,
    destinationTag: text(record.destinationTag),
    addressLabel: text(record.addressLabel) ?? (whitelisted && whitelisted !== address ? whitelisted : null),
  };
}

/** Whether the record was created by this user (its timeline's 'created' step names them). */
export function createdByUser(page: RecordPage, userId: number | string): boolean {
  const created = page.timeline.find((step) => step.type === 'created');
  return created?.actor?.type === 'user' && created.actor.id === String(userId);
}

/**
 * What the record's explorer link shows: its transaction hash, else (an on-chain record without one
 * yet) its address, on the record's currency and network; undefined for a record off chain.
 */
export function explorerTarget(
  page: RecordPage,
): { target: ExplorerTarget; value: string; currency?: string; network?: string } | undefined {
  const { fields, toRecord } = recordKindSpec(page.header.kind);
  const record = toRecord(page.record);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  for (const type of ['hash', 'address'] as const) {
    const field = fields.find((f) => f.type === type && text(record[f.source]));
    if (field)
      return {
        target: type === 'hash' ? 'tx' : 'address',
        value: text(record[field.source])!,
        currency: field.currency ? text(record[field.currency]) : undefined,
        network: field.network ? text(record[field.network]) : undefined,
      };
  }
  return undefined;
}

/**
 * Whose callbacks a page shows: a payment's and a withdrawal's own, a deposit's payment's (the
 * deposit's events are its payment's); undefined for a kind no callback is about.
 */
export function callbackScope(page: RecordPage): CallbacksScope | undefined {
  const { header, record } = page;
  if (header.kind === 'payments' || header.kind === 'crypto-withdrawals')
    return { entityKind: header.kind, entityId: header.id };
  if (
    header.kind === 'payment-deposits' &&
    (typeof record.paymentId === 'number' || typeof record.paymentId === 'string')
  )
    return { entityKind: 'payments', entityId: String(record.paymentId) };
  return undefined;
}
