/**
 * Demo seed version 5: money-movement data of Aurora (what the movement pages start from). Each
 * movement adds one part here; the parts run in order in the version's one transaction.
 */
import type { Db } from '../client';
import type { SeedPart } from './version4';
import { seedPendingWithdrawal } from './withdrawals';

export const VERSION5_PARTS: readonly SeedPart[] = [
  // One line per movement's part.
  seedPendingWithdrawal,
];

export async function seedMoneyMovement(tx: Db, seedDay: Date): Promise<void> {
  for (const part of VERSION5_PARTS) await part(tx, seedDay);
}
