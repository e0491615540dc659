/**
 * Wire shapes of the ten transaction lists (docs/product.md#calls) and their list parameters.
 *
 * Every list: `limit`, `offset`, `sortBy` (`created` by default, newest first; `updated`, `status` and
 * the amount; each follows an index of migrations 0012/0014 within a business), `order`, `q`, and the
 * filters `businessId`, `status` (the table's statuses), the list's currency filter, `from` (inclusive)
 * and `to` (exclusive) on the creation time. SQL expressions name the listed table `t`.
 */
import { Type, type TSchema } from 'typebox';
import { TRANSACTION_STATUSES } from '../../../src/domain/transactions';
import { DECIMAL_PATTERN, Text } from '../../http/schemas';
import { before, atLeast, defineList, equals, equalsAny, type ListFilter } from '../../lib/list';

/** Transaction ids are bigint columns; on the wire numbers that JavaScript holds exactly. */
export const TransactionId = Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const BusinessId = Type.Integer({ format: 'int32', minimum: 1, maximum: 2_147_483_647 });
/** ISO 8601 in UTC with milliseconds: 2026-03-02T09:00:10.000Z. */
export const Timestamp = Type.String({
  format: 'date-time',
  maxLength: 32,
  description: 'ISO 8601, UTC',
});
/** An amount: a plain decimal string (never a float, never exponent notation). */
export const Decimal = Type.String({
  maxLength: 64,
  pattern: DECIMAL_PATTERN,
  description: 'A decimal number as a string',
});
export const CurrencyCode = Type.String({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' });
export const NetworkName = Type.String({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' });
const Line = (maxLength: number) => Text({ maxLength });
const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

/** The path of one transaction: `<list path>/{id}`. */
export const TransactionParams = Type.Object({ id: TransactionId });

/** Each kind's statuses (src/domain/transactions.ts, the one list). */
export const STATUSES = TRANSACTION_STATUSES;

const Status = (statuses: readonly string[]) => Type.Enum([...statuses]);

/** The fields every transaction has. */
const common = (statuses: readonly string[]) => ({
  id: TransactionId,
  businessId: BusinessId,
  status: Status(statuses),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** The date-time query parameters (`2026-03-01T00:00:00Z`). */
const DateTimeParam = (description: string) =>
  Type.String({ format: 'date-time', maxLength: 40, description });
const CurrencyParam = Type.String({
  maxLength: 10,
  pattern: '^[A-Z0-9]{2,10}$',
  description: 'A currency code',
});

/** businessId, status, from and to over `t`; `business` overrides the businessId condition. */
const baseFilters = (statuses: readonly string[], business?: ListFilter) => ({
  // Each table has an index on (business_id, created_at, id): one plan for any business.
  businessId: business ?? equals('t.business_id', BusinessId, { onePlan: true }),
  status: equals('t.status', Status(statuses)),
  from: atLeast('t.created_at', DateTimeParam('Created at or after (inclusive)')),
  to: before('t.created_at', DateTimeParam('Created before (exclusive)')),
});

/** created (newest first by default), updated, status (then created) and the amount columns. */
const sorts = <A extends Record<string, string>>(amounts: A) => ({
  created: 't.created_at',
  updated: 't.updated_at',
  status: ['t.status', 't.created_at'],
  ...amounts,
});
const NEWEST_FIRST = { sortBy: 'created', order: 'desc' } as const;

// --- payments --------------------------------------------------------------------------------------

export const PaymentDepositSchema = Type.Object({
  id: TransactionId,
  status: Status(STATUSES.paymentDeposits),
  depositCurrency: CurrencyCode,
  network: NetworkName,
  depositAmount: Decimal,
  txHash: Line(200),
  confirmations: Type.Integer({ format: 'int32', minimum: 0, maximum: 2_147_483_647 }),
  createdAt: Timestamp,
});

/**
 * A payment, as every call answers it: the list, the record by id and the create (POST /v1/payments,
 * server/modules/payments). One vocabulary: the statuses of TRANSACTION_STATUSES.payments (a new
 * request is PENDING), the price in `priceCurrency`/`priceAmount` (0: any amount), docs/decisions.md 233.
 */
export const PaymentSchema = Type.Object({
  ...common(STATUSES.payments),
  reference: Line(200),
  priceCurrency: CurrencyCode,
  priceAmount: Decimal,
  depositCurrency: CurrencyCode,
  depositNetwork: NetworkName,
  expectedAmount: Decimal,
  expiresAt: Timestamp,
  // A request made through POST /v1/payments has them (decisions 172–173); the demo history has none.
  address: Nullable(Line(200)),
  paymentUri: Nullable(Line(2000)),
  link: Nullable(Line(2000)),
  deposits: Type.Array(PaymentDepositSchema, { maxItems: 1000 }),
});

export const paymentList = defineList({
  listKey: 'payments',
  sortBy: sorts({ priceAmount: 't.price_amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  // The merchant's reference, or the hash of one of its deposits: one semi-join over the ids both
  // trigram indexes find (migration 0018). An OR with a correlated EXISTS kept the planner from using
  // either index, so a rare hash walked every payment (40 ms at 10,000 payments, 0.5 ms this way).
  search: [
    (pattern) =>
      `t.id IN (SELECT qp.id FROM payments qp WHERE qp.reference ILIKE ${pattern} ESCAPE '\\'
                UNION ALL
                SELECT qd.payment_id FROM payment_deposits qd WHERE qd.tx_hash ILIKE ${pattern} ESCAPE '\\')`,
  ],
  filters: {
    ...baseFilters(STATUSES.payments),
    depositCurrency: equals('t.deposit_currency', CurrencyParam),
  },
});

// --- crypto withdrawals ----------------------------------------------------------------------------

export const CryptoWithdrawalSchema = Type.Object({
  ...common(STATUSES.cryptoWithdrawals),
  cryptoCurrency: CurrencyCode,
  network: NetworkName,
  amount: Decimal,
  fee: Decimal,
  address: Line(200),
  txHash: Nullable(Line(200)),
});

export const cryptoWithdrawalList = defineList({
  listKey: 'withdrawals',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.address', 't.tx_hash'],
  filters: {
    ...baseFilters(STATUSES.cryptoWithdrawals),
    cryptoCurrency: equals('t.currency', CurrencyParam),
  },
});

// --- fiat deposits and white-label fiat deposits ---------------------------------------------------

export const FiatDepositSchema = Type.Object({
  ...common(STATUSES.fiatDeposits),
  currency: CurrencyCode,
  amount: Decimal,
  reference: Line(200),
  senderName: Nullable(Line(200)),
});

export const fiatDepositList = defineList({
  listKey: 'deposits',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.reference', 't.sender_name'],
  filters: { ...baseFilters(STATUSES.fiatDeposits), currency: equals('t.currency', CurrencyParam) },
});

export const WhitelabelFiatDepositSchema = Type.Object({
  ...common(STATUSES.whitelabelFiatDeposits),
  currency: CurrencyCode,
  amount: Decimal,
  reference: Line(200),
});

export const whitelabelFiatDepositList = defineList({
  listKey: 'deposits',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.reference'],
  filters: {
    ...baseFilters(STATUSES.whitelabelFiatDeposits),
    currency: equals('t.currency', CurrencyParam),
  },
});

// --- settlements (fiat withdrawals) ----------------------------------------------------------------

export const SettlementSchema = Type.Object({
  ...common(STATUSES.fiatWithdrawals),
  currency: CurrencyCode,
  amount: Decimal,
  fee: Decimal,
  bankAccountLabel: Line(200),
  reference: Line(200),
});

export const settlementList = defineList({
  listKey: 'settlements',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.reference', 't.bank_account_label'],
  filters: { ...baseFilters(STATUSES.fiatWithdrawals), currency: equals('t.currency', CurrencyParam) },
});

// --- internal transfers ----------------------------------------------------------------------------

export const InternalTransferSchema = Type.Object({
  ...common(STATUSES.internalTransfers),
  fromBusinessId: BusinessId,
  toBusinessId: BusinessId,
  /** The two businesses' names, so a list names them instead of showing their ids. */
  fromBusinessName: Line(100),
  toBusinessName: Line(100),
  currency: CurrencyCode,
  amount: Decimal,
  reference: Nullable(Line(200)),
});

export const internalTransferList = defineList({
  listKey: 'transfers',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.reference'],
  filters: {
    // A business's transfers are those it sent and those it received.
    ...baseFilters(
      STATUSES.internalTransfers,
      equalsAny(['t.business_id', 't.counterparty_business_id'], BusinessId),
    ),
    currency: equals('t.currency', CurrencyParam),
  },
});

// --- unassociated and unallocated deposits ---------------------------------------------------------

export const UnassociatedDepositSchema = Type.Object({
  ...common(STATUSES.unassociatedDeposits),
  currency: CurrencyCode,
  network: NetworkName,
  amount: Decimal,
  address: Line(200),
  txHash: Line(200),
});

export const unassociatedDepositList = defineList({
  listKey: 'deposits',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.address', 't.tx_hash'],
  filters: {
    ...baseFilters(STATUSES.unassociatedDeposits),
    currency: equals('t.currency', CurrencyParam),
  },
});

export const UnallocatedDepositSchema = Type.Object({
  ...common(STATUSES.unallocatedDeposits),
  // Null until the deposit is allocated to a business.
  businessId: Nullable(BusinessId),
  currency: CurrencyCode,
  network: NetworkName,
  amount: Decimal,
  address: Line(200),
  txHash: Line(200),
});

export const unallocatedDepositList = defineList({
  listKey: 'deposits',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.address', 't.tx_hash'],
  filters: {
    ...baseFilters(STATUSES.unallocatedDeposits),
    currency: equals('t.currency', CurrencyParam),
  },
});

// --- manual ledger movements -----------------------------------------------------------------------

export const ManualMovementSchema = Type.Object({
  ...common(STATUSES.manualMovements),
  currency: CurrencyCode,
  amount: Decimal,
  reason: Text({ maxLength: 500, multiline: true }),
  createdBy: Nullable(Type.String({ maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' })),
});

export const manualMovementList = defineList({
  listKey: 'movements',
  sortBy: sorts({ amount: 't.amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.reason'],
  filters: { ...baseFilters(STATUSES.manualMovements), currency: equals('t.currency', CurrencyParam) },
});

// --- balance conversions ---------------------------------------------------------------------------

export const BalanceConversionSchema = Type.Object({
  ...common(STATUSES.balanceConversions),
  debitCurrency: CurrencyCode,
  debitAmount: Decimal,
  creditCurrency: CurrencyCode,
  creditAmount: Decimal,
  rate: Decimal,
});

export const balanceConversionList = defineList({
  listKey: 'conversions',
  sortBy: sorts({ debitAmount: 't.debit_amount', creditAmount: 't.credit_amount' }),
  defaultSort: NEWEST_FIRST,
  tieBreaker: 't.id',
  search: ['t.debit_currency', 't.credit_currency'],
  filters: {
    ...baseFilters(STATUSES.balanceConversions),
    // The currency on either side of the conversion.
    currency: equalsAny(['t.debit_currency', 't.credit_currency'], CurrencyParam),
  },
});

/** Headers of an export: the row cap, and whether this file was cut at it. */
export const EXPORT_ROW_CAP_HEADER = 'X-Export-Row-Cap';
export const EXPORT_TRUNCATED_HEADER = 'X-Export-Truncated';
/** The two as every export's answer declares them (transactions and the audit log). */
export const EXPORT_HEADERS = {
  [EXPORT_ROW_CAP_HEADER]: Type.Integer({
    format: 'int32',
    minimum: 1,
    maximum: 2_147_483_647,
    description: 'The most rows an export holds (EXPORT_ROW_CAP)',
  }),
  [EXPORT_TRUNCATED_HEADER]: Type.Enum(['true', 'false'], {
    description: 'true when more rows matched than the cap: the file holds the first (newest) ones',
  }),
};

/** The export's answer: CSV text (streamed). */
export const CsvFile = {
  description: 'The filtered rows as CSV (RFC 4180, UTF-8, a header record first)',
  headers: {
    'Content-Disposition': Type.String({
      maxLength: 100,
      pattern: '^attachment; filename="[a-z]+-\\d{4}-\\d{2}-\\d{2}\\.csv"$',
      description: 'attachment; filename="<listKey>-<YYYY-MM-DD>.csv" (the UTC date of the export)',
    }),
    ...EXPORT_HEADERS,
  },
  content: {
    'text/csv': {
      schema: Type.String({ maxLength: 2_147_483_647, pattern: '^[^\\u0000]*$' }),
    },
  },
};
