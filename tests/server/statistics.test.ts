/**
 * /v1/statistics on the seeded demo data: histogram buckets against the same count in SQL, the
 * zero-filled days, totals against the transaction lists' rows of the same window, balances and their
 * conversion at the stated rates, the permissions of the seven demo accounts, the organisation's and
 * the hidden business's scoping, and 400s that name the field.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA, DEMO_ACCOUNTS, demoSeedDay, HIDDEN_BUSINESS } from '../../server/db/seed';
import { CONVERSION_RATES } from '../../server/db/seed/rates';
import { makeApp, makeClock, makeDb, twoFaCodeAt, type TestApp, demoMay } from './helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const BUSINESS = 1; // Northwind Coffee (Aurora)
const FOREIGN = 10; // Fjord Trading (Borealis)
/** Days before today the window starts (the demo's activity covers 60). */
const WINDOW = 58;

let t: TestApp;
let today: number;
/** 58 days before today, 06:00 UTC: the window starts inside its first day. */
let after: string;
const tokens = new Map<string, string>();

interface Bucket {
  date: string;
  count: number;
  volumes: Record<string, string>;
  settlementVolume: string;
}
interface Coin {
  currency: string;
  count: number;
  volume: string;
  settlementVolume: string;
  percent: string;
}
interface Totals {
  after: string;
  before: string;
  settlementCurrency: string;
  count: number;
  settlementVolume: string;
  coins: Coin[];
  settlementBalances: Record<string, string>;
  uniformBalances: Record<string, string>;
}

beforeAll(async () => {
  const db = await makeDb();
  // The app's today is the seed day: the demo's activity covers the 60 days before it.
  today = (await demoSeedDay(db))!.getTime();
  t = await makeApp({}, { db, clock: makeClock(today + 10 * HOUR) });
  after = new Date(today - WINDOW * DAY + 6 * HOUR).toISOString();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
  // A received deposit of the hidden business inside the window, whatever the demo holds.
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO payments (organisation_id, business_id, reference, price_currency, price_amount,
       deposit_currency, deposit_network, expected_amount, status, expires_at, created_at, updated_at)
     VALUES ($1, $2, 'STATS-HIDDEN', 'EUR', 100, 'BTC', 'MAIN', 0.002, 'PAID', $3, $4, $4) RETURNING id`,
    [AURORA, HIDDEN_BUSINESS, new Date(today - 2 * DAY), new Date(today - 3 * DAY)],
  );
  await db.query(
    `INSERT INTO payment_deposits (payment_id, organisation_id, business_id, status, currency, network,
       amount, tx_hash, confirmations, created_at, updated_at)
     VALUES ($1, $2, $3, 'CONFIRMED', 'BTC', 'MAIN', 0.002, 'stats-hidden-tx', 6, $4, $4)`,
    [rows[0].id, AURORA, HIDDEN_BUSINESS, new Date(today - 3 * DAY + HOUR)],
  );
});
afterAll(async () => {
  await t.close();
  await t.db.close();
});

const get = (url: string, email = MANAGER) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

const histogramUrl = (flow: string, query = '') =>
  `/v1/statistics/${flow}/histogram?after=${encodeURIComponent(after)}&groupByCriteria=DAY${query}`;
const totalsUrl = (flow: string, query = '') =>
  `/v1/statistics/${flow}?after=${encodeURIComponent(after)}${query}`;

const rate = (base: string, quote: string) =>
  base === quote
    ? new Big(1)
    : new Big(CONVERSION_RATES.find((r) => r.base === base && r.quote === quote)!.rate);

/** The settlement value of some volumes: exact products, summed, rounded half up to EUR's 2 decimals. */
const inEur = (volumes: Record<string, string>) =>
  Object.entries(volumes)
    .reduce((sum, [currency, amount]) => sum.plus(new Big(amount).times(rate(currency, 'EUR'))), new Big(0))
    .round(2, Big.roundHalfUp)
    .toFixed();

/** Decimal strings compared as numbers ('1.50' equals '1.5'). */
const decimals = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, new Big(v).toFixed()]));

describe('histograms', () => {
  it("matches a hand-computed count and volume for one business's busiest day", async () => {
    const response = await get(histogramUrl('deposits', `&businessId=${BUSINESS}`));
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      groupByCriteria: string;
      settlementCurrency: string;
      buckets: Bucket[];
    };
    expect(body.groupByCriteria).toBe('DAY');
    expect(body.settlementCurrency).toBe('EUR');

    const { rows: busiest } = await t.db.query<{ day: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM payment_deposits
        WHERE business_id = $1 AND status = 'CONFIRMED' AND created_at >= $2
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [BUSINESS, after],
    );
    const day = busiest[0].day;
    const { rows } = await t.db.query<{ currency: string; n: number; volume: string }>(
      `SELECT currency, count(*)::int AS n, sum(amount)::text AS volume FROM payment_deposits
        WHERE business_id = $1 AND status = 'CONFIRMED'
          AND created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
          AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
        GROUP BY currency`,
      [BUSINESS, day],
    );
    const expected = Object.fromEntries(rows.map((r) => [r.currency, r.volume]));
    const bucket = body.buckets.find((b) => b.date === day)!;
    expect(bucket.count).toBe(rows.reduce((sum, r) => sum + r.n, 0));
    expect(bucket.count).toBeGreaterThan(1);
    expect(decimals(bucket.volumes)).toEqual(decimals(expected));
    expect(bucket.settlementVolume).toBe(inEur(expected));
  });

  it("has one bucket per UTC day from after's day to today, days without activity as zeros", async () => {
    for (const flow of ['deposits', 'withdrawals']) {
      const { buckets } = (await get(histogramUrl(flow))).json() as { buckets: Bucket[] };
      expect(buckets).toHaveLength(WINDOW + 1);
      expect(buckets.map((b) => b.date)).toEqual(
        Array.from({ length: WINDOW + 1 }, (_, i) =>
          new Date(today - (WINDOW - i) * DAY).toISOString().slice(0, 10),
        ),
      );
      // Today (the seed day) has no demo activity yet.
      expect(buckets.at(-1)).toEqual({
        date: new Date(today).toISOString().slice(0, 10),
        count: 0,
        volumes: {},
        settlementVolume: '0',
      });
      expect(buckets.filter((b) => b.count > 0).length, flow).toBeGreaterThan(5);
      for (const b of buckets) expect(b.settlementVolume, `${flow} ${b.date}`).toBe(inEur(b.volumes));
    }
  });

  it('counts rows from the instant after, not from the start of its day', async () => {
    // The middle deposit of the organisation's busiest day: the window starts halfway through it.
    const { rows } = await t.db.query<{ day: Date; middle: Date; before: number; since: number }>(
      `WITH seen AS (
         SELECT created_at, date_trunc('day', created_at AT TIME ZONE 'UTC') AS day FROM payment_deposits
          WHERE organisation_id = $1 AND business_id <> $2 AND status = 'CONFIRMED' AND created_at >= $3),
       busiest AS (SELECT day FROM seen GROUP BY day ORDER BY count(*) DESC, day LIMIT 1),
       ranked AS (
         SELECT created_at, row_number() OVER (ORDER BY created_at) AS n, count(*) OVER () AS total
           FROM seen WHERE day = (SELECT day FROM busiest))
       SELECT (SELECT created_at FROM ranked WHERE n = total / 2 + 1) AS middle,
              (SELECT count(*)::int FROM ranked WHERE created_at < (SELECT created_at FROM ranked WHERE n = total / 2 + 1)) AS before,
              (SELECT count(*)::int FROM ranked WHERE created_at >= (SELECT created_at FROM ranked WHERE n = total / 2 + 1)) AS since`,
      [AURORA, HIDDEN_BUSINESS, after],
    );
    const { middle, before, since } = rows[0];
    expect(before).toBeGreaterThan(0);
    const from = new Date(middle).toISOString();
    const response = await get(
      `/v1/statistics/deposits/histogram?after=${encodeURIComponent(from)}&groupByCriteria=DAY`,
    );
    const { buckets } = response.json() as { buckets: Bucket[] };
    expect(buckets[0].date).toBe(from.slice(0, 10));
    expect(buckets[0].count).toBe(since);
  });
});

/** Every row of a transaction list for the query, page by page. */
async function listAll<T>(path: string, key: string, query: string, email = MANAGER): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const response = await get(`${path}?${query}&limit=100&offset=${offset}`, email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    rows.push(...(body[key] as T[]));
    if ((body[key] as T[]).length < 100) return rows;
  }
}

/** count and volume per currency of some rows. */
function perCurrency(rows: readonly { currency: string; amount: string }[]) {
  const map = new Map<string, { count: number; volume: Big }>();
  for (const r of rows) {
    const sum = map.get(r.currency) ?? { count: 0, volume: new Big(0) };
    map.set(r.currency, { count: sum.count + 1, volume: sum.volume.plus(r.amount) });
  }
  return Object.fromEntries([...map].map(([c, s]) => [c, { count: s.count, volume: s.volume.toFixed() }]));
}

const coinsOf = (totals: Totals) =>
  Object.fromEntries(
    totals.coins.map((c) => [c.currency, { count: c.count, volume: new Big(c.volume).toFixed() }]),
  );

describe('totals', () => {
  it("equal the payments list's CONFIRMED deposits of the same window", async () => {
    // Deposits follow their payment within hours: the payments of the day before cover the window.
    const from = new Date(Date.parse(after) - DAY).toISOString();
    const payments = await listAll<{
      deposits: { status: string; depositCurrency: string; depositAmount: string; createdAt: string }[];
    }>('/v1/payments', 'payments', `businessId=${BUSINESS}&from=${encodeURIComponent(from)}`);
    const received = payments
      .flatMap((p) => p.deposits)
      .filter((d) => d.status === 'CONFIRMED' && d.createdAt >= after)
      .map((d) => ({ currency: d.depositCurrency, amount: d.depositAmount }));
    expect(received.length).toBeGreaterThan(5);

    const totals = (await get(totalsUrl('deposits', `&businessId=${BUSINESS}`))).json() as Totals;
    expect(totals.after).toBe(after);
    expect(totals.settlementCurrency).toBe('EUR');
    expect(totals.count).toBe(received.length);
    expect(coinsOf(totals)).toEqual(perCurrency(received));
    // The histogram of the same window sums to the same figures.
    const { buckets } = (await get(histogramUrl('deposits', `&businessId=${BUSINESS}`))).json() as {
      buckets: Bucket[];
    };
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(totals.count);
  });

  it("equal the crypto withdrawals list's COMPLETED rows of the same window", async () => {
    const completed = await listAll<{ cryptoCurrency: string; amount: string }>(
      '/v1/withdrawals/crypto',
      'withdrawals',
      `businessId=${BUSINESS}&status=COMPLETED&from=${encodeURIComponent(after)}`,
    );
    expect(completed.length).toBeGreaterThan(0);
    const totals = (await get(totalsUrl('withdrawals', `&businessId=${BUSINESS}`))).json() as Totals;
    expect(totals.count).toBe(completed.length);
    expect(coinsOf(totals)).toEqual(
      perCurrency(completed.map((w) => ({ currency: w.cryptoCurrency, amount: w.amount }))),
    );
  });

  it('sorts coins by settlement volume with their share in percent', async () => {
    const totals = (await get(totalsUrl('deposits'))).json() as Totals;
    expect(totals.coins.length).toBeGreaterThan(2);
    const values = totals.coins.map((c) => new Big(c.settlementVolume));
    for (let i = 1; i < values.length; i++) expect(values[i - 1].gte(values[i])).toBe(true);
    const total = totals.coins.reduce(
      (sum, c) => sum.plus(new Big(c.volume).times(rate(c.currency, 'EUR'))),
      new Big(0),
    );
    expect(totals.settlementVolume).toBe(total.round(2, Big.roundHalfUp).toFixed());
    for (const c of totals.coins) {
      expect(c.settlementVolume).toBe(inEur({ [c.currency]: c.volume }));
      const share = new Big(c.volume).times(rate(c.currency, 'EUR')).times(100).div(total);
      expect(c.percent, c.currency).toBe(share.round(4, Big.roundHalfUp).toFixed());
    }
    const percents = totals.coins.reduce((sum, c) => sum.plus(c.percent), new Big(0));
    expect(percents.minus(100).abs().lte('0.001')).toBe(true);
  });

  it('carries the ledger balances and each converted into the settlement currency', async () => {
    for (const [query, balancesUrl] of [
      ['', '/v1/balances/organisation'],
      [`&businessId=${BUSINESS}`, `/v1/balances/${BUSINESS}`],
    ]) {
      const totals = (await get(totalsUrl('deposits', query))).json() as Totals;
      const { balances } = (await get(balancesUrl)).json() as {
        balances: Record<string, { amount: string }>;
      };
      const expected = Object.fromEntries(Object.entries(balances).map(([c, b]) => [c, b.amount]));
      expect(totals.settlementBalances).toEqual(expected);
      // In the order of the currency names, like the balances.
      expect(Object.keys(totals.settlementBalances)).toEqual(Object.keys(expected));
      expect(Object.keys(expected).length).toBeGreaterThan(2);
      expect(totals.uniformBalances).toEqual(
        Object.fromEntries(Object.entries(expected).map(([c, amount]) => [c, inEur({ [c]: amount })])),
      );
    }
  });

  it('answers zeros for a window without activity', async () => {
    const quiet = new Date(today + HOUR).toISOString();
    const response = await get(`/v1/statistics/deposits?after=${encodeURIComponent(quiet)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 0, settlementVolume: '0', coins: [] });
  });
});

describe('a window with an end (before): the period before the one shown', () => {
  /** N whole UTC days ending `end` days before today (0: today included). */
  const window = (days: number, end: number) => ({
    after: new Date(today - (days + end - 1) * DAY).toISOString(),
    before: new Date(today - (end - 1) * DAY).toISOString(),
  });
  const url = (flow: string, w: { after: string; before: string }, histogram = false) =>
    `/v1/statistics/${flow}${histogram ? '/histogram' : ''}?after=${encodeURIComponent(w.after)}` +
    `&before=${encodeURIComponent(w.before)}${histogram ? '&groupByCriteria=DAY' : ''}`;

  it('counts only the rows created in [after, before), and a window and the one before it add up', async () => {
    const current = window(30, 0);
    const previous = { after: window(30, 30).after, before: current.after };
    const both = { after: previous.after, before: current.before };
    for (const flow of ['deposits', 'withdrawals']) {
      const [a, b, ab] = await Promise.all(
        [current, previous, both].map(async (w) => (await get(url(flow, w))).json() as Totals),
      );
      expect(b.before).toBe(current.after);
      expect(a.count + b.count).toBe(ab.count);
      expect(b.count).toBeGreaterThan(0);
      expect(
        new Big(a.settlementVolume).plus(b.settlementVolume).minus(ab.settlementVolume).abs().lte('0.01'),
      ).toBe(true);
    }
  });

  it('ends the histogram with the day before before', async () => {
    const previous = window(7, 7);
    const response = await get(url('deposits', previous, true));
    expect(response.statusCode).toBe(200);
    const buckets = response.json().buckets as Bucket[];
    expect(buckets).toHaveLength(7);
    expect(buckets[0].date).toBe(previous.after.slice(0, 10));
    expect(buckets[6].date).toBe(new Date(Date.parse(previous.before) - DAY).toISOString().slice(0, 10));
    const totals = (await get(url('deposits', previous))).json() as Totals;
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(totals.count);
  });

  it('counts from the instant before, not to the end of its day', async () => {
    const day = today - 5 * DAY;
    const whole = (
      await get(
        url('deposits', { after: new Date(day).toISOString(), before: new Date(day + DAY).toISOString() }),
      )
    ).json() as Totals;
    const morning = (
      await get(
        url('deposits', {
          after: new Date(day).toISOString(),
          before: new Date(day + 12 * HOUR).toISOString(),
        }),
      )
    ).json() as Totals;
    const afternoon = (
      await get(
        url('deposits', {
          after: new Date(day + 12 * HOUR).toISOString(),
          before: new Date(day + DAY).toISOString(),
        }),
      )
    ).json() as Totals;
    expect(morning.count + afternoon.count).toBe(whole.count);
  });

  it('ends a window that reaches past today with today, as without before', async () => {
    const later = (
      await get(url('deposits', { after, before: new Date(today + 3 * DAY).toISOString() }))
    ).json() as Totals;
    const open = (await get(totalsUrl('deposits'))).json() as Totals;
    expect(later.before).toBe(new Date(today + DAY).toISOString());
    expect(open.before).toBe(later.before);
    expect(later.count).toBe(open.count);
  });

  it('refuses a before that is no date-time or not later than after', async () => {
    for (const before of ['tomorrow', after, new Date(Date.parse(after) - HOUR).toISOString()]) {
      const response = await get(`${totalsUrl('deposits')}&before=${encodeURIComponent(before)}`);
      expect(response.statusCode, before).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain('before');
    }
  });
});

describe('permissions × the seven demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s', async (email) => {
    const histogram = demoMay(email, 'GET_STATISTICS') ? 200 : 403;
    const totals = demoMay(email, 'GET_STATISTICS') && demoMay(email, 'GET_BALANCES') ? 200 : 403;
    for (const flow of ['deposits', 'withdrawals']) {
      expect((await get(histogramUrl(flow), email)).statusCode, `${flow} histogram`).toBe(histogram);
      expect((await get(totalsUrl(flow), email)).statusCode, `${flow} totals`).toBe(totals);
    }
  });

  it('refuses SUPPORT, "No access" and the integrator, and answers 401 without a session', async () => {
    for (const email of ['support@example.com', 'viewer@example.com', 'integrator@example.com']) {
      expect((await get(histogramUrl('deposits'), email)).statusCode, email).toBe(403);
      expect((await get(totalsUrl('deposits'), email)).statusCode, email).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: histogramUrl('deposits') })).statusCode).toBe(401);
  });
});

describe('scoping', () => {
  it("answers 404 for another organisation's business, even to ADMIN", async () => {
    for (const email of [MANAGER, ADMIN]) {
      for (const url of [
        histogramUrl('deposits', `&businessId=${FOREIGN}`),
        totalsUrl('withdrawals', `&businessId=${FOREIGN}`),
        totalsUrl('deposits', '&businessId=99999'),
      ]) {
        const response = await get(url, email);
        expect(response.statusCode, `${email} ${url}`).toBe(404);
        expect(response.json().message).toBeTruthy();
      }
    }
  });

  it('answers 404 for the hidden business except to ADMIN, and leaves it out of the totals', async () => {
    const hidden = `&businessId=${HIDDEN_BUSINESS}`;
    expect((await get(histogramUrl('deposits', hidden))).statusCode).toBe(404);
    expect((await get(totalsUrl('deposits', hidden))).statusCode).toBe(404);
    const own = await get(totalsUrl('deposits', hidden), ADMIN);
    expect(own.statusCode).toBe(200);
    const hiddenTotals = own.json() as Totals;
    expect(hiddenTotals.count).toBeGreaterThan(0);

    const manager = (await get(totalsUrl('deposits'))).json() as Totals;
    const admin = (await get(totalsUrl('deposits'), ADMIN)).json() as Totals;
    expect(admin.count - manager.count).toBe(hiddenTotals.count);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_deposits
        WHERE organisation_id = $1 AND business_id <> $2 AND status = 'CONFIRMED' AND created_at >= $3`,
      [AURORA, HIDDEN_BUSINESS, after],
    );
    expect(manager.count).toBe(rows[0].n);
    const managerHistogram = (await get(histogramUrl('deposits'))).json() as { buckets: Bucket[] };
    expect(managerHistogram.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(manager.count);
    // The hidden business's balances are ADMIN's only.
    const hiddenBalances = Object.keys(hiddenTotals.settlementBalances);
    expect(hiddenBalances.length).toBeGreaterThan(0);
    expect(admin.settlementBalances).not.toEqual(manager.settlementBalances);
  });
});

describe('bad input', () => {
  const badRequest = async (url: string, field: string) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(400);
    expect(Object.keys(response.json().errors ?? {}), url).toContain(field);
  };
  const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
  const now = () => t.clock.now();

  it('refuses a missing, malformed, future or too old after', async () => {
    await badRequest('/v1/statistics/deposits/histogram?groupByCriteria=DAY', 'after');
    await badRequest('/v1/statistics/deposits', 'after');
    await badRequest('/v1/statistics/deposits?after=2026-01-01', 'after');
    await badRequest('/v1/statistics/deposits?after=yesterday', 'after');
    await badRequest('/v1/statistics/deposits?after=2026-06-30T23:59:60Z', 'after');
    await badRequest(`/v1/statistics/withdrawals?after=${at(now() + 60_000)}`, 'after');
    await badRequest(
      `/v1/statistics/deposits/histogram?groupByCriteria=DAY&after=${at(now() - 367 * DAY)}`,
      'after',
    );
  });

  it('accepts 366 days back: one bucket per day', async () => {
    const response = await get(
      `/v1/statistics/withdrawals/histogram?groupByCriteria=DAY&after=${at(now() - 366 * DAY)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().buckets).toHaveLength(367);
  });

  it('refuses a grouping other than DAY, a bad businessId and unknown parameters', async () => {
    await badRequest(`/v1/statistics/deposits/histogram?after=${at(now() - DAY)}`, 'groupByCriteria');
    await badRequest(
      `/v1/statistics/deposits/histogram?after=${at(now() - DAY)}&groupByCriteria=WEEK`,
      'groupByCriteria',
    );
    await badRequest(`/v1/statistics/deposits?after=${at(now() - DAY)}&businessId=abc`, 'businessId');
    await badRequest(`/v1/statistics/deposits?after=${at(now() - DAY)}&businessId=0`, 'businessId');
    await badRequest(`/v1/statistics/deposits?after=${at(now() - DAY)}&currency=BTC`, 'currency');
  });
});
