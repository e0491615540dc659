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

export function statisticsRepository(db: Db) {
  return {
    /**
     * Count and volume per currency (and per UTC day when `byDay`) of the flow's counted rows created
     * in the window. A business's rows are read through its (business_id, status, created_at) index,
     * the organisation's through (organisation_id, status, created_at) (migration 0016).
     */
    async volumes(scope: OrgScope, flow: Flow, window: Window, byDay: boolean): Promise<VolumeRow[]> {
      const { table, status } = FLOWS[flow];
      const params: unknown[] = [scope.organisationId, status, window.from, window.to];
      const business =
        window.businessId === undefined ? '' : `AND t.business_id = $${params.push(window.businessId)}`;
      // Grouped by the UTC date (cheap to compare), formatted once per group afterwards.
      const day = byDay ? `(t.created_at AT TIME ZONE 'UTC')::date` : 'NULL::date';
      const { rows } = await db.query<VolumeRow>(
        `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, g.currency, g.count, trim_scale(g.volume)::text AS volume
           FROM (SELECT ${day} AS day, t.currency, count(*)::int AS count, sum(t.amount) AS volume
                   FROM ${table} t
                  WHERE t.organisation_id = $1 AND t.status = $2 AND t.created_at >= $3 AND t.created_at < $4
                    ${business} AND ${visibleBusiness(scope, 't.business_id')}
                  GROUP BY 1, 2) g
          ORDER BY g.day, g.currency`,
        params,
      );
      return rows;
    },
  };
}
