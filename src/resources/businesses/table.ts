/**
 * The businesses' table view: one row per business (its name, its total displayed balance, one column
 * per currency), sortable by any column, and a total row of the businesses listed. Decimal strings
 * through big.js, never a float: a column's sum is exact, then shown at the currency's precision.
 * Pure TypeScript (tests/unit/businessesTable.test.ts).
 */
import Big from 'big.js';
import {
  balancePrecision,
  cardBalances,
  roundAmount,
  type BalanceContext,
  type BusinessBalanceRow,
} from '../../domain/businessBalances';

export interface TableBusiness {
  id: number | string;
  businessName: string;
}

export interface TableColumn {
  currency: string;
  precision: number;
}

export interface TableRow {
  id: number | string;
  name: string;
  /** The total displayed balance (in `totalCurrency`), or null when the API gave none. */
  total: string | null;
  /** Per currency code, the balance rounded to its precision; a currency the business lacks is absent. */
  amounts: Readonly<Record<string, string>>;
}

export interface BalanceTable {
  columns: TableColumn[];
  rows: TableRow[];
  /** The currency of the totals (the organisation's display currency), null when unknown or mixed. */
  totalCurrency: string | null;
  /** The total row: sums of the listed businesses (exact, rounded at the end). */
  totals: { total: string | null; amounts: Readonly<Record<string, string>> };
}

export type SortKey = 'name' | 'total' | `currency:${string}`;
export type SortOrder = 'asc' | 'desc';

function sum(values: readonly string[]): Big {
  return values.reduce((acc, value) => {
    try {
      return acc.plus(new Big(value));
    } catch {
      return acc;
    }
  }, new Big(0));
}

/** The table of `businesses` (in the given order) with their balance rows. */
export function balanceTable(
  businesses: readonly TableBusiness[],
  balanceRows: readonly BusinessBalanceRow[],
  context: BalanceContext,
): BalanceTable {
  const rowOf = new Map(balanceRows.map((row) => [String(row.businessId), row]));
  const currencies = new Map<string, TableColumn>();
  const totalCurrencies = new Set<string>();
  const rows = businesses.map((business): TableRow => {
    const row = rowOf.get(String(business.id));
    const balances = cardBalances(row, context);
    for (const balance of balances)
      if (!currencies.has(balance.currency))
        currencies.set(balance.currency, { currency: balance.currency, precision: balance.precision });
    if (row?.displayFiatCurrency) totalCurrencies.add(row.displayFiatCurrency);
    return {
      id: business.id,
      name: business.businessName,
      total: row?.displayFiatAmount ?? null,
      amounts: Object.fromEntries(balances.map((b) => [b.currency, b.amount])),
    };
  });
  // The columns in the cards' order (by currency name): the order of one card of every currency.
  const columns = cardBalances(
    {
      businessId: 0,
      balances: Object.fromEntries([...currencies.keys()].map((currency) => [currency, { amount: '0' }])),
    },
    context,
  ).map(
    ({ currency }) =>
      currencies.get(currency) ?? { currency, precision: balancePrecision(currency, context) },
  );
  const totalCurrency = totalCurrencies.size === 1 ? [...totalCurrencies][0] : null;
  const totals = {
    total:
      totalCurrency === null
        ? null
        : roundAmount(sum(rows.flatMap((r) => (r.total === null ? [] : [r.total]))).toString(), 2),
    amounts: Object.fromEntries(
      columns.map(({ currency, precision }) => [
        currency,
        roundAmount(
          sum(rows.flatMap((r) => (currency in r.amounts ? [r.amounts[currency]] : []))).toString(),
          precision,
        ),
      ]),
    ),
  };
  return { columns, rows, totalCurrency, totals };
}

function compareDecimals(a: string | null | undefined, b: string | null | undefined): number {
  // A missing value sorts as zero (a business without that currency holds none of it).
  const left = a ?? '0';
  const right = b ?? '0';
  try {
    return new Big(left).cmp(new Big(right));
  } catch {
    return left.localeCompare(right);
  }
}

/** The rows sorted by a column (stable: ties keep the server's order). */
export function sortRows(rows: readonly TableRow[], key: SortKey, order: SortOrder): TableRow[] {
  const direction = order === 'asc' ? 1 : -1;
  const compare = (a: TableRow, b: TableRow): number => {
    if (key === 'name') return a.name.localeCompare(b.name);
    if (key === 'total') return compareDecimals(a.total, b.total);
    const currency = key.slice('currency:'.length);
    return compareDecimals(a.amounts[currency], b.amounts[currency]);
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compare(a.row, b.row) * direction || a.index - b.index)
    .map(({ row }) => row);
}
