/**
 * The ten transaction lists (docs/product.md#calls): each filter and sort against the same question asked in
 * SQL, 25-row pages without gaps or repeats, payments with their deposits, the permissions of the tab
 * table, another organisation's rows and the hidden business never reaching whom they must not, the
 * capped total, and 400s with field errors for what a list does not know.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { AURORA, demoRolePermissions } from '../../server/db/seed';
import type { Db, QueryOptions } from '../../server/db/client';
import { TOTAL_CAP } from '../../server/lib/list';
import { SOURCES } from '../../server/modules/transactions/repository';
import { paymentList } from '../../server/modules/transactions/schemas';
import { TRANSACTION_LISTS } from '../../server/modules/transactions/service';
import { makeApp, twoFaCodeAt, type TestApp, testScope } from './helpers';
import {
  BULK,
  FIXTURE,
  FOREIGN,
  HIDDEN,
  LIST_CASES,
  SECOND,
  insertTransactionFixtures,
  type ListCase,
} from './transactionFixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeApp();
  await insertTransactionFixtures(t.db, { bulkPayments: TOTAL_CAP + 5 });
  for (const who of ['admin', 'manager', 'support', 'backoffice', 'viewer', 'integrator']) {
    tokens[who] = await t.token(`${who}@example.com`);
  }
  tokens.twofa = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
});
afterAll(() => t.close());

type Item = Record<string, unknown> & { id: number; businessId: number | null };
interface Page {
  status: number;
  body: Record<string, unknown> & { total: number; totalCapped?: boolean; errors?: Record<string, string> };
  items: Item[];
}

async function get(c: ListCase, query: string, who = 'admin'): Promise<Page> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${c.path}?${query.replace(/^&/, '')}`,
    headers: t.auth(tokens[who]),
  });
  const body = response.json();
  return { status: response.statusCode, body, items: (body[c.listKey] ?? []) as Item[] };
}

/** Ids the same question gives in SQL: Aurora's rows of the fixture business, `where`, sorted. */
async function expected(
  c: ListCase,
  {
    where = 'TRUE',
    sort = ['created_at'],
    order = 'DESC',
    limit = 25,
    offset = 0,
    params = [] as unknown[],
  } = {},
) {
  const orderBy = [...sort, 'id'].map((s) => `${s} ${order}`).join(', ');
  const business = c.wholeOrganisation ? 'TRUE' : c.business;
  const base = `FROM ${c.table} WHERE organisation_id = ${AURORA} AND ${business} AND (${where})`;
  const all = c.wholeOrganisation ? params : [FIXTURE, ...params];
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT id ${base} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
    all,
  );
  const count = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n ${base}`, all);
  return { ids: rows.map((r) => Number(r.id)), total: count.rows[0].n };
}

const ids = (page: Page) => page.items.map((i) => i.id);

describe.each(LIST_CASES)('GET $path', (c) => {
  // Unallocated deposits are the organisation's (a business only once allocated): listed whole.
  const biz = c.wholeOrganisation ? '' : `businessId=${FIXTURE}`;

  it('answers a first page of 25, newest first, exactly like sortBy=created&order=desc', async () => {
    const page = await get(c, biz);
    expect(page.status).toBe(200);
    const want = await expected(c);
    expect(want.total).toBeGreaterThan(25);
    expect(ids(page)).toEqual(want.ids);
    expect(page.body.total).toBe(want.total);
    expect(page.body.totalCapped).toBeUndefined();
    expect(ids(await get(c, `${biz}&sortBy=created&order=desc`))).toEqual(ids(page));
    // order alone turns the default sort round.
    expect(ids(await get(c, `${biz}&order=asc`))).toEqual((await expected(c, { order: 'ASC' })).ids);
    const item = page.items[0];
    for (const field of ['id', 'businessId', 'status', 'createdAt', 'updatedAt'])
      expect(item).toHaveProperty(field);
    expect(item.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const [key, value] of Object.entries(item)) {
      if (/amount$|^fee$|^rate$/i.test(key) && value !== null) expect(value, key).toMatch(/^-?\d+(\.\d+)?$/);
    }
  });

  it('pages through the whole list, 25 a page, without gaps or repeats', async () => {
    const want = await expected(c, { limit: 1000 });
    const seen: number[] = [];
    for (let offset = 0; offset < want.total; offset += 25) {
      const page = await get(c, `${biz}&offset=${offset}`);
      expect(page.body.total).toBe(want.total);
      expect(page.items.length).toBe(Math.min(25, want.total - offset));
      seen.push(...ids(page));
    }
    expect(seen).toEqual(want.ids);
    expect(new Set(seen).size).toBe(seen.length);
    const past = await get(c, `${biz}&offset=${want.total + 25}`);
    expect(past.items).toEqual([]);
    expect(past.body.total).toBe(want.total);
  });

  it('sorts by each of its sortBy fields in both directions', async () => {
    for (const [sortBy, sort] of Object.entries(c.sorts)) {
      for (const order of ['asc', 'desc']) {
        const page = await get(c, `${biz}&sortBy=${sortBy}&order=${order}&limit=100`);
        expect(page.status, `${sortBy} ${order}`).toBe(200);
        const want = await expected(c, { sort: [...sort], order: order.toUpperCase(), limit: 100 });
        expect(ids(page), `${sortBy} ${order}`).toEqual(want.ids);
      }
    }
  });

  it('filters by status, currency, from and to, and q, alone and together', async () => {
    const status = c.statuses[1];
    const currency = c.currency.value;
    const currencySql = `(${c.currency.columns.map((col) => `${col} = '${currency}'`).join(' OR ')})`;
    // Together: the status and currency of a row in the range, so that the combination matches.
    const range = `created_at >= '2026-02-01T02:00:00Z' AND created_at < '2026-02-01T19:00:00Z'`;
    const { rows } = await t.db.query<{ status: string; currency: string }>(
      `SELECT status, ${c.currency.columns[0]} AS currency FROM ${c.table}
        WHERE organisation_id = ${AURORA} AND ${range} AND (${c.wholeOrganisation ? 'TRUE' : c.business})
        ORDER BY id LIMIT 1`,
      c.wholeOrganisation ? [] : [FIXTURE],
    );
    const both = rows[0];
    const bothCurrencySql = `(${c.currency.columns.map((col) => `${col} = '${both.currency}'`).join(' OR ')})`;
    const cases: [string, string][] = [
      [`status=${status}`, `status = '${status}'`],
      [`${c.currency.param}=${currency}`, currencySql],
      ['from=2026-02-01T10:00:00Z', `created_at >= '2026-02-01T10:00:00Z'`],
      ['to=2026-02-01T10:00:00Z', `created_at < '2026-02-01T10:00:00Z'`],
      [`q=${encodeURIComponent(c.q.value)}`, c.q.sql],
      [
        `status=${both.status}&${c.currency.param}=${both.currency}&from=2026-02-01T02:00:00.000Z&to=2026-02-01T20:00:00%2B01:00`,
        `status = '${both.status}' AND ${bothCurrencySql} AND ${range}`,
      ],
    ];
    for (const [query, where] of cases) {
      const page = await get(c, `${biz}&${query}&limit=100`);
      expect(page.status, query).toBe(200);
      const want = await expected(c, { where, limit: 100 });
      expect(want.ids.length, `${query} matches some rows`).toBeGreaterThan(0);
      expect(want.total, `${query} leaves some rows out`).toBeLessThan((await expected(c)).total);
      expect(ids(page), query).toEqual(want.ids);
      expect(page.body.total, query).toBe(want.total);
    }
  });

  it('refuses what it does not know: 400 with the field in errors', async () => {
    for (const [query, field] of [
      ['sortBy=nope', 'sortBy'],
      ['offset=-1', 'offset'],
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['status=NOT_A_STATUS', 'status'],
      [`${c.currency.param}=bitcoin`, c.currency.param],
      ['from=yesterday', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['businessId=abc', 'businessId'],
      ['organisationId=2', 'organisationId'],
    ]) {
      const page = await get(c, query);
      expect(page.status, query).toBe(400);
      expect(page.body.message, query).toBe(ERROR_TEXTS.validation);
      expect(Object.keys(page.body.errors ?? {}), query).toEqual([field]);
    }
  });

  it("never lists another organisation's rows; a foreign businessId is an empty list", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM ${c.table} WHERE organisation_id <> ${AURORA}`,
    );
    const foreign = new Set(rows.map((r) => Number(r.id)));
    expect(foreign.size).toBeGreaterThan(0);
    const all = await get(c, 'limit=100');
    expect(all.items.length).toBeGreaterThan(0);
    expect(ids(all).filter((id) => foreign.has(id))).toEqual([]);
    const other = await get(c, `businessId=${FOREIGN}`);
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ [c.listKey]: [], total: 0 });
  });

  it('keeps the hidden business and its rows from every non-admin, and shows them to admin', async () => {
    const touchesHidden = (i: Item) => i.businessId === HIDDEN || i.toBusinessId === HIDDEN;
    const hiddenRows = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${c.table} WHERE ${c.business}`,
      [HIDDEN],
    );
    expect(hiddenRows.rows[0].n).toBeGreaterThan(0);
    for (const who of ['manager', 'backoffice']) {
      const page = await get(c, `businessId=${HIDDEN}`, who);
      expect(page.status, who).toBe(200);
      expect(page.body, who).toEqual({ [c.listKey]: [], total: 0 });
      // Not on any page of the organisation-wide list either.
      const all = await get(c, 'limit=100&sortBy=created&order=asc', who);
      expect(all.items.filter(touchesHidden), who).toEqual([]);
      const fixture = await get(c, `businessId=${FIXTURE}&limit=100`, who);
      expect(fixture.items.filter(touchesHidden), who).toEqual([]);
    }
    const admin = await get(c, `businessId=${HIDDEN}&limit=100`);
    expect(admin.body.total).toBe(hiddenRows.rows[0].n);
    expect(admin.items.every(touchesHidden)).toBe(true);
  });

  it('answers only callers whose role has its permission (the tab table of docs/product.md#screens-and-routes)', async () => {
    // The seven demo accounts (docs/architecture.md#demo-data).
    for (const [who, role] of [
      ['admin', 'ADMIN'],
      ['twofa', 'ADMIN'],
      ['manager', 'MANAGER'],
      ['backoffice', 'BACKOFFICE'],
      ['support', 'SUPPORT'],
    ] as const) {
      const allowed = BUILT_IN_ROLE_PERMISSIONS[role].includes(c.permission);
      const page = await get(c, biz, who);
      expect(page.status, `${who} ${c.permission}`).toBe(allowed ? 200 : 403);
      if (!allowed) expect(page.body).toEqual({ message: ERROR_TEXTS.forbidden });
    }
    expect((await get(c, biz, 'viewer')).status).toBe(403);
    // The Integrator custom role reads payments (seed version 4), nothing else.
    const integratorMay = demoRolePermissions('Integrator').includes(c.permission);
    expect((await get(c, biz, 'integrator')).status).toBe(integratorMay ? 200 : 403);
    const anonymous = await t.app.inject({ method: 'GET', url: `${c.path}?${biz}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the lists, one by one', () => {
  const cases = Object.fromEntries(LIST_CASES.map((c) => [c.table, c]));

  it('gives each payment its deposits, in id order, as the database holds them', async () => {
    const page = await get(cases.payments, `businessId=${FIXTURE}&limit=100`);
    const { rows } = await t.db.query<{ payment_id: number; id: number; amount: string; tx_hash: string }>(
      `SELECT payment_id, id, trim_scale(amount)::text AS amount, tx_hash FROM payment_deposits
        WHERE business_id = $1 ORDER BY payment_id, id`,
      [FIXTURE],
    );
    let withDeposits = 0;
    for (const payment of page.items) {
      const deposits = payment.deposits as { id: number; depositAmount: string; txHash: string }[];
      const want = rows.filter((r) => Number(r.payment_id) === payment.id);
      expect(deposits.map((d) => [d.id, d.depositAmount, d.txHash])).toEqual(
        want.map((r) => [Number(r.id), r.amount, r.tx_hash]),
      );
      if (deposits.length > 0) withDeposits++;
      expect(Object.keys(deposits[0] ?? {}).sort()).toEqual(
        deposits[0]
          ? [
              'confirmations',
              'createdAt',
              'depositAmount',
              'depositCurrency',
              'id',
              'network',
              'status',
              'txHash',
            ]
          : [],
      );
    }
    expect(withDeposits).toBeGreaterThan(10);
  });

  it("finds a payment by one of its deposits' tx hash", async () => {
    const { rows } = await t.db.query<{ payment_id: number; tx_hash: string }>(
      'SELECT payment_id, tx_hash FROM payment_deposits WHERE business_id = $1 ORDER BY id DESC LIMIT 1',
      [FIXTURE],
    );
    const page = await get(cases.payments, `q=${rows[0].tx_hash}`);
    expect(ids(page)).toEqual([Number(rows[0].payment_id)]);
  });

  it('lists an internal transfer under the sender and under the receiver', async () => {
    const fixture = await get(cases.internal_transfers, `businessId=${FIXTURE}&limit=100`);
    const second = await get(cases.internal_transfers, `businessId=${SECOND}&limit=100`);
    const between = (i: Item) =>
      [i.fromBusinessId, i.toBusinessId].sort().join() === [FIXTURE, SECOND].sort().join();
    expect(
      fixture.items
        .filter(between)
        .map((i) => i.id)
        .sort(),
    ).toEqual(second.items.map((i) => i.id).sort());
    expect(fixture.items.some((i) => i.fromBusinessId === FIXTURE)).toBe(true);
    expect(fixture.items.some((i) => i.toBusinessId === FIXTURE)).toBe(true);
    for (const item of fixture.items) expect(item.fromBusinessId).toBe(item.businessId);
  });

  it('lists unallocated deposits without a business, and filters them by one once allocated', async () => {
    const all = await get(cases.unallocated_deposits, 'status=UNALLOCATED&limit=100');
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((i) => i.businessId === null)).toBe(true);
    const allocated = await get(cases.unallocated_deposits, `businessId=${FIXTURE}`);
    expect(allocated.items.length).toBeGreaterThan(0);
    expect(allocated.items.every((i) => i.businessId === FIXTURE && i.status === 'ALLOCATED')).toBe(true);
  });

  it('names who booked a manual movement, and keeps its sign', async () => {
    const page = await get(cases.manual_movements, `businessId=${FIXTURE}&limit=100`);
    expect(page.items.some((i) => i.createdBy === 'manager@example.com')).toBe(true);
    expect(page.items.some((i) => i.createdBy === null)).toBe(true);
    expect(page.items.some((i) => String(i.amount).startsWith('-'))).toBe(true);
  });

  it('writes amounts as plain decimals: no exponent, no trailing zeros', async () => {
    const page = await get(cases.crypto_withdrawals, `businessId=${FIXTURE}&sortBy=amount&order=asc&limit=1`);
    expect(page.items[0].amount).toBe('0.00000001');
    const conversions = await get(cases.balance_conversions, `businessId=${FIXTURE}&limit=1`);
    expect(conversions.items[0].rate).toBe('3.000000000000000001');
  });

  it('caps the total above 10,000 rows and says so; a narrower filter is exact again', async () => {
    const capped = await get(cases.payments, `businessId=${BULK}`);
    expect(capped.body.total).toBe(TOTAL_CAP);
    expect(capped.body.totalCapped).toBe(true);
    expect(capped.items).toHaveLength(25);
    const far = await get(cases.payments, `businessId=${BULK}&offset=${TOTAL_CAP}`);
    expect(far.items).toHaveLength(5);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE business_id = $1 AND status = 'PAID'",
      [BULK],
    );
    const exact = await get(cases.payments, `businessId=${BULK}&status=PAID`);
    expect(exact.body.total).toBe(rows[0].n);
    expect(exact.body.totalCapped).toBeUndefined();
  });
});

describe('query plans', () => {
  /** The test database, recording each statement it is sent. */
  const recording = () => {
    const recorded: { sql: string; params: unknown[]; options?: QueryOptions }[] = [];
    const recorder: Db = {
      ...t.db,
      query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
        recorded.push({ sql, params: params ?? [], options });
        return t.db.query<T>(sql, params, options);
      },
    };
    return { recorded, recorder };
  };

  /** The plan a statement gets when planned once for any values (as `prepare: 'generic'` asks). */
  const genericPlan = (sql: string, params: unknown[]) =>
    t.db.transaction(async (tx) => {
      await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.exec(`PREPARE generic_probe AS ${sql}`);
      try {
        const values = params.map((p) =>
          p === null ? 'NULL' : typeof p === 'number' ? String(p) : `'${String(p)}'`,
        );
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN EXECUTE generic_probe(${values.join(', ')})`,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await tx.exec('DEALLOCATE generic_probe');
      }
    });

  it("plans a business's pages once for any business, and a filtered page for its values", async () => {
    // Planner statistics of the bulk rows, as the server's keeper gives them (docs/decisions.md 205).
    await t.db.exec('ANALYZE payments, payment_deposits');
    const { recorded, recorder } = recording();
    const source = SOURCES.payments(testScope());
    const page = { limit: 25, businessId: BULK };
    // The first page counts its total up to the cap (more than the cap: remembered a while).
    await paymentList.run(recorder, { ...page, offset: 0 }, source);
    expect(recorded.map((r) => r.options)).toEqual([{ prepare: 'custom' }]);
    recorded.length = 0;
    for (const offset of [0, 4975]) await paymentList.run(recorder, { ...page, offset }, source);
    expect(recorded).toHaveLength(2);
    for (const { sql, params, options } of recorded) {
      expect(options, sql).toEqual({ prepare: 'generic' });
      // The plan made without the values walks the business's index in the list's order.
      const plan = await genericPlan(sql, params);
      expect(plan, sql).toMatch(/Index (Only )?Scan Backward using payments_business_created/);
      expect(plan, sql).not.toMatch(/Seq Scan on payments|Bitmap Heap Scan on payments|Hash Join/);
    }
    // A status, a date, a search or another sort can make another index the better one.
    for (const narrower of [
      { status: 'PAID' as const },
      { from: '2025-02-01T00:00:00Z' },
      { q: 'SC-1' },
      { sortBy: 'priceAmount' as const },
    ]) {
      recorded.length = 0;
      await paymentList.run(recorder, { ...page, offset: 0, ...narrower }, source);
      for (const { sql, options } of recorded) expect(options, sql).toEqual({ prepare: 'custom' });
    }
  });

  it('answers every kind of list as one JSON text with the rows it reads as columns', async () => {
    const scope = testScope({ seesHiddenBusinesses: true });
    for (const kind of TRANSACTION_LISTS) {
      const { answerColumns, ...asColumns } = kind.source(scope);
      expect(answerColumns, kind.path).toBe(true);
      for (const query of [
        { limit: 25, offset: 0 },
        { limit: 10, offset: 5, sortBy: 'updated', order: 'asc' },
      ]) {
        const json = await kind.list.run(t.db, query, kind.source(scope));
        if (query.offset === 0) expect(json.rows.length, kind.path).toBeGreaterThan(0);
        // Equal values of equal types: no Date, bigint or NUMERIC a driver would give another way.
        expect(json, kind.path).toStrictEqual(await kind.list.run(t.db, query, asColumns));
      }
    }
  });

  it("reads a business page with status, currency and dates through the business's indexes", async () => {
    await t.db.query('ANALYZE payments');
    const { recorded, recorder } = recording();
    const scope = testScope();
    const query = {
      limit: 25,
      offset: 0,
      businessId: BULK,
      status: 'PAID' as const,
      depositCurrency: 'ETH',
      from: '2025-02-01T00:00:00Z',
      to: '2025-03-01T00:00:00Z',
    };
    await paymentList.run(recorder, query, SOURCES.payments(scope));
    await paymentList.run(
      recorder,
      { ...query, status: undefined, depositCurrency: undefined, offset: 4975 },
      SOURCES.payments(scope),
    );
    expect(recorded.length).toBeGreaterThan(0);
    for (const { sql, params } of recorded) {
      const { rows } = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, sql).toMatch(
        /(Index (Only )?Scan (Backward )?using|Bitmap Index Scan on) payments_business_(created|status|currency)/,
      );
      expect(plan, sql).not.toMatch(/Seq Scan on payments/);
    }
  });

  it('tests the business a list is filtered to once, not on every row it walks', async () => {
    const { recorded, recorder } = recording();
    // A manager's scope: the hidden business is not the caller's to see.
    const source = SOURCES.payments(testScope());
    await paymentList.run(recorder, { limit: 25, offset: 4975, businessId: BULK }, source);
    const [page] = recorded;
    const { rows } = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.sql}`, page.params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/One-Time Filter: .*<> ALL/);
    expect(plan).not.toMatch(/business_id <> ALL/);
    // The same list of the hidden business is empty for that scope.
    const hidden = await paymentList.run(t.db, { limit: 25, offset: 0, businessId: HIDDEN }, source);
    expect(hidden).toEqual({ rows: [], total: 0 });
  });
});
