/**
 * The balance confirmation letter writes names of any script the API accepts (Cyrillic, Chinese) in
 * an embedded font, and the download keeps the business name in its file name: transliterated in
 * `filename`, as written in `filename*`.
 */
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
  return { text: text.replace(/\s+/g, ' '), disposition: String(response.headers['content-disposition']) };
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

  it('keeps an ASCII name as it was, without filename*', async () => {
    const { text, disposition } = await letter(1);
    expect(text).toContain('Northwind Coffee');
    expect(disposition).toBe(
      'attachment; filename="balance-confirmation-aurora-payments-northwind-coffee-2026-03-01.pdf"',
    );
  });
});
