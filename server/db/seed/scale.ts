/**
 * `npm run seed -- --scale N`: N more payments for performance work, spread over Aurora's businesses
 * 1–8 and the 365 days before the seed day, with their deposits and their money in the ledger.
 *
 * Rows are made by the database (INSERT … SELECT FROM generate_series), a batch of days per
 * transaction, so memory stays flat and a million payments take minutes. Everything is derived from
 * the payment's number by integer hashing: the same N and seed day give the same rows.
 *
 * The ledger: one entry per business × currency × day (the sum of that day's confirmed deposits,
 * less the fee), posted with postEntries and referenced 'scale:<first id>:<business>:<currency>:<day>';
 * each confirmed deposit names its day's entry. One posting per deposit would update the same few
 * account rows a million times, and PostgreSQL's cost of updating a row many times in one transaction
 * grows with the number of updates (each update walks the row's version chain), so the load would be
 * quadratic; per day it is about 8 × 6 × 365 entries whatever N is.
 */
import Big from 'big.js';
import { systemScope } from '../../auth/systemScope';
import { postEntries, type ScopedEntry } from '../../ledger';
import type { Db } from '../client';
import { AURORA } from './demo';
import { eurPrice } from './reference';

export const SCALE_DAYS = 365;
/** Aurora's businesses with activity; the scaled payments go to them. */
const SCALE_BUSINESSES = [1, 2, 3, 4, 5, 6, 7, 8];
const DAY = 86_400_000;
const FEE_RATE = '0.01';

export interface ScaleOptions {
  /** How many payments to add. */
  payments: number;
  /** The seed day (UTC midnight) the year ends at. */
  seedDay: Date;
  /** Days per transaction (default 30). */
  batchDays?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ScaleResult {
  payments: number;
  deposits: number;
  entries: number;
  firstPaymentId: number;
}

/**
 * The deposit a scaled payment gets, as SQL over `p` (payments) and `cn` (its currency_networks row):
 * paid in full, 5 % over, 10 % under, a pending one, a failed one for a third of the expired, or none.
 */
const DEPOSIT_STATUS = `CASE p.status WHEN 'PAID' THEN 'CONFIRMED' WHEN 'OVERPAID' THEN 'CONFIRMED'
  WHEN 'UNDERPAID' THEN 'CONFIRMED' WHEN 'PENDING' THEN 'PENDING'
  WHEN 'EXPIRED' THEN CASE WHEN p.id % 3 = 0 THEN 'FAILED' END END`;
const DEPOSIT_AMOUNT = `CASE p.status WHEN 'OVERPAID' THEN trunc(p.expected_amount * 1.05, cn.precision)
  WHEN 'UNDERPAID' THEN trunc(p.expected_amount * 0.9, cn.precision) ELSE p.expected_amount END`;
/** The payment's day (UTC) as text, the key of its ledger entry. */
const PAYMENT_DAY = `to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleResult> {
  const total = options.payments;
  if (!Number.isInteger(total) || total < 1) throw new Error('--scale needs a whole number of payments ≥ 1');
  const batchDays = options.batchDays ?? 30;
  const start = new Date(options.seedDay.getTime() - SCALE_DAYS * DAY);

  // What each business takes: its deposit currencies and networks, with precision and EUR price.
  const { rows: offers } = await db.query<{
    business_id: number;
    currency: string;
    network: string;
    precision: number;
  }>(
    `SELECT b.id AS business_id, c.key AS currency, n.value AS network, cn.precision
       FROM businesses b, jsonb_each(b.deposit_currencies) c, jsonb_array_elements_text(c.value) n,
            currency_networks cn
      WHERE b.organisation_id = $1 AND b.id = ANY($2::int[]) AND cn.currency = c.key AND cn.network = n.value
      ORDER BY b.id, c.key, n.value`,
    [AURORA, SCALE_BUSINESSES],
  );
  const businesses = [...new Set(offers.map((o) => o.business_id))];
  if (businesses.length === 0)
    throw new Error('The database holds no demo businesses: seed the demo data first (npm run seed)');
  const index = new Map<number, number>();
  const offerIndex = offers.map((o) => {
    const i = index.get(o.business_id) ?? 0;
    index.set(o.business_id, i + 1);
    return i;
  });
  const offerArrays = [
    offers.map((o) => o.business_id),
    offerIndex,
    offers.map((o) => o.currency),
    offers.map((o) => o.network),
    offers.map((o) => o.precision),
    offers.map((o) => eurPrice(o.currency).toFixed(10)),
  ];

  // One slot per business × currency: the ledger entries of a batch are found by slot and day.
  const slots = [...new Set(offers.map((o) => `${o.business_id}|${o.currency}`))];
  const slotOf = new Map(slots.map((key, i) => [key, i]));

  const { rows: base } = await db.query<{ id: number | string }>(
    'SELECT COALESCE(max(id), 0) AS id FROM payments',
  );
  const first = Number(base[0].id) + 1;
  const result: ScaleResult = { payments: 0, deposits: 0, entries: 0, firstPaymentId: first };

  // Payment k (0 … N−1) is on day floor(k × 365 / N); a batch is a range of whole days.
  const firstOfDay = (day: number) => Math.ceil((day * total) / SCALE_DAYS);
  for (let day = 0; day < SCALE_DAYS; day += batchDays) {
    const lastDay = Math.min(SCALE_DAYS, day + batchDays);
    const from = firstOfDay(day);
    const to = firstOfDay(lastDay); // exclusive
    if (to <= from) continue;
    await db.transaction(async (tx) => {
      await tx.query(
        `WITH offers AS (
           SELECT * FROM unnest($5::int[], $6::int[], $7::text[], $8::text[], $9::int[], $10::numeric[])
             AS o(business_id, idx, currency, network, precision, eur_price)),
         counts AS (SELECT business_id, count(*)::int AS n FROM offers GROUP BY business_id),
         k AS (
           SELECT g AS k, (g * 2654435761) % 4294967296 AS h, (g * 365) / $2::bigint AS day
             FROM generate_series($3::bigint, $4::bigint - 1) g),
         p AS (
           SELECT k.k, k.day, k.h, b.business_id, (k.h / 16) % 100 AS roll,
                  5 + ((k.h / 1600) % 150000) / 100.0 AS eur, (k.h / 7) % c.n AS pick
             FROM k JOIN LATERAL (SELECT ($11::int[])[1 + k.h % cardinality($11::int[])] AS business_id) b ON true
             JOIN counts c ON c.business_id = b.business_id)
         INSERT INTO payments (id, organisation_id, business_id, reference, price_currency, price_amount,
                               deposit_currency, deposit_network, expected_amount, status, expires_at,
                               created_at, updated_at)
         SELECT $1::bigint + p.k, ${AURORA}, p.business_id, 'SC-' || ($1::bigint + p.k), 'EUR', p.eur,
                o.currency, o.network,
                GREATEST(trunc(p.eur / o.eur_price, o.precision), power(10::numeric, -o.precision)),
                CASE WHEN p.roll < 70 THEN 'PAID' WHEN p.roll < 78 THEN 'OVERPAID'
                     WHEN p.roll < 86 THEN 'UNDERPAID' WHEN p.roll < 96 OR p.day < ${SCALE_DAYS - 2} THEN
                       CASE WHEN p.roll < 98 THEN 'EXPIRED' ELSE 'CANCELLED' END
                     ELSE 'PENDING' END,
                t.at + interval '1 day', t.at, t.at + interval '90 seconds'
           FROM p JOIN offers o ON o.business_id = p.business_id AND o.idx = p.pick
           CROSS JOIN LATERAL (
             SELECT $12::timestamptz + p.day * interval '1 day' + ((p.h / 97) % 86000) * interval '1 second' AS at) t`,
        [first, total, from, to, ...offerArrays, businesses, start.toISOString()],
      );
      const range = [first + from, first + to - 1];
      // The day's confirmed money per business and currency: one ledger entry each.
      const { rows: sums } = await tx.query<{
        business_id: number;
        currency: string;
        day: string;
        total: string;
        n: number;
      }>(
        `SELECT p.business_id, p.deposit_currency AS currency, ${PAYMENT_DAY} AS day,
                sum(${DEPOSIT_AMOUNT})::text AS total, count(*)::int AS n
           FROM payments p JOIN currency_networks cn ON cn.currency = p.deposit_currency AND cn.network = p.deposit_network
          WHERE p.id BETWEEN $1 AND $2 AND p.status IN ('PAID', 'OVERPAID', 'UNDERPAID')
          GROUP BY 1, 2, 3 ORDER BY 3, 1, 2`,
        range,
      );
      const entries: ScopedEntry[] = [];
      const keys: { slot: number; day: number }[] = [];
      for (const s of sums) {
        const amount = new Big(s.total);
        if (amount.lte(0)) continue;
        const fee = amount.times(FEE_RATE).round(8, Big.roundDown);
        keys.push({
          slot: slotOf.get(`${s.business_id}|${s.currency}`) as number,
          day: Math.round((Date.parse(`${s.day}T00:00:00Z`) - start.getTime()) / DAY),
        });
        entries.push({
          scope: systemScope(AURORA),
          kind: 'payment',
          reference: `scale:${first}:${s.business_id}:${s.currency}:${s.day}`,
          description: `${s.n} confirmed deposits of scaled payments`,
          at: new Date(`${s.day}T23:59:59Z`),
          postings: [
            { account: { kind: 'external', currency: s.currency }, amount: amount.times(-1).toFixed() },
            {
              account: { kind: 'business', businessId: s.business_id, currency: s.currency },
              amount: amount.minus(fee).toFixed(),
            },
            ...(fee.gt(0)
              ? [{ account: { kind: 'fee' as const, currency: s.currency }, amount: fee.toFixed() }]
              : []),
          ],
        });
      }
      const { entryIds } = await postEntries(tx, entries);
      // Each confirmed deposit names its day's entry: ids by (business × currency slot, day), read
      // by array subscript (no join over the ledger, whose statistics lag behind a bulk load).
      const days = lastDay - day;
      const idBySlotDay: (number | null)[] = new Array<number | null>(slots.length * days).fill(null);
      keys.forEach((k, i) => {
        idBySlotDay[k.slot * days + (k.day - day)] = entryIds[i];
      });
      const { rows: inserted } = await tx.query<{ n: number }>(
        `WITH d AS (
           INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
                                         amount, tx_hash, confirmations, ledger_entry_id, created_at, updated_at)
           SELECT p.id, p.organisation_id, p.business_id, s.status, p.deposit_currency, p.deposit_network,
                  CASE WHEN s.status = 'FAILED' THEN 0 ELSE ${DEPOSIT_AMOUNT} END,
                  md5(p.id::text || ':scale') || md5(p.id::text || ':deposit'),
                  CASE s.status WHEN 'CONFIRMED' THEN 6 + p.id % 60 WHEN 'PENDING' THEN p.id % 3 ELSE 0 END,
                  CASE WHEN s.status = 'CONFIRMED' THEN
                    ($6::bigint[])[(sl.n - 1) * $5::int
                      + ((p.created_at AT TIME ZONE 'UTC')::date - ($4::timestamptz AT TIME ZONE 'UTC')::date) + 1]
                  END,
                  p.created_at + interval '30 seconds', p.updated_at
             FROM payments p
             JOIN currency_networks cn ON cn.currency = p.deposit_currency AND cn.network = p.deposit_network
             JOIN unnest($3::text[]) WITH ORDINALITY AS sl(key, n) ON sl.key = p.business_id || '|' || p.deposit_currency
             CROSS JOIN LATERAL (SELECT ${DEPOSIT_STATUS} AS status) s
            WHERE p.id BETWEEN $1 AND $2 AND s.status IS NOT NULL
            ORDER BY p.id
           RETURNING 1)
         SELECT count(*)::int AS n FROM d`,
        [...range, slots, new Date(start.getTime() + day * DAY).toISOString(), days, idBySlotDay],
      );
      if (inserted[0].n > 0 && keys.length > 0) {
        const unlinked = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM payment_deposits
            WHERE payment_id BETWEEN $1 AND $2 AND status = 'CONFIRMED' AND ledger_entry_id IS NULL`,
          range,
        );
        if (unlinked.rows[0].n > 0)
          throw new Error(`${unlinked.rows[0].n} scaled deposits found no ledger entry`);
      }
      result.payments += to - from;
      result.deposits += inserted[0].n;
      result.entries += entries.length;
    });
    options.onProgress?.(result.payments, total);
  }
  await db.query("SELECT setval(pg_get_serial_sequence('payments', 'id'), (SELECT max(id) FROM payments))");
  // Statistics for the planner, and the visibility map that lets a page be an index-only scan (each
  // VACUUM in its own statement: it cannot run inside a transaction block).
  for (const table of [
    'payments',
    'payment_deposits',
    'ledger_entries',
    'ledger_postings',
    'search_entries',
  ]) {
    await db.exec(`VACUUM ANALYZE ${table}`);
  }
  return result;
}
