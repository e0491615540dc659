/**
 * The report pages as staff use them (issue 9): a manager opens them from the sidebar's Reporting
 * section, downloads a balance confirmation PDF and a transaction ledger XLSX under the server's file
 * names, a future day is refused before anything is sent, and both pages pass axe and reflow at 375 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';

test.beforeAll(resetDemoData);

async function signInAsManager(page: Page) {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
}

/** The downloaded file's bytes. */
async function bytesOf(download: { path(): Promise<string | null> }) {
  const path = await download.path();
  expect(path, 'the download was saved').toBeTruthy();
  return readFile(path!);
}

test('a manager downloads a balance confirmation PDF of one business', async ({ page }) => {
  await signInAsManager(page);
  const reporting = page.getByRole('region', { name: 'Reporting' });
  await expect(reporting.getByRole('link')).toHaveText(['Balance confirmation', 'Transaction ledger']);
  await reporting.getByRole('link', { name: 'Balance confirmation' }).click();
  await expect(page).toHaveURL(/\/balance-confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance confirmation' })).toBeVisible();

  const business = page.getByRole('combobox', { name: 'Business' });
  await expect(business.getByRole('option', { name: 'Northwind Coffee' })).toBeAttached();
  await expectNoViolations(page);
  await business.selectOption({ label: 'Northwind Coffee' });

  // From the keyboard.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).focus();
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^balance-confirmation-aurora-payments-northwind-coffee-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const pdf = await bytesOf(file);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(`Downloaded ${file.suggestedFilename()}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});

test('a day in the future is refused before anything is sent', async ({ page }) => {
  await signInAsManager(page);
  await page.goto('/balance-confirmation');
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/v1/reports/')) sent += 1;
  });
  const asOf = page.getByLabel('Balances as of');
  await asOf.fill('12/31/2099');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByText('must not be in the future')).toBeVisible();
  await expect(asOf).toBeFocused();
  await expectNoViolations(page);
  expect(sent).toBe(0);
});

test('a manager downloads the transaction ledger of the last month as XLSX', async ({ page }) => {
  await signInAsManager(page);
  await page
    .getByRole('region', { name: 'Reporting' })
    .getByRole('link', { name: 'Transaction ledger' })
    .click();
  await expect(page).toHaveURL(/\/transaction-ledger$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction ledger' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'CSV' })).toBeChecked();
  await expectNoViolations(page);

  await page.getByRole('radio', { name: 'Excel (XLSX)' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download ledger' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^transaction-ledger-aurora-payments-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const xlsx = await bytesOf(file);
  expect(xlsx.length).toBeGreaterThan(0);
  // An XLSX is a ZIP archive.
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByText(`Downloaded ${file.suggestedFilename()}`)).toBeVisible();
  await expectNoViolations(page);
});

test('both report pages reflow at 375 px and pass axe there', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsManager(page);
  for (const [path, title] of [
    ['/balance-confirmation', 'Balance confirmation'],
    ['/transaction-ledger', 'Transaction ledger'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoViolations(page);
  }
});
