/**
 * Seed version 4, Integrator role (docs/decisions.md, 'The Integrator reads payments'): Aurora's
 * Integrator custom role gains the payments read, so the Integrator account can create a key that reads
 * payments (a key's scopes never exceed its creator's permissions). Version 1 wrote the role; this part
 * only adds to it, so a database seeded before receives the same.
 */
import type { Permission } from '../../../src/domain/permissions';
import type { Db } from '../client';
import { AURORA, ROLES } from './demo';

/** What seed version 4 adds to the Integrator role. */
export const INTEGRATOR_GRANTS: readonly Permission[] = ['GET_PAYMENT'];

/**
 * The permissions of a demo role as the seeded database holds them (version 1's, with what later
 * versions added): what the permission-matrix tests hold the routes to.
 */
export function demoRolePermissions(role: string, organisationId: number = AURORA): readonly Permission[] {
  const seeded = ROLES.find(
    (r) => r.name === role && (r.organisationId === null || r.organisationId === organisationId),
  );
  if (!seeded) throw new Error(`No demo role ${role}`);
  if (seeded.name !== 'Integrator' || seeded.organisationId !== AURORA) return seeded.permissions;
  return [...new Set([...seeded.permissions, ...INTEGRATOR_GRANTS])].sort();
}

export async function seedIntegratorRole(tx: Db): Promise<void> {
  await tx.query(
    `UPDATE roles SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $3::text[]) ORDER BY 1)
      WHERE organisation_id = $1 AND name = $2`,
    [AURORA, 'Integrator', INTEGRATOR_GRANTS],
  );
}
