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
  | 'status'
  /** A decimal string in the currency named by `currency` (a field of the record). */
  | 'amount'
  /** An ISO 8601 instant, shown in the browser's time zone with the zone named. */
  | 'timestamp'
  /** A payment's distinctAmounts: one line per received currency. */
  | 'received'
  /** A payment's deposits (details only). */
  | 'deposits';

export interface FieldSpec {
  source: string;
  type: FieldType;
  /** For amounts: the record field that holds the currency. */
  currency?: string;
  /** Shown as a column of the list (every field shows in the details). */
  column?: boolean;
  /** The API's sortBy value when the column sorts (`created` for createdAt). */
  sortBy?: string;
}

export interface TransactionKind {
  /** The react-admin resource name (no route, no menu entry: the business tabs list it). */
  resource: string;
  /** Path under /v1. */
  path: string;
  listKey: string;
  /** The query parameter the list's currency filter is sent as. */
  currencyParam: string;
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
const ID: FieldSpec = { source: 'id', type: 'text', column: true };
const STATUS: FieldSpec = { source: 'status', type: 'status', column: true, sortBy: 'status' };
const BUSINESS: FieldSpec = { source: 'businessId', type: 'text' };
const text = (source: string, column = false): FieldSpec => ({ source, type: 'text', column });
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
    requires: all('GET_PAYMENT'),
    statuses: TRANSACTION_STATUSES.payments,
    currencies: 'crypto',
    fields: [
      ID,
      text('reference', true),
      STATUS,
      amount('priceAmount', 'priceCurrency', 'priceAmount'),
      amount('expectedAmount', 'depositCurrency'),
      { source: 'distinctAmounts', type: 'received', column: true },
      text('depositCurrency'),
      text('depositNetwork'),
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
    requires: all('GET_WITHDRAWALS'),
    statuses: TRANSACTION_STATUSES.cryptoWithdrawals,
    currencies: 'crypto',
    fields: [
      ID,
      STATUS,
      amount('amount', 'cryptoCurrency', 'amount'),
      amount('fee', 'cryptoCurrency'),
      text('network', true),
      text('address', true),
      text('txHash'),
      text('cryptoCurrency'),
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
    requires: all('GET_FIAT_DEPOSITS'),
    statuses: TRANSACTION_STATUSES.fiatDeposits,
    currencies: 'fiat',
    fields: [
      ID,
      text('reference', true),
      text('senderName', true),
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('currency'),
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
      text('reference'),
      amount('amount', 'currency', undefined, false),
      text('currency'),
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
    requires: all('GET_FIAT_WITHDRAWALS'),
    statuses: TRANSACTION_STATUSES.fiatWithdrawals,
    currencies: 'fiat',
    fields: [
      ID,
      text('reference', true),
      text('bankAccountLabel', true),
      STATUS,
      amount('amount', 'currency', 'amount'),
      amount('fee', 'currency'),
      text('currency'),
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
    requires: all('GET_INTERNAL_TRANSFERS'),
    statuses: TRANSACTION_STATUSES.internalTransfers,
    currencies: 'all',
    fields: [
      ID,
      text('fromBusinessId', true),
      text('toBusinessId', true),
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('reference', true),
      text('currency'),
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
    requires: all('GET_INTERNAL_TRANSFERS'),
    statuses: TRANSACTION_STATUSES.unassociatedDeposits,
    currencies: 'crypto',
    fields: [
      ID,
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('network', true),
      text('address', true),
      text('txHash'),
      text('currency'),
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
    requires: all('FETCH_MANUAL_MOVEMENTS'),
    statuses: TRANSACTION_STATUSES.manualMovements,
    currencies: 'all',
    fields: [
      ID,
      STATUS,
      amount('amount', 'currency', 'amount'),
      text('reason', true),
      text('createdBy', true),
      text('currency'),
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
    requires: all('GET_BALANCE_CONVERSIONS'),
    statuses: TRANSACTION_STATUSES.balanceConversions,
    currencies: 'all',
    fields: [
      ID,
      STATUS,
      amount('debitAmount', 'debitCurrency', 'debitAmount'),
      amount('creditAmount', 'creditCurrency', 'creditAmount'),
      text('rate', true),
      text('debitCurrency'),
      text('creditCurrency'),
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
