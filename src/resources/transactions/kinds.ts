/**
 * The transaction lists of a business (docs/product.md#screens-and-routes, #entities-and-their-fields and #calls): one entry per /v1 list, with what
 * its declaration needs (path, list key, permission, how the list filter becomes the query) and what
 * its views show (statuses, currencies, fields and columns). The declarations (index.ts), the tabs
 * and the export button all read this one table.
 */
import type { RaRecord } from 'react-admin';
import type { Query } from '../../api';
import { CURRENCY_SEED, sortCurrencies } from '../../domain/currencies';
import { all, type Requirement } from '../../domain/requirements';
import {
  dateRangeQuery,
  normaliseWhiteLabelDeposit,
  TRANSACTION_STATUSES,
  withReceivedAmounts,
  type PaymentDeposit,
  type WhiteLabelFiatDeposit,
} from '../../domain/transactions';

export type FieldType =
  /** Plain text (numbers and ids included); null shows as a dash. */
  | 'text'
  /** A rate's decimal string, at no more than six significant digits in the user's format. */
  | 'rate'
  | 'status'
  /** A decimal string in the currency named by `currency` (a field of the record). */
  | 'amount'
  /** An ISO 8601 instant, shown in the browser's time zone with the zone named. */
  | 'timestamp'
  /** A payment's distinctAmounts: one line per received currency. */
  | 'received'
  /** A payment's deposits (details only). */
  | 'deposits'
  /** An id or reference: monospace with a copy button (src/layout CodeValue). */
  | 'reference'
  /** A transaction hash or an address: shortened in the middle, copied, linked to the block explorer. */
  | 'hash'
  | 'address'
  /** A business id: shown as the business's name (from `name`, else the business shown), linked to it. */
  | 'business';

/** The sections of a record's details. */
export type FieldGroup = 'overview' | 'amounts' | 'chain' | 'dates';

export interface FieldSpec {
  source: string;
  type: FieldType;
  /** For amounts: the record field that holds the currency. */
  currency?: string;
  /** Shown as a column of the list (every field shows in the details). */
  column?: boolean;
  /** The API's sortBy value when the column sorts (`created` for createdAt). */
  sortBy?: string;
  /** For hashes and addresses: the record field that holds the network (`currency` holds the coin). */
  network?: string;
  /** For businesses: the record field that holds the business's name. */
  name?: string;
  /** The details section (else derived from the type). */
  group?: FieldGroup;
}

export interface TransactionKind {
  /** The react-admin resource name (no route, no menu entry: the business tabs list it). */
  resource: string;
  /** Path under /v1. */
  path: string;
  listKey: string;
  /** The query parameter the list's currency filter is sent as. */
  currencyParam: string;
  /**
   * The record field the currency filter fixes, when it fixes one (balance conversions match either
   * side: none). An amount column sorts only when its currency is this field and the filter is set.
   */
  currencyField?: string;
  requires: Requirement;
  /** The statuses to filter by (empty: no status filter). */
  statuses: readonly string[];
  /** The currencies offered by the currency filter. */
  currencies: 'crypto' | 'fiat' | 'all';
  fields: readonly FieldSpec[];
  toRecord?: (raw: Record<string, unknown>) => RaRecord;
}

const CREATED: FieldSpec = { source: 'createdAt', type: 'timestamp', column: true, sortBy: 'created' };
const UPDATED: FieldSpec = { source: 'updatedAt', type: 'timestamp' };
const ID: FieldSpec = { source: 'id', type: 'reference', column: true };
const STATUS: FieldSpec = { source: 'status', type: 'status', column: true, sortBy: 'status' };
const BUSINESS: FieldSpec = { source: 'businessId', type: 'business' };
const text = (source: string, column = false, group?: FieldGroup): FieldSpec => ({
  source,
  type: 'text',
  column,
  ...(group ? { group } : {}),
});
const reference = (source: string, column = false): FieldSpec => ({ source, type: 'reference', column });
const onChain = (type: 'hash' | 'address', source: string, currency: string, column = false): FieldSpec => ({
  source,
  type,
  currency,
  network: 'network',
  column,
});
const amount = (source: string, currency: string, sortBy?: string, column = true): FieldSpec => ({
  source,
  type: 'amount',
  currency,
  column,
  ...(sortBy ? { sortBy } : {}),
});

export const TRANSACTION_KINDS: readonly TransactionKind[] = [
  {
    resource: 'payments',
    path: 'payments',
    listKey: 'payments',
    currencyParam: 'depositCurrency',
    currencyField: 'depositCurrency',
    requires: all('GET_PAYMENT'),
    statuses: TRANSACTION_STATUSES.payments,
    currencies: 'crypto',
    fields: [
      ID,
      reference('reference', true),
      STATUS,
      amount('priceAmount', 'priceCurrency', 'priceAmount'),
      amount('expectedAmount', 'depositCurrency'),
      { source: 'distinctAmounts', type: 'received', column: true },
      text('depositCurrency', false, 'amounts'),
      text('depositNetwork', false, 'chain'),
      { source: 'expiresAt', type: 'timestamp' },
      CREATED,
      UPDATED,
      BUSINESS,
      { source: 'deposits', type: 'deposits' },
    ],
    toRecord: (raw) => withReceivedAmounts(raw as RaRecord & { deposits?: PaymentDeposit[] }),
  },
  {
    resource: 'crypto-withdrawals',
    path: 'withdrawals/crypto',
    listKey: 'withdrawals',
    currencyParam: 'cryptoCurrency',
    currencyField: 'cryptoCurrency',
    requires: all('GET_WITHDRAWALS'),
    statuses: TRANSACTION_STATUSES.cryptoWithdrawals,
    currencies: 'crypto',
    fields: [
      ID,
      STATUS,
      amount('amount', 'cryptoCurrency', 'amount'),
      amount('fee', 'cryptoCurrency'),
      text('network', true, 'chain'),
      onChain('address', 'address', 'cryptoCurrency', true),
      onChain('hash', 'txHash', 'cryptoCurrency'),
      text('cryptoCurrency', false, 'amounts'),
      CREATED,
      UPDATED,
      BUSINESS,
    ],
  },
  {
    resource: 'fiat-deposits',
    path: 'payment/deposits/fiat',
    listKey: 'deposits',
    currencyParam: 'currency',
    currencyField: 'currency',
    requires: all('GET_FIAT_DEPOSITS'),
    statuses: TRANSACTION_STATUSES.fiatDeposits,
    currencies: 'fiat',
    fields: [
      ID,
      reference('reference', true),
      text('senderName', true),
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('currency', false, 'amounts'),
      CREATED,
      UPDATED,
      BUSINESS,
    ],
  },
  {
    // Normalised by the client (docs/product.md#entities-and-their-fields); the status is always RECEIVED, so no status filter.
    resource: 'whitelabel-fiat-deposits',
    path: 'payment/whitelabel-fiat-deposits',
    listKey: 'deposits',
    currencyParam: 'currency',
    currencyField: 'currency',
    requires: all('GET_FIAT_DEPOSITS'),
    statuses: [],
    currencies: 'fiat',
    fields: [
      ID,
      text('clientLabel', true),
      { source: 'status', type: 'status', column: true },
      text('expectedAmount', true),
      amount('receivedAmount', 'currency'),
      text('initiatedBy', true),
      { source: 'receivedAt', type: 'timestamp', column: true, sortBy: 'created' },
      reference('reference'),
      amount('amount', 'currency', undefined, false),
      text('currency', false, 'amounts'),
      { source: 'createdAt', type: 'timestamp' },
      UPDATED,
      BUSINESS,
    ],
    toRecord: (raw) => normaliseWhiteLabelDeposit(raw as unknown as WhiteLabelFiatDeposit),
  },
  {
    resource: 'settlements',
    path: 'payment/withdrawals/fiat',
    listKey: 'settlements',
    currencyParam: 'currency',
    currencyField: 'currency',
    requires: all('GET_FIAT_WITHDRAWALS'),
    statuses: TRANSACTION_STATUSES.fiatWithdrawals,
    currencies: 'fiat',
    fields: [
      ID,
      reference('reference', true),
      text('bankAccountLabel', true),
      STATUS,
      amount('amount', 'currency', 'amount'),
      amount('fee', 'currency'),
      text('currency', false, 'amounts'),
      CREATED,
      UPDATED,
      BUSINESS,
    ],
  },
  {
    resource: 'internal-transfers',
    path: 'payment/internal-transfers',
    listKey: 'transfers',
    currencyParam: 'currency',
    currencyField: 'currency',
    requires: all('GET_INTERNAL_TRANSFERS'),
    statuses: TRANSACTION_STATUSES.internalTransfers,
    currencies: 'all',
    fields: [
      ID,
      { source: 'fromBusinessId', type: 'business', name: 'fromBusinessName', column: true },
      { source: 'toBusinessId', type: 'business', name: 'toBusinessName', column: true },
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('reference', true),
      text('currency', false, 'amounts'),
      CREATED,
      UPDATED,
      BUSINESS,
    ],
  },
  {
    resource: 'unassociated-deposits',
    path: 'payment/deposits/unassociated',
    listKey: 'deposits',
    currencyParam: 'currency',
    currencyField: 'currency',
    requires: all('GET_INTERNAL_TRANSFERS'),
    statuses: TRANSACTION_STATUSES.unassociatedDeposits,
    currencies: 'crypto',
    fields: [
      ID,
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('network', true, 'chain'),
      onChain('address', 'address', 'currency', true),
      onChain('hash', 'txHash', 'currency'),
      text('currency', false, 'amounts'),
      CREATED,
      UPDATED,
      BUSINESS,
    ],
  },
  {
    resource: 'manual-movements',
    path: 'payment/manual-movements',
    listKey: 'movements',
    currencyParam: 'currency',
    currencyField: 'currency',
    requires: all('FETCH_MANUAL_MOVEMENTS'),
    statuses: TRANSACTION_STATUSES.manualMovements,
    currencies: 'all',
    fields: [
      ID,
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('reason', true),
      text('createdBy', true),
      text('currency', false, 'amounts'),
      CREATED,
      UPDATED,
      BUSINESS,
    ],
  },
  {
    resource: 'balance-conversions',
    path: 'payment/balance/convert',
    listKey: 'conversions',
    currencyParam: 'currency',
    // No currencyField: the filter matches the debit or the credit side.
    requires: all('GET_BALANCE_CONVERSIONS'),
    statuses: TRANSACTION_STATUSES.balanceConversions,
    currencies: 'all',
    fields: [
      ID,
      STATUS,
      amount('debitAmount', 'debitCurrency', 'debitAmount'),
      amount('creditAmount', 'creditCurrency', 'creditAmount'),
      { source: 'rate', type: 'rate', column: true, group: 'amounts' },
      text('debitCurrency', false, 'amounts'),
      text('creditCurrency', false, 'amounts'),
      CREATED,
      UPDATED,
      BUSINESS,
    ],
  },
];

export function kindOf(resource: string): TransactionKind {
  const kind = TRANSACTION_KINDS.find((k) => k.resource === resource);
  if (!kind) throw new Error(`No transaction list "${resource}"`);
  return kind;
}

/** The declaration's sort map: each sortable column's field → the API's sortBy (`createdAt` → `created`). */
export function sortFields(kind: TransactionKind): Record<string, string> {
  return Object.fromEntries(kind.fields.filter((f) => f.sortBy).map((f) => [f.source, f.sortBy as string]));
}

/** The list's first order: newest first, by the column the API sorts as `created`. */
export function defaultSortField(kind: TransactionKind): string {
  const field = kind.fields.find((f) => f.sortBy === 'created');
  if (!field) throw new Error(`The transaction list "${kind.resource}" has no column sorted as created`);
  return field.source;
}

/**
 * react-admin's filter of a transaction list → the API's query: the business, the status, the
 * currency under the list's own parameter name, the date range (calendar days → from/to instants)
 * and the search text. Used by the list (the declaration's api.filters) and by its CSV export.
 */
export function transactionQuery(kind: TransactionKind, filter: Record<string, unknown>): Query {
  const scalar = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? value : undefined;
  return {
    businessId: scalar(filter.businessId),
    status: kind.statuses.length > 0 ? scalar(filter.status) : undefined,
    [kind.currencyParam]: scalar(filter.currency),
    ...dateRangeQuery(filter.from, filter.to),
    q: scalar(filter.q),
  };
}

/** The currency codes the currency filter offers, in the spec's order. */
export function currencyChoices(kind: TransactionKind): string[] {
  const sorted = sortCurrencies(CURRENCY_SEED);
  const fiat = sorted.filter((c) => c.isFiat).map((c) => c.abbreviation);
  const crypto = sorted.filter((c) => !c.isFiat).map((c) => c.abbreviation);
  if (kind.currencies === 'fiat') return fiat;
  if (kind.currencies === 'crypto') return crypto;
  return [...fiat, ...crypto];
}

/** The details section of a field. */
export function groupOf(field: FieldSpec): FieldGroup {
  if (field.group) return field.group;
  switch (field.type) {
    case 'amount':
    case 'received':
      return 'amounts';
    case 'hash':
    case 'address':
      return 'chain';
    case 'timestamp':
      return 'dates';
    default:
      return 'overview';
  }
}

/**
 * Whether a column sorts now: an amount column only within one currency (its currency is the one the
 * list's currency filter fixes, and the filter is set), so no order mixes EUR with USD; every other
 * sortable column always.
 */
export function sortsNow(kind: TransactionKind, field: FieldSpec, filter: Record<string, unknown>): boolean {
  if (!field.sortBy) return false;
  if (field.type !== 'amount') return true;
  return kind.currencyField !== undefined && field.currency === kind.currencyField && !!filter.currency;
}
