/** SQL of balances: the business accounts of the ledger (rates: server/lib/conversion.ts). */
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

export interface AccountRow {
  businessId: number;
  currency: string;
  currencyName: string;
  /** A decimal string. */
  balance: string;
}

/** The hidden business is left out for callers other than ADMIN. */
const visible = (scope: OrgScope) => (scope.seesHiddenBusinesses ? 'TRUE' : 'NOT b.hidden_from_non_admins');

export function balancesRepository(db: Db) {
  return {
    /** The visible businesses of the caller's organisation (all, or the one named), by id. */
    async businessIds(scope: OrgScope, businessId?: number): Promise<number[]> {
      const { rows } = await db.query<{ id: number }>(
        `SELECT b.id FROM businesses b
          WHERE b.organisation_id = $1 AND ($2::int IS NULL OR b.id = $2::int) AND ${visible(scope)}
          ORDER BY b.id`,
        [scope.organisationId, businessId ?? null],
      );
      return rows.map((r) => r.id);
    },

    /** The business accounts of those businesses, by business and then by currency name (code point order). */
    async accounts(scope: OrgScope, businessId?: number): Promise<AccountRow[]> {
      const { rows } = await db.query<AccountRow>(
        `SELECT a.business_id AS "businessId", a.currency, c.name AS "currencyName", a.balance::text AS balance
           FROM ledger_accounts a
           JOIN businesses b ON b.id = a.business_id AND b.organisation_id = a.organisation_id
           JOIN currencies c ON c.abbreviation = a.currency
          WHERE a.organisation_id = $1 AND a.kind = 'business'
            AND ($2::int IS NULL OR a.business_id = $2::int) AND ${visible(scope)}
          ORDER BY a.business_id, c.name COLLATE "C", a.currency COLLATE "C"`,
        [scope.organisationId, businessId ?? null],
      );
      return rows;
    },
  };
}
