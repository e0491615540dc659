/**
 * Every business has a callback signing secret (docs/decisions.md 239): a new business gets one with
 * its creation (server/modules/businesses/service.ts); the businesses that existed before migration
 * 0058 get theirs right after it, and the demo's (seed version 2 writes them after the migrations, on a
 * new database) with seed version 6. Each is drawn from Node's CSPRNG, and none of these is ever
 * shown: a merchant who needs one rotates it.
 */
import { newCallbackSecret } from '../modules/callbacks/signing';
import type { Db } from './client';

/** Gives each business without a secret a new one, created at `at` (default: the database's now). */
export async function fillCallbackSecrets(tx: Db, at?: Date): Promise<number> {
  const { rows } = await tx.query<{ id: number; organisation_id: number }>(
    `SELECT b.id, b.organisation_id FROM businesses b
      WHERE NOT EXISTS (SELECT 1 FROM callback_secrets s WHERE s.business_id = b.id)
      ORDER BY b.id`,
  );
  for (const b of rows) {
    await tx.query(
      `INSERT INTO callback_secrets (organisation_id, business_id, secret, created_at)
       VALUES ($1, $2, $3, COALESCE($4::timestamptz, now()))`,
      [b.organisation_id, b.id, newCallbackSecret(), at ?? null],
    );
  }
  return rows.length;
}
