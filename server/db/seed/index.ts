/**
 * Versioned, deterministic demo data (docs/architecture.md#demo-data). Each version is applied once, in order, in
 * its own transaction, and recorded in `seed_versions`; a database seeded at version N receives
 * N+1… on its next start. A version adds data; it never rewrites what an earlier one wrote (the
 * demo data is a contract). Add a version by appending to SEED_VERSIONS.
 */
import { CURRENCY_SEED } from '../../../src/domain/currencies';
import { roleNameKey } from '../../../src/domain/roleName';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../client';
import { SCHEMA_LOCK } from '../migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ORGANISATIONS, ROLES } from './demo';
import { seedBusinessesAndActivity } from './version2';
import { seedApiKeys } from './version3';
import { seedAdministration } from './version4';
import { seedMoneyMovement } from './version5';
import { seedCallbacks } from './version6';

export * from './demo';
export { BUSINESS_SETTINGS, type DemoBusinessSettings } from './businesses';
export { DEMO_API_KEY } from './version3';
export { demoRolePermissions, INTEGRATOR_GRANTS } from './integratorRole';

/** What a seed version may depend on besides the database. */
export interface SeedContext {
  /**
   * The seed day: UTC midnight of the day the seed runs (or of `SeedOptions.now`). Demo activity is
   * dated relative to it (the 60 days before it), so the demo always looks recent, and the same seed
   * day gives the same rows.
   */
  seedDay: Date;
}

export interface SeedVersion {
  version: number;
  description: string;
  /** Writes the version's data; a string it answers is recorded after the description. */
  apply(tx: Db, context: SeedContext): Promise<void | string>;
}

export interface SeedOptions {
  /** The moment the seed runs (default: now); its UTC day is the seed day. */
  now?: Date;
}

export const SEED_VERSIONS: readonly SeedVersion[] = [
  {
    version: 1,
    description: 'foundation: organisations, roles, demo accounts, currencies',
    apply: seedFoundation,
  },
  {
    version: 2,
    description:
      'businesses: organisation settings, currency networks, conversion rates, the demo businesses and 60 days of activity of every kind, posted through the ledger',
    apply: async (tx, { seedDay }) => {
      await seedBusinessesAndActivity(tx, seedDay);
      return `seed day ${seedDay.toISOString().slice(0, 10)}`;
    },
  },
  {
    version: 3,
    description:
      'API keys: an active, an expired and a revoked key in Aurora, an active key in Borealis and Cobalt',
    apply: (tx, { seedDay }) => seedApiKeys(tx, seedDay),
  },
  {
    version: 4,
    description:
      'administration: whitelisted addresses, bank accounts and deposits lacking travel-rule data in Aurora, and the audit history of the demo data',
    apply: (tx, { seedDay }) => seedAdministration(tx, seedDay),
  },
  {
    version: 5,
    description:
      'money movement: approval thresholds, pending withdrawals and open payment requests in Aurora',
    apply: (tx, { seedDay }) => seedMoneyMovement(tx, seedDay),
  },
  {
    version: 6,
    description:
      "callbacks: every business's signing secret, and the callbacks of the demo's latest deposits and pending withdrawals, due at once (one of Lumen Games at its last attempt)",
    apply: (tx, { seedDay }) => seedCallbacks(tx, seedDay),
  },
];

/** UTC midnight of `now`'s day. */
export function seedDayOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The seed day the demo activity of this database is dated from (recorded with seed version 2 as
 * '… seed day YYYY-MM-DD'), or null when the database has no demo activity.
 */
export async function demoSeedDay(db: Db): Promise<Date | null> {
  const { rows } = await db.query<{ description: string }>(
    'SELECT description FROM seed_versions WHERE version = 2',
  );
  const day = /seed day (\d{4}-\d{2}-\d{2})/.exec(rows[0]?.description ?? '')?.[1];
  return day ? new Date(`${day}T00:00:00Z`) : null;
}

export interface SeedResult {
  /** Versions applied by this call, in order. */
  applied: number[];
  /** The highest version recorded in the database (after this call). */
  current: number;
  /** Versions recorded in the database that this code does not know (a newer checkout seeded it). */
  unknown: number[];
}

export class SeedError extends Error {
  constructor(
    readonly version: number,
    cause: unknown,
  ) {
    super(
      `demo data version ${version} could not be applied: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/** Applies every seed version not yet recorded, in order; each in one transaction under the schema lock. */
export async function applySeeds(
  db: Db,
  versions: readonly SeedVersion[] = SEED_VERSIONS,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const context: SeedContext = { seedDay: seedDayOf(options.now ?? new Date()) };
  const sorted = [...versions].sort((a, b) => a.version - b.version);
  const recorded = async (q: Db) =>
    new Set(
      (await q.query<{ version: number }>('SELECT version FROM seed_versions')).rows.map((r) => r.version),
    );
  const applied: number[] = [];
  for (const seed of sorted) {
    if ((await recorded(db)).has(seed.version)) continue;
    try {
      const done = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        if ((await recorded(tx)).has(seed.version)) return false; // another instance was first
        const note = await seed.apply(tx, context);
        await tx.query('INSERT INTO seed_versions (version, description) VALUES ($1, $2)', [
          seed.version,
          note ? `${seed.description}; ${note}` : seed.description,
        ]);
        return true;
      });
      if (done) applied.push(seed.version);
    } catch (error) {
      throw new SeedError(seed.version, error);
    }
  }
  const all = [...(await recorded(db))];
  const known = new Set(sorted.map((s) => s.version));
  return {
    applied,
    current: Math.max(0, ...all),
    unknown: all.filter((v) => !known.has(v)).sort((a, b) => a - b),
  };
}

/** Empties every table but the migration record and seeds again: the e2e reset (test mode only). */
export async function resetDemoData(
  db: Db,
  versions: readonly SeedVersion[] = SEED_VERSIONS,
  options: SeedOptions = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    // Table names come from the catalogue (quote_ident), never from input; every table is emptied, so
    // tables added by later migrations are covered without listing them here.
    const { rows } = await tx.query<{ list: string | null }>(
      `SELECT string_agg(quote_ident(tablename), ', ') AS list FROM pg_tables
        WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`,
    );
    if (rows[0].list) await tx.exec(`TRUNCATE ${rows[0].list} RESTART IDENTITY CASCADE`);
  });
  await applySeeds(db, versions, options);
}

async function seedFoundation(tx: Db): Promise<void> {
  // argon2 runs on worker threads: the seven hashes in parallel.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
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
    await tx.query(
      'INSERT INTO roles (id, organisation_id, name, name_key, permissions) VALUES ($1, $2, $3, $4, $5)',
      [r.id, r.organisationId, r.name, roleNameKey(r.name), [...r.permissions]],
    );
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
