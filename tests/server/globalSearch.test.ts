/**
 * GET /v1/search (the app bar's search, docs/decisions.md 100–103): each kind found exactly when the
 * caller may read its list (the seven demo accounts, checked against the lists themselves), never
 * another organisation's records, the hidden business only for ADMIN, exact matches before prefixes
 * before pieces with a bounded number per kind, 400 for bad input, and (on a scaled table) every
 * statement served by an index. Run on PostgreSQL too: node scripts/test-server-pg.mjs
 * tests/server/globalSearch.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '../../src/domain/api';
import {
  SEARCH_KIND_PERMISSIONS as CLIENT_KIND_PERMISSIONS,
  SEARCH_KINDS,
  SEARCH_LIMIT_PER_KIND,
  type SearchKind,
  type SearchResult,
} from '../../src/domain/search';
import type { Db } from '../../server/db/client';
import { AURORA, BOREALIS, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { SEARCH_KIND_PERMISSIONS, search } from '../../server/modules/search/service';
import { makeApp, makeDb, twoFaCodeAt, type TestApp, testScope } from './helpers';

/** The list each kind's records are read from: a kind is found exactly when its list answers 200. */
const LIST_OF: Record<SearchKind, string> = {
  business: '/v1/businesses',
  payment: '/v1/payments',
  deposit: '/v1/payments',
  'unassociated-deposit': '/v1/payment/deposits/unassociated',
  withdrawal: '/v1/withdrawals/crypto',
  'fiat-deposit': '/v1/payment/deposits/fiat',
  'white-label-fiat-deposit': '/v1/payment/whitelabel-fiat-deposits',
  settlement: '/v1/payment/withdrawals/fiat',
  transfer: '/v1/payment/internal-transfers',
  conversion: '/v1/payment/balance/convert',
};

interface Plant {
  id: number;
  organisationId: number;
  businessId: number;
  counterpartyId: number;
  /** The start of every reference, hash and address, and of the business's name. */
  text: string;
  /** A business of its own (named `<text> Bistro`, with the id) instead of businessId's. */
  ownBusiness?: boolean;
}

/** One record of every kind with the same id, references, hashes and addresses starting with `text`. */
async function plant(db: Db, p: Plant): Promise<void> {
  const business = p.ownBusiness ? p.id : p.businessId;
  const at = '2026-02-01T00:00:00Z';
  if (p.ownBusiness) {
    await db.query(
      `INSERT INTO businesses (id, organisation_id, name, settlement_currency, supported_display_currencies,
         deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
       VALUES ($1, $2, $3, 'EUR', '{EUR}', '{"BTC": ["MAIN"]}', 'PROCESS', 'USER', $4, $4)`,
      [p.id, p.organisationId, `${p.text} Bistro`, at],
    );
  }
  const common = [p.id, p.organisationId, business, at];
  await db.query(
    `INSERT INTO payments (id, organisation_id, business_id, reference, price_currency, price_amount,
       deposit_currency, deposit_network, expected_amount, status, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $5, 'EUR', 12.5, 'BTC', 'MAIN', 0.0002, 'PAID', $4, $4, $4)`,
    [...common, `${p.text}-order`],
  );
  await db.query(
    `INSERT INTO payment_deposits (id, payment_id, organisation_id, business_id, status, currency, network,
       amount, tx_hash, confirmations, created_at, updated_at)
     VALUES ($1, $1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 0.0002, $5, 6, $4, $4)`,
    [...common, `${p.text}-deposit-hash`],
  );
  await db.query(
    `INSERT INTO unassociated_deposits (id, organisation_id, business_id, currency, network, amount, address,
       tx_hash, status, created_at, updated_at)
     VALUES ($1, $2, $3, 'BTC', 'MAIN', 0.1, $5, $6, 'PENDING', $4, $4)`,
    [...common, `${p.text}-unassociated-address`, `${p.text}-unassociated-hash`],
  );
  await db.query(
    `INSERT INTO crypto_withdrawals (id, organisation_id, business_id, currency, network, amount, address,
       tx_hash, status, created_at, updated_at)
     VALUES ($1, $2, $3, 'BTC', 'MAIN', 0.3, $5, $6, 'COMPLETED', $4, $4)`,
    [...common, `${p.text}-withdrawal-address`, `${p.text}-withdrawal-hash`],
  );
  await db.query(
    `INSERT INTO fiat_deposits (id, organisation_id, business_id, currency, amount, reference, status,
       created_at, updated_at)
     VALUES ($1, $2, $3, 'EUR', 100, $5, 'COMPLETED', $4, $4)`,
    [...common, `${p.text}-fiat`],
  );
  await db.query(
    `INSERT INTO whitelabel_fiat_deposits (id, organisation_id, business_id, currency, amount, reference,
       status, created_at, updated_at)
     VALUES ($1, $2, $3, 'EUR', 50, $5, 'RECEIVED', $4, $4)`,
    [...common, `${p.text}-label`],
  );
  await db.query(
    `INSERT INTO fiat_withdrawals (id, organisation_id, business_id, currency, amount, bank_account_label,
       reference, status, created_at, updated_at)
     VALUES ($1, $2, $3, 'EUR', 75, 'Main account', $5, 'COMPLETED', $4, $4)`,
    [...common, `${p.text}-settlement`],
  );
  await db.query(
    `INSERT INTO internal_transfers (id, organisation_id, business_id, counterparty_business_id, currency,
       amount, reference, status, created_at, updated_at)
     VALUES ($1, $2, $3, $5, 'EUR', 10, $6, 'COMPLETED', $4, $4)`,
    [...common, p.counterpartyId, `${p.text}-transfer`],
  );
  await db.query(
    `INSERT INTO balance_conversions (id, organisation_id, business_id, debit_currency, debit_amount,
       credit_currency, credit_amount, rate, status, created_at, updated_at)
     VALUES ($1, $2, $3, 'EUR', 100, 'BTC', 0.0016, 0.000016, 'EXECUTED', $4, $4)`,
    common,
  );
}

const OWN = { id: 880_001, text: 'quokka' };
const FOREIGN = { id: 880_002, text: 'wombat' };
const HIDDEN = { id: 880_003, text: 'numbat' };
/** A transfer of a visible business to the hidden one. */
const TO_HIDDEN = 880_004;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeApp();
  await plant(t.db, { ...OWN, organisationId: AURORA, businessId: 0, counterpartyId: 1, ownBusiness: true });
  await plant(t.db, { ...FOREIGN, organisationId: BOREALIS, businessId: 10, counterpartyId: 11 });
  await plant(t.db, { ...HIDDEN, organisationId: AURORA, businessId: HIDDEN_BUSINESS, counterpartyId: 1 });
  await t.db.query(
    `INSERT INTO internal_transfers (id, organisation_id, business_id, counterparty_business_id, currency,
       amount, reference, status, created_at, updated_at)
     VALUES ($1, $2, 1, $3, 'EUR', 10, 'numbat-to-hidden', 'COMPLETED', now(), now())`,
    [TO_HIDDEN, AURORA, HIDDEN_BUSINESS],
  );
  // References that start with, equal and contain one text (payments of Northwind Coffee).
  const references = [
    'ORDER-77',
    ...Array.from({ length: 8 }, (_, i) => `ORDER-77${i}`),
    'X-ORDER-77',
    'ORDER_77',
  ];
  for (const [i, reference] of references.entries()) {
    await t.db.query(
      `INSERT INTO payments (id, organisation_id, business_id, reference, price_currency, price_amount,
         deposit_currency, deposit_network, expected_amount, status, expires_at, created_at, updated_at)
       VALUES ($1, $2, 1, $3, 'EUR', 1, 'BTC', 'MAIN', 0.00001, 'PENDING', now(), now(), now())`,
      [870_000 + i, AURORA, reference],
    );
  }
  for (const account of DEMO_ACCOUNTS) {
    tokens[account.email] = await t.token(
      account.email,
      account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {},
    );
  }
}, 120_000);
afterAll(() => t.close());

async function find(q: string, token = tokens['admin@example.com']) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/search?${new URLSearchParams({ q })}`,
    headers: t.auth(token),
  });
  return {
    status: response.statusCode,
    body: response.json() as { results: SearchResult[]; message?: string },
  };
}

const kindsOf = (results: readonly SearchResult[]) => [...new Set(results.map((r) => r.kind))].sort();
const ALL_KINDS = [...SEARCH_KINDS].sort();

describe('GET /v1/search: what each account finds', () => {
  it('finds one record of every kind by its id, the business by its own', async () => {
    const { status, body } = await find(String(OWN.id));
    expect(status).toBe(200);
    expect(kindsOf(body.results)).toEqual(ALL_KINDS);
    for (const result of body.results) {
      expect(result, result.kind).toMatchObject({ id: OWN.id, businessId: OWN.id, rank: 0 });
      expect(result.businessName).toBe('quokka Bistro');
    }
    const deposit = body.results.find((r) => r.kind === 'deposit')!;
    expect(deposit).toMatchObject({
      paymentId: OWN.id,
      reference: 'quokka-deposit-hash',
      status: 'CONFIRMED',
    });
    expect(deposit.amount).toBe('0.0002');
    expect(deposit.currency).toBe('BTC');
    const payment = body.results.find((r) => r.kind === 'payment')!;
    expect(payment).toMatchObject({
      reference: 'quokka-order',
      amount: '12.5',
      currency: 'EUR',
      status: 'PAID',
    });
    expect(payment.createdAt).toBe('2026-02-01T00:00:00.000Z');
  });

  it('finds references, hashes, addresses and names by their start, case-insensitively', async () => {
    const { body } = await find('QUOKKA');
    // Every kind that has a text (a conversion has none: it is found by its id).
    expect(kindsOf(body.results)).toEqual(ALL_KINDS.filter((k) => k !== 'conversion'));
    expect(body.results.filter((r) => r.kind === 'withdrawal')).toHaveLength(1);
    const unassociated = body.results.filter((r) => r.kind === 'unassociated-deposit');
    expect(unassociated.map((r) => r.id)).toEqual([OWN.id]);
    expect((await find('quokka-withdrawal-address')).body.results).toEqual([
      expect.objectContaining({
        kind: 'withdrawal',
        id: OWN.id,
        reference: 'quokka-withdrawal-hash',
        rank: 0,
      }),
    ]);
    expect((await find('quokka bistro')).body.results).toEqual([
      expect.objectContaining({ kind: 'business', id: OWN.id, rank: 0 }),
    ]);
  });

  it('gives each of the seven demo accounts exactly the kinds whose lists it may read', async () => {
    expect(DEMO_ACCOUNTS).toHaveLength(7);
    const seen: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const token = tokens[account.email];
      const readable: SearchKind[] = [];
      for (const kind of SEARCH_KINDS) {
        const list = await t.app.inject({
          method: 'GET',
          url: `${LIST_OF[kind]}?limit=1`,
          headers: t.auth(token),
        });
        expect([200, 403], `${account.email} ${LIST_OF[kind]}`).toContain(list.statusCode);
        if (list.statusCode === 200) readable.push(kind);
      }
      const { status, body } = await find(String(OWN.id), token);
      if (readable.length === 0) {
        expect(status, account.email).toBe(403);
        expect(body.message).toEqual(expect.any(String));
      } else {
        expect(status, account.email).toBe(200);
        expect(kindsOf(body.results), account.email).toEqual([...readable].sort());
      }
      seen.push(`${account.role}:${readable.length}`);
    }
    // Not vacuous: some accounts read every kind, one reads none, one reads only some.
    expect(seen).toContain('ADMIN:10');
    expect(seen).toContain('No access:0');
    expect(seen.some((s) => !s.endsWith(':10') && !s.endsWith(':0'))).toBe(true);
  });
});

describe('the permission of each kind', () => {
  it("is the one the server reads from the lists' declarations, in the client's table too", () => {
    expect(CLIENT_KIND_PERMISSIONS).toEqual(SEARCH_KIND_PERMISSIONS);
  });
});

describe('GET /v1/search: isolation and the hidden business', () => {
  async function adminIn(organisationId: number): Promise<string> {
    const switched = await t.app.inject({
      method: 'POST',
      url: `/v1/auth/login/${organisationId}`,
      headers: t.auth(await t.token('admin@example.com')),
    });
    expect(switched.statusCode).toBe(200);
    return String(switched.headers[IDENTITY_HEADER.toLowerCase()]);
  }

  it("never finds another organisation's ids, hashes, addresses or references", async () => {
    for (const q of [
      String(FOREIGN.id),
      'wombat',
      'wombat-deposit-hash',
      'wombat-withdrawal-address',
      'OMBAT-ORD',
    ]) {
      const { status, body } = await find(q);
      expect(status).toBe(200);
      expect(body.results, q).toEqual([]);
    }
    // The owner finds them: the search is scoped, not empty.
    const borealis = await adminIn(BOREALIS);
    expect(kindsOf((await find(String(FOREIGN.id), borealis)).body.results)).toEqual(
      ALL_KINDS.filter((k) => k !== 'business'),
    );
    expect((await find('wombat-deposit-hash', borealis)).body.results).toEqual([
      expect.objectContaining({ kind: 'deposit', id: FOREIGN.id, businessId: 10 }),
    ]);
    // And never Aurora's.
    expect((await find(String(OWN.id), borealis)).body.results).toEqual([]);
  });

  it('shows the hidden business and every record of it (a transfer to it too) to ADMIN only', async () => {
    const admin = await find('numbat');
    expect(kindsOf(admin.body.results)).toEqual(
      ALL_KINDS.filter((k) => !['business', 'conversion'].includes(k)),
    );
    expect(
      admin.body.results
        .filter((r) => r.kind === 'transfer')
        .map((r) => r.id)
        .sort(),
    ).toEqual([HIDDEN.id, TO_HIDDEN]);
    expect((await find('aurora treasury')).body.results.map((r) => r.id)).toEqual([HIDDEN_BUSINESS]);
    expect((await find(String(HIDDEN.id))).body.results).toHaveLength(SEARCH_KINDS.length - 1);
    // A piece inside finds them too ("contains"): the transfer to the hidden business by its counterparty.
    expect((await find('mbat-to-hid')).body.results.map((r) => [r.kind, r.id])).toEqual([
      ['transfer', TO_HIDDEN],
    ]);
    expect(kindsOf((await find('umbat')).body.results)).toEqual(
      ALL_KINDS.filter((k) => !['business', 'conversion'].includes(k)),
    );
    for (const email of ['manager@example.com', 'backoffice@example.com', 'support@example.com']) {
      for (const q of [
        'numbat',
        'umbat',
        'mbat-to-hid',
        String(HIDDEN.id),
        String(TO_HIDDEN),
        'aurora treasury',
        String(HIDDEN_BUSINESS),
      ]) {
        const { status, body } = await find(q, tokens[email]);
        expect(status).toBe(200);
        expect(
          body.results.filter(
            (r) => r.businessId === HIDDEN_BUSINESS || r.id === TO_HIDDEN || r.id === HIDDEN.id,
          ),
          `${email} ${q}`,
        ).toEqual([]);
      }
    }
  });
});

describe('GET /v1/search: ranking and bounds', () => {
  it('lists the exact match first, then values that start with q, then values that contain it', async () => {
    const payments = (await find('order-77')).body.results.filter((r) => r.kind === 'payment');
    expect(payments.map((r) => [r.reference, r.rank])).toEqual([
      ['ORDER-77', 0],
      ['ORDER-770', 1],
      ['ORDER-771', 1],
      ['ORDER-772', 1],
      ['ORDER-773', 1],
    ]);
    // Fewer exact and prefix matches than the limit: the pieces follow.
    const narrow = (await find('order-777')).body.results.filter((r) => r.kind === 'payment');
    expect(narrow.map((r) => [r.reference, r.rank])).toEqual([['ORDER-777', 0]]);
    const inside = (await find('RDER-77')).body.results.filter((r) => r.kind === 'payment');
    expect(inside).toHaveLength(SEARCH_LIMIT_PER_KIND);
    expect(inside.every((r) => r.rank === 2)).toBe(true);
  });

  it('matches % and _ as themselves, and texts under 4 characters only exactly or by their start', async () => {
    expect(
      (await find('ORDER_77')).body.results.filter((r) => r.kind === 'payment').map((r) => r.reference),
    ).toEqual(['ORDER_77']);
    expect((await find('%')).body.results).toEqual([]);
    // Inside a value too: '_' is no wildcard, so 'ORDER-77' does not hold 'rder_77'.
    expect(
      (await find('rder_77')).body.results.filter((r) => r.kind === 'payment').map((r) => r.reference),
    ).toEqual(['ORDER_77']);
    // Two characters: no piece inside a value ('X-ORDER-77' holds 'OR' but does not start with it).
    const two = (await find('x-')).body.results.filter((r) => r.kind === 'payment');
    expect(two.map((r) => r.reference)).toEqual(['X-ORDER-77']);
    expect((await find('-o')).body.results.filter((r) => r.kind === 'payment')).toEqual([]);
    // Three characters neither: a piece is looked up by its pieces of 4 (migration 0050). From four on,
    // pieces inside values are found, wherever they start.
    expect((await find('der')).body.results.filter((r) => r.kind === 'payment')).toEqual([]);
    for (const piece of ['der-', 'DER-77', 'r-77']) {
      const inside = (await find(piece)).body.results.filter((r) => r.kind === 'payment');
      expect(inside).toHaveLength(SEARCH_LIMIT_PER_KIND);
      expect(
        inside.every((r) => r.rank === 2 && r.reference?.toLowerCase().includes(piece.toLowerCase())),
      ).toBe(true);
    }
  });

  it('answers 400 with a message for a missing, blank, too long or unknown input', async () => {
    const admin = t.auth(tokens['admin@example.com']);
    for (const url of [
      '/v1/search',
      '/v1/search?q=',
      '/v1/search?q=%20%20%20',
      `/v1/search?q=${'a'.repeat(201)}`,
      '/v1/search?q=a%00b',
      '/v1/search?q=abc&limit=5',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toEqual(expect.any(String));
    }
    expect((await find('a'.repeat(200))).status).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/search?q=abc' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v1/search on a scaled table (PostgreSQL-sensitive: plans, LIKE, lower())', () => {
  const ROWS = 20_000;
  let db: Db;
  beforeAll(async () => {
    db = await makeDb();
    await db.query(
      `INSERT INTO payments (organisation_id, business_id, reference, price_currency, price_amount,
         deposit_currency, deposit_network, expected_amount, status, expires_at, created_at, updated_at)
       SELECT $1::int, 1, 'SCALE-' || g, 'EUR', 10, 'BTC', 'MAIN', 0.001, 'PAID', now(), now(), now()
         FROM generate_series(1, $2::int) g
       UNION ALL
       -- A reference holding 'scale-' after its start: "contains" would find it.
       SELECT $1::int, 1, 'X-SCALE-0', 'EUR', 10, 'BTC', 'MAIN', 0.001, 'PAID', now(), now(), now()`,
      [AURORA, ROWS],
    );
    await db.query(
      `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
         amount, tx_hash, confirmations, created_at, updated_at)
       SELECT p.id, p.organisation_id, p.business_id, 'CONFIRMED', 'BTC', 'MAIN', 0.001,
              '0x' || md5(p.reference), 6, p.created_at, p.created_at
         FROM payments p WHERE p.reference LIKE 'SCALE-%'`,
    );
    for (const table of ['payments', 'payment_deposits', 'search_entries']) {
      await db.exec(`VACUUM ANALYZE ${table}`);
    }
  }, 180_000);
  afterAll(() => db.close());

  const scope = testScope();
  const permissions = ['GET_PAYMENT', 'GET_BUSINESSES'];

  async function planned(q: string) {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recorder: Db = {
      ...db,
      query: async <T>(sql: string, params?: unknown[]) => {
        statements.push({ sql, params: params ?? [] });
        return db.query<T>(sql, params);
      },
    };
    const results = await search(recorder, scope, permissions, q);
    const plans: string[] = [];
    for (const { sql, params } of statements) {
      const explained = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`,
        params,
      );
      plans.push(explained.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return { results, plans };
  }

  /**
   * The plan search_contains (migration 0051) runs "contains" with: its statement, read from the
   * function itself, planned as its settings ask (one generic plan, no parallel workers) for a piece
   * and the kinds to read. `piece` and `kinds` are this test's own texts, never input.
   */
  let prepared = 0;
  async function containsPlan(piece: string, kinds: readonly string[]) {
    const { rows } = await db.query<{ body: string }>(
      `SELECT prosrc AS body FROM pg_proc WHERE proname = 'search_contains'`,
    );
    // Its arguments, then the piece's own pieces it declares.
    const names = ['organisation', 'piece', 'wanted', 'hidden', 'per_kind', 'grams'];
    const statement = /RETURN QUERY([\s\S]*);\s*END/
      .exec(rows[0].body)![1]
      .replace(new RegExp(`\\b(${names.join('|')})\\b`, 'g'), (name) => `$${names.indexOf(name) + 1}`);
    const name = `contains_plan_${++prepared}`;
    return db.transaction(async (tx) => {
      await tx.exec(
        `SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL max_parallel_workers_per_gather = 0`,
      );
      await tx.exec(`PREPARE ${name} (integer, text, text[], integer[], integer, text[]) AS ${statement}`);
      const kindList = kinds.map((kind) => `'${kind}'`).join(', ');
      const explained = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE ${name}(${AURORA}, '${piece}', ARRAY[${kindList}]::text[], '{}', ${SEARCH_LIMIT_PER_KIND}, search_piece_grams('${piece}'))`,
      );
      await tx.exec(`DEALLOCATE ${name}`);
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('reads an exact hash, a prefix shared by 20,000 references and an id through indexes, never the table', async () => {
    const { rows } = await db.query<{ hash: string }>(`SELECT '0x' || md5('SCALE-12345') AS hash`);
    const hash = rows[0].hash.toUpperCase();
    const exact = await planned(hash);
    expect(exact.results.map((r) => [r.kind, r.reference, r.rank])).toEqual([['deposit', rows[0].hash, 0]]);
    const prefix = await planned('scale-');
    expect(prefix.results.filter((r) => r.kind === 'payment')).toHaveLength(SEARCH_LIMIT_PER_KIND);
    const inside = await planned(rows[0].hash.slice(10, 22));
    expect(inside.results.map((r) => [r.kind, r.rank])).toEqual([['deposit', 2]]);
    const byId = await planned('12345');
    expect(byId.results.some((r) => r.kind === 'payment' && r.id === 12345 && r.rank === 0)).toBe(true);
    // One statement: the entries' key range per kind, ids by key and, for a text of 4 to 40
    // characters, "contains" through search_contains. An exact match skips "contains" (its call is
    // never executed); otherwise it reads only the kinds left short: the prefix filled the payments, so
    // 'X-SCALE-0', which holds the text after its start, is not even read.
    for (const { plans } of [exact, prefix, inside, byId]) {
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/Index (Only )?Scan using search_entries_key on/);
      expect(plans[0]).not.toMatch(/Seq Scan on (payments|payment_deposits|search_entries)\b/);
    }
    // The call's rows ('never executed', or how many it returned).
    const containsCall = (plan: string) => {
      const run =
        /Function Scan on search_contains e \((?:actual rows=([0-9.]+) loops=1|(never executed))\)/.exec(
          plan,
        );
      return run?.[2] ?? Number(run?.[1]);
    };
    expect(containsCall(exact.plans[0])).toBe('never executed');
    expect(containsCall(prefix.plans[0])).toBe(0);
    expect(containsCall(inside.plans[0])).toBe(1);
    // Two emoji are four UTF-16 units but two characters: no piece of 4 to look up, so no "contains".
    expect((await planned('\u{1F600}\u{1F600}')).plans[0]).not.toMatch(/search_contains/);
    // search_contains's one plan reads each kind through its index of pieces.
    const generic = await containsPlan(rows[0].hash.slice(10, 22), ['payment', 'deposit']);
    expect(generic).toMatch(/Bitmap Index Scan on search_entries_grams_deposit/);
    expect(generic).toMatch(/Bitmap Index Scan on search_entries_grams_payment/);
    expect(generic).not.toMatch(/Seq Scan|Gather|Index Scan using search_entries_key/);
    expect(byId.plans.join('\n')).toMatch(/Index Scan using payments_pkey/);
  });

  it('has an index of pieces for every kind whose entries the triggers keep, read by search_contains (migrations 0050, 0051)', async () => {
    // The kinds as the triggers name them (their first argument), so a kind added later without its
    // index fails here instead of walking its entries.
    const { rows: kinds } = await db.query<{ kind: string }>(
      `SELECT DISTINCT split_part(encode(g.tgargs, 'escape'), '\\000', 1) AS kind
         FROM pg_trigger g JOIN pg_proc f ON f.oid = g.tgfoid
        WHERE f.proname = 'search_entries_upkeep' ORDER BY 1`,
    );
    expect(kinds.map((k) => k.kind)).toContain('deposit');
    const { rows: indexes } = await db.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'search_entries'`,
    );
    const { rows: contains } = await db.query<{ body: string }>(
      `SELECT prosrc AS body FROM pg_proc WHERE proname = 'search_contains'`,
    );
    for (const { kind } of kinds) {
      expect(indexes.map((i) => i.name)).toContain(`search_entries_grams_${kind.replaceAll('-', '_')}`);
      // …and search_contains reads it (migration 0051).
      expect(contains[0].body).toContain(`'${kind}' = ANY (wanted) AND e.kind = '${kind}'`);
    }
  });

  it('follows the records: a new status or reference, a deletion and a rolled-back change', async () => {
    const find = async (q: string) =>
      (await search(db, scope, permissions, q)).filter((r) => r.kind === 'payment');
    const [before] = await find('SCALE-777');
    expect(before).toMatchObject({ reference: 'SCALE-777', status: 'PAID', rank: 0 });
    await db.query(`UPDATE payments SET status = 'CANCELLED', reference = 'MOVED-777' WHERE id = $1`, [
      before.id,
    ]);
    expect(await find('SCALE-777')).toEqual([
      expect.objectContaining({ reference: 'SCALE-7770', rank: 1 }),
      ...Array(SEARCH_LIMIT_PER_KIND - 1).fill(expect.anything()),
    ]);
    expect(await find('moved-777')).toEqual([
      expect.objectContaining({ id: before.id, reference: 'MOVED-777', status: 'CANCELLED', rank: 0 }),
    ]);
    // An update of a column no entry holds leaves the entries as they are.
    await db.query(`UPDATE payments SET updated_at = now() WHERE id = $1`, [before.id]);
    expect(await find('moved-777')).toHaveLength(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE payments SET reference = 'GONE-777' WHERE id = $1`, [before.id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await find('moved-777')).toHaveLength(1);
    expect(await find('gone-777')).toEqual([]);
    await db.query(`DELETE FROM payments WHERE id = $1`, [before.id]);
    expect(await find('moved-777')).toEqual([]);
    const { rows } = await db.query(
      `SELECT 1 FROM search_entries WHERE record_id = $1 AND kind = 'payment'`,
      [before.id],
    );
    expect(rows).toEqual([]);
    // A TRUNCATE fires no row trigger: its own trigger empties the kind (and the deposits it cascades to).
    await db.exec('TRUNCATE payments CASCADE');
    const left = await db.query(`SELECT 1 FROM search_entries WHERE kind IN ('payment', 'deposit')`);
    expect(left.rows).toEqual([]);
  });
});
