/**
 * Where a record lives in the dashboard: every transaction has its own address under its business's
 * tab (`/businesses/{businessId}/show/{tab}/{id}`; a white-label fiat deposit under
 * `fiat-deposits/white-label/{id}`), a business its detail page. The lists link their rows here, and
 * the app bar's search opens its results here, so the two never disagree.
 */
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
