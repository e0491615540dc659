/** SQL of internal transfers: the organisation's rows, written inside the transfer's movement. */
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

export interface NewTransfer {
  fromBusinessId: number;
  toBusinessId: number;
  currency: string;
  amount: string;
  at: Date;
}

export function transfersRepository(db: Db) {
  return {
    /** Inserts a completed transfer of the scope's organisation; answers its id. */
    async insert(scope: OrgScope, transfer: NewTransfer): Promise<number> {
      const { rows } = await db.query<{ id: string | number }>(
        `INSERT INTO internal_transfers
           (organisation_id, business_id, counterparty_business_id, currency, amount, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::numeric, 'COMPLETED', $6, $6) RETURNING id`,
        [
          scope.organisationId,
          transfer.fromBusinessId,
          transfer.toBusinessId,
          transfer.currency,
          transfer.amount,
          transfer.at,
        ],
      );
      return Number(rows[0].id);
    },

    /** Links a transfer of the scope's organisation to its ledger entry. */
    async linkEntry(scope: OrgScope, id: number, entryId: number): Promise<void> {
      await db.query(
        'UPDATE internal_transfers SET ledger_entry_id = $3 WHERE id = $1 AND organisation_id = $2',
        [id, scope.organisationId, entryId],
      );
    },
  };
}
