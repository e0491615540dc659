/**
 * The fiat movements (docs/decisions.md 165–169): POST /v1/payment/withdrawals/fiat (a settlement to a
 * bank account of the organisation: one ledger entry, the organisation's limits, 'Insufficient
 * balance', 2FA) and POST /v1/payment/deposits/fiat (an expected top-up with its instructions, only
 * where the brand allows fiat deposits), and the simulator step that lets a top-up arrive. Permissions
 * over the seven demo accounts; another organisation's business or bank account is 404; a retry under
 * the same Idempotency-Key (also at once) answers the same movement; a refusal leaves nothing behind;
 * each movement writes its audit row.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { noHoldingText } from '../../src/domain/transfers';
import {
  FIAT_DEPOSIT_ARRIVAL_SECONDS,
  FIAT_MESSAGES,
  minimumAmountText,
} from '../../src/domain/fiatMovements';
import { AURORA, BOREALIS, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { E2E_BRAND_HEADER } from '../../server/modules/brands/routes';
import {
  fiatDepositArrival,
  SETTLE_AFTER_MS,
  settlementCompletion,
} from '../../server/modules/fiatMovements/simulator';
import { simulatorSteps } from '../../server/simulator/steps';
import { makeApp, twoFaCodeAt, type TestApp, demoMay, nextTwoFaCode } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const TWOFA = 'twofa@example.com';
const WITHDRAWALS = '/v1/payment/withdrawals/fiat';
const DEPOSITS = '/v1/payment/deposits/fiat';
let eurAccount: number;
let gbpAccount: number;
let foreignAccount: number;

beforeAll(async () => {
  // The default brand ('local') allows fiat deposits; test mode lets a request name another brand.
  t = await makeApp({ e2eReset: true });
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
  const accounts = await t.db.query<{ id: number; organisation_id: number; account_currency: string }>(
    'SELECT id, organisation_id, account_currency FROM bank_accounts ORDER BY id',
  );
  const find = (org: number, currency: string) =>
    accounts.rows.find((a) => a.organisation_id === org && a.account_currency === currency)!.id;
  eurAccount = find(AURORA, 'EUR');
  gbpAccount = find(AURORA, 'GBP');
  foreignAccount = find(BOREALIS, 'GBP');
});
afterAll(() => t.close());

interface CallOptions {
  email?: string;
  key?: string;
  code?: string;
  headers?: Record<string, string>;
}

const post = (url: string, body: Record<string, unknown>, options: CallOptions = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...t.auth(tokens.get(options.email ?? ADMIN)!),
      'idempotency-key': options.key ?? randomUUID(),
      ...(options.code ? { 'x-2fa-code': options.code } : {}),
      ...options.headers,
    },
    payload: body,
  });

const settle = (body: Record<string, unknown>, options?: CallOptions) =>
  post(
    WITHDRAWALS,
    {
      businessId: 1,
      bankAccountId: eurAccount,
      currency: 'EUR',
      amount: '10',
      reference: 'May payout',
      ...body,
    },
    options,
  );

const expect$ = (body: Record<string, unknown>, options?: CallOptions) =>
  post(
    DEPOSITS,
    { businessId: 1, currency: 'EUR', expectedAmount: '250.50', reference: 'Top-up May', ...body },
    options,
  );

async function balance(businessId: number, currency: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/balances/${businessId}`,
    headers: t.auth(tokens.get(ADMIN)!),
  });
  expect(response.statusCode).toBe(200);
  return (response.json().balances[currency]?.amount as string | undefined) ?? '0';
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0].n);

/** Everything a fiat movement writes. */
const footprint = async () => ({
  keys: await count('idempotency_keys'),
  withdrawals: await count('fiat_withdrawals'),
  deposits: await count('fiat_deposits'),
  entries: await count('ledger_entries'),
  audits: await count("audit_log WHERE entity_type IN ('fiat-withdrawal', 'fiat-deposit')"),
});

async function setLimits(minimum: string | null, maximum: string | null) {
  await t.db.query(
    'UPDATE organisation_settings SET fiat_withdrawal_minimum = $2, fiat_withdrawal_maximum = $3 WHERE organisation_id = $1',
    [AURORA, minimum, maximum],
  );
}

describe('a fiat withdrawal (settlement)', () => {
  it('debits the business by one ledger entry to the external account, is listed and audited', async () => {
    const before = await balance(1, 'EUR');
    expect(new Big(before).gte('25.5')).toBe(true);
    const response = await settle({ amount: '25.50' });
    expect(response.statusCode, response.body).toBe(201);
    const { withdrawal } = response.json();
    expect(withdrawal).toEqual({
      id: expect.any(Number),
      businessId: 1,
      bankAccountId: eurAccount,
      bankAccountLabel: 'Aurora EUR settlements',
      currency: 'EUR',
      amount: '25.5',
      reference: 'May payout',
      status: 'PROCESSING',
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await balance(1, 'EUR')).toBe(new Big(before).minus('25.5').toFixed());
    const listed = await t.app.inject({
      method: 'GET',
      url: `${WITHDRAWALS}/${withdrawal.id}`,
      headers: t.auth(tokens.get(ADMIN)!),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ status: 'PROCESSING', reference: 'May payout' });
    const postings = await t.db.query<{ kind: string; amount: string }>(
      `SELECT a.kind, p.amount::text AS amount FROM fiat_withdrawals w
         JOIN ledger_postings p ON p.entry_id = w.ledger_entry_id
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE w.id = $1 ORDER BY a.kind`,
      [withdrawal.id],
    );
    expect(postings.rows.map((r) => [r.kind, new Big(r.amount).toFixed()])).toEqual([
      ['business', '-25.5'],
      ['external', '25.5'],
    ]);
    const audits = await t.db.query<{ action: string; organisation_id: number; changes: unknown }>(
      "SELECT action, organisation_id, changes FROM audit_log WHERE entity_type = 'fiat-withdrawal' AND entity_id = $1",
      [String(withdrawal.id)],
    );
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]).toMatchObject({ action: 'create', organisation_id: AURORA });
    const changes = JSON.stringify(audits.rows[0].changes);
    expect(changes).toContain('25.5');
    expect(changes).not.toContain('DE89'); // never the account's number
  });

  it('is allowed by CREATE_FIAT_WITHDRAWAL only, over the seven demo accounts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const code = account.totpSecret ? nextTwoFaCode(t) : undefined;
      const response = await settle({ businessId: 3, amount: '0.01' }, { email: account.email, code });
      const expected = demoMay(account.email, 'CREATE_FIAT_WITHDRAWAL') ? 201 : 403;
      expect(response.statusCode, `${account.email}: ${response.body}`).toBe(expected);
    }
  });

  it("answers 404 for another organisation's business or bank account and the hidden business (not ADMIN); nothing saved", async () => {
    const before = await footprint();
    for (const change of [{ businessId: 10 }, { bankAccountId: foreignAccount }, { bankAccountId: 99_999 }]) {
      const response = await settle(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(404);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.notFound });
    }
    if (demoMay('manager@example.com', 'CREATE_FIAT_WITHDRAWAL')) {
      const hidden = await settle({ businessId: HIDDEN_BUSINESS }, { email: 'manager@example.com' });
      expect(hidden.statusCode).toBe(404);
    }
    expect(await footprint()).toEqual(before);
  });

  it('says the business holds none of a currency it never held, on the currency field (400)', async () => {
    // Business 1 has never held GBP; the organisation has a GBP bank account.
    const before = await footprint();
    const response = await settle({ currency: 'GBP', bankAccountId: gbpAccount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: noHoldingText('GBP'),
      errors: { currency: noHoldingText('GBP') },
    });
    expect(await footprint()).toEqual(before);
  });

  it('refuses bad amounts, a bank account of another currency, a crypto currency and a bad reference (400)', async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '' }, 'amount', FIAT_MESSAGES.amountRequired],
      [{ amount: '1,5' }, 'amount', FIAT_MESSAGES.amountNotNumber],
      [{ amount: '1e3' }, 'amount', FIAT_MESSAGES.amountNotNumber],
      [{ amount: '0.001' }, 'amount', FIAT_MESSAGES.amountDecimals],
      [{ amount: '0' }, 'amount', FIAT_MESSAGES.lessThanMinimum],
      [{ amount: '-5' }, 'amount', FIAT_MESSAGES.lessThanMinimum],
      [{ bankAccountId: gbpAccount }, 'bankAccountId', FIAT_MESSAGES.bankAccountCurrency],
      [{ currency: 'BTC' }, 'currency', FIAT_MESSAGES.fiatCurrency],
      [{ reference: '  ' }, 'reference', FIAT_MESSAGES.referenceRequired],
      [{ reference: 'a<b' }, 'reference', FIAT_MESSAGES.specialCharacters],
    ];
    for (const [change, field, message] of cases) {
      const response = await settle(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    expect((await settle({ amount: 10 })).statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
  });

  it("keeps to the organisation's limits: 'Amount is less than minimum', 'Exceeded maximum amount'", async () => {
    await setLimits('50', '100');
    try {
      const before = await footprint();
      const low = await settle({ amount: '49.99' });
      expect(low.json().errors).toEqual({ amount: FIAT_MESSAGES.lessThanMinimum });
      const high = await settle({ amount: '100.01' });
      expect(high.json().errors).toEqual({ amount: FIAT_MESSAGES.exceededMaximum });
      expect(await footprint()).toEqual(before);
      expect((await settle({ amount: '50' })).statusCode).toBe(201);
      expect((await settle({ amount: '100' })).statusCode).toBe(201);
    } finally {
      await setLimits(null, null);
    }
    // The defaults: at most 1 000 000.
    expect((await settle({ amount: '1000000.01' })).json().errors).toEqual({
      amount: FIAT_MESSAGES.exceededMaximum,
    });
  });

  it("refuses more than the balance: 'Insufficient balance' on the amount, nothing saved", async () => {
    const available = await balance(5, 'EUR');
    const before = await footprint();
    const response = await settle({ businessId: 5, amount: new Big(available).plus('0.01').toFixed() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: FIAT_MESSAGES.insufficientBalance,
      errors: { amount: FIAT_MESSAGES.insufficientBalance },
    });
    expect(await balance(5, 'EUR')).toBe(available);
    expect(await footprint()).toEqual(before);
  });

  it('answers a retry under the same key, also two at once, with one settlement; another body is 422', async () => {
    const key = randomUUID();
    const from = await balance(2, 'EUR');
    const [a, b] = await Promise.all([
      settle({ businessId: 2, amount: '3' }, { key }),
      settle({ businessId: 2, amount: '3' }, { key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    const before = await footprint();
    const again = await settle({ businessId: 2, amount: '3' }, { key });
    expect(again.json()).toEqual(a.json());
    expect(await footprint()).toEqual(before);
    expect(await balance(2, 'EUR')).toBe(new Big(from).minus(3).toFixed());
    expect((await settle({ businessId: 2, amount: '4' }, { key })).statusCode).toBe(422);
  });

  it('keeps the balance at or above zero under 12 concurrent settlements and transfers that together exceed it', async () => {
    const move = (from: number, to: number, amount: string) =>
      post('/v1/payment/internal-transfers', {
        fromBusinessId: from,
        toBusinessId: to,
        currency: 'EUR',
        amount,
      });
    // Business 6 holds exactly 10 EUR: what it has goes to business 8, then 10 come back.
    const six = await balance(6, 'EUR');
    if (new Big(six).gt(0)) expect((await move(6, 8, six)).statusCode).toBe(201);
    expect((await move(8, 6, '10')).statusCode).toBe(201);
    expect(await balance(6, 'EUR')).toBe('10');
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0 ? settle({ businessId: 6, amount: '3' }) : move(6, 8, '3'),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(3);
    for (const r of responses.filter((x) => x.statusCode !== 201))
      expect(r.json().errors).toEqual({ amount: FIAT_MESSAGES.insufficientBalance });
    expect(await balance(6, 'EUR')).toBe('1');
    const { rows } = await t.db.query<{ total: string }>(
      'SELECT COALESCE(sum(p.amount), 0)::text AS total FROM ledger_postings p',
    );
    expect(new Big(rows[0].total).eq(0)).toBe(true);
  });

  it('needs the 2FA code when 2FA is on: missing, wrong and reused are 401 with nothing saved', async () => {
    const before = await footprint();
    expect((await settle({}, { email: TWOFA })).statusCode).toBe(401);
    const code = nextTwoFaCode(t);
    const wrong = await settle({}, { email: TWOFA, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect(await footprint()).toEqual(before);
    const right = await settle({}, { email: TWOFA, code });
    expect(right.statusCode, right.body).toBe(201);
    const after = await footprint();
    const reused = await settle({}, { email: TWOFA, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect(await footprint()).toEqual(after);
  });
});

describe('a fiat deposit (top-up)', () => {
  it('answers the instructions, changes no balance until it arrives, and is audited', async () => {
    const before = await balance(1, 'EUR');
    const response = await expect$({});
    expect(response.statusCode, response.body).toBe(201);
    const { fiatDeposit } = response.json();
    expect(fiatDeposit).toEqual({
      id: expect.any(Number),
      businessId: 1,
      currency: 'EUR',
      expectedAmount: '250.5',
      reference: 'Top-up May',
      status: 'EXPECTED',
      instructions: {
        beneficiary: t.config.providerLegalName,
        iban: t.config.fiatDepositAccount.iban,
        bic: t.config.fiatDepositAccount.bic,
        reference: `FD-${fiatDeposit.id} Top-up May`,
      },
      arrivesAt: new Date(t.clock.now() + FIAT_DEPOSIT_ARRIVAL_SECONDS * 1000).toISOString(),
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await balance(1, 'EUR')).toBe(before);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${DEPOSITS}/${fiatDeposit.id}`,
      headers: t.auth(tokens.get(ADMIN)!),
    });
    expect(listed.json()).toMatchObject({ status: 'PENDING' });
    expect(
      await count("audit_log WHERE entity_type = 'fiat-deposit' AND entity_id = $1 AND action = 'create'", [
        String(fiatDeposit.id),
      ]),
    ).toBe(1);
  });

  it('is allowed by CREATE_FIAT_DEPOSIT only, over the seven demo accounts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await expect$({ businessId: 3 }, { email: account.email });
      const expected = demoMay(account.email, 'CREATE_FIAT_DEPOSIT') ? 201 : 403;
      expect(response.statusCode, `${account.email}: ${response.body}`).toBe(expected);
    }
  });

  it('is 403 where the brand allows no fiat deposits, with nothing saved', async () => {
    const before = await footprint();
    const refused = await expect$({}, { headers: { [E2E_BRAND_HEADER]: 'coinharbor' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ERROR_TEXTS.forbidden });
    expect(await footprint()).toEqual(before);
    const deployed = await makeApp({ brand: 'coinharbor' });
    try {
      const token = await deployed.token(ADMIN);
      const response = await deployed.app.inject({
        method: 'POST',
        url: DEPOSITS,
        headers: { ...deployed.auth(token), 'idempotency-key': randomUUID() },
        payload: { businessId: 1, currency: 'EUR', expectedAmount: '1', reference: 'x' },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await deployed.close();
    }
  });

  it("refuses bad amounts and references on their fields, another organisation's business is 404", async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expectedAmount: '' }, 'expectedAmount', FIAT_MESSAGES.amountRequired],
      [{ expectedAmount: '0.009' }, 'expectedAmount', FIAT_MESSAGES.amountDecimals],
      [{ expectedAmount: '0' }, 'expectedAmount', minimumAmountText('0.01', 'EUR')],
      [{ currency: 'JPY', expectedAmount: '1.5' }, 'expectedAmount', FIAT_MESSAGES.amountDecimals],
      [{ currency: 'ETH' }, 'currency', FIAT_MESSAGES.fiatCurrency],
      [{ reference: '' }, 'reference', FIAT_MESSAGES.referenceRequired],
    ];
    for (const [change, field, message] of cases) {
      const response = await expect$(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    expect((await expect$({ businessId: 10 })).statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it('answers a retry under the same key, also two at once, with one deposit; another body is 422', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([expect$({}, { key }), expect$({}, { key })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    const before = await footprint();
    expect((await expect$({}, { key })).json()).toEqual(a.json());
    expect(await footprint()).toEqual(before);
    expect((await expect$({ expectedAmount: '3' }, { key })).statusCode).toBe(422);
  });
});

describe("the simulator's fiat-deposit step", () => {
  it('is registered once', () => {
    expect(simulatorSteps.filter((s) => s.name === fiatDepositArrival.name)).toHaveLength(1);
  });

  it('credits an expected deposit once when it is due, also when two runs meet', async () => {
    // Earlier tests' deposits arrive first: let them, so this one's effect is its own.
    await fiatDepositArrival.run(t.db, new Date(t.clock.now() + 3_600_000), 1000);
    const before = await balance(4, 'EUR');
    const created = await expect$({ businessId: 4, expectedAmount: '77.70' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, arrivesAt } = created.json().fiatDeposit;
    const due = new Date(arrivesAt);

    expect(await fiatDepositArrival.run(t.db, new Date(due.getTime() - 1), 10)).toBe(0);
    expect(await balance(4, 'EUR')).toBe(before);

    const moved = await Promise.all([
      fiatDepositArrival.run(t.db, due, 10),
      fiatDepositArrival.run(t.db, due, 10),
    ]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await balance(4, 'EUR')).toBe(new Big(before).plus('77.7').toFixed());
    const { rows } = await t.db.query<{ status: string; ledger_entry_id: string | null }>(
      'SELECT status, ledger_entry_id::text FROM fiat_deposits WHERE id = $1',
      [id],
    );
    expect(rows[0].status).toBe('COMPLETED');
    expect(rows[0].ledger_entry_id).not.toBeNull();
    expect(await fiatDepositArrival.run(t.db, new Date(due.getTime() + 60_000), 10)).toBe(0);
    // The seed's pending deposits (no arrival time) are never moved.
    expect(await count("fiat_deposits WHERE status = 'PENDING' AND arrives_at IS NULL")).toBeGreaterThan(0);
  });
});

describe("the simulator's settlement step", () => {
  it('is registered once', () => {
    expect(simulatorSteps.filter((s) => s.name === settlementCompletion.name)).toHaveLength(1);
  });

  it('completes a settlement once when the bank pays it out, posting nothing; the demo history stays', async () => {
    // Earlier tests' settlements complete first, so this one's effect is its own.
    await settlementCompletion.run(t.db, new Date(t.clock.now() + 3_600_000), 1000);
    const history = await count("fiat_withdrawals WHERE status = 'PROCESSING' AND bank_account_id IS NULL");
    const created = await settle({ amount: '3.10' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, createdAt } = created.json().withdrawal;
    const due = new Date(new Date(createdAt).getTime() + SETTLE_AFTER_MS);
    const entries = await count('ledger_entries');

    expect(await settlementCompletion.run(t.db, new Date(due.getTime() - 1), 10)).toBe(0);
    const moved = await Promise.all([
      settlementCompletion.run(t.db, due, 10),
      settlementCompletion.run(t.db, due, 10),
    ]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${WITHDRAWALS}/${id}`,
      headers: t.auth(tokens.get(ADMIN)!),
    });
    expect(listed.json()).toMatchObject({ status: 'COMPLETED', updatedAt: due.toISOString() });
    expect(await count('ledger_entries')).toBe(entries);
    expect(await settlementCompletion.run(t.db, new Date(due.getTime() + 60_000), 10)).toBe(0);
    expect(await count("fiat_withdrawals WHERE status = 'PROCESSING' AND bank_account_id IS NULL")).toBe(
      history,
    );
  });
});
