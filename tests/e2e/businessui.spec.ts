/**
 * The businesses page and form, and the small things of issue 14: the table view (total row, sorting)
 * remembered across a reload, the stepped business form ending on a link to the new business, the
 * login page dark from its first paint under a dark system preference, and the theme and language
 * kept across a reload.
 */
import type { Page } from '@playwright/test';
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';

test.beforeAll(resetDemoData);

async function openBusinesses(page: Page) {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.getByRole('link', { name: 'Businesses' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
}

/** The rows of the businesses table as text, cell by cell. */
async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Balances per business' });
  await expect(table).toBeVisible();
  return table
    .getByRole('row')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

/** A decimal string of a formatted amount ('41,671.40' → '41671.40', '—' → '0'). */
const plain = (text: string) => (text === '—' ? '0' : text.replace(/,/g, ''));

test('the table view adds up, sorts, and is still chosen after a reload', async ({ page }) => {
  await openBusinesses(page);
  await expect(page.getByTestId('businesses-count')).toHaveText(/^All businesses \(\d+\)$/);
  await page.getByRole('button', { name: 'Table' }).click();
  const rows = await tableRows(page);
  const [header, ...body] = rows;
  const total = body.pop()!;
  expect(header[0]).toBe('Business');
  expect(total[0]).toBe('Organisation total');
  expect(body.length).toBeGreaterThan(3);
  // Every column's total row is the sum of its cells (in integer units of its shown decimals).
  for (let column = 1; column < header.length; column += 1) {
    const decimals = (plain(total[column]).split('.')[1] ?? '').length;
    const units = (text: string) => BigInt(Number(plain(text)) === 0 ? '0' : plain(text).replace('.', ''));
    const sum = body.reduce((acc, row) => acc + (row[column] === '—' ? 0n : units(row[column])), 0n);
    expect(sum, `${header[column]} (${decimals} decimals)`).toBe(units(total[column]));
  }
  // In the server's order (highest total first), then sorted by name.
  const totals = body.map((row) => Number(plain(row[1])));
  expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  await page.getByRole('button', { name: 'Business' }).click();
  const names = (await tableRows(page)).slice(1, -1).map((row) => row[0]);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  // A wide table scrolls in its frame: the page's action stays on screen.
  const action = await page.getByRole('link', { name: 'Create business' }).boundingBox();
  expect(action!.x + action!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoViolations(page);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Balances per business' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Cards' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('a business created through the stepped form opens from its success step', async ({ page }) => {
  await openBusinesses(page);
  // The page's one primary action, on one line.
  const create = page.getByRole('link', { name: 'Create business' });
  const box = await create.boundingBox();
  expect(box!.height).toBeLessThan(45);
  await create.click();
  const steps = page.getByRole('navigation', { name: 'Progress' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Details');
  await expect(page.getByRole('region', { name: 'Fees and features' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Business name' }).fill('Tessera Tools');
  await page.getByRole('checkbox', { name: 'EUR' }).check();
  await page.getByRole('button', { name: 'Choose deposit currencies' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('switch', { name: /Bitcoin \(BTC\)/ }).check();
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Overview');
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page.getByText('The business has been created.')).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Done');
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Open Tessera Tools' }).click();
  await expect(page).toHaveURL(/\/businesses\/\d+\/show/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tessera Tools');
});

test.describe('a system that prefers dark', () => {
  test.use({ colorScheme: 'dark', javaScriptEnabled: false });

  test('gets the login page dark from its first paint (before any script)', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 20, 23)');
  });
});

test.describe('a system that prefers light', () => {
  test.use({ colorScheme: 'light', javaScriptEnabled: false });

  test('gets the login page light (the same prerendered page)', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(250, 250, 250)');
  });
});

test('the dark theme and German survive a reload', async ({ page }) => {
  await openBusinesses(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(250, 250, 250)');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dark theme' }).click();
  await expect.poll(background).toBe('rgb(18, 20, 23)');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unternehmen anlegen' })).toBeVisible();
  await expect(page.getByTestId('businesses-count')).toHaveText(/^Alle Unternehmen \(\d+\)$/);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
  expect(await background()).toBe('rgb(18, 20, 23)');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  await expectNoViolations(page);
});
