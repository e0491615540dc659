/**
 * Demo seed version 6: callbacks (issue 32 §1). Each area adds one part here; the parts run in order
 * in the version's one transaction.
 */
import type { Db } from '../client';
import { seedCallbackSecrets, seedDemoCallbacks } from './callbacks';
import type { SeedPart } from './version4';

export const VERSION6_PARTS: readonly SeedPart[] = [seedCallbackSecrets, seedDemoCallbacks];

export async function seedCallbacks(tx: Db, seedDay: Date): Promise<void> {
  for (const part of VERSION6_PARTS) await part(tx, seedDay);
}
