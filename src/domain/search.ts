/**
 * The app bar's search (GET /v1/search, docs/decisions.md 100–103): the kinds of record it finds,
 * what a result looks like, where each kind opens (src/domain/recordPaths.ts) and how results are
 * grouped for the list under the search box. Shared by the server (the kinds and the bounds of `q`)
 * and the client.
 */
import type { Permission } from './permissions';
import type { RecordKind } from './records';
import { businessPath, recordPagePath } from './recordPaths';

/**
 * Every kind of result, in the order groups are shown when their best matches rank alike. The strings
 * are part of the API (stable): a kind is a list of the dashboard, not a table.
 */
export const SEARCH_KINDS = [
  'business',
  'payment',
  'deposit',
  'unassociated-deposit',
  'withdrawal',
  'fiat-deposit',
  'white-label-fiat-deposit',
  'settlement',
  'transfer',
  'conversion',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** `q`: at least one character that is not a space, at most this many. */
export const SEARCH_Q_MAX_LENGTH = 200;
/** Results of one kind at most (decision 102). */
export const SEARCH_LIMIT_PER_KIND = 5;
/** The client waits this long after the last key before it asks. */
export const SEARCH_DEBOUNCE_MS = 250;

/** How a result matched: 0 exactly (an id, a whole reference, hash or address), 1 its start, 2 inside. */
export type SearchRank = 0 | 1 | 2;

export interface SearchResult {
  kind: SearchKind;
  id: number;
  businessId: number | null;
  businessName: string | null;
  /** The record's reference, order id, transaction hash or address (null when it has none). */
  reference: string | null;
  status: string | null;
  /** Decimal text, never a float. */
  amount: string | null;
  currency: string | null;
  createdAt: string;
  rank: SearchRank;
  /** A deposit's payment: the record a deposit opens. */
  paymentId?: number;
}

/**
 * The record kind each result opens the page of (src/domain/records.ts); a business opens its own
 * page. A deposit opens its own page, which links to the payment it paid (docs/decisions.md 247).
 */
export const SEARCH_KIND_RESOURCES: Readonly<Record<Exclude<SearchKind, 'business'>, RecordKind>> = {
  payment: 'payments',
  deposit: 'payment-deposits',
  'unassociated-deposit': 'unassociated-deposits',
  withdrawal: 'crypto-withdrawals',
  'fiat-deposit': 'fiat-deposits',
  'white-label-fiat-deposit': 'whitelabel-fiat-deposits',
  settlement: 'settlements',
  transfer: 'internal-transfers',
  conversion: 'balance-conversions',
};

/**
 * The permission that reads each kind's list (decision 103): the server finds a kind only for its
 * holders (it reads them from the lists' own declarations; tests/server/globalSearch.test.ts keeps this
 * table equal to them), and the app bar shows the search only to who holds one of them.
 */
export const SEARCH_KIND_PERMISSIONS: Readonly<Record<SearchKind, Permission>> = {
  business: 'GET_BUSINESSES',
  payment: 'GET_PAYMENT',
  deposit: 'GET_PAYMENT',
  'unassociated-deposit': 'GET_INTERNAL_TRANSFERS',
  withdrawal: 'GET_WITHDRAWALS',
  'fiat-deposit': 'GET_FIAT_DEPOSITS',
  'white-label-fiat-deposit': 'GET_FIAT_DEPOSITS',
  settlement: 'GET_FIAT_WITHDRAWALS',
  transfer: 'GET_INTERNAL_TRANSFERS',
  conversion: 'GET_BALANCE_CONVERSIONS',
};

/** Whether these permissions read at least one kind (the app bar shows the search then). */
export const canSearch = (permissions: readonly string[]): boolean =>
  SEARCH_KINDS.some((kind) => permissions.includes(SEARCH_KIND_PERMISSIONS[kind]));

/** The address a result opens: its record's page (src/domain/recordPaths.ts), or a business's. */
export function searchResultPath(result: SearchResult): string {
  if (result.kind === 'business') return businessPath(result.id);
  return recordPagePath(SEARCH_KIND_RESOURCES[result.kind], result.id);
}

export interface SearchGroup {
  kind: SearchKind;
  results: SearchResult[];
}

/**
 * Results grouped by kind for the list: the group holding the best match first (exact before prefix
 * before contains), groups that rank alike in SEARCH_KINDS order; inside a group, the server's order
 * (best match first). A result seen twice (same kind and id) is shown once.
 */
export function groupSearchResults(results: readonly SearchResult[]): SearchGroup[] {
  const groups = new Map<SearchKind, SearchResult[]>();
  const seen = new Set<string>();
  for (const result of results) {
    const key = `${result.kind}:${result.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const group = groups.get(result.kind) ?? [];
    group.push(result);
    groups.set(result.kind, group);
  }
  const best = (list: readonly SearchResult[]) => Math.min(...list.map((r) => r.rank));
  return [...groups.entries()]
    .map(([kind, list]) => ({ kind, results: [...list].sort((a, b) => a.rank - b.rank) }))
    .sort(
      (a, b) =>
        best(a.results) - best(b.results) || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind),
    );
}

/** The results in the order the list shows them (the keyboard walks this order). */
export const flattenGroups = (groups: readonly SearchGroup[]): SearchResult[] =>
  groups.flatMap((g) => g.results);
