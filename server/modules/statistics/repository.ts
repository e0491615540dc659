/**
 * SQL of the statistics: received deposits (CONFIRMED payment deposits) and sent withdrawals
 * (COMPLETED crypto withdrawals) of the caller's organisation in a time window, counted and summed per
 * currency (and per UTC day for a histogram) in one grouped query. The hidden business is ADMIN's only.
 * Amounts are plain decimal text (`trim_scale`), summed exactly by the database.
 */
import { visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

export type Flow = 'deposits' | 'withdrawals';

/** Where each flow's rows are and which status counts. */
const FLOWS: Record<Flow, { table: string; status: string }> = {
  deposits: { table: 'payment_deposits', status: 'CONFIRMED' },
  withdrawals: { table: 'crypto_withdrawals', status: 'COMPLETED' },
};

export interface VolumeRow {
  /** The UTC day (YYYY-MM-DD), for a histogram; null for totals. */
  day: string | null;
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
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function statisticsRepository(db: Db) {
  return {
    /**
     * Count and volume per currency (and per UTC day when `byDay`) of the flow's counted rows created
     * in the window. The whole UTC days of the window are read from the daily aggregates
     * (statistics_daily, kept by triggers in the same transaction as the rows: migration 0017), so
     * they are exact, today included; a window edge inside a day (`after` at 06:00) reads that part
     * of the day from the rows, through the (organisation | business, status, created_at) indexes of
     * migration 0016. Both parts are summed exactly by the database in one statement.
     */
    async volumes(scope: OrgScope, flow: Flow, window: Window, byDay: boolean): Promise<VolumeRow[]> {
      const { table, status } = FLOWS[flow];
      const params: unknown[] = [scope.organisationId];
      const param = (value: unknown) => `$${params.push(value)}`;
      const from = window.from.getTime();
      const to = window.to.getTime();
      // Whole days [firstDay, endDay) from the aggregates; the edges [from, firstDay) and [endDay, to)
      // from the rows (a window within one day is read from the rows alone).
      let firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
      let endDay = Math.floor(to / DAY_MS) * DAY_MS;
      if (firstDay >= endDay) firstDay = endDay = to;
      const parts: string[] = [];
      if (firstDay < endDay) {
        const business =
          window.businessId === undefined ? '' : `AND s.business_id = ${param(window.businessId)}`;
        parts.push(
          `SELECT s.day, s.currency, s.count, s.volume FROM statistics_daily s
            WHERE s.organisation_id = $1 AND s.flow = ${param(flow)} AND s.count > 0
              AND s.day >= ${param(isoDay(firstDay))}::date AND s.day < ${param(isoDay(endDay))}::date
              ${business} AND ${visibleBusiness(scope, 's.business_id')}`,
        );
      }
      const edges = [
        [from, Math.min(firstDay, to)],
        [Math.max(endDay, from), to],
      ].filter(([a, b]) => a < b);
      if (edges.length > 0) {
        const business =
          window.businessId === undefined ? '' : `AND t.business_id = ${param(window.businessId)}`;
        const ranges = edges
          .map(([a, b]) => `(t.created_at >= ${param(new Date(a))} AND t.created_at < ${param(new Date(b))})`)
          .join(' OR ');
        parts.push(
          `SELECT (t.created_at AT TIME ZONE 'UTC')::date, t.currency, 1, t.amount FROM ${table} t
            WHERE t.organisation_id = $1 AND t.status = ${param(status)} AND (${ranges})
              ${business} AND ${visibleBusiness(scope, 't.business_id')}`,
        );
      }
      if (parts.length === 0) return [];
      const day = byDay ? 'u.day' : 'NULL::date';
      const { rows } = await db.query<VolumeRow>(
        `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, g.currency, g.count::int AS count,
                trim_scale(g.volume)::text AS volume
           FROM (SELECT ${day} AS day, u.currency, sum(u.count) AS count, sum(u.volume) AS volume
                   FROM (${parts.join(' UNION ALL ')}) u (day, currency, count, volume)
                  GROUP BY 1, 2) g
          ORDER BY g.day, g.currency`,
        params,
        { prepare: true },
      );
      return rows;
    },
  };
}
