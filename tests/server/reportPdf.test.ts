/**
 * The balance confirmation letter writes names of any script the API accepts (Cyrillic, Chinese,
 * Hebrew, Arabic) in an embedded font, right-to-left scripts right to left, and the download keeps the
 * business name in its file name: transliterated in `filename`, as written in `filename*`.
 */
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filenameOf } from '../../src/api/download';
import { makeApp, minimalBusiness, type TestApp } from './helpers';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await makeApp();
  manager = await t.token('manager@example.com');
});
afterAll(() => t.close());

async function businessNamed(businessName: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/businesses',
    headers: t.auth(manager),
    payload: minimalBusiness(businessName),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function letter(businessId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/reports/balance-confirmation',
    headers: t.auth(manager),
    payload: { businessId, asOf: '2026-03-01' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  const doc = await PDFDocument.load(new Uint8Array(response.rawPayload));
  const fonts = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects())
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'))
      fonts.add(String(object.get(PDFName.of('BaseFont'))).replace(/^\/|-\d+$/g, ''));
  return {
    text: text.replace(/\s+/g, ' '),
    fonts,
    disposition: String(response.headers['content-disposition']),
  };
}

describe('balance confirmation of a business named in another script', () => {
  it('writes a Cyrillic name, and transliterates it in the file name', async () => {
    const id = await businessNamed('Северный Кофе');
    const { text, disposition } = await letter(id);
    expect(text).toContain('Северный Кофе');
    expect(text).not.toContain('???');
    expect(disposition).toContain(
      'filename="balance-confirmation-aurora-payments-severnyy-kofe-2026-03-01.pdf"',
    );
    expect(filenameOf(disposition)).toBe('balance-confirmation-aurora-payments-северный-кофе-2026-03-01.pdf');
  });

  it('writes a Chinese name with the fallback font, and keeps it in filename*', async () => {
    const id = await businessNamed('北京咖啡');
    const { text, disposition } = await letter(id);
    expect(text).toContain('北京咖啡');
    expect(filenameOf(disposition)).toBe('balance-confirmation-aurora-payments-北京咖啡-2026-03-01.pdf');
  });

  it('writes a Hebrew name right to left with its Latin word and number left to right', async () => {
    const { text, fonts } = await letter(await businessNamed('שלום Shop 24'));
    expect(text).toContain('שלום Shop 24');
    expect(text).not.toContain('?');
    expect(fonts).toContain('NotoSansHebrew-Regular');
    expect(fonts).not.toContain('NotoSansArabic-Regular');
  });

  it('writes an Arabic name shaped and right to left, its number at the left end', async () => {
    const { text, fonts } = await letter(await businessNamed('متجر الأمل 2'));
    expect(text).not.toContain('?');
    expect(fonts).toContain('NotoSansArabic-Regular');
    // The text as extracted: NFKC folds presentation forms into letters; a dot the font draws as a
    // mark of its own (its glyph has no letter) comes out as a control character, dropped with the
    // spaces pdf.js guesses between glyphs. pdf.js gives each run drawn in the text's order, the runs
    // in the order drawn, left to right: the number, then الأمل, then متجر, as read from the right.
    const letters = text.normalize('NFKC').replace(/[\p{Cc}\s]/gu, '');
    expect(letters).toContain(['2', 'الأمل', 'متجر'].join(''));
  });

  it('keeps an ASCII name as it was, without filename*', async () => {
    const { text, disposition } = await letter(1);
    expect(text).toContain('Northwind Coffee');
    expect(disposition).toBe(
      'attachment; filename="balance-confirmation-aurora-payments-northwind-coffee-2026-03-01.pdf"',
    );
  });
});
