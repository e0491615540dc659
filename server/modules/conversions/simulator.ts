/**
 * The conversions' simulator step (docs/decisions.md 180): a quote not executed by its expiry becomes
 * EXPIRED, so the conversions list shows it as such. Nothing moved for a quote, so nothing is posted.
 * Each quote is taken with `FOR UPDATE SKIP LOCKED` in its own transaction: with several API instances
 * one expires a given quote, and an execution holding the row's lock is never overtaken.
 */
import type { SimulatorStep } from '../../simulator/steps';

export const conversionQuoteExpiry: SimulatorStep = {
  name: 'conversion-quote-expiry',
  async run(db, now, limit) {
    let moved = 0;
    for (let i = 0; i < limit; i += 1) {
      const expired = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string | number }>(
          `SELECT id FROM balance_conversions
            WHERE status = 'QUOTED' AND expires_at <= $1
            ORDER BY expires_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        if (!rows[0]) return false;
        await tx.query(`UPDATE balance_conversions SET status = 'EXPIRED', updated_at = $2 WHERE id = $1`, [
          rows[0].id,
          now,
        ]);
        return true;
      });
      if (!expired) break;
      moved += 1;
    }
    return moved;
  },
};

export const conversionSteps: readonly SimulatorStep[] = [conversionQuoteExpiry];
