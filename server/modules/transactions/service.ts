/**
 * The ten transaction lists as data: path, permission, table, list definition, item schema, where the
 * rows come from and the columns of their CSV export. The routes register a list and its export for
 * each; a page and an export read the rows the same way (payments with their deposits, in one
 * statement per page or batch: ./repository.ts).
 */
import Big from 'big.js';
import type { TSchema } from 'typebox';
import type { Permission } from '../../../src/domain/permissions';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { CsvColumn } from '../../lib/csv';
import type { BatchSizer } from '../../lib/batchSize';
import { selectList, type ListResult, type ListSource } from '../../lib/list';
import { SOURCES, type PaymentDepositRow } from './repository';
import {
  BalanceConversionSchema,
  CryptoWithdrawalSchema,
  FiatDepositSchema,
  InternalTransferSchema,
  ManualMovementSchema,
  PaymentSchema,
  SettlementSchema,
  UnallocatedDepositSchema,
  UnassociatedDepositSchema,
  WhitelabelFiatDepositSchema,
  balanceConversionList,
  cryptoWithdrawalList,
  fiatDepositList,
  internalTransferList,
  manualMovementList,
  paymentList,
  settlementList,
  unallocatedDepositList,
  unassociatedDepositList,
  whitelabelFiatDepositList,
} from './schemas';

type Row = Record<string, unknown> & { id: number };

/** What the routes need of a defineList (method syntax: any list's query type fits). */
export interface AnyList {
  spec: { listKey: string };
  sortKeys: readonly string[];
  filterKeys: readonly string[];
  querystring: TSchema;
  exportQuerystring: TSchema;
  response(item: TSchema): TSchema;
  run<R extends object>(
    db: Db,
    query: { limit: number; offset: number },
    source: ListSource,
  ): Promise<ListResult<R>>;
  batches<R extends object>(
    db: Db,
    query: object,
    source: ListSource,
    size?: number | BatchSizer,
  ): AsyncGenerator<R[]>;
  countUpTo(db: Db, query: object, source: ListSource, cap: number): Promise<number>;
}

export interface TransactionList {
  /** Under /v1, as the spec names it. */
  path: string;
  permission: Permission;
  /** The table (config.tenancy). */
  table: string;
  summary: string;
  list: AnyList;
  item: TSchema;
  source: (scope: OrgScope) => ListSource;
  /** The export's columns after the common ones (id, business, status, times). */
  csv: readonly CsvColumn<Row>[];
}

const col = (header: string, key: string): CsvColumn<Row> => ({ header, value: (row) => row[key] });

export const COMMON_CSV: readonly CsvColumn<Row>[] = [
  col('ID', 'id'),
  col('Business ID', 'businessId'),
  col('Status', 'status'),
  col('Created at (UTC)', 'createdAt'),
  col('Updated at (UTC)', 'updatedAt'),
];

const deposits = (row: Row) => (row.deposits ?? []) as PaymentDepositRow[];

/** The sum of a payment's CONFIRMED deposits (what counts as received, docs/product.md#states-and-transitions). */
export function confirmedAmount(list: readonly PaymentDepositRow[]): string {
  return list
    .filter((d) => d.status === 'CONFIRMED')
    .reduce((sum, d) => sum.plus(d.depositAmount), new Big(0))
    .toFixed();
}

export const TRANSACTION_LISTS: readonly TransactionList[] = [
  {
    path: '/payments',
    permission: 'GET_PAYMENT',
    table: 'payments',
    summary: 'Payments (crypto deposits) with their deposits',
    list: paymentList,
    item: PaymentSchema,
    source: SOURCES.payments,
    csv: [
      col('Reference', 'reference'),
      col('Price currency', 'priceCurrency'),
      col('Price amount', 'priceAmount'),
      col('Deposit currency', 'depositCurrency'),
      col('Deposit network', 'depositNetwork'),
      col('Expected amount', 'expectedAmount'),
      col('Expires at (UTC)', 'expiresAt'),
      { header: 'Deposits', value: (row) => deposits(row).length },
      { header: 'Received amount (confirmed)', value: (row) => confirmedAmount(deposits(row)) },
      {
        header: 'Deposit tx hashes',
        value: (row) =>
          deposits(row)
            .map((d) => d.txHash)
            .join(' '),
      },
    ],
  },
  {
    path: '/withdrawals/crypto',
    permission: 'GET_WITHDRAWALS',
    table: 'crypto_withdrawals',
    summary: 'Crypto withdrawals',
    list: cryptoWithdrawalList,
    item: CryptoWithdrawalSchema,
    source: SOURCES.cryptoWithdrawals,
    csv: [
      col('Currency', 'cryptoCurrency'),
      col('Network', 'network'),
      col('Amount', 'amount'),
      col('Fee', 'fee'),
      col('Address', 'address'),
      col('Tx hash', 'txHash'),
    ],
  },
  {
    path: '/payment/deposits/fiat',
    permission: 'GET_FIAT_DEPOSITS',
    table: 'fiat_deposits',
    summary: 'Fiat deposits (top-ups)',
    list: fiatDepositList,
    item: FiatDepositSchema,
    source: SOURCES.fiatDeposits,
    csv: [
      col('Currency', 'currency'),
      col('Amount', 'amount'),
      col('Reference', 'reference'),
      col('Sender name', 'senderName'),
    ],
  },
  {
    path: '/payment/whitelabel-fiat-deposits',
    permission: 'GET_FIAT_DEPOSITS',
    table: 'whitelabel_fiat_deposits',
    summary: 'White-label fiat deposits',
    list: whitelabelFiatDepositList,
    item: WhitelabelFiatDepositSchema,
    source: SOURCES.whitelabelFiatDeposits,
    csv: [col('Currency', 'currency'), col('Amount', 'amount'), col('Reference', 'reference')],
  },
  {
    path: '/payment/withdrawals/fiat',
    permission: 'GET_FIAT_WITHDRAWALS',
    table: 'fiat_withdrawals',
    summary: 'Settlements (fiat withdrawals to bank accounts)',
    list: settlementList,
    item: SettlementSchema,
    source: SOURCES.settlements,
    csv: [
      col('Currency', 'currency'),
      col('Amount', 'amount'),
      col('Fee', 'fee'),
      col('Bank account', 'bankAccountLabel'),
      col('Reference', 'reference'),
    ],
  },
  {
    path: '/payment/internal-transfers',
    permission: 'GET_INTERNAL_TRANSFERS',
    table: 'internal_transfers',
    summary: 'Internal transfers between businesses (businessId matches the sender or the receiver)',
    list: internalTransferList,
    item: InternalTransferSchema,
    source: SOURCES.internalTransfers,
    csv: [
      col('From business ID', 'fromBusinessId'),
      col('To business ID', 'toBusinessId'),
      col('Currency', 'currency'),
      col('Amount', 'amount'),
      col('Reference', 'reference'),
    ],
  },
  {
    path: '/payment/deposits/unassociated',
    permission: 'GET_INTERNAL_TRANSFERS',
    table: 'unassociated_deposits',
    summary: 'Unassociated deposits (crypto received without a payment)',
    list: unassociatedDepositList,
    item: UnassociatedDepositSchema,
    source: SOURCES.unassociatedDeposits,
    csv: [
      col('Currency', 'currency'),
      col('Network', 'network'),
      col('Amount', 'amount'),
      col('Address', 'address'),
      col('Tx hash', 'txHash'),
    ],
  },
  {
    path: '/payment/manual-movements',
    permission: 'FETCH_MANUAL_MOVEMENTS',
    table: 'manual_movements',
    summary: 'Manual ledger movements (signed amounts)',
    list: manualMovementList,
    item: ManualMovementSchema,
    source: SOURCES.manualMovements,
    csv: [
      col('Currency', 'currency'),
      col('Amount', 'amount'),
      col('Reason', 'reason'),
      col('Created by', 'createdBy'),
    ],
  },
  {
    path: '/payment/balance/convert',
    permission: 'GET_BALANCE_CONVERSIONS',
    table: 'balance_conversions',
    summary: 'Balance conversions (currency is matched on either side)',
    list: balanceConversionList,
    item: BalanceConversionSchema,
    source: SOURCES.balanceConversions,
    csv: [
      col('Debit currency', 'debitCurrency'),
      col('Debit amount', 'debitAmount'),
      col('Credit currency', 'creditCurrency'),
      col('Credit amount', 'creditAmount'),
      col('Rate', 'rate'),
    ],
  },
  {
    path: '/deposits/unallocated',
    permission: 'GET_PAYMENTS',
    table: 'unallocated_deposits',
    summary: 'Unallocated deposits (businessId is null until allocated)',
    list: unallocatedDepositList,
    item: UnallocatedDepositSchema,
    source: SOURCES.unallocatedDeposits,
    csv: [
      col('Currency', 'currency'),
      col('Network', 'network'),
      col('Amount', 'amount'),
      col('Address', 'address'),
      col('Tx hash', 'txHash'),
    ],
  },
];

/**
 * One row by id, read from the list's own source (the caller's organisation, the hidden business for
 * ADMIN only), with what a page's rows carry (a payment's deposits); undefined when there is none
 * the caller may see.
 */
export async function findRow(
  db: Db,
  scope: OrgScope,
  def: TransactionList,
  id: number,
): Promise<Row | undefined> {
  const source = def.source(scope);
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [`t.id = ${param(id)}`];
  let organisation = 'NULL';
  if (!('global' in source.owner)) {
    organisation = param(scope.organisationId);
    conditions.push(`${source.owner.column} = ${organisation}`);
  }
  conditions.push(...(source.where?.(param, {}) ?? []));
  const { rows } = await db.query<Row>(
    `SELECT ${selectList(source, organisation)} FROM ${source.from} WHERE ${conditions.join(' AND ')}`,
    params,
  );
  return rows[0];
}

/** One page: `{ <listKey>: rows, total, totalCapped? }`. */
export async function listPage(
  db: Db,
  scope: OrgScope,
  def: TransactionList,
  query: { limit: number; offset: number },
) {
  const result = await def.list.run<Row>(db, query, def.source(scope));
  return {
    [def.list.spec.listKey]: result.rows,
    total: result.total,
    ...(result.totalCapped ? { totalCapped: true } : {}),
  };
}

/**
 * Every row of the filtered set (the first `cap` when given), batch by batch, each batch one statement
 * sized by time (`batches`, server/lib/batchSize.ts).
 */
export async function* exportRows(
  db: Db,
  scope: OrgScope,
  def: TransactionList,
  query: object,
  cap = Infinity,
): AsyncGenerator<Row[]> {
  let left = cap;
  for await (const batch of def.list.batches<Row>(db, query, def.source(scope))) {
    const rows = batch.length > left ? batch.slice(0, left) : batch;
    left -= rows.length;
    yield rows;
    if (left <= 0) return;
  }
}

/** Whether more rows than the cap match the export's filters (decided before the file starts). */
export async function exceedsCap(db: Db, scope: OrgScope, def: TransactionList, query: object, cap: number) {
  return (await def.list.countUpTo(db, query, def.source(scope), cap)) > cap;
}

/** The export's columns: the common ones, then the list's own. */
export const csvColumns = (def: TransactionList) => [...COMMON_CSV, ...def.csv];

/** `payments-2026-03-02.csv` (the UTC date of the export). */
export const exportFileName = (def: TransactionList, now: number) =>
  `${def.list.spec.listKey}-${new Date(now).toISOString().slice(0, 10)}.csv`;
