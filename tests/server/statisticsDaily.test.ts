/**
 * The statistics' daily aggregates (statistics_daily, migration 0017) are kept with the data: after
 * the demo seed and after every kind of change to the counted rows (inserts, a status entering and
 * leaving CONFIRMED or COMPLETED, amounts, days and currencies corrected, deletes, a rolled-back
 * transaction), the aggregates equal a fresh count of the rows, and the statistics endpoints answer
 * the same figures as a count over the rows themselves.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA, DEMO_ACCOUNTS, demoSeedDay, HIDDEN_BUSINESS } from '../../server/db/seed';
import { makeApp, makeClock, makeDb, twoFaCodeAt, type TestApp } from './helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BUSINESS = 2;

let t: TestApp;
let today: number;
let token: string;

beforeAll(async () => {
  const db = await makeDb();
  today = (await demoSeedDay(db))!.getTime();
  t = await makeApp({}, { db, clock: makeClock(today + 10 * HOUR) });
  const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
  token = await t.token(admin.email, admin.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {});
});
afterAll(async () => {
  await t.close();
  await t.db.close();
});

/** The aggregates: what each sums the counted rows by besides organisation, flow and currency. */
const AGGREGATES = {
  // Per business and UTC day (migration 0017).
  statistics_daily: { key: 'business_id', bucket: 'day' },
  // Per organisation, UTC day or hour, and whether the business is the hidden one (0052).
  organisation_statistics_daily: { key: 'hidden', bucket: 'day' },
  organisation_statistics_hourly: { key: 'hidden', bucket: 'hour' },
} as const;
type Aggregate = keyof typeof AGGREGATES;

interface AggregateRow {
  organisation_id: number;
  flow: string;
  bucket: string;
  key: number | boolean;
  currency: string;
  count: number;
  volume: string;
}

/** An aggregate's rows with a count, as text. */
async function aggregates(table: Aggregate): Promise<AggregateRow[]> {
  const { key, bucket } = AGGREGATES[table];
  const { rows } = await t.db.query<AggregateRow>(
    `SELECT organisation_id, flow, ${bucket}::text AS bucket, ${key} AS key, currency, count::int AS count,
            trim_scale(volume)::text AS volume
       FROM ${table} WHERE count > 0
      ORDER BY organisation_id, flow, bucket, key, currency COLLATE "C"`,
  );
  return rows;
}

/** The same figures counted afresh from the rows. */
async function freshCount(table: Aggregate): Promise<AggregateRow[]> {
  const { key, bucket } = AGGREGATES[table];
  const bucketOf =
    bucket === 'day' ? `(r.created_at AT TIME ZONE 'UTC')::date` : `date_trunc('hour', r.created_at, 'UTC')`;
  const { rows } = await t.db.query<AggregateRow>(
    `SELECT r.organisation_id, r.flow, ${bucketOf}::text AS bucket,
            ${key === 'hidden' ? 'b.hidden_from_non_admins' : 'r.business_id'} AS key,
            r.currency, count(*)::int AS count, trim_scale(sum(r.amount))::text AS volume
       FROM (SELECT organisation_id, 'deposits' AS flow, created_at, business_id, currency, amount
               FROM payment_deposits WHERE status = 'CONFIRMED'
             UNION ALL
             SELECT organisation_id, 'withdrawals', created_at, business_id, currency, amount
               FROM crypto_withdrawals WHERE status = 'COMPLETED') r
       JOIN businesses b ON b.id = r.business_id
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY organisation_id, flow, bucket, key, currency COLLATE "C"`,
  );
  return rows;
}

/** Rows in the aggregates, those with a zero count included. */
async function aggregateRowCounts() {
  return Promise.all(
    Object.keys(AGGREGATES).map(async (table) => {
      const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      return rows[0].n;
    }),
  );
}

async function expectAggregatesExact() {
  for (const table of Object.keys(AGGREGATES) as Aggregate[]) {
    const fresh = await freshCount(table);
    expect(fresh.length).toBeGreaterThan(0);
    expect(await aggregates(table), table).toEqual(fresh);
    // Nothing negative, and a row whose count went back to zero holds no volume.
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE count < 0 OR (count = 0 AND volume <> 0)`,
    );
    expect(rows[0].n, table).toBe(0);
  }
}

/** A payment of BUSINESS created `daysAgo` days before today at 12:00 UTC; its id. */
async function payment(daysAgo: number): Promise<number> {
  const at = new Date(today - daysAgo * DAY + 12 * HOUR);
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO payments (organisation_id, business_id, reference, price_currency, price_amount,
       deposit_currency, deposit_network, expected_amount, status, expires_at, created_at, updated_at)
     VALUES ($1, $2, 'STATS-DAILY', 'EUR', 100, 'BTC', 'MAIN', 0.002, 'PAID', $3, $3, $3) RETURNING id`,
    [AURORA, BUSINESS, at],
  );
  return Number(rows[0].id);
}

/** Deposits of a payment, one statement; their ids. */
async function deposits(
  paymentId: number,
  rows: { status: string; amount: string; daysAgo: number; currency?: string; business?: number }[],
): Promise<number[]> {
  const values: unknown[] = [];
  const tuples = rows.map((r) => {
    const at = new Date(today - r.daysAgo * DAY + 13 * HOUR);
    const base = values.length;
    values.push(paymentId, r.business ?? BUSINESS, r.status, r.currency ?? 'BTC', r.amount, at);
    return `($${base + 1}, ${AURORA}, $${base + 2}, $${base + 3}, $${base + 4}, 'MAIN', $${base + 5},
             'stats-daily-${paymentId}-${base}', 0, $${base + 6}, $${base + 6})`;
  });
  const { rows: inserted } = await t.db.query<{ id: number }>(
    `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
       amount, tx_hash, confirmations, created_at, updated_at)
     VALUES ${tuples.join(', ')} RETURNING id`,
    values,
  );
  return inserted.map((r) => Number(r.id));
}

describe('the daily aggregates', () => {
  it('equal a fresh count after the demo seed', async () => {
    await expectAggregatesExact();
  });

  it('follow inserts, status changes in and out of CONFIRMED, corrections and deletes', async () => {
    const p = await payment(3);
    const [confirmed, pending, other] = await deposits(p, [
      { status: 'CONFIRMED', amount: '0.001', daysAgo: 3 },
      { status: 'PENDING', amount: '0.0005', daysAgo: 3 },
      { status: 'CONFIRMED', amount: '0.000000000000000001', daysAgo: 2, currency: 'ETH' },
    ]);
    await expectAggregatesExact();

    // PENDING → CONFIRMED counts it; CONFIRMED → REFUNDED no longer does.
    await t.db.query("UPDATE payment_deposits SET status = 'CONFIRMED' WHERE id = $1", [pending]);
    await expectAggregatesExact();
    await t.db.query("UPDATE payment_deposits SET status = 'REFUNDED' WHERE id = $1", [confirmed]);
    await expectAggregatesExact();

    // An amount, a day, a currency and a business corrected on a counted row.
    await t.db.query('UPDATE payment_deposits SET amount = amount + 0.25 WHERE id = $1', [pending]);
    await expectAggregatesExact();
    await t.db.query(
      "UPDATE payment_deposits SET created_at = created_at - interval '5 days' WHERE id = $1",
      [other],
    );
    await expectAggregatesExact();
    await t.db.query("UPDATE payment_deposits SET currency = 'USDT', network = 'ERC20' WHERE id = $1", [
      other,
    ]);
    await expectAggregatesExact();
    await t.db.query('UPDATE payment_deposits SET business_id = $2 WHERE id = $1', [other, HIDDEN_BUSINESS]);
    await expectAggregatesExact();

    // An update touching nothing counted writes no aggregate; a many-row status change is netted.
    const before = await aggregateRowCounts();
    await t.db.query('UPDATE payment_deposits SET confirmations = confirmations + 1 WHERE business_id = $1', [
      BUSINESS,
    ]);
    expect(await aggregateRowCounts()).toEqual(before);
    await expectAggregatesExact();
    await t.db.query(
      `UPDATE payment_deposits SET status = CASE status WHEN 'CONFIRMED' THEN 'FAILED' ELSE 'CONFIRMED' END
        WHERE business_id = $1 AND created_at >= $2`,
      [BUSINESS, new Date(today - 20 * DAY)],
    );
    await expectAggregatesExact();

    // Deletes: one deposit, then a payment whose deposits go with it (ON DELETE CASCADE).
    await t.db.query('DELETE FROM payment_deposits WHERE id = $1', [pending]);
    await expectAggregatesExact();
    await t.db.query('DELETE FROM payments WHERE id = $1', [p]);
    await expectAggregatesExact();
  });

  it('follow sent withdrawals entering and leaving COMPLETED', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO crypto_withdrawals (organisation_id, business_id, currency, network, amount, address,
         status, created_at, updated_at)
       VALUES ($1, $2, 'BTC', 'MAIN', 0.3, 'bc1-stats-daily', 'COMPLETED', $3, $3),
              ($1, $2, 'BTC', 'MAIN', 0.7, 'bc1-stats-daily', 'PROCESSING', $3, $3)
       RETURNING id`,
      [AURORA, BUSINESS, new Date(today - 4 * DAY + HOUR)],
    );
    await expectAggregatesExact();
    await t.db.query("UPDATE crypto_withdrawals SET status = 'COMPLETED' WHERE id = $1", [rows[1].id]);
    await expectAggregatesExact();
    await t.db.query("UPDATE crypto_withdrawals SET status = 'FAILED' WHERE id = $1", [rows[0].id]);
    await expectAggregatesExact();
    await t.db.query('DELETE FROM crypto_withdrawals WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
    await expectAggregatesExact();
  });

  it('leave nothing behind when the transaction rolls back', async () => {
    const before = await Promise.all(Object.keys(AGGREGATES).map((table) => aggregates(table as Aggregate)));
    const p = await payment(1);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
             amount, tx_hash, created_at, updated_at)
           VALUES ($1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 5, 'stats-daily-rollback', $4, $4)`,
          [p, AURORA, BUSINESS, new Date(today - DAY + 14 * HOUR)],
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await Promise.all(Object.keys(AGGREGATES).map((table) => aggregates(table as Aggregate)))).toEqual(
      before,
    );
    await t.db.query('DELETE FROM payments WHERE id = $1', [p]);
  });
  it('count an organisation afresh when a business is hidden or shown', async () => {
    const p = await payment(2);
    await deposits(p, [{ status: 'CONFIRMED', amount: '0.75', daysAgo: 2 }]);
    const hiddenBefore = await t.db.query<{ volume: string }>(
      `SELECT coalesce(sum(volume), 0)::text AS volume FROM organisation_statistics_daily
        WHERE organisation_id = $1 AND flow = 'deposits' AND hidden`,
      [AURORA],
    );
    await t.db.query('UPDATE businesses SET hidden_from_non_admins = TRUE WHERE id = $1', [BUSINESS]);
    try {
      await expectAggregatesExact();
      const hidden = await t.db.query<{ volume: string }>(
        `SELECT coalesce(sum(volume), 0)::text AS volume FROM organisation_statistics_daily
          WHERE organisation_id = $1 AND flow = 'deposits' AND hidden`,
        [AURORA],
      );
      // The business's deposits moved to the hidden side.
      expect(new Big(hidden.rows[0].volume).gt(new Big(hiddenBefore.rows[0].volume).plus('0.75'))).toBe(true);
    } finally {
      await t.db.query('UPDATE businesses SET hidden_from_non_admins = FALSE WHERE id = $1', [BUSINESS]);
    }
    await expectAggregatesExact();
    await t.db.query('DELETE FROM payments WHERE id = $1', [p]);
  });
});

describe('the statistics endpoints over the aggregates', () => {
  /** A fresh count per UTC day and currency of the counted rows in [after, before). */
  async function countedPerDay(
    flow: 'deposits' | 'withdrawals',
    window: { after: string; before: string; businessId?: number; seesHidden: boolean },
  ) {
    const [table, status] =
      flow === 'deposits' ? ['payment_deposits', 'CONFIRMED'] : ['crypto_withdrawals', 'COMPLETED'];
    const { rows } = await t.db.query<{ day: string; currency: string; n: number; volume: string }>(
      `SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, t.currency, count(*)::int AS n,
              sum(t.amount)::text AS volume
         FROM ${table} t JOIN businesses b ON b.id = t.business_id
        WHERE t.organisation_id = $1 AND t.status = '${status}' AND t.created_at >= $2 AND t.created_at < $3
          AND ($4::int IS NULL OR t.business_id = $4::int) AND ($5 OR NOT b.hidden_from_non_admins)
        GROUP BY 1, 2`,
      [AURORA, window.after, window.before, window.businessId ?? null, window.seesHidden],
    );
    return rows;
  }

  it('answer the histogram and the totals a count over the rows gives, for any window, the organisation and a business, ADMIN and not', async () => {
    // Activity just before and after the windows' starts and ends (in the same hour, and hours away),
    // today, and in the hidden business.
    const p = await payment(30);
    const at = (daysAgo: number, hours: number) => new Date(today - daysAgo * DAY + hours * HOUR);
    await t.db.query(
      `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
         amount, tx_hash, created_at, updated_at)
       VALUES ($1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 0.5, 'stats-daily-early', $4, $4),
              ($1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 0.25, 'stats-daily-late', $5, $5),
              ($1, $2, $3, 'CONFIRMED', 'ETH', 'MAIN', 1.125, 'stats-daily-today', $6, $6),
              ($1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 0.0625, 'stats-daily-edge', $7, $7),
              ($1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 0.03125, 'stats-daily-9-36', $8, $8),
              ($1, $2, $3, 'CONFIRMED', 'ETH', 'MAIN', 2, 'stats-daily-7-06', $9, $9),
              ($1, $2, $3, 'CONFIRMED', 'ETH', 'MAIN', 4, 'stats-daily-7-30', $10, $10),
              ($1, $2, $3, 'CONFIRMED', 'ETH', 'MAIN', 8, 'stats-daily-15-54', $11, $11),
              ($1, $2, $3, 'CONFIRMED', 'ETH', 'MAIN', 16, 'stats-daily-17-00', $12, $12)`,
      [
        p,
        AURORA,
        BUSINESS,
        at(30, 9),
        at(30, 10),
        at(0, 9),
        at(2, 15.5),
        at(30, 9.6),
        at(10, 7.1),
        at(10, 7.5),
        at(2, 15.9),
        at(2, 17),
      ],
    );
    const hiddenPayment = await t.db.query<{ id: number }>(
      `INSERT INTO payments (organisation_id, business_id, reference, price_currency, price_amount,
         deposit_currency, deposit_network, expected_amount, status, expires_at, created_at, updated_at)
       VALUES ($1, $2, 'STATS-HIDDEN', 'EUR', 100, 'BTC', 'MAIN', 0.002, 'PAID', $3, $3, $3) RETURNING id`,
      [AURORA, HIDDEN_BUSINESS, at(30, 11)],
    );
    await t.db.query(
      `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
         amount, tx_hash, created_at, updated_at)
       VALUES ($1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 3, 'stats-daily-hidden', $4, $4)`,
      [hiddenPayment.rows[0].id, AURORA, HIDDEN_BUSINESS, at(30, 11.25)],
    );
    const endOfToday = new Date(today + DAY).toISOString();
    // A window starting inside an hour (its first day from hours and rows), on a whole day, ending
    // inside a day, and within one hour.
    const windows = [
      { after: at(30, 9.5), before: undefined, days: 31 },
      { after: at(30, 0), before: undefined, days: 31 },
      { after: at(10, 7.25), before: at(2, 15.75), days: 9 },
      { after: at(2, 15.25), before: at(2, 15.75), days: 1 },
    ];
    const manager = await t.token('manager@example.com');
    for (const [who, auth, seesHidden] of [
      ['ADMIN', token, true],
      ['MANAGER', manager, false],
    ] as const) {
      for (const window of windows) {
        for (const flow of ['deposits', 'withdrawals'] as const) {
          for (const businessId of [undefined, BUSINESS]) {
            const after = window.after.toISOString();
            const before = window.before?.toISOString();
            const query =
              `after=${encodeURIComponent(after)}` +
              (before ? `&before=${encodeURIComponent(before)}` : '') +
              (businessId ? `&businessId=${businessId}` : '');
            const what = `${who} ${flow} ${query}`;
            const histogram = await t.app.inject({
              method: 'GET',
              url: `/v1/statistics/${flow}/histogram?${query}&groupByCriteria=DAY`,
              headers: t.auth(auth),
            });
            expect(histogram.statusCode, what).toBe(200);
            const rows = await countedPerDay(flow, {
              after,
              before: before ?? endOfToday,
              businessId,
              seesHidden,
            });
            if (flow === 'deposits') expect(rows.length, what).toBeGreaterThan(0);
            const buckets = (
              histogram.json() as {
                buckets: { date: string; count: number; volumes: Record<string, string> }[];
              }
            ).buckets;
            expect(buckets, what).toHaveLength(window.days);
            for (const bucket of buckets) {
              const own = rows.filter((r) => r.day === bucket.date);
              expect(bucket.count, `${what} ${bucket.date}`).toBe(own.reduce((sum, r) => sum + r.n, 0));
              expect(
                Object.fromEntries(Object.entries(bucket.volumes).map(([c, v]) => [c, new Big(v).toFixed()])),
                `${what} ${bucket.date}`,
              ).toEqual(Object.fromEntries(own.map((r) => [r.currency, new Big(r.volume).toFixed()])));
            }

            const totals = await t.app.inject({
              method: 'GET',
              url: `/v1/statistics/${flow}?${query}`,
              headers: t.auth(auth),
            });
            expect(totals.statusCode, what).toBe(200);
            const coins = (
              totals.json() as { count: number; coins: { currency: string; count: number; volume: string }[] }
            ).coins;
            const perCurrency = new Map<string, { n: number; volume: Big }>();
            for (const r of rows) {
              const sum = perCurrency.get(r.currency) ?? { n: 0, volume: new Big(0) };
              perCurrency.set(r.currency, { n: sum.n + r.n, volume: sum.volume.plus(r.volume) });
            }
            expect(
              Object.fromEntries(
                coins.map((c) => [c.currency, { n: c.count, volume: new Big(c.volume).toFixed() }]),
              ),
              what,
            ).toEqual(
              Object.fromEntries(
                [...perCurrency].map(([c, s]) => [c, { n: s.n, volume: s.volume.toFixed() }]),
              ),
            );
          }
        }
      }
    }
  });
});
