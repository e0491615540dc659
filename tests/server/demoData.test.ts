/**
 * The demo data of seed version 2 (docs/architecture.md#demo-data): businesses with realistic settings and 60 days
 * of activity of every kind and status, its money posted through the ledger, so every balance is the
 * sum of its postings, every entry sums to zero, and no business balance is negative. Deterministic:
 * the same seed day gives the same rows.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { businessProblems } from '../../src/domain/business';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import type { Db } from '../../server/db/client';
import {
  AURORA,
  BOREALIS,
  BUSINESS_SETTINGS,
  BUSINESSES,
  COBALT,
  demoSeedDay,
  HIDDEN_BUSINESS,
  ORGANISATION_SETTINGS,
  resetDemoData,
} from '../../server/db/seed';
import {
  ACTIVITY_DAYS,
  ACTIVITY_STATUSES,
  ACTIVITY_TABLES,
  buildDemoActivity,
  TAB_TABLES,
} from '../../server/db/seed/activity';
import { seedScale } from '../../server/db/seed/scale';
import { makeDb } from './helpers';

const DAY = 86_400_000;
const AURORA_ACTIVE = [1, 2, 3, 4, 5, 6, 7, 8];

let db: Db;
let seedDay: Date;
beforeAll(async () => {
  db = await makeDb();
  seedDay = (await demoSeedDay(db)) as Date;
});
afterAll(() => db.close());

const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
const count = async (sql: string, params: unknown[] = []) =>
  Number((await rows<{ n: number | string }>(sql, params))[0].n);

describe('the ledger after the seed', () => {
  it('has every account balance equal to the sum of its postings', async () => {
    expect(await count('SELECT count(*) AS n FROM ledger_postings')).toBeGreaterThan(500);
    const off = await rows(
      `SELECT a.id, a.balance::text, COALESCE(sum(p.amount), 0)::text AS postings
         FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
        GROUP BY a.id HAVING a.balance <> COALESCE(sum(p.amount), 0)`,
    );
    expect(off).toEqual([]);
  });

  it('has every entry summing to zero in every currency, with two postings or more', async () => {
    const unbalanced = await rows(
      `SELECT entry_id, currency, sum(amount)::text FROM ledger_postings
        GROUP BY entry_id, currency HAVING sum(amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const thin = await rows(
      `SELECT e.id FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.id
        GROUP BY e.id HAVING count(p.id) < 2`,
    );
    expect(thin).toEqual([]);
  });

  it('never leaves a business balance below zero, after any posting', async () => {
    expect(
      await count("SELECT count(*) AS n FROM ledger_accounts WHERE kind = 'business' AND balance < 0"),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE a.kind = 'business' AND p.balance_after < 0`,
      ),
    ).toBe(0);
  });

  it('posts exactly the rows whose status moved money, each once', async () => {
    const moved: Record<string, string> = {
      payment_deposits: "status = 'CONFIRMED' AND amount > 0",
      crypto_withdrawals: "status IN ('PROCESSING', 'COMPLETED')",
      fiat_deposits: "status = 'COMPLETED'",
      whitelabel_fiat_deposits: "status = 'RECEIVED'",
      fiat_withdrawals: "status IN ('PROCESSING', 'COMPLETED')",
      internal_transfers: "status = 'COMPLETED'",
      unassociated_deposits: "status = 'CREDITED'",
      unallocated_deposits: "status = 'ALLOCATED'",
      manual_movements: "status = 'COMPLETED'",
      balance_conversions: "status = 'EXECUTED'",
    };
    let linked = 0;
    for (const [table, condition] of Object.entries(moved)) {
      // Table names and conditions are this test's own literals.
      const wrong = await count(
        `SELECT count(*) AS n FROM ${table} WHERE (${condition}) <> (ledger_entry_id IS NOT NULL)`,
      );
      expect(wrong, table).toBe(0);
      linked += await count(`SELECT count(*) AS n FROM ${table} WHERE ledger_entry_id IS NOT NULL`);
    }
    // A withdrawal awaiting approval holds its amount: its hold entry (docs/decisions.md 175, 179).
    linked += await count('SELECT count(*) AS n FROM crypto_withdrawals WHERE hold_entry_id IS NOT NULL');
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(linked);
  });

  it('credits a confirmed deposit to its business, less the fee, against the external account', async () => {
    const [d] = await rows<{ business_id: number; currency: string; amount: string; entry: number }>(
      `SELECT business_id, currency, amount::text, ledger_entry_id AS entry FROM payment_deposits
        WHERE status = 'CONFIRMED' AND business_id = 1 ORDER BY id LIMIT 1`,
    );
    const postings = await rows<{ kind: string; business_id: number | null; amount: string }>(
      `SELECT a.kind, a.business_id, p.amount::text FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = $1`,
      [d.entry],
    );
    const of = (kind: string) => new Big(postings.find((p) => p.kind === kind)?.amount ?? '0');
    expect(of('external').eq(new Big(d.amount).times(-1))).toBe(true);
    expect(of('business').plus(of('fee')).eq(d.amount)).toBe(true);
    expect(of('fee').gt(0)).toBe(true);
    expect(postings.find((p) => p.kind === 'business')?.business_id).toBe(1);
  });

  it('converts through the conversion account when a balance conversion is executed', async () => {
    const [c] = await rows<{ entry: number; debit_currency: string; credit_currency: string }>(
      "SELECT ledger_entry_id AS entry, debit_currency, credit_currency FROM balance_conversions WHERE status = 'EXECUTED' LIMIT 1",
    );
    const kinds = await rows<{ kind: string; currency: string }>(
      `SELECT a.kind, a.currency FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE p.entry_id = $1 ORDER BY a.kind, a.currency`,
      [c.entry],
    );
    expect(
      kinds
        .filter((k) => k.kind === 'conversion')
        .map((k) => k.currency)
        .sort(),
    ).toEqual([c.debit_currency, c.credit_currency].sort());
  });
});

describe('the activity', () => {
  it('gives every Aurora business 1–8 rows in each of the eight tabs', async () => {
    for (const table of TAB_TABLES) {
      const side =
        table === 'internal_transfers'
          ? 'business_id = $1 OR counterparty_business_id = $1'
          : 'business_id = $1';
      for (const id of AURORA_ACTIVE) {
        expect(
          await count(`SELECT count(*) AS n FROM ${table} WHERE ${side}`, [id]),
          `${table} ${id}`,
        ).toBeGreaterThan(0);
      }
    }
    // Enough payments for a second page of 25.
    expect(await count('SELECT count(*) AS n FROM payments WHERE business_id = 1')).toBeGreaterThan(25);
  });

  it('has every status of every table, and lists exactly the statuses the schema allows', async () => {
    for (const table of ACTIVITY_TABLES) {
      const found = await rows<{ status: string }>(`SELECT DISTINCT status FROM ${table} ORDER BY status`);
      expect(
        found.map((r) => r.status),
        table,
      ).toEqual([...ACTIVITY_STATUSES[table]].sort());
      const [check] = await rows<{ def: string }>(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
          WHERE conrelid = $1::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%status%'
          ORDER BY length(pg_get_constraintdef(oid)) DESC LIMIT 1`,
        [table],
      );
      const allowed = [...check.def.matchAll(/'([A-Z_]+)'::text/g)].map((m) => m[1]);
      expect(new Set(allowed), table).toEqual(new Set(ACTIVITY_STATUSES[table]));
    }
  });

  it('dates everything within the 60 days before the seed day', async () => {
    const first = new Date(seedDay.getTime() - ACTIVITY_DAYS * DAY);
    for (const table of ACTIVITY_TABLES) {
      const [r] = await rows<{ first: Date; last: Date }>(
        `SELECT min(created_at) AS first, max(updated_at) AS last FROM ${table}`,
      );
      expect(new Date(r.first).getTime(), table).toBeGreaterThanOrEqual(first.getTime());
      expect(new Date(r.last).getTime(), table).toBeLessThan(seedDay.getTime());
    }
    // Something on most days, so the daily charts have a line.
    const days = await count(
      "SELECT count(DISTINCT date_trunc('day', created_at)) AS n FROM payments WHERE organisation_id = 1",
    );
    expect(days).toBeGreaterThan(45);
  });

  it('pays payments as their status says', async () => {
    const paid = await rows<{ status: string; expected: string; confirmed: string }>(
      `SELECT p.status, p.expected_amount::text AS expected,
              COALESCE(sum(d.amount) FILTER (WHERE d.status = 'CONFIRMED'), 0)::text AS confirmed
         FROM payments p LEFT JOIN payment_deposits d ON d.payment_id = p.id
        GROUP BY p.id`,
    );
    for (const p of paid) {
      const confirmed = new Big(p.confirmed);
      if (p.status === 'PAID') expect(confirmed.eq(p.expected)).toBe(true);
      if (p.status === 'UNDERPAID') expect(confirmed.gt(0) && confirmed.lt(p.expected)).toBe(true);
      if (p.status === 'OVERPAID') expect(confirmed.gte(p.expected)).toBe(true);
      if (['PENDING', 'EXPIRED', 'CANCELLED'].includes(p.status)) expect(confirmed.eq(0)).toBe(true);
    }
    const networks = await count('SELECT count(DISTINCT (currency, network)) AS n FROM payment_deposits');
    expect(networks).toBeGreaterThanOrEqual(8);
  });

  it('keeps the hidden business to itself: some rows, no transfers or allocations touching it', async () => {
    expect(
      await count('SELECT count(*) AS n FROM payments WHERE business_id = $1', [HIDDEN_BUSINESS]),
    ).toBeGreaterThan(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM internal_transfers WHERE business_id = $1 OR counterparty_business_id = $1',
        [HIDDEN_BUSINESS],
      ),
    ).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM unallocated_deposits WHERE business_id = $1', [HIDDEN_BUSINESS]),
    ).toBe(0);
    const [hidden] = await rows<{ hidden_from_non_admins: boolean }>(
      'SELECT hidden_from_non_admins FROM businesses WHERE id = $1',
      [HIDDEN_BUSINESS],
    );
    expect(hidden.hidden_from_non_admins).toBe(true);
    expect(await count('SELECT count(*) AS n FROM businesses WHERE hidden_from_non_admins')).toBe(1);
  });

  it('gives Borealis and Cobalt smaller sets in GBP and USD', async () => {
    for (const [org, fiat] of [
      [BOREALIS, 'GBP'],
      [COBALT, 'USD'],
    ] as const) {
      for (const table of [
        'fiat_deposits',
        'fiat_withdrawals',
        'manual_movements',
        'whitelabel_fiat_deposits',
      ]) {
        const currencies = await rows<{ currency: string }>(
          `SELECT DISTINCT currency FROM ${table} WHERE organisation_id = $1`,
          [org],
        );
        expect(
          currencies.map((c) => c.currency),
          `${table} ${org}`,
        ).toEqual([fiat]);
      }
      expect(
        await count('SELECT count(*) AS n FROM payments WHERE organisation_id = $1 AND price_currency = $2', [
          org,
          fiat,
        ]),
      ).toBeGreaterThan(0);
      const [balance] = await rows<{ total: string }>(
        `SELECT COALESCE(sum(balance), 0)::text AS total FROM ledger_accounts
          WHERE organisation_id = $1 AND kind = 'business' AND currency = $2`,
        [org, fiat],
      );
      expect(new Big(balance.total).gt(0)).toBe(true);
      const theirs = await count('SELECT count(*) AS n FROM payments WHERE organisation_id = $1', [org]);
      const aurora = await count('SELECT count(*) AS n FROM payments WHERE organisation_id = $1', [AURORA]);
      expect(theirs).toBeGreaterThan(0);
      expect(theirs).toBeLessThan(aurora / 3);
    }
  });
});

describe('the settings', () => {
  it('gives every business settings the form would accept', async () => {
    const currencies = CURRENCY_SEED.map((c) => ({ ...c, supportedNetworks: [...c.supportedNetworks] }));
    for (const b of BUSINESSES) {
      const s = BUSINESS_SETTINGS[b.id];
      const o = ORGANISATION_SETTINGS.find((x) => x.organisationId === b.organisationId);
      if (!o) throw new Error(`no settings of organisation ${b.organisationId}`);
      const problems = businessProblems(
        {
          supportedDisplayCurrencies: [...s.displayCurrencies],
          supportedDepositCurrenciesWithNetworks: Object.fromEntries(
            Object.entries(s.depositCurrencies).map(([c, n]) => [c, [...n]]),
          ),
          overpaymentPolicy: s.overpaymentPolicy,
          refundFollowUpDepositsForOneTimePayments: s.refundFollowUpDeposits,
          stableCryptoCurrencyDepegThreshold: s.depegThreshold === null ? null : Number(s.depegThreshold),
          userServiceFeeDistributionPercentage: Number(s.feeDistribution),
        },
        {
          enabledCryptoCurrencies: [...o.enabledCryptoCurrencies],
          allowServiceFeeDistribution: o.allowServiceFeeDistribution,
          feeDistributionLimit: Number(o.feeDistributionLimit),
        },
        currencies,
      );
      expect(problems, b.name).toEqual({});
    }
    expect(await count('SELECT count(*) AS n FROM organisation_settings')).toBe(ORGANISATION_SETTINGS.length);
  });

  it('gives every network of every cryptocurrency a precision of at most 8', async () => {
    const found = await rows<{ currency: string; network: string; precision: number }>(
      'SELECT currency, network, precision FROM currency_networks ORDER BY currency, network',
    );
    const expected = CURRENCY_SEED.filter((c) => !c.isFiat)
      .flatMap((c) => c.supportedNetworks.map((n) => `${c.abbreviation} ${n}`))
      .sort();
    expect(found.map((r) => `${r.currency} ${r.network}`).sort()).toEqual(expected);
    expect(found.every((r) => r.precision >= 0 && r.precision <= 8)).toBe(true);
    expect(found.find((r) => r.currency === 'USDT' && r.network === 'TRX')?.precision).toBe(6);
  });
});

describe('determinism', () => {
  /** A digest of every row of the tables seed version 2 writes. */
  async function digest(of: Db): Promise<Record<string, string>> {
    const tables = [
      'organisation_settings',
      'currency_networks',
      'conversion_rates',
      'businesses',
      ...ACTIVITY_TABLES,
      'ledger_accounts',
      'ledger_entries',
      'ledger_postings',
    ];
    const out: Record<string, string> = {};
    for (const table of tables) {
      const { rows: r } = await of.query<{ digest: string; n: number }>(
        `SELECT md5(COALESCE(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest, count(*)::int AS n FROM ${table} t`,
      );
      out[table] = `${r[0].n} ${r[0].digest}`;
    }
    return out;
  }

  /**
   * A database seeded from nothing in this file. `db` is, most days, a copy of the run's seeded database
   * (tests/server/globalSetup.ts): seeded in another process, dumped and loaded, so comparing the two
   * also tests the copy.
   */
  let other: Db | undefined;
  async function otherAtSeedDay(): Promise<Db> {
    other ??= await makeDb({ fresh: true });
    // Seeded at the same day unless a midnight passed in between: then seed it at this one's day.
    if ((await demoSeedDay(other))?.getTime() !== seedDay.getTime())
      await resetDemoData(other, undefined, { now: seedDay });
    return other;
  }
  afterAll(() => other?.close());

  it('gives the same rows for the same seed day, in another database', async () => {
    expect(await digest(await otherAtSeedDay())).toEqual(await digest(db));
  });

  it("gives the run's seeded copy what a database seeded from nothing has", async () => {
    expect(inject('seededDatabase')).toBeDefined(); // the server project's global setup made one
    /** What a copy could lose: records, row counts, where each sequence stands, the extensions. */
    async function shape(of: Db) {
      const list = async (sql: string) => (await of.query(sql)).rows;
      const counts: Record<string, number> = {};
      for (const { name } of (await list(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      )) as { name: string }[]) {
        const { rows: r } = await of.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
        counts[name] = r[0].n;
      }
      return {
        migrations: await list('SELECT name FROM schema_migrations ORDER BY name'),
        seeds: await list('SELECT version, description FROM seed_versions ORDER BY version'),
        // A copy recovered from the WAL (no checkpoint before the dump) starts them up to 32 further on.
        sequences: await list(
          "SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
        ),
        extensions: await list('SELECT extname, extversion FROM pg_extension ORDER BY extname'),
        counts,
      };
    }
    const copy = await shape(db);
    expect(copy.counts.payments).toBeGreaterThan(0);
    expect(copy).toEqual(await shape(await otherAtSeedDay()));
    // pg_trgm's library comes with the database's code, not with the copy: its trigram indexes serve.
    const found = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off'); // the index, however small the table
      const plan = await tx.query("EXPLAIN SELECT id FROM businesses WHERE name ILIKE '%northwin%'");
      const { rows: r } = await tx.query<{ id: number }>(
        "SELECT id FROM businesses WHERE name ILIKE '%northwin%'",
      );
      return { plan: JSON.stringify(plan.rows), ids: r.map((b) => b.id) };
    });
    expect(found.plan).toContain('businesses_name_trgm');
    expect(found.ids).toEqual([1]);
  });

  it('gives another seed day the same activity, moved by the days between', () => {
    const a = buildDemoActivity(new Date('2026-03-02T00:00:00Z'));
    const b = buildDemoActivity(new Date('2026-03-19T00:00:00Z'));
    /** JSON with every time as milliseconds, moved by `by`. */
    const moved = (value: unknown, by: number) =>
      JSON.stringify(value, function (key, v: unknown) {
        const raw = (this as Record<string, unknown>)[key];
        return raw instanceof Date ? raw.getTime() + by : v;
      });
    const same = moved(b.rows, 0) === moved(a.rows, 17 * DAY);
    expect(same).toBe(true);
    const entries = (x: typeof a) => x.postings.map((p) => p.entry);
    expect(moved(entries(b), 0) === moved(entries(a), 17 * DAY)).toBe(true);
    expect(a.postings.length).toBeGreaterThan(300);
  });
});

describe('npm run seed -- --scale N', () => {
  it('adds N payments with deposits, their money in one ledger entry per business, currency and day', async () => {
    const scaled = await makeDb();
    try {
      const day = (await demoSeedDay(scaled)) as Date;
      const before = await scaled.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
      const result = await seedScale(scaled, { payments: 1500, seedDay: day, batchDays: 100 });
      expect(result.payments).toBe(1500);
      const q = async <T>(sql: string) => (await scaled.query<T>(sql)).rows;
      const [counts] = await q<{ payments: number; businesses: number; first: Date; last: Date }>(
        `SELECT count(*)::int AS payments, count(DISTINCT business_id)::int AS businesses,
                min(created_at) AS first, max(updated_at) AS last
           FROM payments WHERE id >= ${result.firstPaymentId}`,
      );
      expect(counts.payments).toBe(1500);
      expect(before.rows[0].n + 1500).toBe(
        (await q<{ n: number }>('SELECT count(*)::int AS n FROM payments'))[0].n,
      );
      expect(counts.businesses).toBe(8);
      expect(new Date(counts.first).getTime()).toBeGreaterThanOrEqual(day.getTime() - 365 * DAY);
      expect(new Date(counts.last).getTime()).toBeLessThan(day.getTime());
      // Every scaled entry carries exactly its deposits: the external account gives their sum, the
      // business and the fee account share it; every confirmed deposit names one.
      const off = await q(
        `SELECT e.reference FROM ledger_entries e
           JOIN LATERAL (SELECT sum(p.amount) FILTER (WHERE a.kind = 'external') AS outside,
                                sum(p.amount) FILTER (WHERE a.kind <> 'external') AS inside
                           FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                          WHERE p.entry_id = e.id) l ON true
           JOIN LATERAL (SELECT sum(d.amount) AS deposits FROM payment_deposits d WHERE d.ledger_entry_id = e.id) d ON true
          WHERE e.reference LIKE 'scale:%' AND (d.deposits IS NULL OR l.outside <> -d.deposits OR l.inside <> d.deposits)`,
      );
      expect(off).toEqual([]);
      expect(
        await q(
          `SELECT id FROM payment_deposits WHERE payment_id >= ${result.firstPaymentId}
              AND (status = 'CONFIRMED') <> (ledger_entry_id IS NOT NULL)`,
        ),
      ).toEqual([]);
      expect(
        await q(
          `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
            GROUP BY a.id HAVING a.balance <> COALESCE(sum(p.amount), 0)`,
        ),
      ).toEqual([]);
      const [entries] = await q<{ n: number }>(
        "SELECT count(*)::int AS n FROM ledger_entries WHERE reference LIKE 'scale:%'",
      );
      expect(entries.n).toBe(result.entries);
      expect(result.entries).toBeLessThanOrEqual(25 * 365);
    } finally {
      await scaled.close();
    }
  });
});
