/**
 * Whitelisted addresses (issue 15 §3): the Manager sees Aurora's demo addresses; an address with a
 * wrong checksum gets the message naming its network, a valid one is whitelisted and listed, and
 * deleted after a confirmation; a wrong 2FA code is the code field's error and keeps the session. The
 * list and the form pass axe in both themes.
 */
import {
  test,
  expect,
  loginAs,
  resetDemoData,
  expectNoViolations,
  totpNow,
  FAILED_RESOURCE,
} from './fixtures';
import type { Page } from '@playwright/test';

test.beforeAll(resetDemoData);

async function openList(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Whitelisted addresses' })
    .click();
  await expect(page).toHaveURL(/\/whitelisted-addresses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Whitelisted addresses' })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the list and the form pass axe`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs(page, 'manager@example.com');
    await openList(page);
    await expect(page.getByRole('row').filter({ hasText: 'Treasury cold wallet' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Exchange XRP account' })).toContainText('12345678');
    // Borealis's address is another organisation's.
    await expect(page.getByText('Borealis reserve')).toHaveCount(0);
    await expectNoViolations(page);
    await page.getByRole('link', { name: 'Add address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a whitelisted address' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('XRP');
    await expect(page.getByRole('textbox', { name: 'Destination tag', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Whitelist address' }).click();
    await expect(page.getByText('Label is required')).toBeVisible();
    await expectNoViolations(page);
  });
}

test('a wrong checksum gets its message; a valid address is whitelisted, listed and deleted', async ({
  page,
}) => {
  await loginAs(page, 'manager@example.com');
  await openList(page);
  await page.getByRole('link', { name: 'Add address' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Tron payouts');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('USDT');
  await page.getByRole('combobox', { name: 'Network' }).selectOption('TRX');
  // The last character changed: the base58check checksum no longer matches.
  const address = page.getByRole('textbox', { name: 'Address', exact: true });
  await address.fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
  await page.getByRole('button', { name: 'Whitelist address' }).click();
  await expect(page.getByText('Not a valid Tron (TRC20) address')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await address.fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await page.getByRole('button', { name: 'Whitelist address' }).click();
  await expect(page).toHaveURL(/\/whitelisted-addresses$/);
  const row = page.getByRole('row').filter({ hasText: 'Tron payouts' });
  await expect(row).toContainText('TRX (TRC20)');
  await expect(row).toContainText('USDT');

  await row.getByRole('link', { name: 'Delete Tron payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delete whitelisted address' })).toBeVisible();
  await expect(page.getByText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeVisible();
  await page.getByRole('button', { name: 'Delete address' }).click();
  await expect(page).toHaveURL(/\/whitelisted-addresses$/);
  await expect(page.getByRole('row').filter({ hasText: 'Tron payouts' })).toHaveCount(0);
});

test('a wrong 2FA code is the code field’s error, and the user stays logged in', async ({
  page,
  allowConsole,
}) => {
  // The refused code's 401, which the browser logs itself.
  allowConsole(FAILED_RESOURCE(401));
  await loginAs(page, 'twofa@example.com', totpNow());
  await openList(page);
  await page.getByRole('link', { name: 'Add address' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Second cold wallet');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('BTC');
  await expect(page.getByRole('combobox', { name: 'Network' })).toHaveValue('MAIN');
  await page
    .getByRole('textbox', { name: 'Address', exact: true })
    .fill('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3');
  // A code five steps ahead is never the current one.
  await page.getByRole('textbox', { name: '2FA code', exact: true }).fill(totpNow(undefined, 5));
  await page.getByRole('button', { name: 'Whitelist address' }).click();
  await expect(page.getByText('Invalid or expired 2FA verification code.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '2FA code', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL(/\/whitelisted-addresses\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a whitelisted address' })).toBeVisible();
});

test('the legacy edit path always goes home', async ({ page }) => {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto('/whitelisted-addresses/edit/1');
  // Home (/), which lands the Manager on the statistics.
  await expect(page).toHaveURL(/\/statistics$/);
});
