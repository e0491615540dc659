/**
 * Demo seed version 4: administration data of Aurora (whitelisted addresses, bank accounts, deposits
 * lacking travel-rule data) and the audit history of what the seed created. Each area adds one part
 * here; the parts run in order in the version's one transaction, the audit history last.
 */
import type { Db } from '../client';
import { seedIntegratorRole } from './integratorRole';

export type SeedPart = (tx: Db, seedDay: Date) => Promise<void>;

export const VERSION4_PARTS: readonly SeedPart[] = [seedIntegratorRole];

export async function seedAdministration(tx: Db, seedDay: Date): Promise<void> {
  for (const part of VERSION4_PARTS) await part(tx, seedDay);
}
