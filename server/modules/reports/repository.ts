/**
 * SQL of the reports: the organisation, the business named in a request, the ledger's business
 * accounts with their balances at an instant, and one account's postings in a window in keyset batches.
 *
 * Balances at an instant are the account's balance less the postings of entries created at or after
 * that instant, read in one statement (one snapshot). That equals the balance_after of the last posting
 * before the instant whenever entries were posted in time order, and stays exact when they were not
 * (the scaled demo data back-dates its entries): the opening balance, the postings of the window and
 * the closing balance always reconcile. Each posting carries its entry's time (migration 0019): the
 * sum is one range of the account's (account_id, created_at, id) index from the instant on, and the
 * postings of a window are walked along the same index, so a report reads only its accounts' rows.
 */
import { visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { batchSizer, fixedSize, type BatchSizer } from '../../lib/batchSize';
import { decimal, isoUtc } from '../transactions/repository';

/** Postings of a ledger's first batch; the next are sized by time between the bounds. */
export const POSTINGS_BATCH = 1000;
export const POSTINGS_BATCH_MIN = 100;
export const POSTINGS_BATCH_MAX = POSTINGS_BATCH;

export interface OrganisationRow {
  name: string;
  settlementCurrency: string;
}

export interface BusinessRow {
  id: number;
  name: string;
}

export interface AccountAtRow {
  accountId: number;
  businessId: number;
  businessName: string;
  currency: string;
  currencyName: string;
  precision: number;
  /** The balance at `from` (a decimal string). */
  opening: string;
  /** The balance at `to` (a decimal string). */
  closing: string;
  /** Postings of entries created in [from, to). */
  postings: number;
}

export interface PostingRow {
  id: string;
  /** The entry's created_at as the database's text (the keyset). */
  at: string;
  createdAt: string;
  kind: string;
  reference: string;
  description: string | null;
  amount: string;
}

export function reportsRepository(db: Db) {
  return {
    async organisation(scope: OrgScope): Promise<OrganisationRow> {
      const { rows } = await db.query<OrganisationRow>(
        'SELECT name, settlement_currency AS "settlementCurrency" FROM organisations WHERE id = $1',
        [scope.organisationId],
      );
      return rows[0];
    },

    /** A business of the caller's organisation that the caller may see, or undefined. */
    async business(scope: OrgScope, id: number): Promise<BusinessRow | undefined> {
      const { rows } = await db.query<BusinessRow>(
        `SELECT b.id, b.name FROM businesses b
          WHERE b.id = $1 AND b.organisation_id = $2 AND ${visibleBusiness(scope, 'b.id')}`,
        [id, scope.organisationId],
      );
      return rows[0];
    },

    async currencyExists(code: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM currencies WHERE abbreviation = $1', [code]);
      return rows.length > 0;
    },

    /**
     * The visible businesses' accounts (of one business and one currency when named) with their
     * balances at `from` and `to` (instants, `from` ≤ `to`) and their number of postings in between, by
     * business and then currency name.
     */
    async accountsAt(
      scope: OrgScope,
      options: { businessId?: number; currency?: string; from: Date; to: Date },
    ): Promise<AccountAtRow[]> {
      // One row per account, its sums beside it (a LATERAL per account row: the planner's estimate of
      // one account must not turn them into a sum per account × account, as a join of two CTEs did).
      const { rows } = await db.query<AccountAtRow>(
        `SELECT a.id::int AS "accountId", a.business_id AS "businessId", b.name AS "businessName",
                a.currency, c.name AS "currencyName", c.precision,
                ${decimal('a.balance - COALESCE(m.since_from, 0)')} AS opening,
                ${decimal('a.balance - COALESCE(m.since_from, 0) + m.in_window')} AS closing,
                m.postings
           FROM ledger_accounts a
           JOIN businesses b ON b.id = a.business_id AND b.organisation_id = a.organisation_id
           JOIN currencies c ON c.abbreviation = a.currency
           CROSS JOIN LATERAL (
                SELECT sum(p.amount) AS since_from,
                       COALESCE(sum(p.amount) FILTER (WHERE p.created_at < $5), 0) AS in_window,
                       count(*) FILTER (WHERE p.created_at < $5)::int AS postings
                  FROM ledger_postings p
                 WHERE p.account_id = a.id AND p.created_at >= $4) m
          WHERE a.organisation_id = $1 AND a.kind = 'business'
            AND ($2::int IS NULL OR a.business_id = $2::int)
            AND ($3::text IS NULL OR a.currency = $3::text)
            AND ${visibleBusiness(scope, 'b.id')}
          ORDER BY a.business_id, c.name COLLATE "C", a.currency COLLATE "C"`,
        [
          scope.organisationId,
          options.businessId ?? null,
          options.currency ?? null,
          options.from,
          options.to,
        ],
      );
      return rows;
    },

    /**
     * One account's postings of entries created in [from, to), in the order of their entries' time (then
     * posting id), in batches: each one short query after the last row of the previous one, `size`
     * rows, or by default sized by time (server/lib/batchSize.ts; POSTINGS_BATCH first).
     */
    async *postings(
      scope: OrgScope,
      accountId: number,
      window: { from: Date; to: Date },
      size?: number | BatchSizer,
    ): AsyncGenerator<PostingRow[]> {
      const sizer =
        size === undefined
          ? batchSizer({ initial: POSTINGS_BATCH, min: POSTINGS_BATCH_MIN, max: POSTINGS_BATCH_MAX })
          : typeof size === 'number'
            ? fixedSize(size)
            : size;
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const size = sizer.size;
        const params: unknown[] = [accountId, scope.organisationId, window.to, size];
        let start = 'p.created_at >= $5';
        if (after) {
          params.push(after.at, after.id);
          start = 'p.created_at >= $5::timestamptz AND (p.created_at, p.id) > ($5::timestamptz, $6::bigint)';
        } else params.push(window.from);
        const { rows, ms } = await db.query<PostingRow>(
          `SELECT p.id::text AS id, p.created_at::text AS at, ${isoUtc('p.created_at')} AS "createdAt",
                  e.kind, e.reference, e.description, ${decimal('p.amount')} AS amount
             FROM ledger_postings p
             JOIN ledger_entries e ON e.id = p.entry_id
            WHERE p.account_id = $1 AND e.organisation_id = $2 AND p.created_at < $3 AND ${start}
            ORDER BY p.created_at, p.id
            LIMIT $4`,
          params,
        );
        sizer.record(size, ms);
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        const last = rows[rows.length - 1];
        after = { at: last.at, id: last.id };
      }
    },
  };
}
