/**
 * POST /v1/payment/internal-transfers (docs/decisions.md 163–164): one ledger entry moves the amount
 * between two businesses of the caller's organisation; both balances change, the transfer is listed, an
 * audit row is written in the same transaction. Permissions over the seven demo accounts; another
 * organisation's or the hidden business is 404; amounts follow the 'amountInternal' rules; the source
 * never goes below zero ('Insufficient balance'), also for concurrent transfers; a retry under the same
 * Idempotency-Key answers the same transfer without a second entry, and another user's key is 422; the
 * 2FA code when 2FA is on. A refused transfer leaves nothing behind, its 2FA code unspent.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { noHoldingText, TRANSFER_MESSAGES } from '../../src/domain/transfers';
import { AURORA, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { makeApp, twoFaCodeAt, type TestApp, demoMay, nextTwoFaCode } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const TWOFA = 'twofa@example.com';
const URL = '/v1/payment/internal-transfers';

beforeAll(async () => {
  t = await makeApp();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
});
afterAll(() => t.close());

const transfer = (
  body: Record<string, unknown>,
  options: { email?: string; key?: string; code?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    headers: {
      ...t.auth(tokens.get(options.email ?? ADMIN)!),
      'idempotency-key': options.key ?? randomUUID(),
      ...(options.code ? { 'x-2fa-code': options.code } : {}),
    },
    payload: body,
  });

const get = (url: string, email = ADMIN) =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens.get(email)!) });

async function balance(businessId: number, currency: string): Promise<string> {
  const response = await get(`/v1/balances/${businessId}`);
  expect(response.statusCode).toBe(200);
  return (response.json().balances[currency]?.amount as string | undefined) ?? '0';
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0].n);

/** Everything a transfer writes: rows of the four tables it touches. */
const footprint = async () => ({
  keys: await count('idempotency_keys'),
  transfers: await count('internal_transfers'),
  entries: await count("ledger_entries WHERE kind = 'transfer'"),
  audits: await count("audit_log WHERE entity_type = 'transfer'"),
});

describe('a transfer', () => {
  it('moves the amount between the two balances, is listed and audited', async () => {
    const [from, to] = [await balance(1, 'EUR'), await balance(2, 'EUR')];
    expect(new Big(from).gte('12.34')).toBe(true);
    const response = await transfer({ fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: '12.34' });
    expect(response.statusCode, response.body).toBe(201);
    const { transfer: created } = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      fromBusinessId: 1,
      toBusinessId: 2,
      currency: 'EUR',
      amount: '12.34',
      status: 'COMPLETED',
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await balance(1, 'EUR')).toBe(new Big(from).minus('12.34').toFixed());
    expect(await balance(2, 'EUR')).toBe(new Big(to).plus('12.34').toFixed());

    const listed = await get(`${URL}/${created.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      fromBusinessId: 1,
      toBusinessId: 2,
      amount: '12.34',
      status: 'COMPLETED',
    });
    const list = await get(`${URL}?businessId=2`);
    expect(list.json().transfers.map((r: { id: string }) => String(r.id))).toContain(String(created.id));

    const { rows } = await t.db.query<{ ledger_entry_id: string | null }>(
      'SELECT ledger_entry_id::text FROM internal_transfers WHERE id = $1',
      [created.id],
    );
    expect(rows[0].ledger_entry_id).not.toBeNull();
    const audits = await t.db.query<{ action: string; organisation_id: number; changes: unknown }>(
      "SELECT action, organisation_id, changes FROM audit_log WHERE entity_type = 'transfer' AND entity_id = $1",
      [String(created.id)],
    );
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]).toMatchObject({ action: 'create', organisation_id: AURORA });
    expect(JSON.stringify(audits.rows[0].changes)).toContain('12.34');
  });

  it('is allowed by CREATE_INTERNAL_TRANSFER only, over the seven demo accounts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const code = account.totpSecret ? nextTwoFaCode(t) : undefined;
      const response = await transfer(
        { fromBusinessId: 3, toBusinessId: 4, currency: 'EUR', amount: '0.01' },
        { email: account.email, code },
      );
      const expected = demoMay(account.email, 'CREATE_INTERNAL_TRANSFER') ? 201 : 403;
      expect(response.statusCode, `${account.email}: ${response.body}`).toBe(expected);
    }
  });

  it("answers 404 for another organisation's business or, except to ADMIN, the hidden one; nothing saved", async () => {
    const before = await footprint();
    for (const [from, to] of [
      [1, 10],
      [10, 1],
      [12, 13],
    ]) {
      const response = await transfer({
        fromBusinessId: from,
        toBusinessId: to,
        currency: 'EUR',
        amount: '1',
      });
      expect(response.statusCode, `${from}→${to}`).toBe(404);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.notFound });
    }
    if (demoMay(MANAGER, 'CREATE_INTERNAL_TRANSFER')) {
      const hidden = await transfer(
        { fromBusinessId: HIDDEN_BUSINESS, toBusinessId: 1, currency: 'EUR', amount: '1' },
        { email: MANAGER },
      );
      expect(hidden.statusCode).toBe(404);
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses bad amounts, one business twice and an unknown currency on their fields (400)', async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '1e3' }, 'amount', TRANSFER_MESSAGES.amountNotNumber],
      [{ amount: '1,5' }, 'amount', TRANSFER_MESSAGES.amountNotNumber],
      [{ amount: ' 1' }, 'amount', TRANSFER_MESSAGES.amountNotNumber],
      [{ amount: '0.001' }, 'amount', TRANSFER_MESSAGES.amountDecimals],
      [{ amount: '0' }, 'amount', TRANSFER_MESSAGES.amountPositive],
      [{ amount: '0.00' }, 'amount', TRANSFER_MESSAGES.amountPositive],
      [{ amount: '-1' }, 'amount', TRANSFER_MESSAGES.amountPositive],
      [{ amount: '' }, 'amount', TRANSFER_MESSAGES.amountRequired],
      [{ toBusinessId: 1 }, 'toBusinessId', TRANSFER_MESSAGES.sameBusiness],
      [{ currency: 'XYZ' }, 'currency', TRANSFER_MESSAGES.unknownCurrency],
    ];
    for (const [change, field, message] of cases) {
      const response = await transfer({
        fromBusinessId: 1,
        toBusinessId: 2,
        currency: 'EUR',
        amount: '1',
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    // A JSON number is no decimal string: refused by the body's schema.
    const float = await transfer({ fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: 1.5 });
    expect(float.statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
  });

  it("refuses more than the source's balance: 'Insufficient balance' on the amount, nothing saved", async () => {
    const available = await balance(5, 'EUR');
    const before = await footprint();
    const response = await transfer({
      fromBusinessId: 5,
      toBusinessId: 6,
      currency: 'EUR',
      amount: new Big(available).plus('0.01').toFixed(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: TRANSFER_MESSAGES.insufficientBalance,
      errors: { amount: TRANSFER_MESSAGES.insufficientBalance },
    });
    expect(await balance(5, 'EUR')).toBe(available);
    expect(await footprint()).toEqual(before);
  });

  it("says the source holds none of a currency it never held (on the currency field), not 'Insufficient balance'", async () => {
    // Business 1 has never held JPY (a fiat currency of the list without any posting of its).
    const before = await footprint();
    const response = await transfer({ fromBusinessId: 1, toBusinessId: 2, currency: 'JPY', amount: '100' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: noHoldingText('JPY'),
      errors: { currency: 'The business holds no JPY.' },
    });
    expect(await footprint()).toEqual(before);
    expect(await balance(2, 'JPY')).toBe('0');
  });

  it('answers a retry under the same key with the same transfer, without a second entry', async () => {
    const key = randomUUID();
    const body = { fromBusinessId: 2, toBusinessId: 3, currency: 'EUR', amount: '1.5' };
    const from = await balance(2, 'EUR');
    const first = await transfer(body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const before = await footprint();
    const again = await transfer(body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await footprint()).toEqual(before);
    expect(await balance(2, 'EUR')).toBe(new Big(from).minus('1.5').toFixed());
    const other = await transfer({ ...body, amount: '2' }, { key });
    expect(other.statusCode).toBe(422);
  });

  it('keeps the source at or above zero under 10 concurrent transfers that together exceed it', async () => {
    // Business 7 gets exactly 10 EUR of business 8's money… first empty what 7 has to business 8.
    const seven = await balance(7, 'EUR');
    if (new Big(seven).gt(0)) {
      const drain = await transfer({ fromBusinessId: 7, toBusinessId: 8, currency: 'EUR', amount: seven });
      expect(drain.statusCode, drain.body).toBe(201);
    }
    const fill = await transfer({ fromBusinessId: 8, toBusinessId: 7, currency: 'EUR', amount: '10' });
    expect(fill.statusCode, fill.body).toBe(201);
    expect(await balance(7, 'EUR')).toBe('10');
    const eight = await balance(8, 'EUR');

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        transfer({ fromBusinessId: 7, toBusinessId: 8, currency: 'EUR', amount: '3' }),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(3);
    for (const r of refused)
      expect(r.json().errors).toEqual({ amount: TRANSFER_MESSAGES.insufficientBalance });
    expect(await balance(7, 'EUR')).toBe('1');
    expect(await balance(8, 'EUR')).toBe(new Big(eight).plus(9).toFixed());
    const ids = accepted.map((r) => String(r.json().transfer.id));
    expect(
      await count('internal_transfers WHERE id = ANY($1::bigint[]) AND ledger_entry_id IS NOT NULL', [ids]),
    ).toBe(3);
    expect(
      await count("audit_log WHERE entity_type = 'transfer' AND entity_id = ANY($1::text[])", [ids]),
    ).toBe(3);
  });

  it('needs the 2FA code when 2FA is on; a wrong one is 401 with nothing saved', async () => {
    const body = { fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: '0.5' };
    const before = await footprint();
    const missing = await transfer(body, { email: TWOFA });
    expect(missing.statusCode).toBe(401);
    const code = nextTwoFaCode(t);
    const wrong = await transfer(body, { email: TWOFA, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect(await footprint()).toEqual(before);
    const right = await transfer(body, { email: TWOFA, code: nextTwoFaCode(t) });
    expect(right.statusCode, right.body).toBe(201);
  });

  it("is 422 for another user's key with the same transfer, without showing it", async () => {
    // ADMIN's transfer out of the business hidden from everyone else.
    const key = randomUUID();
    const body = { fromBusinessId: 2, toBusinessId: HIDDEN_BUSINESS, currency: 'EUR', amount: '0.25' };
    const first = await transfer(body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const before = await footprint();
    const other = await transfer(body, { key, email: MANAGER });
    expect(other.statusCode).toBe(422);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.body).not.toContain(String(first.json().transfer.id));
    expect(await footprint()).toEqual(before);
  });

  it("keeps the 2FA code of a transfer refused for 'Insufficient balance' for the corrected one", async () => {
    const code = nextTwoFaCode(t);
    const available = await balance(5, 'EUR');
    const before = await footprint();
    const tooMuch = {
      fromBusinessId: 5,
      toBusinessId: 6,
      currency: 'EUR',
      amount: new Big(available).plus(1).toFixed(),
    };
    const refused = await transfer(tooMuch, { email: TWOFA, code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ amount: TRANSFER_MESSAGES.insufficientBalance });
    expect(await footprint()).toEqual(before);
    // Within the code's window, the corrected transfer goes through with the same code.
    t.clock.advance(10_000);
    const key = randomUUID();
    const corrected = await transfer({ ...tooMuch, amount: '0.01' }, { email: TWOFA, code, key });
    expect(corrected.statusCode, corrected.body).toBe(201);
    // Its answer lost, the retry with the same key and code answers the same transfer, moving nothing.
    const moved = await footprint();
    const retry = await transfer({ ...tooMuch, amount: '0.01' }, { email: TWOFA, code, key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(corrected.json());
    expect(await footprint()).toEqual(moved);
    expect(await balance(5, 'EUR')).toBe(new Big(available).minus('0.01').toFixed());
    // Spent: another transfer with it is 401.
    const again = await transfer({ ...tooMuch, amount: '0.01' }, { email: TWOFA, code });
    expect(again.statusCode).toBe(401);
    expect(await footprint()).toEqual(moved);
  });

  it('needs an Idempotency-Key (400 without one)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.auth(tokens.get(ADMIN)!),
      payload: { fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: '1' },
    });
    expect(response.statusCode).toBe(400);
  });
});
