/**
 * Where a record lives in the dashboard, the one table lists, search, the audit log and the record
 * pages take addresses from, so they never disagree:
 *
 * - its page (`recordPagePath`): react-admin's show route of its resource, `/{kind}/{id}/show`, for
 *   every kind of RECORD_KINDS (a payment's deposit too), with no business in the address, so an
 *   audit entry or a related record that knows only the kind and id links to it (docs/decisions.md
 *   246);
 * - its preview in its business's list (`recordPath`): the details drawer over the business's tab,
 *   `/businesses/{businessId}/show/{tab}/{id}` (a white-label fiat deposit under
 *   `fiat-deposits/white-label/{id}`), which links to its page;
 * - a business's detail page (`businessPath`).
 */
import { RECORD_KINDS, type RecordKind, type RelatedRecord } from './records';

export type RecordId = string | number;

/** The business tab each transaction resource is listed under (its child path). */
export const RECORD_TABS: Readonly<Record<string, string>> = {
  payments: 'deposits',
  'crypto-withdrawals': 'withdrawals',
  'fiat-deposits': 'fiat-deposits',
  'whitelabel-fiat-deposits': 'fiat-deposits/white-label',
  settlements: 'fiat-withdrawals',
  'internal-transfers': 'internal-transfers',
  'unassociated-deposits': 'unassociated-deposits',
  'manual-movements': 'manual-operations',
  'balance-conversions': 'balance-conversions',
};

/** A business's detail page. */
export function businessPath(businessId: RecordId): string {
  return `/businesses/${encodeURIComponent(String(businessId))}/show`;
}

/** A transaction's own page, or undefined for a resource no tab lists. */
export function recordPath(resource: string, businessId: RecordId, id: RecordId): string | undefined {
  const tab = RECORD_TABS[resource];
  if (tab === undefined) return undefined;
  return `${businessPath(businessId)}/${tab}/${encodeURIComponent(String(id))}`;
}

/** Whether a name is a record kind (a resource with a record page). */
export const isRecordKind = (kind: string): kind is RecordKind =>
  (RECORD_KINDS as readonly string[]).includes(kind);

/** A record's own page: `/{kind}/{id}/show` (react-admin's show route of its resource). */
export function recordPagePath(kind: RecordKind, id: RecordId): string {
  return `/${kind}/${encodeURIComponent(String(id))}/show`;
}

/**
 * The record kind each audited entity type is (the `entityType` its module writes, `config.audit`):
 * an audit entry naming one links to the record's page. The others (a business, a user, a key…) are
 * no record of RECORD_KINDS.
 */
export const AUDIT_ENTITY_RECORD_KINDS: Readonly<Record<string, RecordKind>> = {
  'payment-request': 'payments',
  // The travel rule's originator data is written on a payment's deposit.
  deposit: 'payment-deposits',
  'crypto-withdrawal': 'crypto-withdrawals',
  'fiat-deposit': 'fiat-deposits',
  'fiat-withdrawal': 'settlements',
  transfer: 'internal-transfers',
  conversion: 'balance-conversions',
};

/** The page of the record an audit entry names, or undefined when it names none (or no id). */
export function auditEntityPath(entityType: string, entityId: string | null): string | undefined {
  const kind = Object.hasOwn(AUDIT_ENTITY_RECORD_KINDS, entityType)
    ? AUDIT_ENTITY_RECORD_KINDS[entityType]
    : undefined;
  return kind && entityId ? recordPagePath(kind, entityId) : undefined;
}

/** The resource an audit entry's record is (to ask whether the user may open it), or undefined. */
export const auditEntityKind = (entityType: string): RecordKind | undefined =>
  Object.hasOwn(AUDIT_ENTITY_RECORD_KINDS, entityType) ? AUDIT_ENTITY_RECORD_KINDS[entityType] : undefined;

/**
 * Where a related record opens: a record's page, a business's page; a bank account and a
 * whitelisted address in their list, searched for their label (the list is what every reader of
 * them may open; an account's edit page is for MANAGE_BANK_ACCOUNTS only).
 */
export function relatedPath(related: Pick<RelatedRecord, 'kind' | 'id' | 'label'>): string {
  if (isRecordKind(related.kind)) return recordPagePath(related.kind, related.id);
  if (related.kind === 'businesses') return businessPath(related.id);
  return `/${related.kind}?${new URLSearchParams({ filter: JSON.stringify({ q: related.label }) })}`;
}
