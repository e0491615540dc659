/**
 * The client's rules for the transaction lists of a business (docs/product.md#entities-and-their-fields): what a payment has
 * received, the white-label fiat deposits' normalised shape, an amount's precision and the date range
 * of the list filters. Plain TypeScript shared with the server; amounts are decimal strings summed
 * with big.js, never floats.
 */
import Big from 'big.js';
import { compareCurrencies, CURRENCY_SEED } from './currencies';

/** A deposit of a payment, as GET /v1/payments answers it. */
export interface PaymentDeposit {
  id: number;
  status: string;
  depositCurrency: string;
  network?: string;
  /** A decimal string. */
  depositAmount: string;
  txHash?: string;
  confirmations?: number;
  createdAt?: string;
}

/** One currency's received total. */
export interface CurrencyAmount {
  currency: string;
  /** A decimal string. */
  amount: string;
}

/**
 * Every kind of transaction and the statuses it may have, in the order the filters offer them. This is
 * the one list: the API's enums, the dashboard's status filters and the seed are derived from it, and
 * `tests/server/transactionStatuses.test.ts` checks the database's CHECK constraints against it.
 */
export const TRANSACTION_STATUSES = {
  payments: ['PENDING', 'PAID', 'UNDERPAID', 'OVERPAID', 'EXPIRED', 'CANCELLED'],
  paymentDeposits: ['PENDING', 'CONFIRMED', 'FAILED', 'REFUNDED'],
  cryptoWithdrawals: ['AWAITING_APPROVAL', 'PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED'],
  fiatDeposits: ['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED'],
  whitelabelFiatDeposits: ['RECEIVED', 'RETURNED'],
  fiatWithdrawals: ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED'],
  internalTransfers: ['PENDING', 'COMPLETED', 'FAILED'],
  unassociatedDeposits: ['PENDING', 'CREDITED', 'REFUNDED'],
  unallocatedDeposits: ['UNALLOCATED', 'ALLOCATED', 'RETURNED'],
  manualMovements: ['PENDING', 'COMPLETED', 'REJECTED'],
  balanceConversions: ['QUOTED', 'PENDING', 'EXECUTED', 'EXPIRED', 'FAILED'],
} as const;

export type TransactionKindKey = keyof typeof TRANSACTION_STATUSES;

/** The deposit status that counts as received. */
export const CONFIRMED = 'CONFIRMED' satisfies (typeof TRANSACTION_STATUSES.paymentDeposits)[number];

function decimal(value: string): Big | undefined {
  try {
    return new Big(value);
  } catch {
    return undefined;
  }
}

/**
 * What a payment has received, per currency: the sum of its CONFIRMED deposits, zero (and unreadable)
 * amounts skipped, so a currency appears only when something of it arrived. Decimal strings.
 */
export function receivedAmountPerCurrency(
  deposits: readonly PaymentDeposit[] | undefined,
): Record<string, string> {
  const sums = new Map<string, Big>();
  for (const deposit of deposits ?? []) {
    if (deposit.status !== CONFIRMED) continue;
    const amount = decimal(deposit.depositAmount);
    if (!amount || amount.eq(0)) continue;
    sums.set(deposit.depositCurrency, (sums.get(deposit.depositCurrency) ?? new Big(0)).plus(amount));
  }
  return Object.fromEntries([...sums].map(([currency, sum]) => [currency, sum.toFixed()]));
}

/**
 * The received amounts as a list, one entry per distinct currency, in currency order (fiat EUR,
 * USD, GBP, JPY first; crypto BTC, BCH, LTC, ETH, USDT, XLM, XRP first; then alphabetical).
 */
export function distinctAmounts(perCurrency: Readonly<Record<string, string>>): CurrencyAmount[] {
  return Object.entries(perCurrency)
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => compareByCurrency(a.currency, b.currency));
}

const isFiat = (currency: string) => CURRENCY_SEED.find((c) => c.abbreviation === currency)?.isFiat ?? false;
/** Fiat before crypto, each in the order of docs/product.md#constants-and-limits (compareCurrencies). */
const compareByCurrency = (a: string, b: string) =>
  isFiat(a) !== isFiat(b) ? (isFiat(a) ? -1 : 1) : compareCurrencies(a, b, isFiat(a));

/** A payment with the two fields the client adds (docs/product.md#entities-and-their-fields). */
export type PaymentWithReceived<P> = P & {
  receivedAmountPerCurrency: Record<string, string>;
  distinctAmounts: CurrencyAmount[];
};

export function withReceivedAmounts<P extends { deposits?: readonly PaymentDeposit[] }>(
  payment: P,
): PaymentWithReceived<P> {
  const perCurrency = receivedAmountPerCurrency(payment.deposits);
  return {
    ...payment,
    receivedAmountPerCurrency: perCurrency,
    distinctAmounts: distinctAmounts(perCurrency),
  };
}

/** A white-label fiat deposit as the API answers it. */
export interface WhiteLabelFiatDeposit {
  id: number;
  businessId: number;
  status: string;
  currency: string;
  amount: string;
  reference: string;
  createdAt: string;
  updatedAt: string;
}

/** The shape the client shows a white-label fiat deposit in (docs/product.md#entities-and-their-fields). */
export interface NormalisedWhiteLabelDeposit extends WhiteLabelFiatDeposit {
  status: 'RECEIVED';
  clientLabel: string;
  expectedAmount: '-';
  receivedAmount: string;
  initiatedBy: '-';
  receivedAt: string;
}

/**
 * docs/product.md#entities-and-their-fields: status RECEIVED, clientLabel from reference, expectedAmount '-', receivedAmount
 * from amount, initiatedBy '-', receivedAt from createdAt. The API's other fields stay as they are.
 */
export function normaliseWhiteLabelDeposit(deposit: WhiteLabelFiatDeposit): NormalisedWhiteLabelDeposit {
  return {
    ...deposit,
    status: 'RECEIVED',
    clientLabel: deposit.reference,
    expectedAmount: '-',
    receivedAmount: deposit.amount,
    initiatedBy: '-',
    receivedAt: deposit.createdAt,
  };
}

/** Digits after the point an amount of a currency is shown with: its precision, else 6 (docs/product.md#constants-and-limits). */
export const DEFAULT_PRECISION = 6;
export function precisionOf(currency: string): number {
  return CURRENCY_SEED.find((c) => c.abbreviation === currency)?.precision ?? DEFAULT_PRECISION;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight at the start of a calendar day ('2026-11-21') in the browser's time zone, or undefined. */
export function startOfLocalDay(day: unknown, addDays = 0): Date | undefined {
  if (typeof day !== 'string') return undefined;
  const match = DAY.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The list filter's date range (calendar days, both inclusive, as the date inputs give them) as the
 * API's `from` (inclusive) and `to` (exclusive) instants: the start of `from` and the start of the day
 * after `to`, in the browser's time zone, as ISO 8601 UTC.
 */
export function dateRangeQuery(from: unknown, to: unknown): { from?: string; to?: string } {
  const start = startOfLocalDay(from);
  const end = startOfLocalDay(to, 1);
  return {
    ...(start ? { from: start.toISOString() } : {}),
    ...(end ? { to: end.toISOString() } : {}),
  };
}
