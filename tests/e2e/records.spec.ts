/**
 * Every record has a page (issue 14): a deposit opened from its row with Enter lands at its own
 * address, survives a reload, walks to its neighbours, copies a transaction hash to the clipboard and
 * links it to the block explorer; the list and the record pass axe.
 */
import { test, expect, loginAs, resetDemoData, expectNoViolations, FAILED_RESOURCE } from './fixtures';

test.beforeAll(resetDemoData);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const PAID = `/businesses/1/show/deposits?filter=${encodeURIComponent(JSON.stringify({ status: 'PAID' }))}`;

test('a deposit opens from its row with Enter at its own address; list and record pass axe', async ({
  page,
}) => {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  // Only paid deposits (through the URL, whatever the filter bar looks like): each has its deposits.
  await page.goto(PAID);
  const first = page.locator('tbody tr').first();
  await expect(first).toContainText('Paid');
  await expectNoViolations(page);

  const id = await first.getAttribute('data-record-id');
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Crypto deposit ${id}` });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/businesses/1/show/deposits/${id}\\?.*PAID`));
  await expect(dialog.getByRole('heading', { name: 'Amounts' })).toBeVisible();
  await expectNoViolations(page);

  // Escape: back to the list with its filter, focus on the row.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/businesses\/1\/show\/deposits\?.*PAID/);
  await expect(page.locator(`tr[data-record-id="${id}"]`)).toBeFocused();
});

test('a record reloads at its address, copies its hash and walks to its neighbours', async ({ page }) => {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto(PAID);
  const second = page.locator('tbody tr').nth(1);
  await expect(second).toContainText('Paid');
  const id = await second.getAttribute('data-record-id');
  await second.click();
  await expect(page).toHaveURL(new RegExp(`/deposits/${id}\\?`));
  // A reload shows the same record over the same filtered list.
  await page.reload();
  const dialog = page.getByRole('dialog', { name: `Crypto deposit ${id}` });
  await expect(dialog).toBeVisible();

  // The hash: copied whole, and linked to the block explorer.
  await dialog.getByRole('button', { name: 'Copy Transaction hash' }).first().click();
  await expect(dialog.getByRole('status').filter({ hasText: 'copied' })).toHaveCount(1);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^[0-9a-fx]{40,}$/i);
  await expect(
    dialog.getByRole('link', { name: 'Transaction hash in the block explorer' }).first(),
  ).toHaveAttribute('href', new RegExp(`${copied}$`));

  // Next and previous walk the list.
  await page.getByRole('button', { name: 'Next record' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/deposits/${id}\\?`));
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous record' }).click();
  await expect(dialog).toBeVisible();
});

test('a record that is not there says so', async ({ page, allowConsole }) => {
  allowConsole(FAILED_RESOURCE(404));
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto('/businesses/1/show/deposits/99999999');
  await expect(
    page.getByRole('dialog').getByText('There is no Crypto deposit 99999999 in this business.'),
  ).toBeVisible();
});
