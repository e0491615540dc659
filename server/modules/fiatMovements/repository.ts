/**
 * SQL of the fiat movements: the currency and the organisation's limits a settlement is checked
 * against, and the rows of a settlement (fiat_withdrawals) and an expected deposit (fiat_deposits),
 * each inserted in its movement's transaction (call it on the `tx`). The simulator's SQL stays in
 * ./simulator.ts.
 */
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

/** A settlement's row as inserted (status PROCESSING, its ledger entry linked after the posting). */
export interface NewSettlement {
  businessId: number;
  currency: string;
  /** A decimal string. */
  amount: string;
  bankAccountId: number;
  bankAccountLabel: string;
  reference: string;
  at: Date;
}

/** An expected deposit's row as inserted (status PENDING until it arrives at `arrivesAt`). */
export interface NewExpectedDeposit {
  businessId: number;
  currency: string;
  /** A decimal string. */
  amount: string;
  reference: string;
  arrivesAt: Date;
  at: Date;
}

export function fiatMovementsRepository(db: Db) {
  return {
    /** The organisation's settlement limits (migration 0039) as stored: null without a settings row or value. */
    async withdrawalLimits(scope: OrgScope): Promise<{ minimum: string | null; maximum: string | null }> {
      const { rows } = await db.query<{ minimum: string | null; maximum: string | null }>(
        `SELECT fiat_withdrawal_minimum::text AS minimum, fiat_withdrawal_maximum::text AS maximum
           FROM organisation_settings WHERE organisation_id = $1`,
        [scope.organisationId],
      );
      return { minimum: rows[0]?.minimum ?? null, maximum: rows[0]?.maximum ?? null };
    },

    /** Inserts a settlement of the organisation; answers its id. */
    async insertSettlement(scope: OrgScope, s: NewSettlement): Promise<number> {
      const { rows } = await db.query<{ id: string | number }>(
        `INSERT INTO fiat_withdrawals
           (organisation_id, business_id, currency, amount, bank_account_label, bank_account_id, reference,
            status, created_at, updated_at)
         VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, 'PROCESSING', $8, $8) RETURNING id`,
        [
          scope.organisationId,
          s.businessId,
          s.currency,
          s.amount,
          s.bankAccountLabel,
          s.bankAccountId,
          s.reference,
          s.at,
        ],
      );
      return Number(rows[0].id);
    },

    /** Links the organisation's settlement to the ledger entry that moved its money. */
    async linkSettlementEntry(scope: OrgScope, id: number, entryId: number): Promise<void> {
      await db.query(
        'UPDATE fiat_withdrawals SET ledger_entry_id = $2 WHERE id = $1 AND organisation_id = $3',
        [id, entryId, scope.organisationId],
      );
    },

    /** Inserts an expected deposit of the organisation; answers its id. */
    async insertExpectedDeposit(scope: OrgScope, d: NewExpectedDeposit): Promise<number> {
      const { rows } = await db.query<{ id: string | number }>(
        `INSERT INTO fiat_deposits
           (organisation_id, business_id, currency, amount, reference, status, arrives_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4::numeric, $5, 'PENDING', $6, $7, $7) RETURNING id`,
        [scope.organisationId, d.businessId, d.currency, d.amount, d.reference, d.arrivesAt, d.at],
      );
      return Number(rows[0].id);
    },
  };
}
