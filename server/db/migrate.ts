/** Applies server/db/migrations/*.sql in file-name order, each once, recorded in schema_migrations. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';
import { fillCallbackSecrets } from './callbackSecrets';
import { fillBusinessNameKeys, fillRoleNameKeys } from './nameKeys';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Serialises migrations (and seeding) of several instances starting against one PostgreSQL. */
export const SCHEMA_LOCK = 7_246_001;

/** Data steps a migration needs that SQL cannot compute, run right after it in its transaction. */
const AFTER: Record<string, (tx: Db) => Promise<void>> = {
  '0020_business_name_key.sql': fillBusinessNameKeys,
  '0056_role_name_key.sql': fillRoleNameKeys,
  '0058_callbacks_delivery.sql': async (tx) => void (await fillCallbackSecrets(tx)),
};

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** Returns the names of the migrations it applied. */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      await tx.exec(readFileSync(MIGRATIONS_DIR + file, 'utf8'));
      await AFTER[file]?.(tx);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
