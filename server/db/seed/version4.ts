/**
 * Demo seed version 4: administration data of Aurora (whitelisted addresses, bank accounts, deposits
 * lacking travel-rule data) and the audit history of what the seed created. Each area adds one part
 * here; the parts run in order in the version's one transaction, the audit history last.
 */
import type { Db } from '../client';
import { seedAuditHistory } from './auditHistory';
import { seedBankAccounts } from './bankAccounts';
import { seedIntegratorRole } from './integratorRole';
import { seedTravelRule } from './travelRule';
import { seedWhitelistedAddresses } from './whitelistedAddresses';

export type SeedPart = (tx: Db, seedDay: Date) => Promise<void>;

export const VERSION4_PARTS: readonly SeedPart[] = [
  seedIntegratorRole,
  seedWhitelistedAddresses,
  seedBankAccounts,
  seedTravelRule,
  // Parts of the other areas go above this line.
  // The audit history of everything the seed created: it reads the tables, so it STAYS LAST.
  seedAuditHistory,
];

export async function seedAdministration(tx: Db, seedDay: Date): Promise<void> {
  for (const part of VERSION4_PARTS) await part(tx, seedDay);
}
