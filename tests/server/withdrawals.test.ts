/**
 * Crypto withdrawals with holds and four-eyes approval (docs/decisions.md 175–179): creating one holds
 * its amount (business → held) and awaits another user's decision; the creator may not decide (403);
 * of two deciders at once one wins, the other is 409; an approval sends the hold out (held →
 * external), a rejection returns it; under the organisation's threshold it is approved at once. The
 * idempotency, 2FA, permission, isolation and audit rules of every money movement; the simulator's
 * broadcast and confirmation; and withdrawals racing internal transfers over one balance never take it
 * below zero. Runs on PGlite and on PostgreSQL (node scripts/test-server-pg.mjs).
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { noHoldingText } from '../../src/domain/transfers';
import { WITHDRAWAL_MESSAGES } from '../../src/domain/withdrawals';
import { AURORA, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { fundsOf } from '../../server/ledger';
import { withdrawalSteps } from '../../server/modules/withdrawals/simulator';
import { simulatorSteps } from '../../server/simulator/steps';
import { demoMay, makeApp, nextTwoFaCode, testScope, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const TWOFA = 'twofa@example.com';
const URL = '/v1/withdrawals/crypto';
/** Aurora's first whitelisted BTC address (seed version 4) and its XRP one. */
let btcAddress: number;
let xrpAddress: number;
let ethAddress: number;

beforeAll(async () => {
  t = await makeApp({ rateLimitPerMinute: 1_000_000 });
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
  const idOf = async (currency: string) =>
    Number(
      (
        await t.db.query<{ id: number }>(
          'SELECT id FROM whitelisted_addresses WHERE organisation_id = $1 AND currency = $2 ORDER BY id LIMIT 1',
          [AURORA, currency],
        )
      ).rows[0].id,
    );
  btcAddress = await idOf('BTC');
  xrpAddress = await idOf('XRP');
  ethAddress = await idOf('ETH');
});
afterAll(() => t.close());

type Options = { email?: string; key?: string; code?: string };
const headers = (options: Options) => ({
  ...t.auth(tokens.get(options.email ?? ADMIN)!),
  'idempotency-key': options.key ?? randomUUID(),
  ...(options.code ? { 'x-2fa-code': options.code } : {}),
});

const create = (body: Record<string, unknown>, options: Options = {}) =>
  t.app.inject({ method: 'POST', url: URL, headers: headers(options), payload: body });

const decide = (id: number, decision: 'approve' | 'reject', options: Options & { reason?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${URL}/${id}/${decision}`,
    headers: headers(options),
    payload: options.reason === undefined ? {} : { reason: options.reason },
  });

const get = (url: string, email = ADMIN) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

const scope = testScope({ seesHiddenBusinesses: true });
async function funds(businessId: number, currency: string) {
  const found = (await fundsOf(t.db, scope, businessId)).find((f) => f.currency === currency);
  return { available: found?.available ?? '0', held: found?.held ?? '0' };
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0].n);

/** Everything a withdrawal writes. */
const footprint = async () => ({
  keys: await count('idempotency_keys'),
  withdrawals: await count('crypto_withdrawals'),
  entries: await count('ledger_entries'),
  audits: await count("audit_log WHERE entity_type = 'crypto-withdrawal'"),
});

const btc = (amount: string, change: Record<string, unknown> = {}) => ({
  businessId: 1,
  currency: 'BTC',
  network: 'MAIN',
  amount,
  whitelistedAddressId: btcAddress,
  ...change,
});

async function pending(amount = '0.0001', email = MANAGER): Promise<number> {
  const response = await create(btc(amount), { email });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().withdrawal.status).toBe('PENDING_APPROVAL');
  return response.json().withdrawal.id as number;
}

describe('creating a withdrawal', () => {
  it('holds the amount and awaits approval, audited', async () => {
    const before = await funds(1, 'BTC');
    const response = await create(btc('0.001'), { email: MANAGER });
    expect(response.statusCode, response.body).toBe(201);
    const { withdrawal } = response.json();
    expect(withdrawal).toMatchObject({
      businessId: 1,
      currency: 'BTC',
      network: 'MAIN',
      amount: '0.001',
      status: 'PENDING_APPROVAL',
      whitelistedAddressId: btcAddress,
      destinationTag: null,
      createdBy: { id: 2, email: MANAGER },
      decidedBy: null,
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    const after = await funds(1, 'BTC');
    expect(after.available).toBe(new Big(before.available).minus('0.001').toFixed());
    expect(after.held).toBe(new Big(before.held).plus('0.001').toFixed());
    const { rows } = await t.db.query<{ status: string; hold: string | null }>(
      'SELECT status, hold_entry_id::text AS hold FROM crypto_withdrawals WHERE id = $1',
      [withdrawal.id],
    );
    expect(rows[0]).toEqual({ status: 'AWAITING_APPROVAL', hold: expect.any(String) });
    const audits = await t.db.query<{ action: string; organisation_id: number; changes: unknown }>(
      "SELECT action, organisation_id, changes FROM audit_log WHERE entity_type = 'crypto-withdrawal' AND entity_id = $1",
      [String(withdrawal.id)],
    );
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]).toMatchObject({ action: 'create', organisation_id: AURORA });
    expect(JSON.stringify(audits.rows[0].changes)).toContain('0.001');
    // Listed among the crypto withdrawals with its stored status.
    const listed = await get(`${URL}/${withdrawal.id}`);
    expect(listed.json()).toMatchObject({ status: 'AWAITING_APPROVAL', amount: '0.001' });
  });

  it('is allowed by CREATE_WITHDRAWAL only, over the seven demo accounts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const code = account.totpSecret ? nextTwoFaCode(t) : undefined;
      const response = await create(btc('0.00001'), { email: account.email, code });
      const expected = demoMay(account.email, 'CREATE_WITHDRAWAL') ? 201 : 403;
      expect(response.statusCode, `${account.email}: ${response.body}`).toBe(expected);
      for (const url of ['/v1/withdrawals/approvals', '/v1/withdrawals/destinations']) {
        const read = await get(url, account.email);
        expect(read.statusCode, `${account.email} ${url}`).toBe(expected === 201 ? 200 : 403);
      }
    }
  });

  it("answers 404 for another organisation's business or, except to ADMIN, the hidden one; nothing saved", async () => {
    const before = await footprint();
    for (const businessId of [10, 12]) {
      const response = await create(btc('0.0001', { businessId }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.notFound });
    }
    const hidden = await create(btc('0.0001', { businessId: HIDDEN_BUSINESS }), { email: MANAGER });
    expect(hidden.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it('says the business holds none of a currency it never held, on the currency field (400)', async () => {
    // Business 1 has never held ETH; the organisation has an ETH address.
    const { rows } = await t.db.query<{ network: string }>(
      'SELECT network FROM whitelisted_addresses WHERE id = $1',
      [ethAddress],
    );
    const before = await footprint();
    const response = await create(
      btc('0.01', { currency: 'ETH', network: rows[0].network, whitelistedAddressId: ethAddress }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: noHoldingText('ETH'),
      errors: { currency: noHoldingText('ETH') },
    });
    expect(await footprint()).toEqual(before);
  });

  it('refuses bad amounts, addresses and tags on their fields (400), nothing saved', async () => {
    const { rows: foreign } = await t.db.query<{ id: number }>(
      'SELECT id FROM whitelisted_addresses WHERE organisation_id <> $1 ORDER BY id LIMIT 1',
      [AURORA],
    );
    const before = await footprint();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '1e3' }, 'amount', WITHDRAWAL_MESSAGES.amountNotNumber],
      [{ amount: '0,5' }, 'amount', WITHDRAWAL_MESSAGES.amountNotNumber],
      [{ amount: '0.000000001' }, 'amount', WITHDRAWAL_MESSAGES.amountDecimals],
      [{ amount: '0' }, 'amount', WITHDRAWAL_MESSAGES.amountPositive],
      [{ amount: '' }, 'amount', WITHDRAWAL_MESSAGES.amountRequired],
      [{ network: 'TRX' }, 'currency', WITHDRAWAL_MESSAGES.unknownCurrency],
      [{ whitelistedAddressId: ethAddress }, 'whitelistedAddressId', WITHDRAWAL_MESSAGES.addressOtherNetwork],
      [{ whitelistedAddressId: foreign[0].id }, 'whitelistedAddressId', WITHDRAWAL_MESSAGES.addressRequired],
      [{ destinationTag: '7' }, 'destinationTag', WITHDRAWAL_MESSAGES.destinationTagNotUsed],
      [
        { currency: 'XRP', whitelistedAddressId: xrpAddress, destinationTag: '12x' },
        'destinationTag',
        WITHDRAWAL_MESSAGES.destinationTagNumeric,
      ],
      [
        { currency: 'XRP', whitelistedAddressId: xrpAddress, destinationTag: '999' },
        'destinationTag',
        WITHDRAWAL_MESSAGES.destinationTagMismatch,
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(btc('0.0001', change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    expect(await footprint()).toEqual(before);
  });

  it("offers the organisation's whitelisted addresses as destinations, and only them", async () => {
    const response = await get('/v1/withdrawals/destinations', MANAGER);
    const { destinations } = response.json();
    const ids = destinations.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([btcAddress, xrpAddress, ethAddress]));
    expect(await count('whitelisted_addresses WHERE organisation_id = $1', [AURORA])).toBe(ids.length);
    expect(destinations.find((d: { id: number }) => d.id === xrpAddress).destinationTag).toMatch(/^\d+$/);
  });

  it('carries the whitelisted address and its destination tag', async () => {
    const { rows } = await t.db.query<{ address: string; destination_tag: string }>(
      'SELECT address, destination_tag FROM whitelisted_addresses WHERE id = $1',
      [xrpAddress],
    );
    const body = {
      businessId: 1,
      currency: 'XRP',
      network: 'MAIN',
      amount: '0.5',
      whitelistedAddressId: xrpAddress,
    };
    const xrp = await funds(1, 'XRP');
    const response = await create(
      new Big(xrp.available).gte('0.5') ? { ...body, destinationTag: rows[0].destination_tag } : body,
    );
    if (new Big(xrp.available).lt('0.5')) {
      // The demo data gives business 1 no XRP account: it holds none (or, with one, too little).
      const holdsXrp = (await fundsOf(t.db, scope, 1)).some((f) => f.currency === 'XRP');
      expect(response.json().errors).toEqual(
        holdsXrp ? { amount: WITHDRAWAL_MESSAGES.insufficientBalance } : { currency: noHoldingText('XRP') },
      );
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().withdrawal).toMatchObject({
      address: rows[0].address,
      destinationTag: rows[0].destination_tag,
    });
  });

  it("refuses more than the available balance: 'Insufficient balance' on the amount, nothing saved", async () => {
    const { available } = await funds(2, 'BTC');
    const before = await footprint();
    const response = await create(btc(new Big(available).plus('0.00000001').toFixed(), { businessId: 2 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: WITHDRAWAL_MESSAGES.insufficientBalance,
      errors: { amount: WITHDRAWAL_MESSAGES.insufficientBalance },
    });
    expect((await funds(2, 'BTC')).available).toBe(available);
    expect(await footprint()).toEqual(before);
  });

  it('answers a retry, also a concurrent one, with the same withdrawal; another body under the key is 422', async () => {
    const key = randomUUID();
    const body = btc('0.0002');
    const before = await funds(1, 'BTC');
    const [first, second] = await Promise.all([create(body, { key }), create(body, { key })]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const print = await footprint();
    const again = await create(body, { key });
    expect(again.json()).toEqual(first.json());
    expect(await footprint()).toEqual(print);
    expect((await funds(1, 'BTC')).available).toBe(new Big(before.available).minus('0.0002').toFixed());
    const other = await create(btc('0.0003'), { key });
    expect(other.statusCode).toBe(422);
  });

  it('needs the 2FA code when 2FA is on; a wrong or reused one is 401 with nothing saved', async () => {
    const before = await footprint();
    const missing = await create(btc('0.0001'), { email: TWOFA });
    expect(missing.statusCode).toBe(401);
    const code = nextTwoFaCode(t);
    const wrong = await create(btc('0.0001'), {
      email: TWOFA,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect(await footprint()).toEqual(before);
    const right = await create(btc('0.0001'), { email: TWOFA, code });
    expect(right.statusCode, right.body).toBe(201);
    const reused = await create(btc('0.0001'), { email: TWOFA, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
  });

  it('needs an Idempotency-Key (400 without one)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.auth(tokens.get(ADMIN)!),
      payload: btc('0.0001'),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('deciding a withdrawal', () => {
  it('refuses its creator (403 with the four-eyes message), leaving it pending', async () => {
    const id = await pending('0.0001', MANAGER);
    for (const decision of ['approve', 'reject'] as const) {
      const response = await decide(id, decision, { email: MANAGER });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: WITHDRAWAL_MESSAGES.ownWithdrawal });
    }
    const list = await get('/v1/withdrawals/approvals?limit=100', MANAGER);
    const row = list.json().withdrawals.find((w: { id: number }) => w.id === id);
    expect(row).toMatchObject({ status: 'AWAITING_APPROVAL', ownWithdrawal: true });
    const seenByAdmin = await get('/v1/withdrawals/approvals?limit=100');
    expect(seenByAdmin.json().withdrawals.find((w: { id: number }) => w.id === id).ownWithdrawal).toBe(false);
  });

  it('is refused by the database too when a decision would name its creator (the four-eyes check)', async () => {
    const id = await pending('0.0001', MANAGER);
    const write = t.db.query(
      `UPDATE crypto_withdrawals SET status = 'PENDING', decided_by = created_by, decided_at = now()
        WHERE id = $1`,
      [id],
    );
    await expect(write).rejects.toMatchObject({ code: '23514' });
    const { rows } = await t.db.query<{ decided_by: number | null }>(
      'SELECT decided_by FROM crypto_withdrawals WHERE id = $1',
      [id],
    );
    expect(rows[0].decided_by).toBeNull();
  });

  it('approves once: held → external, audited; of two deciders at once one wins and the other is 409', async () => {
    const before = await funds(1, 'BTC');
    const id = await pending('0.0004', MANAGER);
    const [a, b] = await Promise.all([
      decide(id, 'approve', { email: ADMIN }),
      decide(id, 'approve', { email: TWOFA, code: nextTwoFaCode(t) }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body} ${b.body}`).toEqual([200, 409]);
    const won = a.statusCode === 200 ? a : b;
    const lost = a.statusCode === 200 ? b : a;
    expect(won.json().withdrawal).toMatchObject({
      status: 'APPROVED',
      decidedBy: { email: expect.any(String) },
    });
    expect(lost.json()).toEqual({ message: WITHDRAWAL_MESSAGES.alreadyApproved });
    const after = await funds(1, 'BTC');
    expect(after.available).toBe(new Big(before.available).minus('0.0004').toFixed());
    expect(after.held).toBe(before.held);
    expect(
      await count("ledger_entries WHERE reference = $1 AND kind = 'withdrawal'", [`crypto-withdrawal:${id}`]),
    ).toBe(1);
    expect(
      await count(
        "audit_log WHERE entity_type = 'crypto-withdrawal' AND entity_id = $1 AND action = 'approve'",
        [String(id)],
      ),
    ).toBe(1);
    const reject = await decide(id, 'reject', { email: ADMIN });
    expect(reject.statusCode).toBe(409);
    expect(reject.json()).toEqual({ message: WITHDRAWAL_MESSAGES.alreadyApproved });
  });

  it('rejects with a reason: the hold returns to the available balance; then 409 already rejected', async () => {
    const before = await funds(1, 'BTC');
    const id = await pending('0.0003', MANAGER);
    expect((await funds(1, 'BTC')).held).toBe(new Big(before.held).plus('0.0003').toFixed());
    const response = await decide(id, 'reject', { email: ADMIN, reason: 'Unknown counterparty' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().withdrawal).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Unknown counterparty',
      decidedBy: { id: 1, email: ADMIN },
    });
    expect(await funds(1, 'BTC')).toEqual(before);
    const again = await decide(id, 'approve', { email: ADMIN });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: WITHDRAWAL_MESSAGES.alreadyRejected });
    const audit = await t.db.query<{ changes: unknown }>(
      "SELECT changes FROM audit_log WHERE entity_type = 'crypto-withdrawal' AND entity_id = $1 AND action = 'reject'",
      [String(id)],
    );
    expect(JSON.stringify(audit.rows[0].changes)).toContain('Unknown counterparty');
  });

  it('needs the 2FA code of a 2FA user and an Idempotency-Key; a refused decision changes nothing', async () => {
    const id = await pending('0.0001', MANAGER);
    const before = await footprint();
    const missing = await decide(id, 'approve', { email: TWOFA });
    expect(missing.statusCode).toBe(401);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `${URL}/${id}/approve`,
      headers: t.auth(tokens.get(ADMIN)!),
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
    const key = randomUUID();
    const first = await decide(id, 'approve', { email: ADMIN, key });
    expect(first.statusCode).toBe(200);
    const replay = await decide(id, 'approve', { email: ADMIN, key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
  });

  it("answers 404 for another organisation's withdrawal", async () => {
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id::text FROM crypto_withdrawals WHERE organisation_id <> $1 ORDER BY id LIMIT 1',
      [AURORA],
    );
    const response = await decide(Number(rows[0].id), 'approve');
    expect(response.statusCode).toBe(404);
  });

  it('lists withdrawals awaiting approval first, paged by the server', async () => {
    await pending('0.0001', MANAGER);
    const response = await get('/v1/withdrawals/approvals?limit=5');
    expect(response.statusCode).toBe(200);
    const { withdrawals, total } = response.json();
    expect(withdrawals).toHaveLength(5);
    expect(total).toBeGreaterThan(5);
    const all = await get('/v1/withdrawals/approvals?limit=100');
    const statuses = all.json().withdrawals.map((w: { status: string }) => w.status);
    const firstOther = statuses.findIndex((s: string) => s !== 'AWAITING_APPROVAL');
    expect(firstOther).toBeGreaterThan(0);
    expect(statuses.slice(firstOther)).not.toContain('AWAITING_APPROVAL');
    const onlyPending = await get('/v1/withdrawals/approvals?status=AWAITING_APPROVAL');
    expect(
      onlyPending.json().withdrawals.every((w: { status: string }) => w.status === 'AWAITING_APPROVAL'),
    ).toBe(true);
  });
});

describe('what GET /v1/balances says of held funds', () => {
  type Balance = { amount: string; held?: string } | undefined;
  /** Business 1's BTC as GET /v1/balances/1 and as GET /v1/balances say it (both must agree). */
  const business1 = async (): Promise<Balance> => {
    const [one, all] = await Promise.all([get('/v1/balances/1'), get('/v1/balances')]);
    expect([one.statusCode, all.statusCode], one.body).toEqual([200, 200]);
    const row = all.json().balances.find((b: { businessId: number }) => b.businessId === 1);
    expect(row.balances.BTC).toEqual(one.json().balances.BTC);
    return one.json().balances.BTC;
  };
  const organisationHeld = async (): Promise<string> =>
    (await get('/v1/balances/organisation')).json().balances.BTC.held ?? '0';

  it('shows the hold beside the available amount until the decision, and no held field without one', async () => {
    // Start from no BTC held by business 1: decide what earlier tests (and the seed) left pending.
    const { rows } = await t.db.query<{ id: number; email: string }>(
      `SELECT w.id, u.email FROM crypto_withdrawals w JOIN users u ON u.id = w.created_by
        WHERE w.business_id = 1 AND w.currency = 'BTC' AND w.status = 'AWAITING_APPROVAL'`,
    );
    for (const row of rows) {
      const decider = row.email === ADMIN ? MANAGER : ADMIN;
      expect((await decide(row.id, 'reject', { email: decider })).statusCode).toBe(200);
    }
    const start = await funds(1, 'BTC');
    expect(start.held).toBe('0');
    expect(await business1()).toEqual({ amount: start.available });
    const organisationBefore = await organisationHeld();

    const id = await pending('0.0003', MANAGER);
    const available = new Big(start.available).minus('0.0003').toFixed();
    expect(await business1()).toEqual({ amount: available, held: '0.0003' });
    expect(await organisationHeld()).toBe(new Big(organisationBefore).plus('0.0003').toFixed());

    expect((await decide(id, 'approve', { email: ADMIN })).statusCode).toBe(200);
    // Sent: no longer held, and the available amount stays where the hold put it.
    expect(await business1()).toEqual({ amount: available });
    expect(await organisationHeld()).toBe(organisationBefore);
  });
});

describe('the approval threshold', () => {
  it('is 0 by default; ADMIN sets it (2FA, audited); under it a withdrawal is approved at once', async () => {
    const read = await get('/v1/withdrawals/approval-thresholds', MANAGER);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ thresholds: [] });

    const put = (email: string, threshold: string, code?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/withdrawals/approval-thresholds/BTC',
        headers: { ...t.auth(tokens.get(email)!), ...(code ? { 'x-2fa-code': code } : {}) },
        payload: { threshold },
      });
    expect((await put(MANAGER, '0.01')).statusCode).toBe(403);
    expect((await put(TWOFA, '0.01')).statusCode).toBe(401);
    const bad = await put(ADMIN, '-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ threshold: WITHDRAWAL_MESSAGES.thresholdInvalid });
    const set = await put(ADMIN, '0.01');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().threshold).toMatchObject({ currency: 'BTC', threshold: '0.01' });
    expect(
      await count(
        "audit_log WHERE entity_type = 'withdrawal-threshold' AND entity_id = 'BTC' AND action = 'update'",
      ),
    ).toBe(1);

    const before = await funds(1, 'BTC');
    const under = await create(btc('0.005'), { email: MANAGER });
    expect(under.statusCode, under.body).toBe(201);
    expect(under.json().withdrawal.status).toBe('APPROVED');
    const after = await funds(1, 'BTC');
    expect(after.available).toBe(new Big(before.available).minus('0.005').toFixed());
    expect(after.held).toBe(before.held);
    const at = await create(btc('0.01'), { email: MANAGER });
    expect(at.json().withdrawal.status).toBe('PENDING_APPROVAL');

    expect((await put(ADMIN, '0')).statusCode).toBe(200);
    const again = await create(btc('0.005'), { email: MANAGER });
    expect(again.json().withdrawal.status).toBe('PENDING_APPROVAL');
  });
});

describe('the simulator', () => {
  it('is registered, broadcasts an approved withdrawal then confirms it, once', async () => {
    expect(simulatorSteps.map((s) => s.name)).toEqual(
      expect.arrayContaining(['withdrawal-broadcast', 'withdrawal-confirm']),
    );
    const [broadcast, confirm] = withdrawalSteps;
    // Whatever earlier tests approved goes out first.
    await broadcast.run(t.db, new Date(t.clock.now() + 3600_000), 1000);
    await confirm.run(t.db, new Date(t.clock.now() + 7200_000), 1000);
    const id = await pending('0.0001', MANAGER);
    expect((await decide(id, 'approve', { email: ADMIN })).statusCode).toBe(200);
    const status = async () =>
      (
        await t.db.query<{ status: string; tx_hash: string | null }>(
          'SELECT status, tx_hash FROM crypto_withdrawals WHERE id = $1',
          [id],
        )
      ).rows[0];
    const now = t.clock.now();
    expect(await broadcast.run(t.db, new Date(now + 1000), 10)).toBe(0);
    expect(await broadcast.run(t.db, new Date(now + 5000), 10)).toBe(1);
    expect(await status()).toEqual({
      status: 'PROCESSING',
      tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await broadcast.run(t.db, new Date(now + 6000), 10)).toBe(0);
    expect(await confirm.run(t.db, new Date(now + 9000), 10)).toBe(0);
    expect(await confirm.run(t.db, new Date(now + 15000), 10)).toBe(1);
    expect((await status()).status).toBe('COMPLETED');
    const listed = await get(`${URL}/${id}`);
    expect(listed.json()).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('withdrawals and transfers racing over one balance', () => {
  it('50 at once that together exceed it leave it at zero or above, every accepted one accounted for', async () => {
    const businessId = 3;
    const { available } = await funds(businessId, 'BTC');
    expect(new Big(available).gt('0.0001')).toBe(true);
    const share = new Big(available).div(20).round(8, Big.roundDown).toFixed();
    const heldBefore = (await funds(businessId, 'BTC')).held;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? create(btc(share, { businessId }), { email: MANAGER })
          : t.app.inject({
              method: 'POST',
              url: '/v1/payment/internal-transfers',
              headers: headers({ email: MANAGER }),
              payload: { fromBusinessId: businessId, toBusinessId: 4, currency: 'BTC', amount: share },
            }),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted.length).toBeLessThanOrEqual(20);
    expect(accepted.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(r.json().errors).toEqual({ amount: WITHDRAWAL_MESSAGES.insufficientBalance });
    const withdrawals = accepted
      .filter((r) => 'withdrawal' in r.json())
      .map((r) => String(r.json().withdrawal.id));
    const transfers = accepted.filter((r) => 'transfer' in r.json()).map((r) => String(r.json().transfer.id));
    const after = await funds(businessId, 'BTC');
    expect(new Big(after.available).gte(0)).toBe(true);
    expect(after.available).toBe(new Big(available).minus(new Big(share).times(accepted.length)).toFixed());
    expect(after.held).toBe(new Big(heldBefore).plus(new Big(share).times(withdrawals.length)).toFixed());
    expect(
      await count('crypto_withdrawals WHERE id = ANY($1::bigint[]) AND hold_entry_id IS NOT NULL', [
        withdrawals,
      ]),
    ).toBe(withdrawals.length);
    expect(
      await count('internal_transfers WHERE id = ANY($1::bigint[]) AND ledger_entry_id IS NOT NULL', [
        transfers,
      ]),
    ).toBe(transfers.length);
    const { rows } = await t.db.query<{ total: string }>(
      'SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_postings',
    );
    expect(new Big(rows[0].total).eq(0)).toBe(true);
  });
});
