/**
 * `GET <list>/export?format=csv` (docs/product.md#calls): the whole filtered set (across many keyset batches),
 * a header row, plain decimals, ISO 8601 UTC times, formulas neutralised, the list's filters and sort,
 * its permission, the caller's organisation and the hidden business's rows kept from non-admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { AURORA } from '../../server/db/seed';
import { COUNT_SLICE, EXPORT_BATCH } from '../../server/lib/list';
import type { Db } from '../../server/db/client';
import { SOURCES } from '../../server/modules/transactions/repository';
import { paymentList } from '../../server/modules/transactions/schemas';
import { makeApp, type TestApp, testScope } from './helpers';
import {
  BULK,
  FIXTURE,
  FOREIGN,
  FORMULA,
  HIDDEN,
  LIST_CASES,
  insertTransactionFixtures,
} from './transactionFixtures';

const BULK_ROWS = 4 * EXPORT_BATCH + 345; // 1,345: many batches, and the fixtures reach FIX-1234

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeApp();
  await insertTransactionFixtures(t.db, { bulkPayments: BULK_ROWS });
  for (const who of ['admin', 'manager', 'support', 'viewer']) {
    tokens[who] = await t.token(`${who}@example.com`);
  }
});
afterAll(() => t.close());

/** RFC 4180 records of a CSV text (quoted fields with doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  expect(record).toEqual([]);
  return records;
}

async function exportOf(path: string, query: string, who = 'admin') {
  const response = await t.app.inject({
    method: 'GET',
    url: `${path}/export?format=csv${query ? `&${query}` : ''}`,
    headers: t.auth(tokens[who]),
  });
  const ok = response.statusCode === 200;
  const records = ok ? parseCsv(response.body) : [];
  const [header = [], ...rows] = records;
  const at = (name: string) => header.indexOf(name);
  return {
    response,
    header,
    rows,
    column: (name: string) => rows.map((r) => r[at(name)]),
    ids: rows.map((r) => Number(r[0])),
  };
}

const payments = '/v1/payments';

describe('GET /v1/payments/export', () => {
  it('streams every row of the filtered set, newest first, across batches, with a header', async () => {
    const file = await exportOf(payments, `businessId=${BULK}`);
    expect(file.response.statusCode).toBe(200);
    expect(file.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.response.headers['content-disposition']).toBe(
      'attachment; filename="payments-2026-03-02.csv"',
    );
    expect(file.response.headers['cache-control']).toBe('no-store');
    expect(file.header).toEqual([
      'ID',
      'Business ID',
      'Status',
      'Created at (UTC)',
      'Updated at (UTC)',
      'Reference',
      'Price currency',
      'Price amount',
      'Deposit currency',
      'Deposit network',
      'Expected amount',
      'Expires at (UTC)',
      'Deposits',
      'Received amount (confirmed)',
      'Deposit tx hashes',
    ]);
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM payments WHERE business_id = $1 ORDER BY created_at DESC, id DESC',
      [BULK],
    );
    expect(rows).toHaveLength(BULK_ROWS);
    expect(file.ids).toEqual(rows.map((r) => Number(r.id)));
    for (const row of file.rows) expect(row).toHaveLength(file.header.length);
  });

  it('applies the filters and the sort of the list', async () => {
    const query = 'status=PAID&depositCurrency=USDT&from=2025-01-05T00:00:00Z&to=2025-02-01T00:00:00Z';
    const file = await exportOf(payments, `businessId=${BULK}&${query}&sortBy=priceAmount&order=asc`);
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM payments WHERE business_id = $1 AND status = 'PAID' AND deposit_currency = 'USDT'
          AND created_at >= '2025-01-05T00:00:00Z' AND created_at < '2025-02-01T00:00:00Z'
        ORDER BY price_amount, id`,
      [BULK],
    );
    expect(rows.length).toBeGreaterThan(25);
    expect(file.ids).toEqual(rows.map((r) => Number(r.id)));
    expect(new Set(file.column('Status'))).toEqual(new Set(['PAID']));
    // The same set as the list's pages.
    const list = await t.app.inject({
      method: 'GET',
      url: `${payments}?businessId=${BULK}&${query}&limit=100`,
      headers: t.auth(tokens.admin),
    });
    expect(list.json().total).toBe(file.rows.length);
    const q = await exportOf(payments, `q=FIX-1234`);
    expect(q.column('Reference')).toEqual(['FIX-1234']);
  });

  it("neutralises formulas, writes plain decimals and UTC times, and sums each payment's confirmed deposits", async () => {
    const file = await exportOf(payments, `businessId=${FIXTURE}&sortBy=priceAmount&order=asc`);
    expect(file.column('Reference')).toContain(`'${FORMULA}`);
    expect(file.column('Reference')).not.toContain(FORMULA);
    expect(file.column('Price amount')[0]).toBe('0.00000001');
    for (const amount of [...file.column('Price amount'), ...file.column('Expected amount')]) {
      expect(amount).toMatch(/^\d+(\.\d+)?$/);
    }
    for (const time of [...file.column('Created at (UTC)'), ...file.column('Expires at (UTC)')]) {
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const { rows } = await t.db.query<{
      id: number;
      n: number;
      received: string | null;
      hashes: string | null;
    }>(
      `SELECT p.id, count(d.id)::int AS n,
              trim_scale(sum(d.amount) FILTER (WHERE d.status = 'CONFIRMED'))::text AS received,
              string_agg(d.tx_hash, ' ' ORDER BY d.id) AS hashes
         FROM payments p LEFT JOIN payment_deposits d ON d.payment_id = p.id
        WHERE p.business_id = $1 GROUP BY p.id`,
      [FIXTURE],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    let received = 0;
    file.rows.forEach((_, i) => {
      const want = byId.get(file.ids[i])!;
      expect(file.column('Deposits')[i]).toBe(String(want.n));
      expect(file.column('Received amount (confirmed)')[i]).toBe(want.received ?? '0');
      expect(file.column('Deposit tx hashes')[i]).toBe(want.hashes ?? '');
      if (want.received) received++;
    });
    expect(received).toBeGreaterThan(0);
  });

  it('keeps signed amounts numbers, not neutralised text', async () => {
    const file = await exportOf('/v1/payment/manual-movements', `businessId=${FIXTURE}`);
    const negative = file.column('Amount').filter((a) => a.startsWith('-'));
    expect(negative.length).toBeGreaterThan(0);
    for (const amount of negative) expect(amount).toMatch(/^-\d+(\.\d+)?$/);
    expect(file.column('Created by')).toContain('manager@example.com');
  });

  it("never exports another organisation's rows, nor the hidden business's to a non-admin", async () => {
    const foreign = await exportOf(payments, `businessId=${FOREIGN}`);
    expect(foreign.response.statusCode).toBe(200);
    expect(foreign.header.length).toBeGreaterThan(0);
    expect(foreign.rows).toEqual([]);
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM payments WHERE organisation_id <> $1`, [
      AURORA,
    ]);
    const foreignIds = new Set(rows.map((r) => Number(r.id)));
    const all = await exportOf(payments, '', 'manager');
    expect(all.rows.length).toBeGreaterThan(BULK_ROWS);
    expect(all.ids.filter((id) => foreignIds.has(id))).toEqual([]);
    expect(all.column('Business ID').filter((b) => b === String(HIDDEN))).toEqual([]);
    expect((await exportOf(payments, `businessId=${HIDDEN}`, 'manager')).rows).toEqual([]);
    const admin = await exportOf(payments, `businessId=${HIDDEN}`);
    expect(admin.rows.length).toBeGreaterThan(0);
    const transfers = await exportOf('/v1/payment/internal-transfers', `businessId=${FIXTURE}`, 'manager');
    expect(transfers.rows.length).toBeGreaterThan(0);
    expect(transfers.column('To business ID')).not.toContain(String(HIDDEN));
    expect(transfers.column('From business ID')).not.toContain(String(HIDDEN));
  });

  it('needs the permission of its list, a session and a known format', async () => {
    const denied = await exportOf('/v1/payment/manual-movements', '', 'support');
    expect(denied.response.statusCode).toBe(403);
    expect(denied.response.json()).toEqual({ message: ERROR_TEXTS.forbidden });
    expect((await exportOf('/v1/payment/balance/convert', '', 'support')).response.statusCode).toBe(403);
    expect((await exportOf(payments, '', 'support')).response.statusCode).toBe(200);
    expect((await exportOf(payments, '', 'viewer')).response.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `${payments}/export?format=csv` });
    expect(anonymous.statusCode).toBe(401);
    for (const [url, field] of [
      [`${payments}/export`, 'format'],
      [`${payments}/export?format=xlsx`, 'format'],
      [`${payments}/export?format=csv&limit=10`, 'limit'],
      [`${payments}/export?format=csv&sortBy=nope`, 'sortBy'],
      [`${payments}/export?format=csv&from=yesterday`, 'from'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: t.auth(tokens.admin) });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().errors), url).toEqual([field]);
    }
  });
});

describe('keyset batches (server/lib/list.ts)', () => {
  it("count an export's rows up to its cap in slices, no statement walking more than a slice", async () => {
    const scope = testScope({ seesHiddenBusinesses: true });
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording: Db = {
      ...t.db,
      query: (sql, params) => {
        statements.push({ sql, params: params ?? [] });
        return t.db.query(sql, params);
      },
    };
    const query = { businessId: BULK };
    const [{ n: all }] = (
      await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE business_id = $1', [
        BULK,
      ])
    ).rows;
    expect(all).toBe(BULK_ROWS);
    const slice = 100;
    for (const cap of [0, 99, 100, 101, 250, all - 1, all, all + 1, 10 * all]) {
      statements.length = 0;
      const counted = await paymentList.countUpTo(recording, query, SOURCES.payments(scope), cap, slice);
      expect(counted, `cap ${cap}`).toBe(Math.min(all, cap + 1));
      for (const { sql, params } of statements) {
        const walked = /OFFSET (\d+)/.exec(sql)
          ? Number(/OFFSET (\d+)/.exec(sql)![1]) + 1
          : Number(params[params.length - 1]);
        expect(walked, sql).toBeLessThanOrEqual(slice);
      }
    }
    // The default slice is what the routes use.
    expect(await paymentList.countUpTo(t.db, query, SOURCES.payments(scope), all)).toBe(all);
    expect(COUNT_SLICE).toBeGreaterThan(slice);
  });

  it('walk the whole set in the list order, ties split across batches included', async () => {
    const scope = testScope({ seesHiddenBusinesses: true });
    for (const [sortBy, order, sql] of [
      ['created', 'desc', 'created_at DESC, id DESC'],
      ['status', 'asc', 'status, created_at, id'],
      ['priceAmount', 'desc', 'price_amount DESC, id DESC'],
    ] as const) {
      const seen: number[] = [];
      let batches = 0;
      const query = { businessId: FIXTURE, sortBy, order };
      for await (const batch of paymentList.batches<{ id: number }>(
        t.db,
        query,
        SOURCES.payments(scope),
        7,
      )) {
        expect(batch.length).toBeLessThanOrEqual(7);
        seen.push(...batch.map((r) => r.id));
        batches++;
      }
      const { rows } = await t.db.query<{ id: number }>(
        `SELECT id FROM payments WHERE business_id = $1 ORDER BY ${sql}`,
        [FIXTURE],
      );
      expect(seen, sortBy).toEqual(rows.map((r) => Number(r.id)));
      expect(batches).toBe(Math.ceil(rows.length / 7));
    }
  });
});

describe.each(LIST_CASES)('GET $path/export', (c) => {
  it('holds the same rows as the list, in its order, with a readable header', async () => {
    const query = c.wholeOrganisation ? '' : `businessId=${FIXTURE}`;
    const file = await exportOf(c.path, query);
    expect(file.response.statusCode).toBe(200);
    expect(file.response.headers['content-disposition']).toBe(
      `attachment; filename="${c.listKey}-2026-03-02.csv"`,
    );
    expect(file.header.slice(0, 5)).toEqual([
      'ID',
      'Business ID',
      'Status',
      'Created at (UTC)',
      'Updated at (UTC)',
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: `${c.path}?limit=100${query ? `&${query}` : ''}`,
      headers: t.auth(tokens.admin),
    });
    const body = list.json();
    expect(body.total).toBeLessThanOrEqual(100);
    expect(file.ids).toEqual(body[c.listKey].map((item: { id: number }) => item.id));
    for (const row of file.rows) expect(row).toHaveLength(file.header.length);
  });
});
