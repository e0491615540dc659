/**
 * The statistics page's rules (docs/product.md#entities-and-their-fields and #constants-and-limits): the window (last month, grouped by DAY), the
 * zero-filled daily series, the top coins (5 entries, the rest as 'Other', percents with 2 decimals
 * from the coins' settlement volumes), the decimals of statistics amounts (4, or EUR as money with
 * thousands separators) and the orders (balances by currency name, every other list of currencies in
 * the order of docs/product.md#constants-and-limits). Decimal strings through big.js, never a float; plain TypeScript shared
 * by the statistics page and the business detail's statistics child.
 */
import Big from 'big.js';
import { compareCurrencies, CURRENCY_SEED } from './currencies';

/** docs/product.md#constants-and-limits: the statistics window is the last month, grouped by DAY. */
export const STATISTICS_WINDOW_MONTHS = 1;
export const STATISTICS_GROUP_BY = 'DAY';
/** docs/product.md#constants-and-limits: the top coins table keeps 5 entries; the rest are aggregated into 'Other'. */
export const TOP_COINS = 5;
/** docs/product.md#constants-and-limits: percents are shown to 2 decimals. */
export const PERCENT_DECIMALS = 2;
/** docs/product.md#constants-and-limits: settlement amounts are shown with 4 decimals… */
export const STATISTICS_DECIMALS = 4;
/** …except EUR, shown as money: its 2 decimals with thousands separators. */
export const EUR_DECIMALS = 2;

export type StatisticsKind = 'deposits' | 'withdrawals';

/** One day of GET /v1/statistics/{kind}/histogram. */
export interface HistogramBucket {
  /** The UTC day, 'YYYY-MM-DD'. */
  date: string;
  count: number;
  /** Volume per currency of that day's transactions (decimal strings). */
  volumes: Readonly<Record<string, string>>;
  /** The day's volume in the organisation's settlement currency (decimal string). */
  settlementVolume: string;
}

/** GET /v1/statistics/{kind}/histogram?after&groupByCriteria=DAY[&businessId]. */
export interface Histogram {
  groupByCriteria: string;
  settlementCurrency: string;
  buckets: readonly HistogramBucket[];
}

/** One coin of GET /v1/statistics/{kind}. */
export interface CoinStatistics {
  currency: string;
  count: number;
  volume: string;
  settlementVolume: string;
  percent?: string;
}

/** GET /v1/statistics/{kind}?after[&businessId]: totals, coins and balances. */
export interface StatisticsTotals {
  after: string;
  /** The end of the window the server counted to, exclusive. */
  before?: string;
  settlementCurrency: string;
  count: number;
  settlementVolume: string;
  coins: readonly CoinStatistics[];
  settlementBalances: Readonly<Record<string, string>>;
  uniformBalances: Readonly<Record<string, string>>;
}

/** The query of every statistics call. */
export interface StatisticsQuery {
  after: string;
  /** The end of the window, exclusive (absent: the end of today). */
  before?: string;
  businessId?: number;
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * The start of the statistics window: one month before `now`, at the start of that UTC day, as an
 * ISO date-time (`after` of every statistics call). A day the earlier month lacks is its last day
 * (31 March → 28 or 29 February).
 */
export function statisticsAfter(now: Date, months = STATISTICS_WINDOW_MONTHS): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay))).toISOString();
}

function dayNumber(day: string): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A zero day: no transactions, no volume. */
export const emptyBucket = (date: string): HistogramBucket => ({
  date,
  count: 0,
  volumes: {},
  settlementVolume: '0',
});

/**
 * The daily series the charts and their tables show: one bucket per UTC day from the day of `after`
 * to `today` (or to the last day the server answered, if later), in date order, a missing day filled
 * with zeros. Buckets outside the window and dates that are no days are dropped; a day answered twice
 * keeps its first bucket.
 */
export function dailySeries(
  buckets: readonly HistogramBucket[],
  after: string,
  today: string = utcDay(new Date()),
): HistogramBucket[] {
  const first = dayNumber(after.slice(0, 10));
  if (first === undefined) return [];
  const byDay = new Map<number, HistogramBucket>();
  for (const bucket of buckets) {
    const n = dayNumber(bucket.date);
    if (n !== undefined && n >= first && !byDay.has(n)) byDay.set(n, bucket);
  }
  const last = Math.max(dayNumber(today) ?? first, ...byDay.keys());
  const series: HistogramBucket[] = [];
  for (let n = first; n <= last; n += 1) series.push(byDay.get(n) ?? emptyBucket(dayOf(n)));
  return series;
}

/** A series' sums: how many transactions and their settlement volume (exact). */
export function seriesTotals(series: readonly HistogramBucket[]): {
  count: number;
  settlementVolume: string;
} {
  return {
    count: series.reduce((sum, bucket) => sum + (bucket.count || 0), 0),
    settlementVolume: series
      .reduce((sum, bucket) => sum.plus(decimal(bucket.settlementVolume)), new Big(0))
      .toString(),
  };
}

/** Whether a series has no transaction at all (the empty state of a quiet month). */
export const isQuiet = (series: readonly HistogramBucket[]) => series.every((bucket) => !(bucket.count > 0));

/** A decimal string as big.js, zero for anything that is no decimal. */
export function decimal(value: string | null | undefined): Big {
  try {
    return new Big(value ?? '0');
  } catch {
    return new Big(0);
  }
}

/** Whether a currency is fiat: as the currency table says; an unknown code is crypto. */
export function isFiat(currency: string): boolean {
  return CURRENCY_SEED.find((c) => c.abbreviation === currency)?.isFiat ?? false;
}

/**
 * The currency order of docs/product.md#constants-and-limits for codes of either kind: fiat first (EUR, USD, GBP, JPY, then
 * alphabetical), then crypto (BTC, BCH, LTC, ETH, USDT, XLM, XRP, then alphabetical).
 */
export function compareCurrencyCodes(a: string, b: string): number {
  const fa = isFiat(a);
  const fb = isFiat(b);
  if (fa !== fb) return fa ? -1 : 1;
  return compareCurrencies(a, b, fa);
}

/** A day's volumes per currency, in the currency order of docs/product.md#constants-and-limits (zero volumes left out). */
export function orderedVolumes(
  volumes: Readonly<Record<string, string>>,
): { currency: string; amount: string }[] {
  return Object.entries(volumes)
    .filter(([, amount]) => !decimal(amount).eq(0))
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => compareCurrencyCodes(a.currency, b.currency));
}

/**
 * The decimals a statistics amount is shown with (docs/product.md#constants-and-limits, 'Settlement balance amounts: 4
 * decimals, or thousands separators for eur'): EUR as money, 2 decimals; every other currency 4.
 * (Amounts are always grouped by src/i18n/format.ts; the EUR rule decides the decimals.)
 */
export function statisticsDecimals(currency: string): number {
  return currency === 'EUR' ? EUR_DECIMALS : STATISTICS_DECIMALS;
}

/** `part` as a percent of `whole` with 2 decimals, half up ('0.00' when the whole is zero). */
export function percentOf(part: string | Big, whole: string | Big): string {
  const w = whole instanceof Big ? whole : decimal(whole);
  if (w.eq(0)) return new Big(0).toFixed(PERCENT_DECIMALS);
  const p = part instanceof Big ? part : decimal(part);
  return p.times(100).div(w).toFixed(PERCENT_DECIMALS, Big.roundHalfUp);
}

/** One row of the top coins table: a coin, or 'Other' (currency null) for the rest. */
export interface TopCoinRow {
  /** The coin, or null for the 'Other' row. */
  currency: string | null;
  count: number;
  /** The volume in the coin itself; null for 'Other' (several currencies). */
  volume: string | null;
  settlementVolume: string;
  /** The share of all coins' settlement volume, 2 decimals ('12.34'). */
  percent: string;
  /** The coins 'Other' stands for (empty for a coin). */
  others: string[];
}

/**
 * The top coins table (docs/product.md#constants-and-limits): the coins by settlement volume, highest first (equal volumes in
 * the currency order of docs/product.md#constants-and-limits), the first `limit` as they are and the rest summed into one 'Other'
 * row. Percents are each row's share of the sum of every coin's settlement volume, computed with
 * big.js and rounded half up to 2 decimals (the answer's own `percent` is not trusted for the sum).
 */
export function topCoins(coins: readonly CoinStatistics[], limit = TOP_COINS): TopCoinRow[] {
  const sorted = [...coins].sort(
    (a, b) =>
      decimal(b.settlementVolume).cmp(decimal(a.settlementVolume)) ||
      compareCurrencyCodes(a.currency, b.currency),
  );
  const total = sorted.reduce((sum, coin) => sum.plus(decimal(coin.settlementVolume)), new Big(0));
  const rows: TopCoinRow[] = sorted.slice(0, limit).map((coin) => ({
    currency: coin.currency,
    count: coin.count,
    volume: coin.volume,
    settlementVolume: decimal(coin.settlementVolume).toString(),
    percent: percentOf(coin.settlementVolume, total),
    others: [],
  }));
  const rest = sorted.slice(limit);
  if (rest.length > 0) {
    const volume = rest.reduce((sum, coin) => sum.plus(decimal(coin.settlementVolume)), new Big(0));
    rows.push({
      currency: null,
      count: rest.reduce((sum, coin) => sum + (coin.count || 0), 0),
      volume: null,
      settlementVolume: volume.toString(),
      percent: percentOf(volume, total),
      others: rest.map((coin) => coin.currency),
    });
  }
  return rows;
}

/** One settlement balance: the amount in its currency and its value in the settlement currency. */
export interface SettlementBalanceRow {
  currency: string;
  amount: string;
  /** The amount converted into the settlement currency (uniformBalances), when the answer has it. */
  uniform: string | null;
}

/**
 * The settlement balances, ordered by currency name (docs/product.md#constants-and-limits: 'Balances are ordered by currency
 * name': `nameOf`'s, else the currency table's, else the code), each with its value in the settlement
 * currency.
 */
export function settlementBalanceRows(
  totals: Pick<StatisticsTotals, 'settlementBalances' | 'uniformBalances'>,
  nameOf: (currency: string) => string | undefined = () => undefined,
): SettlementBalanceRow[] {
  const name = (currency: string) =>
    nameOf(currency) ?? CURRENCY_SEED.find((c) => c.abbreviation === currency)?.name ?? currency;
  return Object.entries(totals.settlementBalances ?? {})
    .map(([currency, amount]) => ({
      currency,
      amount,
      uniform: totals.uniformBalances?.[currency] ?? null,
    }))
    .sort(
      (a, b) =>
        name(a.currency).localeCompare(name(b.currency), 'en') || a.currency.localeCompare(b.currency),
    );
}

/** The sum of the balances' values in the settlement currency (exact). */
export function uniformTotal(rows: readonly SettlementBalanceRow[]): string {
  return rows.reduce((sum, row) => sum.plus(decimal(row.uniform)), new Big(0)).toString();
}

/**
 * A decimal string as a number for a chart's geometry only (bar heights): every figure a person reads
 * (labels, tooltips, tables) is formatted from the decimal string itself.
 */
export function chartNumber(value: string): number {
  const n = Number(decimal(value).toFixed(STATISTICS_DECIMALS));
  return Number.isFinite(n) ? n : 0;
}
