/**
 * Reports an auditor accepts (docs/decisions.md 120–123): the balance confirmation is a letter on the
 * brand's letterhead (the provider's legal name and address), to an optional addressee, naming the
 * parties, with a signature block, page numbers, a reference of its own, 'as of' the moment of
 * generation for today, rates at six significant digits, in English or German; the XLSX ledger is a
 * sheet a person reads (heading block, typed dates and amounts, frozen header, autofilter, words for
 * codes, the closing row inside the window). The PDF's text is extracted with unpdf, the XLSX read
 * back with exceljs.
 *
 * The app's clock is 14:32:05 UTC of the demo's seed day.
 */
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { demoSeedDay } from '../../server/db/seed';
import {
  amountFormat,
  LEDGER_DATE_FORMAT,
  LEDGER_HEADER_ROW,
} from '../../server/modules/reports/ledgerSheet';
import { MESSAGES } from '../../src/domain/validation';
import { makeApp, makeClock, makeDb, minimalBusiness, type TestApp } from './helpers';

const DAY = 86_400_000;
let db: Db;
let t: TestApp;
let manager: string;
let today: string;
let yesterday: string;
let cyrillic: number;

beforeAll(async () => {
  db = await makeDb();
  const seed = (await demoSeedDay(db))!.getTime();
  today = new Date(seed).toISOString().slice(0, 10);
  yesterday = new Date(seed - DAY).toISOString().slice(0, 10);
  t = await makeApp({}, { db, clock: makeClock(seed + 14 * 3600_000 + 32 * 60_000 + 5_000) });
  manager = await t.token('manager@example.com');
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/businesses',
    headers: t.auth(manager),
    payload: minimalBusiness('Северный Кофе'),
  });
  expect(created.statusCode, created.body).toBe(201);
  cyrillic = created.json().id;
});
afterAll(async () => {
  await t.close();
  await db.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/v1/reports/${url}`, headers: t.auth(manager), payload });

async function letter(payload: object): Promise<string> {
  const response = await post('balance-confirmation', payload);
  expect(response.statusCode, response.body).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const LETTER_TEXTS = {
  addresseeName: 'Müller & Partner Wirtschaftsprüfer',
  addresseeAddress: 'Attn. Jana Novak\r\nHauptstraße 5\n80331 München',
  signatoryName: 'Maria Schmidt',
  signatoryTitle: 'Head of Finance',
};

describe('the balance confirmation letter', () => {
  it('has the letterhead, the addressee, the parties, the signature block and page numbers', async () => {
    const text = await letter({ asOf: yesterday, businessId: cyrillic, ...LETTER_TEXTS });
    // The letterhead: the brand and the provider's legal name and address (the demo's settings).
    expect(text).toContain('Payments Local');
    expect(text).toContain('Payments Local GmbH');
    expect(text).toContain('Friedrichstraße 100');
    expect(text).toContain('10117 Berlin');
    // The addressee, line by line.
    expect(text).toContain('Müller & Partner Wirtschaftsprüfer Attn. Jana Novak Hauptstraße 5 80331 München');
    // The parties: the provider confirms to the addressee what the account holder's business held.
    expect(text).toContain(
      'Payments Local GmbH hereby confirms to Müller & Partner Wirtschaftsprüfer that the balances held on ' +
        'its ledger by Aurora Payments for its business Северный Кофе at the end of',
    );
    expect(text).toContain('Dear Sir or Madam,');
    // The signature block.
    expect(text).toContain('Yours faithfully, For and on behalf of Payments Local GmbH');
    expect(text).toContain('Maria Schmidt Head of Finance');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('???');
  });

  it("says 'as of' the moment of generation for today, and the end of the day for an earlier one", async () => {
    const now = await letter({ asOf: today });
    const [y, m, d] = today.split('-').map(Number);
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    const todayText = `${d} ${months[m - 1]} ${y}`;
    expect(now).toContain(`${todayText}, 14:32 UTC (when this letter was generated)`);
    expect(now).not.toContain('24:00 UTC');
    expect(now).toContain(`Generated on ${todayText} at 14:32:05 UTC`);
    expect(now).toContain('To whom it may concern,');
    expect(now).toContain('Authorised signatory');

    const past = await letter({ asOf: yesterday });
    const p = new Date(`${yesterday}T00:00:00Z`);
    expect(past).toContain(
      `end of ${p.getUTCDate()} ${months[p.getUTCMonth()]} ${p.getUTCFullYear()} (24:00 UTC)`,
    );
    expect(past).not.toContain('when this letter was generated');
  });

  it('gives every letter a reference of its own, on every page', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const text = await letter({ asOf: today });
      const found = text.match(/BC-1-0-\d{8}-143205-[0-9A-Z]{4}/g) ?? [];
      // The head and the footer of the one page.
      expect(found.length).toBeGreaterThanOrEqual(2);
      expect(new Set(found).size).toBe(1);
      references.add(found[0]!);
    }
    expect(references.size).toBe(3);
  });

  it('states rates at six significant digits, values at the exact rate', async () => {
    const text = await letter({ asOf: today });
    // BTC at the demo's stated rate: 65000 USD ÷ 1.08 USD per EUR.
    expect(text).toContain('60,185.19');
    expect(text).not.toContain('60,185.185');
    expect(text).toMatch(/0\.925926/); // USDT: 1 ÷ 1.08
    expect(text).not.toMatch(/0\.92592593/);
  });

  it('is written in German when the page asks for it', async () => {
    const text = await letter({ asOf: yesterday, businessId: cyrillic, locale: 'de', ...LETTER_TEXTS });
    expect(text).toContain('Saldenbestätigung');
    expect(text).toContain(
      'Payments Local GmbH bestätigt hiermit gegenüber Müller & Partner Wirtschaftsprüfer, dass die in ' +
        'unserem Hauptbuch für Aurora Payments (Unternehmen Северный Кофе) geführten Salden',
    );
    expect(text).toContain('Sehr geehrte Damen und Herren,');
    expect(text).toContain('Mit freundlichen Grüßen Für Payments Local GmbH');
    expect(text).toContain('Seite 1 von 1');
    expect(text).toMatch(/Summe \(EUR\) 0,00/);
    expect(text).not.toContain('Balance confirmation');
  });

  it('refuses bad letter texts with field errors', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ addresseeName: 'x'.repeat(201) }, { addresseeName: MESSAGES.reportTextTooLong }],
      [{ signatoryName: 'Maria\u0007' }, { signatoryName: MESSAGES.reportControlCharacters }],
      [{ addresseeName: 'Line\nbreak' }, { addresseeName: MESSAGES.reportControlCharacters }],
      [{ signatoryTitle: 'Head of Finance' }, { signatoryTitle: MESSAGES.reportSignatoryNameRequired }],
      [{ addresseeAddress: 'Street 1' }, { addresseeAddress: MESSAGES.reportAddresseeNameRequired }],
      [
        {
          addresseeName: 'KPMG',
          addresseeAddress: Array.from({ length: 7 }, (_, i) => `Line ${i}`).join('\n'),
        },
        { addresseeAddress: MESSAGES.reportAddressTooLong },
      ],
      [
        { addresseeName: 'KPMG', addresseeAddress: 'x'.repeat(401) },
        { addresseeAddress: MESSAGES.reportAddressTooLong },
      ],
      [
        { addresseeName: 'KPMG', addresseeAddress: 'Street\u0000 1' },
        { addresseeAddress: MESSAGES.reportControlCharacters },
      ],
      [{ locale: 'fr' }, { locale: 'must be one of: en, de' }],
      [{ signatoryName: 42 }, { signatoryName: expect.any(String) as unknown as string }],
    ];
    for (const [body, errors] of cases) {
      const response = await post('balance-confirmation', { asOf: today, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    // An emoji is one character; white space around a text is dropped.
    const ok = await post('balance-confirmation', {
      asOf: today,
      addresseeName: '😀'.repeat(200),
      signatoryName: ' Maria ',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the XLSX transaction ledger', () => {
  async function sheetOf(payload: object): Promise<ExcelJS.Worksheet> {
    const response = await post('transaction-ledger', { format: 'xlsx', ...payload });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    return workbook.worksheets[0];
  }
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, n) => void (n > LEDGER_HEADER_ROW && rows.push(row)));
    return rows;
  };
  const weekAgo = () => new Date(Date.parse(today) - 7 * DAY).toISOString().slice(0, 10);

  it('has a heading block, a frozen header row with an autofilter, and column widths', async () => {
    const sheet = await sheetOf({ businessId: 1, from: weekAgo(), to: yesterday });
    const cell = (r: number, c: number) => sheet.getRow(r).getCell(c).value;
    expect(cell(1, 1)).toBe('Transaction ledger');
    expect([cell(2, 1), cell(2, 2)]).toEqual(['Organisation', 'Aurora Payments']);
    expect([cell(3, 1), cell(3, 2)]).toEqual(['Business', 'Northwind Coffee']);
    expect([cell(4, 1), cell(4, 2)]).toEqual(['Currency', 'All currencies']);
    expect(cell(5, 1)).toBe('Period');
    expect(String(cell(5, 2))).toMatch(/^\d{1,2} \w+ \d{4} – \d{1,2} \w+ \d{4} \(UTC days, both included\)$/);
    expect(cell(6, 1)).toBe('Generated at');
    expect(String(cell(6, 2))).toMatch(/ at 14:32:05 UTC$/);
    const header = sheet.getRow(LEDGER_HEADER_ROW);
    expect(header.getCell(1).value).toBe('Business ID');
    expect(header.getCell(6).value).toBe('Type');
    expect(header.font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: LEDGER_HEADER_ROW });
    const last = LEDGER_HEADER_ROW + rowsOf(sheet).length;
    expect(sheet.autoFilter).toEqual(`A${LEDGER_HEADER_ROW}:J${last}`);
    for (const column of sheet.columns) expect(column.width).toBeGreaterThanOrEqual(10);
  });

  it('writes dates as dates, amounts as numbers in the currency’s precision, and codes in words', async () => {
    const sheet = await sheetOf({ businessId: 1, from: weekAgo(), to: yesterday });
    const rows = rowsOf(sheet);
    expect(rows.length).toBeGreaterThan(2);
    const formats = new Map<string, string>();
    for (const row of rows) {
      const date = row.getCell(5);
      expect(date.value).toBeInstanceOf(Date);
      expect(date.numFmt).toBe(LEDGER_DATE_FORMAT);
      expect(typeof row.getCell(10).value).toBe('number');
      formats.set(String(row.getCell(3).value), String(row.getCell(10).numFmt));
      expect(String(row.getCell(8).value ?? '')).not.toBe(''); // every line described
      const kind = row.getCell(6).value;
      if (kind !== null) expect(String(kind)).toMatch(/^[A-Z][a-z-]+( [a-z-]+)*$/); // 'Fiat deposit', not 'fiat_deposit'
      const reference = row.getCell(7).value;
      if (reference !== null) expect(String(reference)).not.toMatch(/^[a-z-]+:\d+$/);
    }
    expect(formats.get('EUR')).toBe(amountFormat(2));
    expect(formats.get('BTC')).toBe(amountFormat(8));
    const posting = rows.find((r) => r.getCell(4).value === 'Posting')!;
    expect(typeof posting.getCell(9).value).toBe('number');
    expect(String(posting.getCell(7).value)).toMatch(/ #\d+$/); // 'Payment deposit #272'
  });

  it('dates each closing row inside the window: the end of its last day, or now for today', async () => {
    const past = rowsOf(await sheetOf({ businessId: 1, from: weekAgo(), to: yesterday }));
    const closings = past.filter((r) => r.getCell(4).value === 'Closing balance');
    expect(closings.length).toBeGreaterThan(0);
    for (const row of closings) {
      expect((row.getCell(5).value as Date).toISOString()).toBe(`${yesterday}T23:59:59.999Z`);
      expect(String(row.getCell(8).value)).toMatch(/^Balance at the end of .* \(24:00 UTC\)$/);
    }
    const current = rowsOf(await sheetOf({ businessId: 1, from: weekAgo(), to: today }));
    for (const row of current.filter((r) => r.getCell(4).value === 'Closing balance')) {
      const at = (row.getCell(5).value as Date).toISOString();
      expect(at.slice(0, 10)).toBe(today);
      expect(String(row.getCell(8).value)).toMatch(/ at 14:32 UTC \(when generated\)$/);
    }
    const opening = current.find((r) => r.getCell(4).value === 'Opening balance')!;
    expect((opening.getCell(5).value as Date).toISOString()).toBe(`${weekAgo()}T00:00:00.000Z`);
  });

  it('is written in German when the page asks for it', async () => {
    const sheet = await sheetOf({ businessId: 1, from: weekAgo(), to: yesterday, locale: 'de' });
    expect(sheet.name).toBe('Journal');
    expect(sheet.getRow(1).getCell(1).value).toBe('Buchungsjournal');
    expect(sheet.getRow(LEDGER_HEADER_ROW).getCell(6).value).toBe('Art');
    const lines = new Set(rowsOf(sheet).map((r) => r.getCell(4).value));
    expect(lines).toEqual(new Set(['Anfangssaldo', 'Buchung', 'Endsaldo']));
  });
});

describe("the letter's embedded fonts", () => {
  it('hold an outline for every glyph the letter draws (a broken subset renders blank in poppler)', async () => {
    const response = await post('balance-confirmation', { asOf: today, ...LETTER_TEXTS });
    const doc = await PDFDocument.load(new Uint8Array(response.rawPayload));
    const fonts: Buffer[] = [];
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor'))
        continue;
      const file = doc.context.lookup(object.get(PDFName.of('FontFile2')));
      if (file instanceof PDFRawStream) fonts.push(Buffer.from(decodePDFRawStream(file).decode()));
    }
    expect(fonts.length).toBe(2); // Noto Sans regular and bold
    const fontkit = createRequire(import.meta.url)('fontkit') as {
      create(data: Buffer): { numGlyphs: number; getGlyph(id: number): { path: { commands: unknown[] } } };
    };
    for (const bytes of fonts) {
      const font = fontkit.create(bytes);
      expect(font.numGlyphs).toBeGreaterThan(40);
      const blank = Array.from({ length: font.numGlyphs - 1 }, (_, i) => i + 1).filter(
        (id) => font.getGlyph(id).path.commands.length === 0,
      );
      // The space (and at most one other blank glyph, e.g. a no-break space) may be empty.
      expect(blank.length, `blank glyphs ${blank.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });
});

describe('the letterhead settings', () => {
  it('default to the brand with a demo address, and refuse what a letterhead cannot hold', () => {
    const demo = loadConfig({});
    expect(demo.providerLegalName).toBe('Payments Local GmbH');
    expect(demo.providerAddress).toEqual(['Friedrichstraße 100', '10117 Berlin', 'Germany']);
    const set = loadConfig({
      BRAND: 'northwind',
      PROVIDER_LEGAL_NAME: ' Northwind Pay Ltd ',
      PROVIDER_ADDRESS: '1 King Street | London EC2V 8AU |United Kingdom',
    });
    expect(set.providerLegalName).toBe('Northwind Pay Ltd');
    expect(set.providerAddress).toEqual(['1 King Street', 'London EC2V 8AU', 'United Kingdom']);
    expect(loadConfig({ BRAND: 'northwind' }).providerLegalName).toBe('Northwind Pay GmbH');
    expect(() => loadConfig({ PROVIDER_LEGAL_NAME: 'x'.repeat(121) })).toThrow(ConfigError);
    expect(() => loadConfig({ PROVIDER_LEGAL_NAME: 'A\tB' })).toThrow(ConfigError);
    expect(() => loadConfig({ PROVIDER_ADDRESS: 'a|b|c|d|e|f' })).toThrow(ConfigError);
  });
});
