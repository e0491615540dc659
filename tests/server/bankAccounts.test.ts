/**
 * Bank accounts (docs/decisions.md 143–147): /v1/bank-accounts lists (masked), reads (whole for
 * MANAGE_BANK_ACCOUNTS), creates and changes an organisation's accounts with the shared validator's
 * field errors, answers the fields per currency and payment method, writes one audit row per change
 * (numbers masked) and none for a refused one (an over-long field in the product's words), and holds
 * the guards over the seven demo accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES, BANK_ACCOUNT_METADATA } from '../../src/domain/bankAccounts';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { makeApp, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.token('admin@example.com');
});
afterAll(() => t.close());

const SEPA = {
  accountLabel: 'Payouts EUR',
  accountCurrency: 'EUR',
  paymentMethod: 'SEPA',
  holderName: 'Aurora Payments GmbH',
  holderAddress: 'Unter den Linden 1',
  holderCity: 'Berlin',
  holderCountry: 'Germany',
  iban: 'DE44 5001 0517 5407 3249 31',
  bankName: 'ING',
};

const ACH = {
  accountLabel: 'Payouts USD',
  accountCurrency: 'USD',
  paymentMethod: 'ACH',
  holderName: 'Aurora Payments Inc',
  holderAddress: '1 Main Street',
  holderCity: 'Boston',
  holderCountry: 'United States',
  accountNumber: '987654321012',
  routingNumber: '011000015',
  bankName: 'Federal Reserve Bank of Boston',
  bankEmail: 'Ops@Aurora.example.com',
};

const post = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/bank-accounts',
    headers: { ...t.auth(token), ...headers },
    payload,
  });
const patch = (
  token: string,
  id: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/v1/bank-accounts/${id}`,
    headers: { ...t.auth(token), ...headers },
    payload,
  });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });

const count = async (table: 'bank_accounts' | 'audit_log') =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

const auditRows = async (entityId: number) =>
  (
    await t.db.query<{
      action: string;
      actor_label: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>(
      `SELECT action, actor_label, changes FROM audit_log WHERE entity_type = 'bank-account' AND entity_id = $1 ORDER BY id`,
      [String(entityId)],
    )
  ).rows;

describe('the demo accounts', () => {
  it("lists Aurora's EUR (SEPA), GBP (FPS) and USD (ACH) accounts, numbers masked to their last 4", async () => {
    const response = await get(admin, '/v1/bank-accounts?sortBy=accountCurrency&order=asc');
    expect(response.statusCode, response.body).toBe(200);
    const { bankAccounts, total } = response.json();
    expect(total).toBe(3);
    expect(
      bankAccounts.map(
        (a: { accountCurrency: string; paymentMethod: string }) => `${a.accountCurrency} ${a.paymentMethod}`,
      ),
    ).toEqual(['EUR SEPA', 'GBP FPS', 'USD ACH']);
    expect(bankAccounts[0]).toMatchObject({ iban: '•••• 3000', accountNumber: null, masked: true });
    expect(bankAccounts[1]).toMatchObject({ accountNumber: '•••• 6819', sortCode: '601613', iban: null });
    expect(bankAccounts[2]).toMatchObject({ accountNumber: '•••• 6789', routingNumber: '021000021' });
    expect(response.body).not.toContain('DE89370400440532013000');
    expect(response.body).not.toContain('31926819');
  });
});

describe('metadata', () => {
  it('names the fields of each currency and payment method', async () => {
    const response = await get(admin, '/v1/bank-accounts/metadata');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.commonFields).toEqual([
      'accountLabel',
      'holderName',
      'holderAddress',
      'holderCity',
      'holderCountry',
    ]);
    const methods = Object.fromEntries(
      body.currencies.map((c: { currency: string; paymentMethods: { paymentMethod: string }[] }) => [
        c.currency,
        c.paymentMethods.map((m) => m.paymentMethod),
      ]),
    );
    expect(methods).toEqual({
      EUR: ['SEPA', 'SWIFT'],
      GBP: ['FPS', 'SWIFT'],
      USD: ['ACH', 'FEDWIRE', 'SWIFT'],
    });
    const usd = body.currencies.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd.paymentMethods[0].fields).toEqual([...BANK_ACCOUNT_METADATA.USD.ACH!]);
    expect(usd.paymentMethods.every((m: { fields: string[] }) => m.fields.includes('bankEmail'))).toBe(true);
  });
});

describe('creating and changing an account', () => {
  it('creates one, answers it whole, lists it masked and writes one audit row with the IBAN masked', async () => {
    const auditBefore = await count('audit_log');
    const response = await post(admin, SEPA);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      accountLabel: 'Payouts EUR',
      iban: 'DE44500105175407324931',
      bankName: 'ING',
      accountNumber: null,
      swiftCode: null,
      masked: false,
    });
    const listed = await get(admin, '/v1/bank-accounts?q=Payouts%20EUR');
    expect(listed.json().bankAccounts).toEqual([
      expect.objectContaining({ id: created.id, iban: '•••• 4931' }),
    ]);
    const whole = await get(admin, `/v1/bank-accounts/${created.id}`);
    expect(whole.json()).toMatchObject({ iban: 'DE44500105175407324931', masked: false });

    expect(await count('audit_log')).toBe(auditBefore + 1);
    const [row] = await auditRows(created.id);
    expect(row.action).toBe('create');
    expect(row.actor_label).toBe('admin@example.com');
    expect(row.changes.iban).toEqual({ before: null, after: '•••• 4931' });
    expect(row.changes.accountLabel).toEqual({ before: null, after: 'Payouts EUR' });
    expect(JSON.stringify(row.changes)).not.toContain('DE44500105175407324931');
  });

  it('keeps a USD account with its e-mail in lower case and codes compacted', async () => {
    const response = await post(admin, { ...ACH, routingNumber: '011 000 015' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      bankEmail: 'ops@aurora.example.com',
      routingNumber: '011000015',
    });
  });

  it('changes an account: a new currency and method clear the fields they no longer need, one audit row', async () => {
    const created = (await post(admin, SEPA)).json();
    const response = await patch(admin, created.id, {
      accountCurrency: 'GBP',
      paymentMethod: 'FPS',
      accountNumber: '31926819',
      sortCode: '60-16-13',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      accountCurrency: 'GBP',
      paymentMethod: 'FPS',
      iban: null,
      accountNumber: '31926819',
      sortCode: '601613',
      bankName: 'ING',
    });
    const rows = await auditRows(created.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1].changes).toEqual({
      accountCurrency: { before: 'EUR', after: 'GBP' },
      paymentMethod: { before: 'SEPA', after: 'FPS' },
      iban: { before: '•••• 4931', after: null },
      accountNumber: { before: null, after: '•••• 6819' },
      sortCode: { before: null, after: '601613' },
    });
  });

  it('refuses bad input with 400 and the field messages, saving nothing and auditing nothing', async () => {
    const accounts = await count('bank_accounts');
    const audits = await count('audit_log');
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...SEPA, iban: 'DE89370400440532013001' }, { iban: BANK_ACCOUNT_MESSAGES.ibanChecksum }],
      [{ ...SEPA, iban: 'DE8937040044053201300' }, { iban: BANK_ACCOUNT_MESSAGES.ibanLength }],
      [{ ...SEPA, iban: '' }, { iban: BANK_ACCOUNT_MESSAGES.ibanRequired }],
      [
        { ...ACH, routingNumber: '021000022' },
        { routingNumber: BANK_ACCOUNT_MESSAGES.routingNumberChecksum },
      ],
      [{ ...ACH, bankEmail: 'not-an-email' }, { bankEmail: BANK_ACCOUNT_MESSAGES.bankEmailInvalid }],
      [{ ...ACH, bankEmail: undefined }, { bankEmail: BANK_ACCOUNT_MESSAGES.bankEmailRequired }],
      // Over the schema's limit: the product's words, not the validator's ('must NOT have more than').
      [{ ...SEPA, holderAddress: 'A'.repeat(201) }, { holderAddress: 'must be at most 200 characters' }],
      [
        { ...SEPA, paymentMethod: 'ACH', accountLabel: 'a<b' },
        {
          paymentMethod: BANK_ACCOUNT_MESSAGES.paymentMethodCurrency,
          accountLabel: BANK_ACCOUNT_MESSAGES.specialCharacters,
        },
      ],
      [
        { accountCurrency: 'GBP', paymentMethod: 'FPS' },
        {
          accountLabel: BANK_ACCOUNT_MESSAGES.accountLabelRequired,
          holderName: BANK_ACCOUNT_MESSAGES.holderNameRequired,
          holderAddress: BANK_ACCOUNT_MESSAGES.holderAddressRequired,
          holderCity: BANK_ACCOUNT_MESSAGES.holderCityRequired,
          holderCountry: BANK_ACCOUNT_MESSAGES.holderCountryRequired,
          accountNumber: BANK_ACCOUNT_MESSAGES.accountNumberRequired,
          sortCode: BANK_ACCOUNT_MESSAGES.sortCodeRequired,
          bankName: BANK_ACCOUNT_MESSAGES.bankNameRequired,
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await post(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ message: ERROR_TEXTS.validation, errors });
    }
    const existing = (await get(admin, '/v1/bank-accounts?limit=1')).json().bankAccounts[0];
    const before = (await get(admin, `/v1/bank-accounts/${existing.id}`)).json();
    const refused = await patch(admin, existing.id, { swiftCode: 'X', paymentMethod: 'SWIFT' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toContain('swiftCode');
    expect((await get(admin, `/v1/bank-accounts/${existing.id}`)).json()).toEqual(before);
    expect(await count('bank_accounts')).toBe(accounts);
    expect(await count('audit_log')).toBe(audits);
  });

  it('keeps the account and its audit row in one transaction: a failing audit write leaves neither', async () => {
    const audits = await count('audit_log');
    const accounts = await count('bank_accounts');
    // The account's INSERT succeeds; the audit row's then fails, so the transaction rolls both back.
    await t.db.query(
      "ALTER TABLE audit_log ADD CONSTRAINT test_refuse_marker CHECK (changes::text NOT LIKE '%Rollback marker%') NOT VALID",
    );
    try {
      const response = await post(admin, { ...SEPA, accountLabel: 'Rollback marker' });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.query('ALTER TABLE audit_log DROP CONSTRAINT test_refuse_marker');
    }
    expect(await count('bank_accounts')).toBe(accounts);
    expect(await count('audit_log')).toBe(audits);
  });

  it('answers 404 for an unknown account, changing nothing', async () => {
    expect((await get(admin, '/v1/bank-accounts/999999')).statusCode).toBe(404);
    expect((await patch(admin, 999999, { accountLabel: 'Nope' })).statusCode).toBe(404);
  });

  it('needs the 2FA code of a user with 2FA on', async () => {
    const twofa = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    const missing = await post(twofa, SEPA);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(ERROR_TEXTS.invalidTwoFaCode);
    t.clock.advance(30_000);
    const created = await post(twofa, SEPA, { 'x-2fa-code': twoFaCodeAt(t.clock.now()) });
    expect(created.statusCode, created.body).toBe(201);
    // Refused input does not spend the code: the same code then creates the account.
    t.clock.advance(30_000);
    const code = { 'x-2fa-code': twoFaCodeAt(t.clock.now()) };
    expect((await post(twofa, { ...SEPA, iban: 'DE00' }, code)).statusCode).toBe(400);
    expect((await post(twofa, SEPA, code)).statusCode).toBe(201);
    const noCode = await patch(twofa, created.json().id, { accountLabel: 'Renamed' });
    expect(noCode.statusCode).toBe(401);
    t.clock.advance(30_000);
    const renamed = await patch(
      twofa,
      created.json().id,
      { accountLabel: 'Renamed' },
      {
        'x-2fa-code': twoFaCodeAt(t.clock.now()),
      },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('organisation isolation', () => {
  it("never shows or changes Borealis's account to Aurora", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM bank_accounts WHERE organisation_id = 2 ORDER BY id LIMIT 1',
    );
    const foreign = rows[0].id;
    expect((await get(admin, `/v1/bank-accounts/${foreign}`)).statusCode).toBe(404);
    expect((await patch(admin, foreign, { accountLabel: 'Taken' })).statusCode).toBe(404);
    const list = (await get(admin, '/v1/bank-accounts?limit=100')).json();
    expect(list.bankAccounts.map((a: { id: number }) => a.id)).not.toContain(foreign);
  });
});

describe('the permission matrix over the seven demo accounts', () => {
  // Expected per account: list and read, metadata, create and change (MANAGE_BANK_ACCOUNTS).
  const EXPECTED: Record<string, { list: boolean; metadata: boolean; manage: boolean; whole: boolean }> = {
    'admin@example.com': { list: true, metadata: true, manage: true, whole: true },
    'manager@example.com': { list: true, metadata: true, manage: true, whole: true },
    'backoffice@example.com': { list: true, metadata: true, manage: false, whole: false },
    'support@example.com': { list: false, metadata: false, manage: false, whole: false },
    'integrator@example.com': { list: false, metadata: false, manage: false, whole: false },
    'viewer@example.com': { list: false, metadata: false, manage: false, whole: false },
    'twofa@example.com': { list: true, metadata: true, manage: true, whole: true },
  };

  it('covers every demo account', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
  });

  it.each(Object.entries(EXPECTED))('%s', async (email, want) => {
    t.clock.advance(30_000);
    const token =
      email === 'twofa@example.com'
        ? await t.token(email, { twoFaCode: twoFaCodeAt(t.clock.now()) })
        : await t.token(email);
    const codeNow = (): Record<string, string> =>
      email === 'twofa@example.com' ? { 'x-2fa-code': twoFaCodeAt(t.clock.now()) } : {};
    const status = (ok: boolean, success = 200) => (ok ? success : 403);

    const list = await get(token, '/v1/bank-accounts');
    expect(list.statusCode).toBe(status(want.list));
    const first = (await get(admin, '/v1/bank-accounts?limit=1&sortBy=createdAt&order=asc')).json()
      .bankAccounts[0];
    const one = await get(token, `/v1/bank-accounts/${first.id}`);
    expect(one.statusCode).toBe(status(want.list));
    if (want.list) expect(one.json().masked).toBe(!want.whole);
    expect((await get(token, '/v1/bank-accounts/metadata')).statusCode).toBe(status(want.metadata));

    t.clock.advance(30_000);
    const created = await post(token, { ...SEPA, accountLabel: `Matrix ${email.split('@')[0]}` }, codeNow());
    expect(created.statusCode, created.body).toBe(status(want.manage, 201));
    t.clock.advance(30_000);
    const changed = await patch(token, first.id, { holderCity: 'Munich' }, codeNow());
    expect(changed.statusCode, changed.body).toBe(status(want.manage));
  });
});

describe('the list guard’s two ways in (requiresAnyOf)', () => {
  it('opens with FETCH_BANK_ACCOUNTS only together with FETCH_BANK_METADATA', async () => {
    const viewer = await t.token('viewer@example.com'); // the custom role 'No access' (id 6)
    const grant = async (permissions: string[]) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/v1/roles/6',
        headers: t.auth(admin),
        payload: { permissions: ['GET_ORGANISATION', ...permissions] },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const statuses = async () => [
      (await get(viewer, '/v1/bank-accounts')).statusCode,
      (await get(viewer, '/v1/bank-accounts/metadata')).statusCode,
    ];
    await grant(['FETCH_BANK_ACCOUNTS']);
    expect(await statuses()).toEqual([403, 403]);
    await grant(['FETCH_BANK_METADATA']);
    expect(await statuses()).toEqual([403, 200]);
    await grant(['FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA']);
    expect(await statuses()).toEqual([200, 200]);
    const listed = (await get(viewer, '/v1/bank-accounts')).json().bankAccounts;
    expect(listed.every((a: { masked: boolean }) => a.masked)).toBe(true);
  });
});
