/** Deterministic demo data (DESIGN.md section 9), written only into an empty database. */
import { CURRENCY_SEED } from '../../../src/domain/currencies';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../client';
import { SCHEMA_LOCK } from '../migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ORGANISATIONS, ROLES } from './demo';

export * from './demo';

/** Seeds when there is no organisation yet; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  // Hash before taking the lock: argon2 runs on worker threads, 7 hashes in parallel.
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations');
  if (rows[0].n > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const again = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations');
    if (again.rows[0].n > 0) return false;
    await seedWith(tx, hashes);
    return true;
  });
}

async function seedWith(tx: Db, hashes: string[]): Promise<void> {
  for (const c of CURRENCY_SEED) {
    await tx.query(
      `INSERT INTO currencies (abbreviation, name, is_fiat, default_network, supported_networks, precision)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (abbreviation) DO NOTHING`,
      [c.abbreviation, c.name, c.isFiat, c.defaultNetwork, c.supportedNetworks, c.precision],
    );
  }
  for (const o of ORGANISATIONS) {
    await tx.query('INSERT INTO organisations (id, name, settlement_currency) VALUES ($1, $2, $3)', [
      o.id,
      o.name,
      o.settlementCurrency,
    ]);
  }
  for (const r of ROLES) {
    await tx.query('INSERT INTO roles (id, organisation_id, name, permissions) VALUES ($1, $2, $3, $4)', [
      r.id,
      r.organisationId,
      r.name,
      [...r.permissions],
    ]);
  }
  const created = new Date('2025-01-01T00:00:00Z');
  for (const [i, a] of DEMO_ACCOUNTS.entries()) {
    await tx.query(
      'INSERT INTO users (id, email, password_hash, totp_secret, created_at) VALUES ($1, $2, $3, $4, $5)',
      [a.id, a.email, hashes[i], a.totpSecret, created],
    );
    for (const organisationId of a.organisationIds) {
      const role = ROLES.find(
        (r) => r.name === a.role && (r.organisationId === null || r.organisationId === organisationId),
      );
      if (!role) throw new Error(`Seed: no role ${a.role} in organisation ${organisationId}`);
      await tx.query('INSERT INTO memberships (user_id, organisation_id, role_id) VALUES ($1, $2, $3)', [
        a.id,
        organisationId,
        role.id,
      ]);
    }
  }
  // Later inserts continue after the fixed ids.
  await tx.query(
    "SELECT setval(pg_get_serial_sequence('organisations', 'id'), (SELECT max(id) FROM organisations))",
  );
  await tx.query("SELECT setval(pg_get_serial_sequence('roles', 'id'), (SELECT max(id) FROM roles))");
  await tx.query("SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))");
}
