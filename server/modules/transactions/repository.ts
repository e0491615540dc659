/**
 * SQL of the transaction lists: where each list's rows come from (the table as `t`, the caller's
 * organisation, the hidden business only for ADMIN) and the columns of its items, formatted by the
 * database: amounts as plain decimal text (`trim_scale`, never exponent notation) and timestamps as
 * ISO 8601 UTC strings.
 */
import { businessConditions, organisationsBusiness, type OrgScope } from '../../auth/scope';
import type { ListSource } from '../../lib/list';

/** ISO 8601 UTC with milliseconds, e.g. 2026-03-02T09:00:10.000Z. */
export const isoUtc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A NUMERIC as its shortest plain decimal text (12.500000 → 12.5). */
export const decimal = (column: string) => `trim_scale(${column})::text`;

const COMMON = [
  't.id',
  't.business_id AS "businessId"',
  't.status',
  `${isoUtc('t.created_at')} AS "createdAt"`,
  `${isoUtc('t.updated_at')} AS "updatedAt"`,
];

const columns = (...more: string[]) => [...COMMON, ...more].join(', ');

interface SourceSpec {
  table: string;
  select: string;
  /** Joins after `<table> t`. */
  joins?: string;
  /** Business columns whose business the caller must be allowed to see. */
  businessColumns?: readonly string[];
}

const sourceOf =
  ({ table, select, joins, businessColumns = ['t.business_id'] }: SourceSpec) =>
  (scope: OrgScope): ListSource => {
    // The business a list is filtered to (the businessId filter), where its rows name only that one:
    // every table's foreign key (business_id, organisation_id) makes them the organisation's, and the
    // caller's to see, when that business is, so it is tested once instead of on each row.
    const filteredTo = (selection: Readonly<Record<string, unknown>>) =>
      businessColumns.length === 1 ? (selection.businessId as number | undefined) : undefined;
    return {
      select,
      from: `${table} t${joins ? ` ${joins}` : ''}`,
      owner: {
        column: 't.organisation_id',
        scope,
        once: (organisation, param, selection) => {
          const business = filteredTo(selection);
          return business === undefined
            ? undefined
            : organisationsBusiness(organisation, `${param(business)}::integer`);
        },
      },
      // The hidden business and every row that names it are ADMIN's only (a NULL business is
      // visible). For an API key, also only the rows of its business.
      where: (param, selection) => businessConditions(scope, businessColumns, param, filteredTo(selection)),
      // Ids, texts, formatted amounts and times (isoUtc, decimal) and the deposits' JSON.
      answerColumns: true,
    };
  };

/**
 * A payment's deposits, in id order, as a JSON array in its own row: a page or an export batch of
 * payments is one statement with their deposits (on PGlite, which runs one statement at a time, a
 * second statement per page was a second wait in its queue). Read through (payment_id, id).
 */
const PAYMENT_DEPOSITS = `COALESCE((
    SELECT json_agg(json_build_object(
             'id', d.id, 'status', d.status, 'depositCurrency', d.currency, 'network', d.network,
             'depositAmount', ${decimal('d.amount')}, 'txHash', d.tx_hash,
             'confirmations', d.confirmations, 'createdAt', ${isoUtc('d.created_at')}) ORDER BY d.id)
      FROM payment_deposits d
     WHERE d.payment_id = t.id AND d.organisation_id = t.organisation_id), '[]'::json) AS deposits`;

export const SOURCES = {
  payments: sourceOf({
    table: 'payments',
    select: columns(
      't.reference',
      't.price_currency AS "priceCurrency"',
      `${decimal('t.price_amount')} AS "priceAmount"`,
      't.deposit_currency AS "depositCurrency"',
      't.deposit_network AS "depositNetwork"',
      `${decimal('t.expected_amount')} AS "expectedAmount"`,
      `${isoUtc('t.expires_at')} AS "expiresAt"`,
      't.address',
      't.payment_uri AS "paymentUri"',
      't.link',
      PAYMENT_DEPOSITS,
    ),
  }),
  cryptoWithdrawals: sourceOf({
    table: 'crypto_withdrawals',
    select: columns(
      't.currency AS "cryptoCurrency"',
      't.network',
      `${decimal('t.amount')} AS amount`,
      `${decimal('t.fee')} AS fee`,
      't.address',
      't.tx_hash AS "txHash"',
    ),
  }),
  fiatDeposits: sourceOf({
    table: 'fiat_deposits',
    select: columns(
      't.currency',
      `${decimal('t.amount')} AS amount`,
      't.reference',
      't.sender_name AS "senderName"',
    ),
  }),
  whitelabelFiatDeposits: sourceOf({
    table: 'whitelabel_fiat_deposits',
    select: columns('t.currency', `${decimal('t.amount')} AS amount`, 't.reference'),
  }),
  settlements: sourceOf({
    table: 'fiat_withdrawals',
    select: columns(
      't.currency',
      `${decimal('t.amount')} AS amount`,
      `${decimal('t.fee')} AS fee`,
      't.bank_account_label AS "bankAccountLabel"',
      't.reference',
    ),
  }),
  internalTransfers: sourceOf({
    table: 'internal_transfers',
    select: columns(
      't.business_id AS "fromBusinessId"',
      't.counterparty_business_id AS "toBusinessId"',
      'sender.name AS "fromBusinessName"',
      'receiver.name AS "toBusinessName"',
      't.currency',
      `${decimal('t.amount')} AS amount`,
      't.reference',
    ),
    // Both businesses are the transfer's organisation's (the table's foreign keys).
    joins:
      'JOIN businesses sender ON sender.id = t.business_id ' +
      'JOIN businesses receiver ON receiver.id = t.counterparty_business_id',
    businessColumns: ['t.business_id', 't.counterparty_business_id'],
  }),
  unassociatedDeposits: sourceOf({
    table: 'unassociated_deposits',
    select: columns(
      't.currency',
      't.network',
      `${decimal('t.amount')} AS amount`,
      't.address',
      't.tx_hash AS "txHash"',
    ),
  }),
  unallocatedDeposits: sourceOf({
    table: 'unallocated_deposits',
    select: columns(
      't.currency',
      't.network',
      `${decimal('t.amount')} AS amount`,
      't.address',
      't.tx_hash AS "txHash"',
    ),
  }),
  manualMovements: sourceOf({
    table: 'manual_movements',
    select: columns(
      't.currency',
      `${decimal('t.amount')} AS amount`,
      't.reason',
      'creator.email AS "createdBy"',
    ),
    joins: 'LEFT JOIN users creator ON creator.id = t.created_by',
  }),
  balanceConversions: sourceOf({
    table: 'balance_conversions',
    select: columns(
      't.debit_currency AS "debitCurrency"',
      `${decimal('t.debit_amount')} AS "debitAmount"`,
      't.credit_currency AS "creditCurrency"',
      `${decimal('t.credit_amount')} AS "creditAmount"`,
      `${decimal('t.rate')} AS rate`,
    ),
  }),
} satisfies Record<string, (scope: OrgScope) => ListSource>;

/** One element of a payment's `deposits`. */
export interface PaymentDepositRow {
  id: number;
  status: string;
  depositCurrency: string;
  network: string;
  depositAmount: string;
  txHash: string;
  confirmations: number;
  createdAt: string;
}
