/**
 * Heavy work in statements sized by time (server/lib/batchSize.ts): an export's batches, its capped
 * count's slices and a ledger's postings follow the time the database reports per statement, so no
 * background statement holds PGlite for long however slow the rows are; and a page or an export batch
 * of payments is one statement with its deposits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { BATCH_TARGET_MS, batchSizer } from '../../server/lib/batchSize';
import { EXPORT_BATCH } from '../../server/lib/list';
import { reportsRepository } from '../../server/modules/reports/repository';
import { SOURCES } from '../../server/modules/transactions/repository';
import { paymentList } from '../../server/modules/transactions/schemas';
import { exportRows, listPage, TRANSACTION_LISTS } from '../../server/modules/transactions/service';
import { makeApp, type TestApp, testScope } from './helpers';
import { BULK, insertTransactionFixtures } from './transactionFixtures';

const BULK_ROWS = 6 * EXPORT_BATCH;
const scope = testScope({ seesHiddenBusinesses: true });
const payments = TRANSACTION_LISTS.find((def) => def.path === '/payments')!;

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await insertTransactionFixtures(t.db, { bulkPayments: BULK_ROWS });
});
afterAll(() => t.close());

/**
 * The database, each statement recorded with the rows it asked for (its LIMIT, or OFFSET + 1), and
 * reported to have taken `msPerRow` per row asked for (as PGlite's worker reports a statement's time).
 */
function slowDb(msPerRow: number) {
  const asked: number[] = [];
  const statements: string[] = [];
  const db: Db = {
    ...t.db,
    query: async <T>(sql: string, params?: unknown[]) => {
      statements.push(sql);
      const offset = /OFFSET (\d+)/.exec(sql);
      const limit = /LIMIT \$(\d+)/.exec(sql);
      const rows = offset ? Number(offset[1]) + 1 : limit ? Number(params![Number(limit[1]) - 1]) : 0;
      if (rows > 0) asked.push(rows);
      const result = await t.db.query<T>(sql, params);
      return { rows: result.rows, ms: rows * msPerRow };
    },
  };
  return { db, asked, statements };
}

describe('a batch sizer', () => {
  it('aims at the target time from the last statement: shrinks at once, grows by half at most', () => {
    const sizer = batchSizer({ initial: 500, min: 10, max: 2000, targetMs: 20 });
    expect(sizer.size).toBe(500);
    sizer.record(500, 100); // 0.2 ms a row: 100 rows take 20 ms
    expect(sizer.size).toBe(100);
    sizer.record(100, 1); // very fast now: grows, by half at most
    expect(sizer.size).toBe(150);
    sizer.record(150, undefined); // no time reported (PostgreSQL): unchanged
    expect(sizer.size).toBe(150);
    sizer.record(150, 150_000); // very slow: the floor
    expect(sizer.size).toBe(10);
    for (let i = 0; i < 20; i++) sizer.record(sizer.size, 0);
    expect(sizer.size).toBe(2000); // the ceiling
  });
});

describe('heavy work sized by time', () => {
  it("an export's batches: after the first, none asks for more rows than the target time allows", async () => {
    const msPerRow = 0.25; // 200 rows take the 50 ms target
    const { db, asked } = slowDb(msPerRow);
    const rows = [];
    for await (const batch of exportRows(db, scope, payments, { businessId: BULK })) rows.push(...batch);
    expect(rows).toHaveLength(BULK_ROWS);
    expect(new Set(rows.map((r) => r.id)).size).toBe(BULK_ROWS);
    expect(asked[0]).toBe(EXPORT_BATCH);
    expect(asked.length).toBeGreaterThan(5); // 500, then 200 at a time
    for (const n of asked.slice(1)) expect(n * msPerRow).toBeLessThanOrEqual(BATCH_TARGET_MS);
  });

  it("an export's capped count: its slices follow the time too", async () => {
    const msPerRow = 0.2; // 250 rows a slice
    const { db, asked } = slowDb(msPerRow);
    // A first slice smaller than the bulk business's rows (the routes' is COUNT_SLICE, their floor
    // COUNT_SLICE_MIN).
    const sizer = batchSizer({ initial: 400, min: 10, max: 20_000 });
    const counted = await paymentList.countUpTo(
      db,
      { businessId: BULK },
      SOURCES.payments(scope),
      100_000,
      sizer,
    );
    expect(counted).toBe(BULK_ROWS);
    expect(asked.length).toBeGreaterThan(3);
    for (const n of asked.slice(1)) expect(n * msPerRow).toBeLessThanOrEqual(BATCH_TARGET_MS);
  });

  it("a ledger's postings: its batches follow the time too", async () => {
    const [account] = (
      await t.db.query<{ id: number; n: number }>(
        `SELECT account_id::int AS id, count(*)::int AS n FROM ledger_postings
          GROUP BY account_id ORDER BY count(*) DESC LIMIT 1`,
      )
    ).rows;
    expect(account.n).toBeGreaterThan(20);
    const msPerRow = 5; // 10 postings a batch
    const { db, asked } = slowDb(msPerRow);
    const window = { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') };
    // A first batch smaller than the account's postings (the reports' is POSTINGS_BATCH).
    const sizer = batchSizer({ initial: 15, min: 1, max: 5000 });
    let seen = 0;
    for await (const batch of reportsRepository(db).postings(scope, account.id, window, sizer))
      seen += batch.length;
    expect(seen).toBe(account.n);
    expect(asked.length).toBeGreaterThan(2);
    for (const n of asked.slice(1)) expect(n * msPerRow).toBeLessThanOrEqual(BATCH_TARGET_MS);
  });
});

describe('payments with their deposits', () => {
  it('a page is one statement, its deposits in it', async () => {
    const { db, statements } = slowDb(0);
    const page = (await listPage(db, scope, payments, { limit: 100, offset: 0 })) as unknown as {
      payments: { id: number; deposits: { id: number; txHash: string; depositAmount: string }[] }[];
    };
    // The page's statement; besides it only the count of a full page (no statement for the deposits).
    expect(statements.filter((sql) => !/^SELECT count\(\*\)/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /payment_deposits/.test(sql))).toHaveLength(1);
    const withDeposits = page.payments.filter((p) => p.deposits.length > 0);
    expect(withDeposits.length).toBeGreaterThan(0);
    for (const p of withDeposits) {
      const { rows } = await t.db.query<{ id: number; txHash: string; depositAmount: string }>(
        `SELECT id::int AS id, tx_hash AS "txHash", trim_scale(amount)::text AS "depositAmount"
           FROM payment_deposits WHERE payment_id = $1 ORDER BY id`,
        [p.id],
      );
      expect(p.deposits.map(({ id, txHash, depositAmount }) => ({ id, txHash, depositAmount }))).toEqual(
        rows,
      );
    }
  });

  it("an export's batch is one statement, its deposits in it", async () => {
    const { db, statements } = slowDb(0);
    let batches = 0;
    for await (const batch of exportRows(db, scope, payments, {})) {
      batches++;
      expect(batch.every((row) => Array.isArray(row.deposits))).toBe(true);
    }
    expect(statements.filter((sql) => /payment_deposits/.test(sql))).toHaveLength(batches);
    expect(statements).toHaveLength(batches);
  });
});
