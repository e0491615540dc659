/**
 * The lists' text search (`q`) is served by trigram indexes (migration 0018): on tables big enough
 * for the planner to prefer an index, every query a `q` search runs (the page and the capped count)
 * reads the searched column's GIN trigram index instead of walking the table, and finds the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { AURORA } from '../../server/db/seed';
import { SOURCES } from '../../server/modules/transactions/repository';
import { cryptoWithdrawalList, paymentList } from '../../server/modules/transactions/schemas';
import { makeDb, testScope } from './helpers';

const ROWS = 10_000;
const BUSINESS = 1;
const T0 = '2025-06-01T00:00:00Z';

let db: Db;

beforeAll(async () => {
  db = await makeDb();
  // Payments with distinct references, each with a deposit of a distinct hash, and withdrawals.
  await db.query(
    `INSERT INTO payments (organisation_id, business_id, reference, price_currency, price_amount,
       deposit_currency, deposit_network, expected_amount, status, expires_at, created_at, updated_at)
     SELECT $1, $2, 'SEARCH-' || md5(g::text), 'EUR', 10, 'BTC', 'MAIN', 0.001, 'PAID',
            $3::timestamptz + g * interval '1 minute', $3::timestamptz + g * interval '1 minute',
            $3::timestamptz + g * interval '1 minute'
       FROM generate_series(1, $4::int) g`,
    [AURORA, BUSINESS, T0, ROWS],
  );
  await db.query(
    `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
       amount, tx_hash, confirmations, created_at, updated_at)
     SELECT p.id, p.organisation_id, p.business_id, 'CONFIRMED', 'BTC', 'MAIN', 0.001,
            md5(p.reference || ':tx'), 6, p.created_at, p.created_at
       FROM payments p WHERE p.reference LIKE 'SEARCH-%'`,
  );
  await db.query(
    `INSERT INTO crypto_withdrawals (organisation_id, business_id, currency, network, amount, address,
       tx_hash, status, created_at, updated_at)
     SELECT $1, $2, 'BTC', 'MAIN', 0.01, 'bc1' || md5(g::text || ':address'), md5(g::text || ':wtx'),
            'COMPLETED', $3::timestamptz + g * interval '1 minute', $3::timestamptz + g * interval '1 minute'
       FROM generate_series(1, $4::int) g`,
    [AURORA, BUSINESS, T0, ROWS],
  );
  // As the scaled seed does after a bulk load: statistics, and the GIN pending lists merged (the
  // planner prices a pending list as pages to read, which on a small table outweighs the index).
  for (const table of ['payments', 'payment_deposits', 'crypto_withdrawals']) {
    await db.exec(`VACUUM ANALYZE ${table}`);
  }
  // A fresh database and 30,000 indexed rows: about 50 s on a loaded 2-core machine.
}, 180_000);
afterAll(() => db.close());

const scope = testScope();

/** Runs a list through a recorder: its rows and every query it sent with its plan. */
async function planned<Row extends object>(
  run: (recorder: Db) => Promise<{ rows: Row[] }>,
): Promise<{ rows: Row[]; plans: { sql: string; plan: string }[] }> {
  const recorded: { sql: string; params: unknown[] }[] = [];
  const recorder: Db = {
    ...db,
    query: async <T>(sql: string, params?: unknown[]) => {
      recorded.push({ sql, params: params ?? [] });
      return db.query<T>(sql, params);
    },
  };
  const { rows } = await run(recorder);
  const plans = [];
  for (const { sql, params } of recorded) {
    const explained = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    plans.push({ sql, plan: explained.rows.map((r) => r['QUERY PLAN']).join('\n') });
  }
  return { rows, plans };
}

async function one(sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ v: string }>(sql, params);
  return rows[0].v;
}

describe('q through trigram indexes', () => {
  it("finds a payment by a piece of its reference or of its deposit's hash through their indexes", async () => {
    const reference = await one("SELECT 'SEARCH-' || md5('4321') AS v", []);
    const hash = await one("SELECT md5($1 || ':tx') AS v", [reference]);
    for (const [q, index] of [
      [reference.slice(9, 21).toUpperCase(), 'payments_reference_trgm'],
      [hash.slice(5, 17), 'payment_deposits_tx_hash_trgm'],
    ]) {
      for (const businessId of [undefined, BUSINESS]) {
        const { rows, plans } = await planned((recorder) =>
          paymentList.run<{ reference: string }>(
            recorder,
            { limit: 25, offset: 0, q, businessId },
            SOURCES.payments(scope),
          ),
        );
        expect(rows.map((r) => r.reference)).toEqual([reference]);
        for (const { sql, plan } of plans) {
          expect(plan, `${sql}\n${plan}`).toMatch(new RegExp(`Bitmap Index Scan on ${index}`));
          expect(plan, `${sql}\n${plan}`).not.toMatch(/Seq Scan on (payments|payment_deposits)\b/);
        }
      }
    }
  });

  it('finds a crypto withdrawal by a piece of its address through its index, the capped count too', async () => {
    const address = await one("SELECT 'bc1' || md5('777:address') AS v", []);
    const { rows, plans } = await planned((recorder) =>
      cryptoWithdrawalList.run<{ address: string }>(
        recorder,
        { limit: 25, offset: 0, q: address.slice(4, 14) },
        SOURCES.cryptoWithdrawals(scope),
      ),
    );
    expect(rows.map((r) => r.address)).toEqual([address]);
    // A common piece fills the page, so the capped count runs as well.
    const common = await planned((recorder) =>
      cryptoWithdrawalList.run(recorder, { limit: 5, offset: 0, q: 'bc1' }, SOURCES.cryptoWithdrawals(scope)),
    );
    expect(common.rows).toHaveLength(5);
    for (const { sql, plan } of plans) {
      expect(plan, `${sql}\n${plan}`).toMatch(/Bitmap Index Scan on crypto_withdrawals_address_trgm/);
      expect(plan, `${sql}\n${plan}`).not.toMatch(/Seq Scan on crypto_withdrawals/);
    }
  });
});
