/**
 * Balance conversions (docs/decisions.md 180–182): GET …/indicative answers the figures of an amount
 * now, POST quotes them (QUOTED, nothing moves, the debit balance must cover it), PATCH …/{id} executes
 * the quote at its figures with two ledger entries (the conversion and its fee) in one transaction.
 * Permissions over the seven demo accounts, another organisation's or the hidden business is 404, the
 * amount rules on their fields, an expired or executed quote is 409 (an injected clock), two executions
 * at once: one wins; replay, concurrent replay and 422 of the Idempotency-Key; the 2FA code required,
 * wrong, reused; audit rows; and a refusal leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_MESSAGES, QUOTE_VALIDITY_SECONDS } from '../../src/domain/conversions';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { noHoldingText } from '../../src/domain/transfers';
import { AURORA, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { UNKNOWN_FIELD } from '../../server/http/validation';
import { conversionQuoteExpiry } from '../../server/modules/conversions/simulator';
import { demoMay, makeApp, nextTwoFaCode, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const TWOFA = 'twofa@example.com';
const URL = '/v1/payment/balance/convert';

beforeAll(async () => {
  t = await makeApp();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
});
afterAll(() => t.close());

interface Options {
  email?: string;
  key?: string;
  code?: string;
}

const headers = (options: Options) => ({
  ...t.auth(tokens.get(options.email ?? ADMIN)!),
  'idempotency-key': options.key ?? randomUUID(),
  ...(options.code ? { 'x-2fa-code': options.code } : {}),
});

const BODY = { businessId: 1, amountCurrencyType: 'DEBIT', debitCurrency: 'EUR', creditCurrency: 'USD' };

const quote = (body: Record<string, unknown>, options: Options = {}) =>
  t.app.inject({ method: 'POST', url: URL, headers: headers(options), payload: { ...BODY, ...body } });

const execute = (id: number | string, options: Options = {}, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `${URL}/${id}`, headers: headers(options), payload });

const get = (url: string, email = ADMIN) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

const indicative = (query: Record<string, string | number>, email = ADMIN) =>
  get(
    `${URL}/indicative?${new URLSearchParams(
      Object.entries({ ...BODY, ...query }).map(([k, v]) => [k, String(v)]),
    ).toString()}`,
    email,
  );

async function balance(businessId: number, currency: string): Promise<string> {
  const response = await get(`/v1/balances/${businessId}`);
  expect(response.statusCode).toBe(200);
  return (response.json().balances[currency]?.amount as string | undefined) ?? '0';
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0].n);

/** Everything a conversion writes: rows of the tables it touches. */
const footprint = async () => ({
  keys: await count('idempotency_keys'),
  conversions: await count('balance_conversions'),
  executed: await count("balance_conversions WHERE status = 'EXECUTED'"),
  entries: await count("ledger_entries WHERE kind IN ('conversion', 'conversion_fee')"),
  audits: await count("audit_log WHERE entity_type = 'conversion'"),
});

/** A quote created, with its answer's conversion. */
async function created(body: Record<string, unknown>, options: Options = {}) {
  const response = await quote(body, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().conversion as {
    id: number;
    status: string;
    rate: string;
    debitAmount: string;
    creditAmount: string;
    fee: string;
    expiresAt: string;
  };
}

describe('the indicative figures', () => {
  it('convert a debit amount and a credit amount at the stated rate, the fee and rounding against the customer', async () => {
    // EUR→USD is stated at 1.08; the fee is 0.5 % of the converted part, in EUR.
    const debit = await indicative({ amount: '100' });
    expect(debit.statusCode, debit.body).toBe(200);
    expect(debit.json()).toEqual({ rate: '1.08', debitAmount: '100', creditAmount: '107.46', fee: '0.5' });
    const credit = await indicative({ amountCurrencyType: 'CREDIT', amount: '100' });
    expect(credit.json()).toEqual({ rate: '1.08', debitAmount: '93.07', creditAmount: '100', fee: '0.47' });
    // Without an amount: the rate only.
    const rateOnly = await indicative({});
    expect(rateOnly.json()).toEqual({ rate: '1.08', debitAmount: null, creditAmount: null, fee: null });
  });

  it('refuse bad amounts and pairs on their fields (400), and an unknown business (404)', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: '1,5' }, 'amount', CONVERSION_MESSAGES.amountComma],
      [{ amount: '0.001' }, 'amount', CONVERSION_MESSAGES.amountDecimals],
      [{ amount: '0' }, 'amount', CONVERSION_MESSAGES.amountPositive],
      [{ amount: 'abc' }, 'amount', CONVERSION_MESSAGES.amountNotNumber],
      [
        { amount: '0.000000001', amountCurrencyType: 'CREDIT', creditCurrency: 'BTC' },
        'amount',
        CONVERSION_MESSAGES.amountDecimals,
      ],
      [{ amount: '1', creditCurrency: 'EUR' }, 'creditCurrency', CONVERSION_MESSAGES.sameCurrency],
      [{ amount: '1', creditCurrency: 'XYZ' }, 'creditCurrency', CONVERSION_MESSAGES.unknownCurrency],
    ];
    for (const [change, field, message] of cases) {
      const response = await indicative(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    expect((await indicative({ amount: '1', businessId: 10 })).statusCode).toBe(404);
    if (demoMay(MANAGER, 'CREATE_BALANCE_CONVERSION'))
      expect((await indicative({ amount: '1', businessId: HIDDEN_BUSINESS }, MANAGER)).statusCode).toBe(404);
  });

  it('are for CREATE_BALANCE_CONVERSION only', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await indicative({ amount: '1' }, account.email);
      const expected = demoMay(account.email, 'CREATE_BALANCE_CONVERSION') ? 200 : 403;
      expect(response.statusCode, `${account.email}: ${response.body}`).toBe(expected);
    }
  });
});

describe('a quote', () => {
  it('is QUOTED at the indicative figures for 60 s, moves nothing, is listed and audited', async () => {
    const [eur, usd] = [await balance(1, 'EUR'), await balance(1, 'USD')];
    const entries = await count("ledger_entries WHERE kind IN ('conversion', 'conversion_fee')");
    const conversion = await created({ amount: '100' });
    expect(conversion).toMatchObject({
      status: 'QUOTED',
      rate: '1.08',
      debitAmount: '100',
      creditAmount: '107.46',
      fee: '0.5',
      expiresAt: new Date(t.clock.now() + QUOTE_VALIDITY_SECONDS * 1000).toISOString(),
    });
    expect([await balance(1, 'EUR'), await balance(1, 'USD')]).toEqual([eur, usd]);
    expect(await count("ledger_entries WHERE kind IN ('conversion', 'conversion_fee')")).toBe(entries);
    const listed = await get(`${URL}/${conversion.id}`);
    expect(listed.json()).toMatchObject({ status: 'QUOTED', debitAmount: '100', creditAmount: '107.46' });
    const audits = await t.db.query<{ action: string; organisation_id: number; changes: unknown }>(
      "SELECT action, organisation_id, changes FROM audit_log WHERE entity_type = 'conversion' AND entity_id = $1",
      [String(conversion.id)],
    );
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]).toMatchObject({ action: 'create', organisation_id: AURORA });
    expect(JSON.stringify(audits.rows[0].changes)).toContain('107.46');
  });

  it('is allowed by CREATE_BALANCE_CONVERSION only, over the seven demo accounts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const code = account.totpSecret ? nextTwoFaCode(t) : undefined;
      const response = await quote({ amount: '0.5' }, { email: account.email, code });
      const expected = demoMay(account.email, 'CREATE_BALANCE_CONVERSION') ? 201 : 403;
      expect(response.statusCode, `${account.email}: ${response.body}`).toBe(expected);
    }
  });

  it("refuses more than the debit balance ('Insufficient balance'), bad fields and foreign businesses; nothing saved", async () => {
    const available = await balance(5, 'EUR');
    const before = await footprint();
    const over = await quote({ businessId: 5, amount: new Big(available).plus('0.01').toFixed() });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: CONVERSION_MESSAGES.insufficientBalance,
      errors: { amount: CONVERSION_MESSAGES.insufficientBalance },
    });
    expect((await quote({ amount: '1,5' })).json().errors).toEqual({
      amount: CONVERSION_MESSAGES.amountComma,
    });
    expect((await quote({ amount: 1.5 })).statusCode).toBe(400);
    for (const businessId of [10, 12]) {
      const response = await quote({ businessId, amount: '1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.notFound });
    }
    expect(await footprint()).toEqual(before);
  });

  it('says the business holds none of a debit currency it never held, on that field (400)', async () => {
    // Business 1 has never held GBP.
    const before = await footprint();
    const response = await quote({ debitCurrency: 'GBP', creditCurrency: 'EUR', amount: '10' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: noHoldingText('GBP'),
      errors: { debitCurrency: noHoldingText('GBP') },
    });
    expect(await footprint()).toEqual(before);
  });

  it('answers a retry under the same key with the same quote (also two at once); another body is 422', async () => {
    const key = randomUUID();
    const first = await quote({ amount: '2' }, { key });
    expect(first.statusCode).toBe(201);
    const before = await footprint();
    const again = await quote({ amount: '2' }, { key });
    expect(again.json()).toEqual(first.json());
    expect(await footprint()).toEqual(before);
    expect((await quote({ amount: '3' }, { key })).statusCode).toBe(422);

    const together = randomUUID();
    const pair = await Promise.all([
      quote({ amount: '4' }, { key: together }),
      quote({ amount: '4' }, { key: together }),
    ]);
    expect(pair.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(pair[0].json()).toEqual(pair[1].json());
    expect(
      await count('balance_conversions WHERE debit_amount = 4 AND amount_currency_type IS NOT NULL'),
    ).toBe(1);
  });

  it('needs an Idempotency-Key (400 without one)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.auth(tokens.get(ADMIN)!),
      payload: { ...BODY, amount: '1' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('executing a quote', () => {
  it('moves exactly the quoted amounts in two entries that sum to zero, and is audited', async () => {
    const conversion = await created({ amount: '100' });
    const [eur, usd] = [await balance(1, 'EUR'), await balance(1, 'USD')];
    const response = await execute(conversion.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().conversion).toMatchObject({
      id: conversion.id,
      status: 'EXECUTED',
      debitAmount: '100',
      creditAmount: '107.46',
      fee: '0.5',
      executedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await balance(1, 'EUR')).toBe(new Big(eur).minus('100').toFixed());
    expect(await balance(1, 'USD')).toBe(new Big(usd).plus('107.46').toFixed());

    const { rows } = await t.db.query<{ kind: string; account: string; currency: string; amount: string }>(
      `SELECT e.kind, a.kind AS account, p.currency, trim_scale(p.amount)::text AS amount
         FROM balance_conversions c
         JOIN ledger_entries e ON e.id IN (c.ledger_entry_id, c.fee_ledger_entry_id)
         JOIN ledger_postings p ON p.entry_id = e.id
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE c.id = $1 ORDER BY e.id, p.id`,
      [conversion.id],
    );
    const sums = new Map<string, Big>();
    for (const r of rows)
      sums.set(`${r.kind}:${r.currency}`, (sums.get(`${r.kind}:${r.currency}`) ?? new Big(0)).plus(r.amount));
    expect([...sums.values()].every((s) => s.eq(0))).toBe(true);
    expect(rows.filter((r) => r.account === 'fee')).toEqual([
      { kind: 'conversion_fee', account: 'fee', currency: 'EUR', amount: '0.5' },
    ]);
    expect(rows.filter((r) => r.account === 'conversion').map((r) => [r.currency, r.amount])).toEqual(
      expect.arrayContaining([
        ['EUR', '99.5'],
        ['USD', '-107.46'],
      ]),
    );

    const audits = await t.db.query<{ action: string; changes: Record<string, { after: unknown }> }>(
      "SELECT action, changes FROM audit_log WHERE entity_type = 'conversion' AND entity_id = $1 ORDER BY id",
      [String(conversion.id)],
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(audits.rows[1].changes.status.after).toBe('EXECUTED');

    const twice = await execute(conversion.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: CONVERSION_MESSAGES.alreadyExecuted });
  });

  it('takes no figures: a body with any field is a 400 naming it and moves nothing; {} executes', async () => {
    const conversion = await created({ amount: '20' });
    const before = await footprint();
    const eur = await balance(1, 'EUR');
    for (const payload of [
      { rate: '100' },
      { creditAmount: '1000000' },
      { rate: '100', creditAmount: '1' },
    ]) {
      const response = await execute(conversion.id, {}, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const named = Object.keys(response.json().errors ?? {});
      expect(named.length, response.body).toBeGreaterThan(0);
      for (const field of named) {
        expect(Object.keys(payload)).toContain(field);
        expect(response.json().errors[field]).toBe(UNKNOWN_FIELD);
      }
    }
    expect(await footprint()).toEqual(before);
    const done = await execute(conversion.id, {}, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().conversion).toMatchObject({
      status: 'EXECUTED',
      rate: conversion.rate,
      creditAmount: conversion.creditAmount,
    });
    expect(await balance(1, 'EUR')).toBe(new Big(eur).minus('20').toFixed());
  });

  it('lets exactly one of two executions at once win; the other is 409', async () => {
    const conversion = await created({ amount: '10' });
    const eur = await balance(1, 'EUR');
    const before = await count("ledger_entries WHERE kind IN ('conversion', 'conversion_fee')");
    const responses = await Promise.all([execute(conversion.id), execute(conversion.id)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({
      message: CONVERSION_MESSAGES.alreadyExecuted,
    });
    expect(await balance(1, 'EUR')).toBe(new Big(eur).minus('10').toFixed());
    expect(await count("ledger_entries WHERE kind IN ('conversion', 'conversion_fee')")).toBe(before + 2);
  });

  it('answers a replay of the same key with the same execution, without a second movement', async () => {
    const conversion = await created({ amount: '5' });
    const key = randomUUID();
    const eur = await balance(1, 'EUR');
    const pair = await Promise.all([execute(conversion.id, { key }), execute(conversion.id, { key })]);
    expect(pair.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(pair[0].json()).toEqual(pair[1].json());
    const again = await execute(conversion.id, { key });
    expect(again.json()).toEqual(pair[0].json());
    expect(await balance(1, 'EUR')).toBe(new Big(eur).minus('5').toFixed());
  });

  it('refuses an expired quote (409), which the expiry step then marks EXPIRED; nothing moves', async () => {
    const conversion = await created({ amount: '7' });
    const eur = await balance(1, 'EUR');
    t.clock.advance(QUOTE_VALIDITY_SECONDS * 1000);
    const before = await footprint();
    const late = await execute(conversion.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: CONVERSION_MESSAGES.quoteExpired });
    expect(await footprint()).toEqual(before);
    expect(await balance(1, 'EUR')).toBe(eur);

    expect(await conversionQuoteExpiry.run(t.db, new Date(t.clock.now()), 100)).toBeGreaterThanOrEqual(1);
    const listed = await get(`${URL}?businessId=1&status=EXPIRED&limit=100`);
    expect(listed.json().conversions.map((r: { id: number }) => Number(r.id))).toContain(conversion.id);
    const still = await execute(conversion.id);
    expect(still.statusCode).toBe(409);
    expect(still.json()).toEqual({ message: CONVERSION_MESSAGES.quoteExpired });
    // A live quote is left alone by the step.
    const live = await created({ amount: '1' });
    await conversionQuoteExpiry.run(t.db, new Date(t.clock.now()), 100);
    expect((await get(`${URL}/${live.id}`)).json().status).toBe('QUOTED');
  });

  it("refuses an execution the balance no longer covers ('Insufficient balance'), leaving nothing", async () => {
    const available = await balance(6, 'EUR');
    const conversion = await created({ businessId: 6, amount: available });
    // The balance moves away between the quote and its execution.
    const away = await t.app.inject({
      method: 'POST',
      url: '/v1/payment/internal-transfers',
      headers: headers({}),
      payload: { fromBusinessId: 6, toBusinessId: 1, currency: 'EUR', amount: '0.01' },
    });
    expect(away.statusCode, away.body).toBe(201);
    const before = await footprint();
    const response = await execute(conversion.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONVERSION_MESSAGES.insufficientBalance);
    expect(await footprint()).toEqual(before);
    expect((await get(`${URL}/${conversion.id}`)).json().status).toBe('QUOTED');
  });

  it("answers 404 for another organisation's conversion", async () => {
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id::text FROM balance_conversions WHERE organisation_id <> $1 LIMIT 1',
      [AURORA],
    );
    const response = await execute(rows[0].id);
    expect(response.statusCode).toBe(404);
  });
});

describe('the 2FA code', () => {
  it('is required, refused when wrong or reused, for the quote and for its execution', async () => {
    const before = await footprint();
    expect((await quote({ amount: '1' }, { email: TWOFA })).statusCode).toBe(401);
    const code = nextTwoFaCode(t);
    const wrong = await quote(
      { amount: '1' },
      { email: TWOFA, code: code === '000000' ? '111111' : '000000' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect(await footprint()).toEqual(before);

    const conversion = await created({ amount: '1' }, { email: TWOFA, code });
    const reused = await execute(conversion.id, { email: TWOFA, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect((await execute(conversion.id, { email: TWOFA })).statusCode).toBe(401);
    expect((await get(`${URL}/${conversion.id}`)).json().status).toBe('QUOTED');
    const done = await execute(conversion.id, { email: TWOFA, code: nextTwoFaCode(t) });
    expect(done.statusCode, done.body).toBe(200);
  });
});
