/**
 * The statuses of every kind of transaction live once, in src/domain/transactions.ts. The database's
 * CHECK constraints (read from pg_constraint, so a migration that drifts fails here), the seed, the
 * API's enums and the dashboard's status filters must all say the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_STATUSES } from '../../src/domain/callbacks';
import { TRANSACTION_STATUSES } from '../../src/domain/transactions';
import { TRANSACTION_KINDS } from '../../src/resources/transactions/kinds';
import type { Db } from '../../server/db/client';
import { resetDemoData } from '../../server/db/seed';
import { KIND_OF_TABLE } from '../../server/db/seed/activity';
import { STATUSES } from '../../server/modules/transactions/schemas';
import { makeDb } from './helpers';

let db: Db;
beforeAll(async () => {
  db = await makeDb();
});
afterAll(async () => db?.close());

/** The tables besides the transactions' with a status CHECK, and their domain's list. */
const OTHER_STATUSES: Readonly<Record<string, readonly string[]>> = {
  // A callback's delivery (migration 0057, src/domain/callbacks.ts).
  callbacks: CALLBACK_STATUSES,
};

/** Every table with a CHECK on its status column, and the values that CHECK allows. */
async function statusChecks(): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS table, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'c' AND n.nspname = 'public' AND pg_get_constraintdef(c.oid) ~ '\\(status = ANY'`,
  );
  const checks = new Map<string, string[]>();
  for (const { table, def } of rows) {
    // The list of values a status may take; not a rule that ties some statuses to another column.
    if (!/^CHECK \(\(status = ANY/.test(def)) continue;
    checks.set(table, [...def.matchAll(/'([A-Z_]+)'::text/g)].map((m) => m[1]).sort());
  }
  return checks;
}

describe('transaction statuses', () => {
  it("every status CHECK in the database is a transaction table's, and allows exactly its kind's statuses", async () => {
    const checks = await statusChecks();
    expect([...checks.keys()].sort()).toEqual(
      [...Object.keys(KIND_OF_TABLE), ...Object.keys(OTHER_STATUSES)].sort(),
    );
    for (const [table, kind] of Object.entries(KIND_OF_TABLE)) {
      expect(checks.get(table), table).toEqual([...TRANSACTION_STATUSES[kind]].sort());
    }
    for (const [table, statuses] of Object.entries(OTHER_STATUSES))
      expect(checks.get(table), table).toEqual([...statuses].sort());
  });

  it('every kind has its table', () => {
    expect(new Set(Object.values(KIND_OF_TABLE))).toEqual(new Set(Object.keys(TRANSACTION_STATUSES)));
  });

  it('the demo data uses only the statuses of its kind', async () => {
    await resetDemoData(db);
    for (const [table, kind] of Object.entries(KIND_OF_TABLE)) {
      const { rows } = await db.query<{ status: string }>(`SELECT DISTINCT status FROM ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const { status } of rows) expect(TRANSACTION_STATUSES[kind], table).toContain(status);
    }
  });

  it("the API's enums and the dashboard's status filters are the domain's lists", () => {
    expect(STATUSES).toBe(TRANSACTION_STATUSES);
    const lists = Object.values(TRANSACTION_STATUSES) as readonly (readonly string[])[];
    for (const kind of TRANSACTION_KINDS.filter((k) => k.statuses.length > 0)) {
      expect(lists, kind.resource).toContain(kind.statuses);
    }
  });
});
