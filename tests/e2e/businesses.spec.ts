/**
 * Businesses and their transactions as staff use them (issue 8): the card list and its search, the
 * three-step create form, the business detail with its permission-gated tabs, a tab's paging, sorting,
 * filters and CSV export, and the hidden business.
 */
import { readFile } from 'node:fs/promises';
import { test, expect, loginAs, loginAsAdmin, resetDemoData, expectNoViolations } from './fixtures';
import type { Page } from '@playwright/test';

test.beforeAll(resetDemoData);

const card = (page: Page, name: string) => page.getByRole('article', { name });

/** Signs in and waits for the landing page (docs/product.md#screens-and-routes: manager /statistics, support /businesses). */
async function signIn(page: Page, email: string) {
  await loginAs(page, email);
  await expect(page).toHaveURL(email.startsWith('support') ? /\/businesses$/ : /\/statistics$/);
}

async function openBusinesses(page: Page) {
  // Through the sidebar: a page.goto would boot the whole app again.
  await page.getByRole('link', { name: 'Businesses' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  await expect(card(page, 'Northwind Coffee')).toBeVisible();
}

test('support lands on the business list and searches it', async ({ page }) => {
  await loginAs(page, 'support@example.com');
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(card(page, 'Northwind Coffee')).toBeVisible();
  await expect(card(page, 'Lumen Games')).toBeVisible();
  // SUPPORT may neither create nor edit.
  await expect(page.getByRole('link', { name: 'Create business' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search businesses' }).fill('lumen');
  await expect(card(page, 'Northwind Coffee')).toBeHidden();
  await expect(card(page, 'Lumen Games')).toBeVisible();
  await expect(page).toHaveURL(/lumen/);
  await page.getByRole('textbox', { name: 'Search businesses' }).fill('no such business');
  await expect(page.getByText('No businesses match your search')).toBeVisible();
});

test('the hidden business is listed for admin only', async ({ page, browser }) => {
  await loginAsAdmin(page);
  await openBusinesses(page);
  await expect(card(page, 'Aurora Treasury')).toBeVisible();

  const other = await browser.newPage();
  try {
    await signIn(other, 'manager@example.com');
    await openBusinesses(other);
    await expect(card(other, 'Summit Outdoor')).toBeVisible();
    await expect(card(other, 'Aurora Treasury')).toHaveCount(0);
    // Not by its address either.
    await other.goto('/businesses/9/show');
    await expect(other.getByText('Aurora Treasury')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('a manager creates a business through the three steps and finds it in the list', async ({ page }) => {
  await signIn(page, 'manager@example.com');
  await openBusinesses(page);
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/businesses\/create$/);

  // Verify without currencies: the spec's snackbar, and the form stays.
  await page.getByRole('textbox', { name: 'Business name' }).fill('Quartz Labs');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();

  await page.getByRole('checkbox', { name: 'EUR' }).check();
  await page.getByRole('button', { name: 'Choose deposit currencies' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await panel.getByRole('switch', { name: /Bitcoin \(BTC\)/ }).check();
  // A single network cannot be unticked on its own.
  await expect(
    panel.getByRole('group', { name: /Networks of Bitcoin/ }).getByRole('checkbox'),
  ).toBeDisabled();
  await expectNoViolations(page);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Verify' }).click();
  // The overview: what will be sent, with Back to the form.
  await expect(page.getByText('Quartz Labs')).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Business name' })).toHaveValue('Quartz Labs');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page.getByText('The business has been created.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to businesses' }).click();
  await expect(card(page, 'Quartz Labs')).toBeVisible();
});

test('a manager sees the four tabs of all the lists, support only the lists its permissions allow', async ({
  page,
  browser,
}) => {
  await signIn(page, 'manager@example.com');
  await page.goto('/business/1');
  await expect(page).toHaveURL(/\/businesses\/1\/show\/deposits$/);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Crypto', 'Fiat', 'Ledger', 'Callbacks']);
  const lists = (group: string) =>
    page.getByRole('navigation', { name: `Lists of ${group}` }).getByRole('link');
  await expect(lists('Crypto')).toHaveText([
    'Crypto deposits',
    'Crypto withdrawals',
    'Unassociated deposits',
  ]);
  await page.getByRole('tab', { name: 'Ledger' }).click();
  await expect(page).toHaveURL(/\/businesses\/1\/show\/internal-transfers$/);
  await expect(lists('Ledger')).toHaveText([
    'Internal transfers',
    'Manual ledger movements',
    'Balance conversions',
  ]);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Northwind Coffee');

  const support = await browser.newPage();
  try {
    await signIn(support, 'support@example.com');
    await support.goto('/business/1/withdrawals');
    await expect(support).toHaveURL(/\/businesses\/1\/show\/withdrawals$/);
    await expect(support.getByRole('tab')).toHaveText(['Crypto', 'Fiat', 'Ledger', 'Callbacks']);
    await support.getByRole('tab', { name: 'Ledger' }).click();
    await expect(support.getByRole('navigation', { name: 'Lists of Ledger' }).getByRole('link')).toHaveText([
      'Internal transfers',
    ]);
    // A tab the role may not see leads back to the first permitted one.
    await support.goto('/businesses/1/show/manual-operations');
    await expect(support).toHaveURL(/\/businesses\/1\/show\/deposits$/);
  } finally {
    await support.close();
  }
});

test('a tab pages, sorts and filters on the server', async ({ page }) => {
  await signIn(page, 'manager@example.com');
  await page.goto('/businesses/1/show/deposits');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoViolations(page);

  // Paging: the next page asks the API for offset 25.
  const nextPage = page.waitForRequest(
    (r) => r.url().includes('/v1/payments?') && r.url().includes('offset=25'),
  );
  await page.getByRole('button', { name: /next page/i }).click();
  await nextPage;

  // Sorting by a column header.
  const sorted = page.waitForRequest(
    (r) => r.url().includes('/v1/payments?') && /sortBy=status/.test(r.url()),
  );
  await table.getByRole('button', { name: 'Status' }).click();
  await sorted;

  // Filtering by status: every row shown has it, and the filter is in the address.
  await page
    .getByRole('search', { name: 'Filters' })
    .getByRole('button', { name: 'Status', exact: true })
    .click();
  await page.getByRole('menuitemradio', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/PAID/);
  const shownStatuses = () =>
    table
      .getByRole('row')
      .locator('td')
      .filter({ hasText: /^(Paid|Pending|Expired|Underpaid|Overpaid|Cancelled)$/ })
      .allTextContents();
  // The rows of the filtered answer replace the others: only 'Paid' remains.
  await expect.poll(async () => [...new Set(await shownStatuses())]).toEqual(['Paid']);
});

test('a tab downloads the CSV of its filtered rows', async ({ page }) => {
  await signIn(page, 'manager@example.com');
  await page.goto(
    `/businesses/1/show/deposits?filter=${encodeURIComponent(JSON.stringify({ status: 'PAID' }))}`,
  );
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes('PAID'))).toBe(true);
});

test('the business list and a tab reflow at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'manager@example.com');
  await page.goto('/businesses');
  await expect(card(page, 'Northwind Coffee')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.goto('/businesses/1/show/deposits');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoViolations(page);
});
