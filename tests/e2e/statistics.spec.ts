/**
 * The statistics page as staff use it (issue 9): a manager lands on /statistics and sees both
 * histograms and the top coins; the business filter changes the figures and stays in the URL; the
 * table alternative shows the chart's own data; keyboard, axe and a phone's width.
 */
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';
import type { Page, Response } from '@playwright/test';

test.beforeAll(resetDemoData);

interface Bucket {
  date: string;
  count: number;
  settlementVolume: string;
}

const isHistogram = (kind: 'deposits' | 'withdrawals') => (response: Response) =>
  new URL(response.url()).pathname === `/v1/statistics/${kind}/histogram` && response.status() === 200;

/** Signs in as the manager, who lands on /statistics, and waits for both charts. */
async function signInAsManager(page: Page) {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
}

const chart = (page: Page, title: 'Deposits per day' | 'Withdrawals per day') =>
  page.getByRole('figure', { name: title }).getByRole('img', { name: new RegExp(`^${title} from`) });

/** The count in a chart's name ('… from 21 Oct 2026 to 21 Nov 2026: 123 in all, 1,234.56 EUR'). */
async function countOf(page: Page, title: 'Deposits per day' | 'Withdrawals per day') {
  const label = (await chart(page, title).getAttribute('aria-label')) ?? '';
  const match = /: ([\d,]+) in all, /.exec(label);
  expect(match, label).not.toBeNull();
  return Number(match![1].replace(/,/g, ''));
}

test('a manager lands on /statistics and sees both charts and the top coins', async ({ page }) => {
  await signInAsManager(page);
  await expect(chart(page, 'Deposits per day')).toBeVisible();
  await expect(chart(page, 'Withdrawals per day')).toBeVisible();
  // The chart chunk arrived and drew its bars.
  await expect(page.getByRole('figure', { name: 'Deposits per day' }).locator('svg').first()).toBeVisible();
  // The demo's month has activity: neither histogram is empty.
  expect(await countOf(page, 'Deposits per day')).toBeGreaterThan(0);
  expect(await countOf(page, 'Withdrawals per day')).toBeGreaterThan(0);

  const coins = page.getByRole('table', { name: 'Top coins: deposits' });
  await expect(coins).toBeVisible();
  const rows = coins.locator('tbody tr');
  // At most 5 coins and 'Other'.
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await rows.count()).toBeLessThanOrEqual(6);
  await expect(coins.getByRole('columnheader', { name: 'Share' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top coins: withdrawals' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Settlement balances' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Deposit volume', exact: true })).toContainText('EUR');
  await expectNoViolations(page);
});

test('filtering by a business changes the figures and stays in the URL', async ({ page }) => {
  await signInAsManager(page);
  const everyBusiness = await countOf(page, 'Deposits per day');
  const filter = page.getByRole('combobox', { name: 'Business' });
  // The hidden business is not a choice for a manager.
  await expect(filter.locator('option', { hasText: 'Aurora Treasury' })).toHaveCount(0);

  const answer = page.waitForResponse(
    (r) => isHistogram('deposits')(r) && new URL(r.url()).searchParams.get('businessId') === '1',
  );
  await filter.selectOption({ label: 'Northwind Coffee' });
  await answer;
  await expect(page).toHaveURL(/\/statistics\?businessId=1$/);
  // One business of eight: fewer deposits than all of them, but some.
  await expect.poll(() => countOf(page, 'Deposits per day')).toBeLessThan(everyBusiness);
  const oneBusiness = await countOf(page, 'Deposits per day');
  expect(oneBusiness).toBeGreaterThan(0);

  // A reload keeps the business.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Business' })).toHaveValue('1');
  await expect.poll(() => countOf(page, 'Deposits per day')).toBe(oneBusiness);

  await page.getByRole('combobox', { name: 'Business' }).selectOption({ label: 'All businesses' });
  await expect(page).toHaveURL(/\/statistics$/);
  await expect.poll(() => countOf(page, 'Deposits per day')).toBe(everyBusiness);
});

test("the table alternative shows the chart's data, by keyboard too", async ({ page }) => {
  const histogram = page.waitForResponse(isHistogram('deposits'));
  await signInAsManager(page);
  const buckets = ((await (await histogram).json()) as { buckets: Bucket[] }).buckets;
  await expect(chart(page, 'Deposits per day')).toBeVisible();
  const total = await countOf(page, 'Deposits per day');
  expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(total);

  const figure = page.getByRole('figure', { name: 'Deposits per day' });
  // The deposits card comes first.
  const toggle = page.getByRole('button', { name: 'Show as table' }).first();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const table = figure.getByRole('table', { name: 'Deposits per day' });
  await expect(table).toBeVisible();
  await expect(figure.getByRole('img')).toHaveCount(0);

  // One row per day the API answered, in order, with the same count.
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(buckets.length);
  const counts = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[1]?.textContent ?? ''));
  expect(counts.map((c) => Number(c.replace(/,/g, '')))).toEqual(buckets.map((b) => b.count));

  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(chart(page, 'Deposits per day')).toBeVisible();
});

test('a phone: the page reflows without sideways scrolling, and passes axe with the tables open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsManager(page);
  await expect(chart(page, 'Deposits per day')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top coins: deposits' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  const toggles = page.getByRole('button', { name: 'Show as table' });
  await expect(toggles).toHaveCount(2);
  await toggles.nth(0).click();
  await toggles.nth(1).click();
  await expect(page.getByRole('table', { name: 'Deposits per day' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Withdrawals per day' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await expectNoViolations(page);
});
