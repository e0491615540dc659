/**
 * POST /v1/payments (docs/decisions.md 170–174, 233): a payment request — a deposit address valid for
 * the network, its payment URI and hosted link, answered as the list and the record read the payment
 * (PENDING, priceCurrency/priceAmount, one schema), an outbox mail when a recipient is given, an
 * audit row, all in one transaction. Permissions over the seven demo accounts; another organisation's
 * or the hidden business is 404; a currency or network the business has not enabled is 400 on its field; amounts within the network's precision; expiration 1–10080 minutes; a
 * retry under the same key answers the same request (also two at once), another body under it is 422,
 * no key is 400; a refusal leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOf, isValidAddress } from '../../src/domain/addresses';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { PAYMENT_REQUEST_MESSAGES } from '../../src/domain/paymentRequests';
import { AURORA, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { DEPOSIT_DELAY_SECONDS } from '../../server/modules/payments/service';
import { PaymentSchema } from '../../server/modules/transactions/schemas';
import { makeApp, twoFaCodeAt, type TestApp, demoMay } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const URL = '/v1/payments';

beforeAll(async () => {
  t = await makeApp();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
});
afterAll(() => t.close());

/** The one schema of a payment (the list's item, the record's and the create's answer). */
const validPayment = new Ajv({
  strict: false,
  allErrors: true,
  formats: {
    int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 },
    int64: { type: 'number', validate: (n: number) => Number.isSafeInteger(n) },
    'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
  },
}).compile(PaymentSchema);

const BTC = { businessId: 1, currency: 'BTC', network: 'MAIN', expirationMinutes: 60 };

const create = (body: Record<string, unknown>, options: { email?: string; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    headers: {
      ...t.auth(tokens.get(options.email ?? ADMIN)!),
      'idempotency-key': options.key ?? randomUUID(),
    },
    payload: body,
  });

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0].n);

/** Everything a request writes. */
const footprint = async () => ({
  keys: await count('idempotency_keys'),
  payments: await count('payments'),
  mails: await count('mail_outbox'),
  audits: await count("audit_log WHERE entity_type = 'payment-request'"),
});

describe('a payment request', () => {
  it('answers the payment as the record and the list read it: PENDING, priceCurrency/priceAmount, one schema', async () => {
    const response = await create({ ...BTC, amount: '0.015', paymentId: 'ORDER-1' });
    expect(response.statusCode, response.body).toBe(201);
    const { payment } = response.json();
    const now = t.clock.now();
    expect(payment).toEqual({
      id: expect.any(Number),
      businessId: 1,
      status: 'PENDING',
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      reference: 'ORDER-1',
      priceCurrency: 'BTC',
      priceAmount: '0.015',
      depositCurrency: 'BTC',
      depositNetwork: 'MAIN',
      expectedAmount: '0.015',
      expiresAt: new Date(now + 60 * 60_000).toISOString(),
      address: expect.stringMatching(/^bc1/),
      paymentUri: `bitcoin:${payment.address}?amount=0.015`,
      link: expect.stringMatching(/^http:\/\/[^/]+\/pay\/[A-Za-z0-9_-]{24}$/),
      deposits: [],
    });
    expect(isValidAddress('BTC', payment.address)).toBe(true);
    expect(validPayment(payment), JSON.stringify(validPayment.errors)).toBe(true);

    // One vocabulary: the record by id and the list filtered by the created status answer the same.
    const record = await t.app.inject({
      method: 'GET',
      url: `${URL}/${payment.id}`,
      headers: t.auth(tokens.get(ADMIN)!),
    });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toEqual(payment);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${URL}?businessId=1&status=${payment.status}&from=${payment.createdAt}&limit=100`,
      headers: t.auth(tokens.get(ADMIN)!),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().payments).toContainEqual(payment);
    // 'OPEN' is no status of a payment (decision 233 replaced the create's own word).
    const open = await t.app.inject({
      method: 'GET',
      url: `${URL}?status=OPEN`,
      headers: t.auth(tokens.get(ADMIN)!),
    });
    expect(open.statusCode).toBe(400);
    const { rows } = await t.db.query<{ due: Date }>(
      'SELECT deposit_due_at AS due FROM payments WHERE id = $1',
      [payment.id],
    );
    expect(new Date(rows[0].due).getTime()).toBe(now + DEPOSIT_DELAY_SECONDS * 1000);
  });

  it('derives a valid address for every enabled network, the same for the same request', async () => {
    for (const [businessId, currency, network] of [
      [1, 'USDT', 'ETH'],
      [1, 'USDT', 'TRX'],
      [2, 'LTC', 'MAIN'],
      [2, 'USDT', 'BSC'],
      [3, 'USDC', 'SOL'],
      [3, 'XRP', 'MAIN'],
      [2, 'ETH', 'ETH'],
    ] as const) {
      const response = await create({ businessId, currency, network, expirationMinutes: 10, amount: '1' });
      expect(response.statusCode, `${currency} ${network}: ${response.body}`).toBe(201);
      const { payment } = response.json();
      const chain = chainOf(currency, network)!;
      expect(isValidAddress(chain, payment.address), `${currency} ${network} ${payment.address}`).toBe(true);
      if (currency === 'ETH')
        expect(payment.paymentUri).toBe(`ethereum:${payment.address}@1?value=1000000000000000000`);
    }
  });

  it("takes no amount as an open amount: price '0', no amount in the URI, a reference of its own", async () => {
    const response = await create(BTC);
    expect(response.statusCode, response.body).toBe(201);
    const { payment } = response.json();
    expect(payment).toMatchObject({ priceCurrency: 'BTC', priceAmount: '0', expectedAmount: '0' });
    expect(validPayment(payment), JSON.stringify(validPayment.errors)).toBe(true);
    expect(payment.paymentUri).toBe(`bitcoin:${payment.address}`);
    expect(payment.reference).toBe(`PR-${payment.id}`);
  });

  it('writes the mail to the outbox and the audit row, in the same transaction', async () => {
    const response = await create({
      ...BTC,
      amount: '0.5',
      recipientEmail: 'payer@example.com',
      mailSubject: 'Your invoice',
      sender: {
        name: 'Northwind Coffee',
        address: '1 Harbour Road',
        city: 'Lisbon',
        country: 'Portugal',
        email: 'billing@northwind.example',
        signatureName: 'Ana Silva',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payment } = response.json();
    const mails = await t.db.query<Record<string, unknown>>(
      'SELECT organisation_id, recipient, reply_to, subject, body, sent_at FROM mail_outbox WHERE reference = $1',
      [`payment:${payment.id}`],
    );
    expect(mails.rows).toHaveLength(1);
    const mail = mails.rows[0];
    expect(mail).toMatchObject({
      organisation_id: AURORA,
      recipient: 'payer@example.com',
      reply_to: 'billing@northwind.example',
      subject: 'Your invoice',
      sent_at: null,
    });
    expect(mail.body).toContain(payment.link);
    expect(mail.body).toContain('0.5 BTC');
    expect(mail.body).toContain('Ana Silva');

    const audits = await t.db.query<{
      action: string;
      organisation_id: number;
      changes: Record<string, unknown>;
    }>(
      "SELECT action, organisation_id, changes FROM audit_log WHERE entity_type = 'payment-request' AND entity_id = $1",
      [String(payment.id)],
    );
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]).toMatchObject({ action: 'create', organisation_id: AURORA });
    expect(audits.rows[0].changes).toMatchObject({
      priceAmount: { before: null, after: '0.5' },
      recipientEmail: { before: null, after: 'payer@example.com' },
    });
  });

  it('is allowed by CREATE_PAYMENT only, over the seven demo accounts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await create({ ...BTC, businessId: 3 }, { email: account.email });
      const expected = demoMay(account.email, 'CREATE_PAYMENT') ? 201 : 403;
      expect(response.statusCode, `${account.email}: ${response.body}`).toBe(expected);
    }
  });

  it("answers 404 for another organisation's business or, except to ADMIN, the hidden one; nothing saved", async () => {
    const before = await footprint();
    const foreign = await create({ ...BTC, businessId: 10 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: ERROR_TEXTS.notFound });
    if (demoMay(MANAGER, 'CREATE_PAYMENT')) {
      const hidden = await create({ ...BTC, businessId: HIDDEN_BUSINESS }, { email: MANAGER });
      expect(hidden.statusCode).toBe(404);
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses a currency or network the business has not enabled, bad amounts and expirations (400)', async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ currency: 'ETH', network: 'ETH' }, 'currency', PAYMENT_REQUEST_MESSAGES.currencyNotEnabled],
      [{ currency: 'USDT', network: 'SOL' }, 'network', PAYMENT_REQUEST_MESSAGES.networkNotEnabled],
      [{ currency: 'XYZ' }, 'currency', PAYMENT_REQUEST_MESSAGES.currencyNotEnabled],
      [{ amount: '0.000000001' }, 'amount', PAYMENT_REQUEST_MESSAGES.amountDecimals],
      [
        { currency: 'USDT', network: 'TRX', amount: '1.0000001' },
        'amount',
        PAYMENT_REQUEST_MESSAGES.amountDecimals,
      ],
      [{ amount: '0' }, 'amount', PAYMENT_REQUEST_MESSAGES.amountPositive],
      [{ amount: '-1' }, 'amount', PAYMENT_REQUEST_MESSAGES.amountPositive],
      [{ amount: '1,5' }, 'amount', PAYMENT_REQUEST_MESSAGES.amountNotNumber],
      [{ amount: '1e3' }, 'amount', PAYMENT_REQUEST_MESSAGES.amountNotNumber],
      [{ expirationMinutes: 0 }, 'expirationMinutes', PAYMENT_REQUEST_MESSAGES.expirationRange],
      [{ expirationMinutes: 10081 }, 'expirationMinutes', PAYMENT_REQUEST_MESSAGES.expirationRange],
      [
        { recipientEmail: 'nobody', mailSubject: 'x' },
        'recipientEmail',
        PAYMENT_REQUEST_MESSAGES.emailInvalid,
      ],
      [{ recipientEmail: 'payer@example.com' }, 'mailSubject', PAYMENT_REQUEST_MESSAGES.mailSubjectRequired],
      [{ redirectUrl: 'javascript:alert(1)' }, 'redirectUrl', PAYMENT_REQUEST_MESSAGES.redirectUrlInvalid],
      [{ paymentId: 'a<b' }, 'paymentId', PAYMENT_REQUEST_MESSAGES.specialCharacters],
      [
        {
          sender: {
            name: 'N',
            address: 'A',
            city: '',
            country: 'C',
            email: 'e@example.com',
            signatureName: 'S',
          },
        },
        'sender.city',
        PAYMENT_REQUEST_MESSAGES.senderRequired,
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await create({ ...BTC, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    // A JSON number is no decimal string, a fraction of a minute no expiration: refused by the schema.
    expect((await create({ ...BTC, amount: 1.5 })).statusCode).toBe(400);
    expect((await create({ ...BTC, expirationMinutes: 1.5 })).statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
    // The bounds themselves are accepted.
    expect((await create({ ...BTC, expirationMinutes: 1 })).statusCode).toBe(201);
    expect((await create({ ...BTC, expirationMinutes: 10080 })).statusCode).toBe(201);
  });

  it('answers a retry under the same key with the same request, without a second one; another body is 422', async () => {
    const key = randomUUID();
    const body = { ...BTC, amount: '0.25', recipientEmail: 'payer@example.com', mailSubject: 'Invoice' };
    const first = await create(body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const before = await footprint();
    const again = await create(body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await footprint()).toEqual(before);
    const other = await create({ ...body, amount: '0.3' }, { key });
    expect(other.statusCode).toBe(422);
    expect(await footprint()).toEqual(before);
  });

  it('creates one request for two identical requests at once', async () => {
    const key = randomUUID();
    const body = { ...BTC, amount: '0.125', recipientEmail: 'payer@example.com', mailSubject: 'Invoice' };
    const before = await footprint();
    const [a, b] = await Promise.all([create(body, { key }), create(body, { key })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    const after = await footprint();
    expect(after).toEqual({
      keys: before.keys + 1,
      payments: before.payments + 1,
      mails: before.mails + 1,
      audits: before.audits + 1,
    });
  });

  it('needs an Idempotency-Key (400 without one), nothing saved', async () => {
    const before = await footprint();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.auth(tokens.get(ADMIN)!),
      payload: BTC,
    });
    expect(response.statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
  });
});
