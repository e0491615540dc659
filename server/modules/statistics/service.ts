/**
 * Statistics of deposits and withdrawals (docs/product.md#entities-and-their-fields, #calls and #constants-and-limits): daily histograms and totals per
 * coin, scoped to the caller's organisation (and one business, or every business the caller may see).
 *
 * The window runs from `after` (inclusive) to `before` (exclusive), by default and at most the end of
 * today, UTC, by the app's clock. A histogram
 * has one bucket per UTC day from after's day to today, zero-filled. Volumes are exact decimal sums per
 * currency; the settlement volume converts them into the organisation's settlement currency at the
 * stated rates (server/lib/conversion.ts; a histogram's by the database, by the same rule): exact
 * products summed, then rounded half up once per bucket, coin or total to the settlement currency's
 * precision (decimal strings without trailing zeros, like the volumes). A coin's percent is its exact
 * share of the exact total, rounded half up to 4 decimals. settlementBalances are the ledger balances of the same businesses per currency;
 * uniformBalances are each of those converted into the settlement currency.
 */
import Big from 'big.js';
import type { OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import { notFound, validationError } from '../../http/errors';
import { settlementConversion, type Conversion } from '../../lib/conversion';
import { balancesRepository } from '../balances/repository';
import { statisticsRepository, type Flow, type VolumeRow } from './repository';
import { WINDOW_DAYS_MAX } from './schemas';

const DAY_MS = 86_400_000;
/** Decimals of a coin's percent. */
const PERCENT_DECIMALS = 4;

/** The order of SQL's COLLATE "C", the same on every machine. */
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface Bucket {
  date: string;
  count: number;
  volumes: Record<string, string>;
  settlementVolume: string;
}

export interface Histogram {
  groupByCriteria: 'DAY';
  settlementCurrency: string;
  buckets: Bucket[];
}

export interface Coin {
  currency: string;
  count: number;
  volume: string;
  settlementVolume: string;
  percent: string;
}

export interface Totals {
  after: string;
  before: string;
  settlementCurrency: string;
  count: number;
  settlementVolume: string;
  coins: Coin[];
  settlementBalances: Record<string, string>;
  uniformBalances: Record<string, string>;
}

export interface StatisticsQuery {
  after: string;
  /** The end of the window, exclusive (default the end of today). */
  before?: string;
  businessId?: number;
}

/** UTC midnight of a moment's day. */
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A rounded amount without trailing zeros, like every decimal of the answer ('12.3', '0'). */
const plain = (rounded: string) => new Big(rounded).toFixed();

export function statisticsService({ db, now }: AppContext) {
  const repository = statisticsRepository(db);
  const balances = balancesRepository(db);

  /**
   * The window of a query: `after` at most WINDOW_DAYS_MAX days ago and not in the future (400 with
   * the field otherwise), to `before` (later than after) or the start of tomorrow (UTC), whichever
   * comes first; the business must be one the caller may see.
   */
  async function windowOf(scope: OrgScope, query: StatisticsQuery) {
    const at = now();
    const from = Date.parse(query.after);
    // A leap second (23:59:60Z) passes the schema's date-time format but is no JavaScript date.
    if (Number.isNaN(from)) throw validationError({ after: 'must be a date-time' });
    if (from > at) throw validationError({ after: 'must not be in the future' });
    if (at - from > WINDOW_DAYS_MAX * DAY_MS) {
      throw validationError({ after: `must be at most ${WINDOW_DAYS_MAX} days ago` });
    }
    const endOfToday = dayStart(at) + DAY_MS;
    let to = endOfToday;
    if (query.before !== undefined) {
      const before = Date.parse(query.before);
      if (Number.isNaN(before)) throw validationError({ before: 'must be a date-time' });
      if (before <= from) throw validationError({ before: 'must be later than after' });
      // A window reaching into tomorrow ends, like the default one, with today.
      to = Math.min(before, endOfToday);
    }
    if (query.businessId !== undefined) {
      const visible = await balances.businessIds(scope, query.businessId);
      if (visible.length === 0) throw notFound();
    }
    return { from: new Date(from), to: new Date(to), businessId: query.businessId };
  }

  /** The organisation's settlement currency and the stated rates into it (one statement). */
  async function settlement(scope: OrgScope): Promise<{ currency: string; convert: Conversion }> {
    const found = await settlementConversion(db, scope.organisationId);
    if (!found) throw notFound();
    return found;
  }

  /** The exact settlement value of some volume rows. */
  const valueOf = (rows: readonly VolumeRow[], currency: string, convert: Conversion) =>
    convert.value(
      rows.map((r) => [r.currency, new Big(r.volume)] as const),
      currency,
    );

  return {
    async histogram(scope: OrgScope, flow: Flow, query: StatisticsQuery): Promise<Histogram> {
      const window = await windowOf(scope, query);
      const found = await repository.histogram(scope, flow, window);
      if (!found) throw notFound();
      const byDate = new Map(found.days.map((day) => [day.date, day]));
      const buckets: Bucket[] = [];
      for (let day = dayStart(window.from.getTime()); day < window.to.getTime(); day += DAY_MS) {
        const date = isoDay(day);
        buckets.push(byDate.get(date) ?? { date, count: 0, volumes: {}, settlementVolume: '0' });
      }
      return { groupByCriteria: 'DAY', settlementCurrency: found.currency, buckets };
    },

    async totals(scope: OrgScope, flow: Flow, query: StatisticsQuery): Promise<Totals> {
      const window = await windowOf(scope, query);
      const [rows, accounts, { currency, convert }] = await Promise.all([
        repository.volumes(scope, flow, window),
        balances.accounts(scope, query.businessId),
        settlement(scope),
      ]);
      const total = valueOf(rows, currency, convert);
      const coins = rows
        .map((row) => ({ row, value: valueOf([row], currency, convert) }))
        .sort((a, b) => b.value.cmp(a.value) || byCodePoints(a.row.currency, b.row.currency))
        .map(({ row, value }) => ({
          currency: row.currency,
          count: row.count,
          volume: row.volume,
          settlementVolume: plain(convert.round(value, currency)),
          percent: total.gt(0)
            ? new Big(value).times(100).div(total).round(PERCENT_DECIMALS, Big.roundHalfUp).toFixed()
            : '0',
        }));

      // Ledger balances per currency over the businesses, in the order of the currency names.
      const sums = new Map<string, { name: string; balance: Big }>();
      for (const a of accounts) {
        const sum = sums.get(a.currency) ?? { name: a.currencyName, balance: new Big(0) };
        sums.set(a.currency, { ...sum, balance: sum.balance.plus(a.balance) });
      }
      const ordered = [...sums].sort(([x, a], [y, b]) => byCodePoints(a.name, b.name) || byCodePoints(x, y));
      const uniform = ordered.filter(([code]) => convert.rate(code, currency) !== undefined);
      return {
        after: new Date(window.from).toISOString(),
        before: window.to.toISOString(),
        settlementCurrency: currency,
        count: rows.reduce((sum, r) => sum + r.count, 0),
        settlementVolume: plain(convert.round(total, currency)),
        coins,
        settlementBalances: Object.fromEntries(ordered.map(([code, s]) => [code, s.balance.toFixed()])),
        uniformBalances: Object.fromEntries(
          uniform.map(([code, s]) => [
            code,
            plain(convert.round(convert.value([[code, s.balance]], currency), currency)),
          ]),
        ),
      };
    },
  };
}
