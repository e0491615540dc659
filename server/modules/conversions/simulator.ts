/**
 * The conversions' simulator step (docs/decisions.md 180): a quote not executed by its expiry becomes
 * EXPIRED, so the conversions list shows it as such. Nothing moved for a quote, so nothing is posted.
 * Each quote is taken with `FOR UPDATE SKIP LOCKED` in its own transaction: with several API instances
 * one expires a given quote, and an execution holding the row's lock is never overtaken. A quote that
 * cannot be expired is set aside as FAILED (server/simulator/eachDue.ts).
 */
import { eachDue, firstRow, markFailed } from '../../simulator/eachDue';
import type { SimulatorStep } from '../../simulator/steps';

export const conversionQuoteExpiry: SimulatorStep = {
  name: 'conversion-quote-expiry',
  run: (db, now, limit, failed) =>
    eachDue<{ id: string | number }>(
      db,
      limit,
      firstRow<{ id: string | number }>(
        `SELECT id FROM balance_conversions
        WHERE status = 'QUOTED' AND expires_at <= $1
        ORDER BY expires_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      ),
      async (tx, quote) => {
        await tx.query(`UPDATE balance_conversions SET status = 'EXPIRED', updated_at = $2 WHERE id = $1`, [
          quote.id,
          now,
        ]);
      },
      { step: 'conversion-quote-expiry', now, failed, mark: markFailed('balance_conversions', now) },
    ),
};

export const conversionSteps: readonly SimulatorStep[] = [conversionQuoteExpiry];
