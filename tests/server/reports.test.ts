/**
 * /v1/reports: the balance confirmation letter (PDF) and the transaction ledger (CSV and XLSX). The
 * files are read back as a client would (pdf-lib, exceljs) and reconciled with GET /v1/balances.
 *
 * The app's clock is noon of the demo's seed day, so "today" holds all the demo activity (the 60 days
 * before it) and the entries this file posts.
 */
import Big from 'big.js';
import ExcelJS from 'exceljs';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntry } from '../../server/ledger';
import type { Db } from '../../server/db/client';
import { AURORA, BOREALIS, demoSeedDay, HIDDEN_BUSINESS } from '../../server/db/seed';
import { confirmationPdf } from '../../server/modules/reports/pdf';
import { BRANDS } from '../../src/domain/brands';
import { REPORT_TEXTS } from '../../server/modules/reports/schemas';
import { LEDGER_HEADER_ROW } from '../../server/modules/reports/ledgerSheet';
import { formatAmount, slug } from '../../server/modules/reports/service';
import { instantInWords, kindLabel, LEDGER, referenceLabel } from '../../server/modules/reports/texts';
import { makeApp, makeClock, makeDb, testScope, type TestApp } from './helpers';

const DAY = 86_400_000;
const MANAGER = 'manager@example.com';
const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let db: Db;
let t: TestApp;
let today: string;
const tokens = new Map<string, string>();
/** A business of this file's own, so exact figures do not depend on the demo activity. */
let shop: number;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let entries = 0;
/** Moves `amount` between the business and the external account (a negative amount debits the business). */
const move = (
  businessId: number,
  currency: string,
  amount: string,
  extra: { reference?: string; description?: string } = {},
) =>
  postEntry(db, testScope({ organisationId: AURORA }), {
    kind: 'manual',
    reference: extra.reference ?? `reports-test:${++entries}`,
    description: extra.description,
    at: new Date(t.clock.now()),
    postings: [
      { account: { kind: 'business', businessId, currency }, amount },
      { account: { kind: 'external', currency }, amount: new Big(amount).times(-1).toFixed() },
    ],
  });

beforeAll(async () => {
  db = await makeDb();
  const seedDay = (await demoSeedDay(db))!.getTime();
  today = dayOf(seedDay);
  t = await makeApp({}, { db, clock: makeClock(seedDay + 12 * 3600_000) });
  for (const email of [MANAGER, ADMIN, SUPPORT]) tokens.set(email, await t.token(email));
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO businesses (organisation_id, name, settlement_currency, supported_display_currencies,
       deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
     VALUES (1, 'Réports Shop', 'EUR', '{EUR}', '{"BTC": ["MAIN"]}', 'PROCESS', 'USER', now(), now())
     RETURNING id`,
  );
  shop = rows[0].id;
  await move(shop, 'EUR', '1234.5');
  await move(shop, 'BTC', '0.125');
  await move(shop, 'EUR', '-34.25', {
    reference: '=HYPERLINK("http://evil.example","x")',
    description: '+SUM(A1:A9)',
  });
});
afterAll(async () => {
  await t.close();
  await db.close();
});

const post = (url: string, payload: object, email = MANAGER) =>
  t.app.inject({ method: 'POST', url: `/v1/reports/${url}`, headers: t.auth(tokens.get(email)!), payload });

const balancesOf = async (businessId: number, email = MANAGER) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/balances/${businessId}`,
    headers: t.auth(tokens.get(email)!),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { balances: Record<string, { amount: string }> }).balances;
};

/** The text a PDF's pages draw, one line per text item (the letter's fonts map their glyphs to Unicode). */
async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
  }
  return { pages: pdf.numPages, text: lines.join('\n') };
}

/** RFC 4180 records (quoted fields with doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe('');
  return records;
}

async function loadXlsx(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  return workbook;
}

async function xlsxRecords(body: Buffer): Promise<string[][]> {
  const workbook = await loadXlsx(body);
  const sheet = workbook.worksheets[0];
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= 10; c++) {
      const value = row.getCell(c).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    records.push(cells);
  });
  return records;
}

interface Group {
  businessId: number;
  currency: string;
  opening: Big;
  closing: Big;
  postings: { amount: Big; balance: Big; reference: string; description: string }[];
}

/** Records (header first) as account groups, checking each group's shape and running balance. */
function groupsOf(records: string[][]): Group[] {
  expect(records[0]).toEqual([
    'Business ID',
    'Business',
    'Currency',
    'Line',
    'Date (UTC)',
    'Entry kind',
    'Reference',
    'Description',
    'Amount',
    'Balance',
  ]);
  const groups: Group[] = [];
  let open: Group | undefined;
  for (const [businessId, , currency, line, date, , reference, description, amount, balance] of records.slice(
    1,
  )) {
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    if (line === 'opening') {
      expect(open).toBeUndefined();
      open = {
        businessId: Number(businessId),
        currency,
        opening: new Big(balance),
        closing: new Big(0),
        postings: [],
      };
    } else {
      expect(open).toMatchObject({ businessId: Number(businessId), currency });
      if (line === 'posting') {
        const previous = open!.postings.at(-1)?.balance ?? open!.opening;
        expect(new Big(balance).eq(previous.plus(amount)), `running balance of ${currency}`).toBe(true);
        open!.postings.push({ amount: new Big(amount), balance: new Big(balance), reference, description });
      } else {
        expect(line).toBe('closing');
        open!.closing = new Big(balance);
        groups.push(open!);
        open = undefined;
      }
    }
  }
  expect(open).toBeUndefined();
  return groups;
}

/** Every group reconciles (opening + postings = closing), and the closings are the current balances. */
async function expectReconciled(groups: Group[], businessIds: number[]) {
  for (const g of groups) {
    const sum = g.postings.reduce((s, p) => s.plus(p.amount), new Big(0));
    expect(g.opening.plus(sum).eq(g.closing), `${g.businessId} ${g.currency}`).toBe(true);
  }
  for (const id of businessIds) {
    const balances = await balancesOf(id);
    const own = groups.filter((g) => g.businessId === id);
    for (const g of own)
      expect(g.closing.toFixed(), `${id} ${g.currency}`).toBe(balances[g.currency]?.amount);
    const nonZero = Object.entries(balances).filter(([, b]) => !new Big(b.amount).eq(0));
    expect(own.map((g) => g.currency).sort()).toEqual(expect.arrayContaining(nonZero.map(([c]) => c)));
  }
}

describe('POST /v1/reports/balance-confirmation', () => {
  it('is a PDF letter with the organisation, the date, the balances, a reference and when it was generated', async () => {
    const response = await post('balance-confirmation', { asOf: today });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="balance-confirmation-aurora-payments-${today}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const { pages, text } = await pdfText(response.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Balance confirmation');
    expect(text).toContain('Aurora Payments');
    expect(text).toMatch(new RegExp(`BC-1-0-${today.replace(/-/g, '')}-120000-[0-9A-Z]{4}`));
    expect(text).toContain(`Generated on ${instantInWords(new Date(t.clock.now()), 'en')}`);
    // The organisation's balance per currency (every business the manager sees), as formatted.
    const organisation = await t.app.inject({
      method: 'GET',
      url: '/v1/balances/organisation',
      headers: t.auth(tokens.get(MANAGER)!),
    });
    const balances = (organisation.json() as { balances: Record<string, { amount: string }> }).balances;
    expect(text).toContain(formatAmount(balances.EUR.amount, 2));
    expect(text).toContain(formatAmount(balances.BTC.amount, 8));
    expect(text).toContain('Total (EUR)');
  });

  it('for one business: its name, its balances valued in the settlement currency, and the total', async () => {
    const response = await post('balance-confirmation', { asOf: today, businessId: shop });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="balance-confirmation-aurora-payments-reports-shop-${today}.pdf"; ` +
        `filename*=UTF-8''balance-confirmation-aurora-payments-r%C3%A9ports-shop-${today}.pdf`,
    );
    const { text } = await pdfText(response.rawPayload);
    expect(text).toContain('Réports Shop');
    expect(text).toContain('1,200.25'); // EUR 1234.5 − 34.25
    expect(text).toContain('0.12500000'); // BTC at its 8 decimals
    // BTC at the demo's stated rate (65000 USD ÷ 1.08 USD per EUR), rounded half up once to cents.
    const btc = new Big('65000').div('1.08').round(18, Big.roundHalfUp).times('0.125');
    expect(text).toContain(formatAmount(btc, 2));
    expect(text).toContain(formatAmount(btc.plus('1200.25'), 2));
    expect(text).toContain(`BC-1-${shop}-`);
  });

  it('states the balances at the end of asOf: entries of a later day are not in it', async () => {
    const yesterday = dayOf(Date.parse(today) - DAY);
    const response = await post('balance-confirmation', { asOf: yesterday, businessId: shop });
    expect(response.statusCode).toBe(200);
    const { text } = await pdfText(response.rawPayload);
    expect(text).not.toContain('1,200.25');
    expect(text).toContain('0.00');
  });

  it('continues a long table on further pages, with its header and page numbers', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({
      currency: `C${i}`,
      currencyName: `Coin ${i}`,
      balance: formatAmount(String(i * 1000), 2),
      rate: '1',
      value: formatAmount(String(i * 1000), 2),
    }));
    const bytes = await confirmationPdf(
      {
        locale: 'en',
        brand: BRANDS[0],
        provider: { legalName: 'Payments Local GmbH', address: ['Friedrichstraße 100', '10117 Berlin'] },
        organisation: 'Aurora Payments 😀',
        businessCount: 8,
        asOfDay: new Date('2026-11-21T00:00:00Z'),
        reference: 'BC-1-0-20261121-080000-K7QM',
        generatedAt: new Date('2026-11-22T08:00:00.000Z'),
        settlementCurrency: 'EUR',
        rows,
        total: '3,160,000.00',
      },
      new Date('2026-11-22T08:00:00Z'),
    );
    const { pages, text } = await pdfText(Buffer.from(bytes));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('(continued)');
    expect(text).toContain('79,000.00');
    expect(text).toContain('Aurora Payments ?'); // a character the standard font lacks, not an error
  });
});

describe('POST /v1/reports/transaction-ledger', () => {
  const monthAgo = () => dayOf(Date.parse(today) - 30 * DAY);

  it('CSV: every account reconciles, and the closing balances are the balances now', async () => {
    const response = await post('transaction-ledger', {
      businessId: 1,
      from: monthAgo(),
      to: today,
      format: 'csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="transaction-ledger-aurora-payments-northwind-coffee-${monthAgo()}-${today}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const groups = groupsOf(parseCsv(response.body));
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.some((g) => g.postings.length > 0)).toBe(true);
    expect(new Set(groups.map((g) => g.businessId))).toEqual(new Set([1]));
    await expectReconciled(groups, [1]);
  });

  it('XLSX: the same lines as the CSV, read back with exceljs (in words, dates and numbers typed)', async () => {
    const body = { businessId: 1, from: monthAgo(), to: today };
    const [csv, xlsx] = await Promise.all([
      post('transaction-ledger', { ...body, format: 'csv' }),
      post('transaction-ledger', { ...body, format: 'xlsx' }),
    ]);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    expect(xlsx.headers['content-disposition']).toMatch(
      /-northwind-coffee-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const csvRecords = parseCsv(csv.body);
    await expectReconciled(groupsOf(csvRecords), [1]);
    const sheet = (await loadXlsx(xlsx.rawPayload)).worksheets[0];
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, n) => void (n > LEDGER_HEADER_ROW && rows.push(row)));
    const lines = csvRecords.slice(1);
    expect(rows.length).toBe(lines.length);
    const words = LEDGER.en;
    rows.forEach((row, i) => {
      const [businessId, business, currency, line, date, kind, reference, description, amount, balance] =
        lines[i];
      const value = (c: number) => row.getCell(c).value;
      expect(value(1)).toBe(Number(businessId));
      expect(value(2)).toBe(business);
      expect(value(3)).toBe(currency);
      expect(value(4)).toBe(words.lines[line as keyof typeof words.lines]);
      expect((value(5) as Date).toISOString()).toBe(date);
      expect(value(6)).toBe(kind ? kindLabel(kind, 'en') : null);
      expect(value(7)).toBe(reference ? referenceLabel(reference, 'en') : null);
      if (description) expect(value(8)).toBe(description);
      expect(String(value(8) ?? '')).not.toBe('');
      expect(value(9) === null ? '' : String(value(9))).toBe(amount);
      expect(String(value(10))).toBe(balance);
    });
  });

  it('every visible business (the hidden one only for ADMIN), one currency, a window in the past', async () => {
    const all = await post('transaction-ledger', {
      from: monthAgo(),
      to: today,
      format: 'csv',
      currency: 'EUR',
    });
    expect(all.statusCode).toBe(200);
    const groups = groupsOf(parseCsv(all.body));
    const ids = [...new Set(groups.map((g) => g.businessId))];
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).not.toContain(HIDDEN_BUSINESS);
    expect(new Set(groups.map((g) => g.currency))).toEqual(new Set(['EUR']));
    for (const g of groups)
      expect(g.opening.plus(g.postings.reduce((s, p) => s.plus(p.amount), new Big(0))).eq(g.closing)).toBe(
        true,
      );
    const admin = groupsOf(
      parseCsv(
        (await post('transaction-ledger', { from: monthAgo(), to: today, format: 'csv' }, ADMIN)).body,
      ),
    );
    expect(admin.map((g) => g.businessId)).toContain(HIDDEN_BUSINESS);

    // Two adjacent windows: the first's closing balances are the second's opening balances.
    const split = dayOf(Date.parse(today) - 10 * DAY);
    const before = groupsOf(
      parseCsv(
        (await post('transaction-ledger', { businessId: 1, from: monthAgo(), to: split, format: 'csv' }))
          .body,
      ),
    );
    const after = groupsOf(
      parseCsv(
        (
          await post('transaction-ledger', {
            businessId: 1,
            from: dayOf(Date.parse(split) + DAY),
            to: today,
            format: 'csv',
          })
        ).body,
      ),
    );
    for (const g of after) {
      const earlier = before.find((b) => b.currency === g.currency);
      expect((earlier?.closing ?? new Big(0)).eq(g.opening), g.currency).toBe(true);
    }
  });

  it('neutralises formulas in CSV and XLSX; a signed amount stays a number', async () => {
    const body = { businessId: shop, from: today, to: today };
    const csv = await post('transaction-ledger', { ...body, format: 'csv' });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).toContain(`,'+SUM(A1:A9),-34.25,1200.25\r\n`);
    const groups = groupsOf(parseCsv(csv.body));
    expect(groups.map((g) => g.currency).sort()).toEqual(['BTC', 'EUR']);
    const records = await xlsxRecords(
      (await post('transaction-ledger', { ...body, format: 'xlsx' })).rawPayload,
    );
    const row = records.find((r) => r[6].includes('HYPERLINK'))!;
    expect(row[6]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row[7]).toBe(`'+SUM(A1:A9)`);
    expect(row[8]).toBe('-34.25');
    const workbook = await loadXlsx(
      (await post('transaction-ledger', { ...body, format: 'xlsx' })).rawPayload,
    );
    let formulas = 0;
    workbook.worksheets[0].eachRow((r) =>
      r.eachCell((c) => void (c.type === ExcelJS.ValueType.Formula && formulas++)),
    );
    expect(formulas).toBe(0);
  });
});

describe('reports: access and bad input', () => {
  let ledger: { from: string; to: string; format: string };
  beforeAll(() => {
    ledger = { from: today, to: today, format: 'csv' };
  });

  it('needs GET_BALANCES: SUPPORT 403, MANAGER 200, no session 401', async () => {
    expect((await post('balance-confirmation', { asOf: today }, SUPPORT)).statusCode).toBe(403);
    expect((await post('transaction-ledger', ledger, SUPPORT)).statusCode).toBe(403);
    expect((await post('transaction-ledger', ledger, MANAGER)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/reports/balance-confirmation',
      payload: { asOf: today },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("another organisation's business and the hidden one (for a non-ADMIN) are a 400 on businessId", async () => {
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM businesses WHERE organisation_id = $1 LIMIT 1',
      [BOREALIS],
    );
    for (const businessId of [rows[0].id, HIDDEN_BUSINESS, 999_999]) {
      for (const [url, body] of [
        ['balance-confirmation', { asOf: today, businessId }],
        ['transaction-ledger', { ...ledger, businessId }],
      ] as const) {
        const response = await post(url, body);
        expect(response.statusCode, `${url} ${businessId}`).toBe(400);
        expect(response.json().errors).toEqual({ businessId: REPORT_TEXTS.unknownBusiness });
      }
    }
    expect(
      (await post('balance-confirmation', { asOf: today, businessId: HIDDEN_BUSINESS }, ADMIN)).statusCode,
    ).toBe(200);
  });

  it('refuses bad dates, windows, formats and currencies with field errors', async () => {
    const tomorrow = dayOf(Date.parse(today) + DAY);
    const cases: [string, object, Record<string, string>][] = [
      ['balance-confirmation', { asOf: tomorrow }, { asOf: REPORT_TEXTS.asOfInFuture }],
      ['balance-confirmation', { asOf: '0000-01-01' }, { asOf: REPORT_TEXTS.notADate }],
      ['balance-confirmation', { asOf: '2026-02-30' }, { asOf: expect.any(String) as unknown as string }],
      [
        'balance-confirmation',
        { asOf: `${today}T00:00:00Z` },
        { asOf: expect.any(String) as unknown as string },
      ],
      [
        'transaction-ledger',
        { ...ledger, from: today, to: dayOf(Date.parse(today) - DAY) },
        { to: REPORT_TEXTS.fromAfterTo },
      ],
      [
        'transaction-ledger',
        { ...ledger, from: dayOf(Date.parse(today) - 366 * DAY), to: today },
        { to: REPORT_TEXTS.windowTooLong },
      ],
      ['transaction-ledger', { ...ledger, format: 'pdf' }, { format: 'must be one of: csv, xlsx' }],
      ['transaction-ledger', { ...ledger, currency: 'ZZZ' }, { currency: REPORT_TEXTS.unknownCurrency }],
      [
        'transaction-ledger',
        { ...ledger, from: dayOf(Date.parse(today) + 2 * DAY), to: '9999-12-31' },
        { from: REPORT_TEXTS.fromInFuture, to: REPORT_TEXTS.toInFuture },
      ],
      ['transaction-ledger', { ...ledger, extra: 1 }, { extra: 'is not a known field' }],
      [
        'transaction-ledger',
        { format: 'csv' },
        { from: expect.any(String) as unknown as string, to: expect.any(String) as unknown as string },
      ],
    ];
    for (const [url, body, errors] of cases) {
      const response = await post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    // 366 days in all is the longest window.
    const longest = await post('transaction-ledger', {
      ...ledger,
      from: dayOf(Date.parse(today) - 365 * DAY),
      to: today,
    });
    expect(longest.statusCode).toBe(200);
  });

  it('names files after the organisation and business', () => {
    expect(slug('Aurora Payments')).toBe('aurora-payments');
    expect(slug('Réports Shop')).toBe('reports-shop');
    expect(slug('  --Café & Co. 😀 ')).toBe('cafe-co');
    expect(slug('😀')).toBe('unnamed');
    expect(formatAmount('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatAmount('-0.001', 2)).toBe('0.00');
    expect(formatAmount('-1000', 0)).toBe('-1,000');
  });
});
