/** SQL of balances: the business accounts of the ledger (rates: server/lib/conversion.ts). */
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

export interface AccountRow {
  businessId: number;
  currency: string;
  currencyName: string;
  /** The 'business' account: what the business can move now (a decimal string). */
  balance: string;
  /** The 'held' account: reserved by withdrawals awaiting approval (a decimal string, '0' without one). */
  held: string;
}

/** The fiat display currencies: the organisation's settlement currency when it is one of them, else USD. */
export const DISPLAY_FIAT_TARGETS = ['EUR', 'USD', 'GBP'] as const;
export const DISPLAY_FIAT_FALLBACK = 'USD';

const sqlList = (codes: readonly string[]) =>
  codes.map((code) => `'${code.replace(/[^A-Z]/g, '')}'`).join(', ');

/**
 * SQL of one business's total displayed balance (what `displayFiatAmount` of GET /v1/balances says),
 * for the business row `<alias>.id` / `<alias>.organisation_id`: every business account converted at
 * its stated rate into the organisation's fiat display currency, summed exactly, rounded half up
 * (away from zero, as big.js's roundHalfUp) to that currency's precision; a currency without a rate
 * adds nothing. No parameters: the display currencies are the constants above.
 */
export function displayFiatBalanceSql(alias: string): string {
  return `(SELECT round(coalesce(sum(a.balance * CASE WHEN a.currency = d.fiat THEN 1 ELSE r.rate END), 0),
                 coalesce(max(c.precision), 8))
     FROM (SELECT CASE WHEN o.settlement_currency IN (${sqlList(DISPLAY_FIAT_TARGETS)})
                       THEN o.settlement_currency ELSE '${DISPLAY_FIAT_FALLBACK}' END AS fiat
             FROM organisations o WHERE o.id = ${alias}.organisation_id) d
     LEFT JOIN currencies c ON c.abbreviation = d.fiat
     LEFT JOIN ledger_accounts a ON a.organisation_id = ${alias}.organisation_id
           AND a.business_id = ${alias}.id AND a.kind = 'business'
     LEFT JOIN conversion_rates r ON r.base_currency = a.currency AND r.quote_currency = d.fiat)`;
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

    /**
     * The business accounts of those businesses with their held funds, by business and then by currency
     * name (code point order). A hold always comes out of the business account, so a held account has
     * its business account beside it.
     */
    async accounts(scope: OrgScope, businessId?: number): Promise<AccountRow[]> {
      const { rows } = await db.query<AccountRow>(
        `SELECT a.business_id AS "businessId", a.currency, c.name AS "currencyName", a.balance::text AS balance,
                coalesce(h.balance, 0)::text AS held
           FROM ledger_accounts a
           JOIN businesses b ON b.id = a.business_id AND b.organisation_id = a.organisation_id
           JOIN currencies c ON c.abbreviation = a.currency
           LEFT JOIN ledger_accounts h ON h.organisation_id = a.organisation_id AND h.business_id = a.business_id
                AND h.currency = a.currency AND h.kind = 'held'
          WHERE a.organisation_id = $1 AND a.kind = 'business'
            AND ($2::int IS NULL OR a.business_id = $2::int) AND ${visible(scope)}
          ORDER BY a.business_id, c.name COLLATE "C", a.currency COLLATE "C"`,
        [scope.organisationId, businessId ?? null],
      );
      return rows;
    },
  };
}
