/**
 * SQL of the statistics: received deposits (CONFIRMED payment deposits) and sent withdrawals
 * (COMPLETED crypto withdrawals) of the caller's organisation in a time window, counted and summed per
 * currency (and per UTC day, converted into the settlement currency, for a histogram) in one
 * statement. The hidden business is ADMIN's only. Amounts are plain decimal text (`trim_scale`),
 * summed exactly by the database. Which aggregates a window is read from: docs/decisions.md 81 and
 * 212; a histogram's conversion: 216.
 */
import { visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { precisionSql, ratesIntoSql, roundedSql } from '../../lib/conversion';

export type Flow = 'deposits' | 'withdrawals';

/** Where each flow's rows are and which status counts. */
const FLOWS: Record<Flow, { table: string; status: string }> = {
  deposits: { table: 'payment_deposits', status: 'CONFIRMED' },
  withdrawals: { table: 'crypto_withdrawals', status: 'COMPLETED' },
};

export interface VolumeRow {
  currency: string;
  count: number;
  /** A decimal string. */
  volume: string;
}

export interface Window {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  /** One business (the caller may see it: checked before), or every visible business. */
  businessId?: number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The aggregates a window is read from, coarsest first: a table, its time column and its bucket. */
export interface Grain {
  table: string;
  /** The bucket's start: a date column, or a timestamptz one (its UTC day is taken). */
  at: 'day' | 'hour';
  size: number;
}

const BUSINESS_GRAINS: readonly Grain[] = [{ table: 'statistics_daily', at: 'day', size: DAY_MS }];
const ORGANISATION_GRAINS: readonly Grain[] = [
  { table: 'organisation_statistics_daily', at: 'day', size: DAY_MS },
  { table: 'organisation_statistics_hourly', at: 'hour', size: HOUR_MS },
];

/**
 * Splits a window over the grains: each grain takes the whole buckets of what the coarser ones left,
 * and what no grain covers (the parts of an hour, or of a day for one business) is read from the rows.
 * Answers each grain's [start, end) ranges and the rows' ranges, in milliseconds.
 */
export function splitWindow(from: number, to: number, grains: readonly Grain[]) {
  let left: [number, number][] = from < to ? [[from, to]] : [];
  const covered = grains.map((grain) => {
    const ranges: [number, number][] = [];
    const rest: [number, number][] = [];
    for (const [a, b] of left) {
      const start = Math.ceil(a / grain.size) * grain.size;
      const end = Math.floor(b / grain.size) * grain.size;
      if (start >= end) {
        rest.push([a, b]);
        continue;
      }
      ranges.push([start, end]);
      if (a < start) rest.push([a, start]);
      if (end < b) rest.push([end, b]);
    }
    left = rest;
    return { grain, ranges };
  });
  return { covered: covered.filter((c) => c.ranges.length > 0), rows: left };
}

/**
 * The SQL of the flow's counted amounts in a window, one row (day, currency, count, volume) per
 * aggregate bucket or row, read from aggregates kept by triggers in the same transaction as the rows,
 * so they are exact, today included: for the whole organisation, its whole UTC days per currency
 * (organisation_statistics_daily, migration 0052), the whole UTC hours of a day the window starts or
 * ends inside (organisation_statistics_hourly), split by the hidden business so a non-ADMIN reads the
 * others; for one business, its whole days (statistics_daily, 0017). The part of an hour (of a day,
 * for one business) inside the window is read from the rows, through the (organisation | business,
 * status, created_at) indexes of 0016. `$1` is the organisation; `param` adds the others. Undefined
 * for an empty window.
 */
function countedSql(
  scope: OrgScope,
  flow: Flow,
  window: Window,
  param: (value: unknown) => string,
): string | undefined {
  const { table, status } = FLOWS[flow];
  const { businessId } = window;
  const { covered, rows: fromRows } = splitWindow(
    window.from.getTime(),
    window.to.getTime(),
    businessId === undefined ? ORGANISATION_GRAINS : BUSINESS_GRAINS,
  );
  const parts: string[] = [];
  if (covered.length > 0) {
    const flowParam = param(flow);
    const visible =
      businessId !== undefined
        ? `AND s.business_id = ${param(businessId)} AND ${visibleBusiness(scope, 's.business_id')}`
        : scope.seesHiddenBusinesses
          ? ''
          : 'AND NOT s.hidden';
    for (const { grain, ranges } of covered) {
      const [day, time] =
        grain.at === 'day'
          ? ['s.day', (ms: number) => `${param(isoDay(ms))}::date`]
          : [`(s.hour AT TIME ZONE 'UTC')::date`, (ms: number) => param(new Date(ms))];
      const within = ranges
        .map(([a, b]) => `(s.${grain.at} >= ${time(a)} AND s.${grain.at} < ${time(b)})`)
        .join(' OR ');
      parts.push(
        `SELECT ${day}, s.currency, s.count, s.volume FROM ${grain.table} s
          WHERE s.organisation_id = $1 AND s.flow = ${flowParam} AND s.count > 0 AND (${within})
            ${visible}`,
      );
    }
  }
  if (fromRows.length > 0) {
    const business = businessId === undefined ? '' : `AND t.business_id = ${param(businessId)}`;
    const within = fromRows
      .map(([a, b]) => `(t.created_at >= ${param(new Date(a))} AND t.created_at < ${param(new Date(b))})`)
      .join(' OR ');
    parts.push(
      `SELECT (t.created_at AT TIME ZONE 'UTC')::date, t.currency, 1, t.amount FROM ${table} t
        WHERE t.organisation_id = $1 AND t.status = ${param(status)} AND (${within})
          ${business} AND ${visibleBusiness(scope, 't.business_id')}`,
    );
  }
  return parts.length === 0 ? undefined : parts.join(' UNION ALL ');
}

/** One day of a histogram: its count, its volume per currency and their settlement value. */
export interface DayRow {
  /** YYYY-MM-DD. */
  date: string;
  count: number;
  /** Decimal strings per currency, in the order of their codes. */
  volumes: Record<string, string>;
  /** A decimal string, rounded to the settlement currency's precision. */
  settlementVolume: string;
}

export function statisticsRepository(db: Db) {
  /** The statement's parameters, the organisation first. */
  const paramsOf = (scope: OrgScope) => {
    const params: unknown[] = [scope.organisationId];
    return { params, param: (value: unknown) => `$${params.push(value)}` };
  };

  return {
    /**
     * Count and volume per currency of the flow's counted rows created in the window, summed exactly
     * by the database in one statement (countedSql).
     */
    async volumes(scope: OrgScope, flow: Flow, window: Window): Promise<VolumeRow[]> {
      const { params, param } = paramsOf(scope);
      const counted = countedSql(scope, flow, window, param);
      if (counted === undefined) return [];
      const { rows } = await db.query<VolumeRow>(
        `SELECT u.currency, sum(u.count)::int AS count, trim_scale(sum(u.volume))::text AS volume
           FROM (${counted}) u (day, currency, count, volume)
          GROUP BY u.currency
          ORDER BY u.currency`,
        params,
        { prepare: true },
      );
      return rows;
    },

    /**
     * The organisation's settlement currency and the days of the window with counted rows (countedSql),
     * each converted into that currency by the database at the stated rates, by the rule of
     * server/lib/conversion.ts: one statement, one text of JSON. Undefined without the organisation.
     */
    async histogram(
      scope: OrgScope,
      flow: Flow,
      window: Window,
    ): Promise<{ currency: string; days: DayRow[] } | undefined> {
      const { params, param } = paramsOf(scope);
      const counted = countedSql(scope, flow, window, param);
      const grouped = counted
        ? `SELECT u.day, u.currency, sum(u.count) AS count, sum(u.volume) AS volume
             FROM (${counted}) u (day, currency, count, volume) GROUP BY 1, 2`
        : 'SELECT NULL::date, NULL::text, 0::bigint, 0::numeric WHERE false';
      // The rates read once (MATERIALIZED): expecting one day and currency where there were 174,
      // PGlite joined them by a loop that read conversion_rates again for each.
      const { rows } = await db.query<{ currency: string; days: string }>(
        `WITH quote AS (
           SELECT o.settlement_currency AS code, ${precisionSql('o.settlement_currency')} AS precision
             FROM organisations o WHERE o.id = $1),
         rates AS MATERIALIZED (${ratesIntoSql('(SELECT q.code FROM quote q)')}),
         g (day, currency, count, volume) AS (${grouped})
         SELECT quote.code AS currency,
                (SELECT COALESCE(json_agg(d ORDER BY d.date), '[]')::text FROM (
                   SELECT to_char(g.day, 'YYYY-MM-DD') AS date, sum(g.count)::int AS count,
                          json_object_agg(g.currency, trim_scale(g.volume)::text
                                          ORDER BY g.currency COLLATE "C") AS volumes,
                          trim_scale(${roundedSql('sum(g.volume * rates.rate)', 'quote.precision')})::text
                            AS "settlementVolume"
                     FROM g LEFT JOIN rates ON rates.currency = g.currency
                    GROUP BY g.day) d) AS days
           FROM quote`,
        params,
        { prepare: true },
      );
      const found = rows[0];
      return found && { currency: found.currency, days: JSON.parse(found.days) as DayRow[] };
    },
  };
}
