/**
 * The money pages of docs/decisions.md 165–169: an internal transfer over the balance is refused with
 * 'Insufficient balance' on the amount, one within it changes both balances and ends in the response
 * dialog; a fiat withdrawal to a bank account of the organisation; a fiat deposit shows its payment
 * instructions, and on a brand without fiat deposits neither the page nor its menu item exists. Axe on
 * the forms and the dialog in both themes.
 */
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  loginAsAdmin,
  resetDemoData,
  expectNoViolations,
  closeDialog,
  totpNow,
  FAILED_RESOURCE,
} from './fixtures';

test.beforeAll(resetDemoData);

const BRAND_HEADER = 'x-e2e-brand';

/** The available balance the page shows under the amount, as a number of cents. */
async function availableCents(page: Page): Promise<number> {
  const hint = page.getByTestId('available-balance');
  await expect(hint).toContainText('Available:');
  const text = (await hint.textContent()) ?? '';
  const digits = /Available:\s*([\d,]+\.\d{2})/.exec(text)?.[1];
  expect(digits, text).toBeTruthy();
  return Math.round(Number(digits!.replace(/,/g, '')) * 100);
}

const euros = (cents: number) => (cents / 100).toFixed(2);

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('an internal transfer over the balance is refused; one within it moves both balances', async ({
      page,
    }) => {
      await loginAsAdmin(page);
      await page.goto('/internal-transfer');
      await expect(page.getByRole('heading', { level: 1, name: 'Internal transfer' })).toBeVisible({
        timeout: 30_000,
      });
      const from = page.getByRole('combobox', { name: 'From business' });
      const to = page.getByRole('combobox', { name: 'To business' });
      const amount = page.getByRole('textbox', { name: 'Amount', exact: true });

      // The target's balance first (as a source), then the source's.
      await from.selectOption({ label: 'Lumen Games' });
      const targetBefore = await availableCents(page);
      await from.selectOption({ label: 'Northwind Coffee' });
      const sourceBefore = await availableCents(page);
      await to.selectOption({ label: 'Lumen Games' });
      if (scheme === 'light') await expectNoViolations(page);

      await amount.fill(euros(sourceBefore + 1));
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(page.getByText('Insufficient balance')).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page);

      await amount.fill('1.25');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
      await page.getByRole('button', { name: 'Transfer', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Transferred 1.25 EUR from Northwind Coffee to Lumen Games.');
      await expect(dialog.getByTestId('response-success')).toBeVisible();
      await expectNoViolations(page);
      await closeDialog(page);

      await page.getByRole('button', { name: 'New transfer' }).click();
      await page.getByRole('combobox', { name: 'From business' }).selectOption({ label: 'Northwind Coffee' });
      await expect.poll(() => availableCents(page)).toBe(sourceBefore - 125);
      await page.getByRole('combobox', { name: 'From business' }).selectOption({ label: 'Lumen Games' });
      await expect.poll(() => availableCents(page)).toBe(targetBefore + 125);
    });

    test('a fiat withdrawal to a bank account of the organisation', async ({ page }) => {
      await loginAsAdmin(page);
      await page.goto('/fiat-withdrawal');
      await expect(page.getByRole('heading', { level: 1, name: 'Fiat withdrawal' })).toBeVisible({
        timeout: 30_000,
      });
      await page
        .getByRole('combobox', { name: 'Business', exact: true })
        .selectOption({ label: 'Harbor Freight' });
      await page.getByRole('combobox', { name: 'Currency', exact: true }).selectOption('EUR');
      await page
        .getByRole('combobox', { name: 'Bank account', exact: true })
        .selectOption({ label: 'Aurora EUR settlements' });
      const before = await availableCents(page);
      await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.001');
      await page.getByRole('textbox', { name: 'Reference', exact: true }).fill(`Payout ${scheme}`);
      await page.getByRole('button', { name: 'Review withdrawal' }).click();
      await expect(page.getByText('Amount must have fewer decimal digits')).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('2.50');
      await page.getByRole('button', { name: 'Review withdrawal' }).click();
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expect(page.getByRole('dialog')).toContainText(
        '2.50 EUR is on its way to Aurora EUR settlements.',
      );
      await expectNoViolations(page);
      await closeDialog(page);
      await page.getByRole('button', { name: 'New withdrawal' }).click();
      await page
        .getByRole('combobox', { name: 'Business', exact: true })
        .selectOption({ label: 'Harbor Freight' });
      await expect.poll(() => availableCents(page)).toBe(before - 250);
    });

    test('a fiat deposit answers its payment instructions', async ({ page }) => {
      await loginAsAdmin(page);
      await page.goto('/fiat-deposit');
      await expect(page.getByRole('heading', { level: 1, name: 'Fiat deposit' })).toBeVisible({
        timeout: 30_000,
      });
      await page
        .getByRole('combobox', { name: 'Business', exact: true })
        .selectOption({ label: 'Atlas Travel' });
      await page.getByRole('textbox', { name: 'Expected amount', exact: true }).fill('0');
      await page.getByRole('textbox', { name: 'Reference', exact: true }).fill('Top-up');
      await page.getByRole('button', { name: 'Review deposit' }).click();
      await expect(page.getByText('Minimum amount is 0.01 EUR.')).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('textbox', { name: 'Expected amount', exact: true }).fill('120');
      await page.getByRole('button', { name: 'Review deposit' }).click();
      await page.getByRole('button', { name: 'Get instructions' }).click();
      await expect(page.getByRole('dialog')).toContainText('Pay 120.00 EUR with these details.');
      await closeDialog(page);
      await expect(page.getByTestId('instruction-iban')).toHaveAttribute('data-value', /^[A-Z]{2}\d{2}/);
      await expect(page.getByTestId('instruction-paymentReference')).toHaveAttribute(
        'data-value',
        /^FD-\d+ Top-up$/,
      );
      await expectNoViolations(page);
    });
  });
}

test('a wrong 2FA code shows on its field and the user stays signed in', async ({ page, allowConsole }) => {
  allowConsole(FAILED_RESOURCE(401));
  await loginAs(page, 'twofa@example.com', totpNow());
  await expect(page).toHaveURL(/\/statistics$/, { timeout: 30_000 });
  await page.goto('/internal-transfer');
  await page.getByRole('combobox', { name: 'From business' }).selectOption({ label: 'Northwind Coffee' });
  await page.getByRole('combobox', { name: 'To business' }).selectOption({ label: 'Lumen Games' });
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.10');
  const wrong = totpNow() === '000000' ? '111111' : '000000';
  await page.getByRole('textbox', { name: '2FA code' }).fill(wrong);
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('Invalid or expired 2FA verification code.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '2FA code' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Internal transfer' })).toBeVisible();
});

test.describe('a brand without fiat deposits', () => {
  test.use({ extraHTTPHeaders: { [BRAND_HEADER]: 'coinharbor' } });

  test('has no fiat deposit page or menu item', async ({ page }) => {
    await loginAsAdmin(page);
    const nav = page.getByRole('navigation').filter({ hasText: 'Fiat withdrawal' });
    await expect(nav.getByRole('link', { name: 'Fiat withdrawal' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(nav.getByRole('link', { name: 'Fiat deposit' })).toHaveCount(0);
    await page.goto('/fiat-deposit');
    // The guard sends a user without access to the page home.
    await expect(page).toHaveURL(/\/statistics$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Fiat deposit' })).toHaveCount(0);
  });
});
