/**
 * The simulator's steps of the fiat movements (server/simulator/steps.ts):
 * - an expected fiat deposit (POST /v1/payment/deposits/fiat) arrives at its `arrives_at`: the business
 *   is credited its expected amount by one ledger entry from the organisation's external account, and
 *   the deposit is COMPLETED;
 * - a settlement (POST /v1/payment/withdrawals/fiat) is paid out by the bank SETTLE_AFTER_MS after it
 *   was made: PROCESSING → COMPLETED. Its money left the business when it was made (one entry to the
 *   external account), so this step posts nothing. Only settlements made through the movement (they
 *   name their bank account) move; the demo history stays as it is (docs/decisions.md 198).
 *
 * Each deposit is taken with FOR UPDATE SKIP LOCKED in its own transaction, so two runners (two API
 * instances on one PostgreSQL) never credit one twice; the ledger's one-entry-per-reference rule
 * ('fiat-deposit:<id>') is the second guard. A row whose step throws (a credit that would overflow a
 * balance) is set aside as FAILED and the others still move (server/simulator/eachDue.ts).
 */
// The simulator acts as the provider, for no request: its scope is the deposit's organisation's.
import { systemScope } from '../../auth/systemScope';
import { postEntry } from '../../ledger';
import { eachDue, firstRow, markFailed } from '../../simulator/eachDue';
import type { SimulatorStep } from '../../simulator/steps';

interface DueDeposit {
  id: string | number;
  organisation_id: number;
  business_id: number;
  currency: string;
  amount: string;
}

export const fiatDepositArrival: SimulatorStep = {
  name: 'fiat-deposit-arrival',
  run: (db, now, limit, failed) =>
    eachDue<DueDeposit>(
      db,
      limit,
      firstRow<DueDeposit>(
        `SELECT id, organisation_id, business_id, currency, amount::text AS amount
         FROM fiat_deposits
        WHERE status = 'PENDING' AND arrives_at IS NOT NULL AND arrives_at <= $1
        ORDER BY arrives_at, id
        LIMIT 1
          FOR UPDATE SKIP LOCKED`,
        [now],
      ),
      async (tx, deposit) => {
        const id = Number(deposit.id);
        const amount = deposit.amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
        const { entryId } = await postEntry(tx, systemScope(Number(deposit.organisation_id)), {
          kind: 'fiat_deposit',
          reference: `fiat-deposit:${id}`,
          description: `Fiat deposit ${id} received`,
          at: now,
          postings: [
            { account: { kind: 'external', currency: deposit.currency }, amount: `-${amount}` },
            {
              account: {
                kind: 'business',
                businessId: Number(deposit.business_id),
                currency: deposit.currency,
              },
              amount,
            },
          ],
        });
        await tx.query(
          `UPDATE fiat_deposits SET status = 'COMPLETED', ledger_entry_id = $2, updated_at = $3 WHERE id = $1`,
          [id, entryId, now],
        );
      },
      { step: 'fiat-deposit-arrival', now, failed, mark: markFailed('fiat_deposits', now) },
    ),
};

/** How long after it was made the bank pays a settlement out (a demo's seconds, a bank's days). */
export const SETTLE_AFTER_MS = 30_000;

export const settlementCompletion: SimulatorStep = {
  name: 'settlement-completion',
  run: (db, now, limit, failed) =>
    eachDue<{ id: string | number }>(
      db,
      limit,
      firstRow<{ id: string | number }>(
        `SELECT id FROM fiat_withdrawals
        WHERE bank_account_id IS NOT NULL AND status = 'PROCESSING' AND created_at <= $1
        ORDER BY created_at, id
        LIMIT 1
          FOR UPDATE SKIP LOCKED`,
        [new Date(now.getTime() - SETTLE_AFTER_MS)],
      ),
      async (tx, settlement) => {
        await tx.query(`UPDATE fiat_withdrawals SET status = 'COMPLETED', updated_at = $2 WHERE id = $1`, [
          Number(settlement.id),
          now,
        ]);
      },
      { step: 'settlement-completion', now, failed, mark: markFailed('fiat_withdrawals', now) },
    ),
};

export const fiatMovementSteps: readonly SimulatorStep[] = [fiatDepositArrival, settlementCompletion];
