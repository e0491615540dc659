/**
 * Seed version 4, travel rule (docs/decisions.md 148–152): deposits the travel rule applies to whose
 * originator is not yet known. Aurora: the two newest confirmed deposits of each of its first six
 * businesses (12); Borealis: the newest confirmed deposit of each of its businesses (2), so another
 * organisation's rows exist. Existing deposits of seed version 2 are marked, none is added: the
 * ledger and the statistics stay as they were. Deterministic: version 2's deposits follow its seed day.
 */
import type { Db } from '../client';
import { AURORA, BOREALIS } from './demo';

/** How many deposits of each business lack travel-rule data, per organisation. */
export const TRAVEL_RULE_SEED = [
  { organisationId: AURORA, businessIds: [1, 2, 3, 4, 5, 6], perBusiness: 2 },
  { organisationId: BOREALIS, businessIds: [10, 11], perBusiness: 1 },
] as const;

export async function seedTravelRule(tx: Db): Promise<void> {
  for (const { organisationId, businessIds, perBusiness } of TRAVEL_RULE_SEED) {
    await tx.query(
      `INSERT INTO deposit_travel_rule (id, organisation_id, business_id, received_at)
       SELECT id, organisation_id, business_id, created_at FROM (
         SELECT d.id, d.organisation_id, d.business_id, d.created_at,
                row_number() OVER (PARTITION BY d.business_id ORDER BY d.created_at DESC, d.id DESC) AS n
           FROM payment_deposits d
          WHERE d.organisation_id = $1 AND d.business_id = ANY($2::int[]) AND d.status = 'CONFIRMED'
       ) newest
       WHERE n <= $3`,
      [organisationId, [...businessIds], perBusiness],
    );
  }
}
