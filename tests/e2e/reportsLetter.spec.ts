/**
 * Reports an auditor accepts (issue 14): from the demo data plus one business named in Cyrillic, a
 * manager fills the addressee and the signatory on the balance confirmation page and downloads the
 * letter, whose text (extracted with unpdf) holds them, the business's name and page numbers; then
 * downloads the transaction ledger as XLSX and reads it back with exceljs: typed dates, numeric
 * amounts, a frozen header and readable labels. Both pages pass axe.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Page } from '@playwright/test';
import { test, expect, loginAs, resetDemoData, expectNoViolations, PASSWORD } from './fixtures';

const CYRILLIC = 'Северный Кофе';

test.beforeAll(async ({ playwright }, testInfo) => {
  await resetDemoData({ playwright } as Parameters<typeof resetDemoData>[0], testInfo);
  // One business named in Cyrillic, created through the API as the manager.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const login = await api.post('/v1/auth/login', {
      data: { email: 'manager@example.com', password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    const token = login.headers()['x-identity-token'];
    const created = await api.post('/v1/businesses', {
      headers: { authorization: `Web ${token}` },
      data: {
        businessName: CYRILLIC,
        supportedDisplayCurrencies: ['EUR'],
        supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'] },
        overpaymentPolicy: 'PROCESS',
        refundFollowUpDepositsForOneTimePayments: false,
        blockchainFeePaidBy: 'USER',
        stableCryptoCurrencyDepegThreshold: null,
        userServiceFeeDistributionPercentage: 0,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await api.dispose();
  }
});

async function signInAsManager(page: Page) {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
}

async function bytesOf(download: { path(): Promise<string | null> }) {
  const path = await download.path();
  expect(path, 'the download was saved').toBeTruthy();
  return readFile(path!);
}

test('the balance confirmation letter names the addressee, the signatory and the business', async ({
  page,
}) => {
  await signInAsManager(page);
  await page.goto('/balance-confirmation');
  await expect(page.getByRole('heading', { level: 1, name: 'Balance confirmation' })).toBeVisible();
  const business = page.getByRole('combobox', { name: 'Business' });
  await expect(business.getByRole('option', { name: CYRILLIC })).toBeAttached();
  await business.selectOption({ label: CYRILLIC });
  await page
    .getByRole('textbox', { name: 'Addressee', exact: true })
    .fill('Müller & Partner Wirtschaftsprüfer');
  await page.getByRole('textbox', { name: "Addressee's address" }).fill('Hauptstraße 5\n80331 München');
  await page.getByRole('textbox', { name: 'Signatory', exact: true }).fill('Maria Schmidt');
  await page.getByRole('textbox', { name: "Signatory's title" }).fill('Head of Finance');
  await expectNoViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  const pdf = await getDocumentProxy(new Uint8Array(await bytesOf(file)));
  const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain('Müller & Partner Wirtschaftsprüfer Hauptstraße 5 80331 München');
  expect(text).toContain(`by Aurora Payments for its business ${CYRILLIC}`);
  expect(text).toContain('Yours faithfully, For and on behalf of');
  expect(text).toContain('Maria Schmidt Head of Finance');
  expect(text).toMatch(/Page 1 of 1/);
  expect(text).toMatch(/BC-1-\d+-\d{8}-\d{6}-[0-9A-Z]{4}/);
  await expect(page.getByText(`Downloaded ${file.suggestedFilename()}`)).toBeVisible();
});

test('the XLSX ledger reads back with typed dates, numbers and a frozen header', async ({ page }) => {
  await signInAsManager(page);
  await page.goto('/transaction-ledger');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction ledger' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Business' }).selectOption({ label: 'Northwind Coffee' });
  await page.getByRole('radio', { name: 'Excel (XLSX)' }).check();
  await expectNoViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download ledger' }).click();
  const file = await download;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytesOf(file)) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('Transaction ledger');
  expect(sheet.getRow(3).getCell(2).value).toBe('Northwind Coffee');
  const headerRow = (sheet.views[0] as { ySplit?: number } | undefined)?.ySplit ?? 0;
  expect(sheet.views[0]).toMatchObject({ state: 'frozen' });
  expect(sheet.getRow(headerRow).getCell(5).value).toBe('Date (UTC)');
  const lines: ExcelJS.Row[] = [];
  sheet.eachRow((row, n) => void (n > headerRow && lines.push(row)));
  expect(lines.length).toBeGreaterThan(2);
  for (const row of lines) {
    expect(row.getCell(5).value).toBeInstanceOf(Date);
    expect(typeof row.getCell(10).value).toBe('number');
  }
  expect(lines.map((r) => r.getCell(4).value)).toContain('Opening balance');
  const kinds = lines.map((r) => r.getCell(6).value).filter((v) => v !== null);
  expect(kinds.every((k) => !String(k).includes('_'))).toBe(true);
  await expect(page.getByText(`Downloaded ${file.suggestedFilename()}`)).toBeVisible();
});
