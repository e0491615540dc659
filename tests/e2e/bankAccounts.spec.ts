/**
 * Bank accounts (issue 15 §4): the list shows Aurora's accounts with their numbers masked; the form
 * shows the fields the chosen currency and payment method need, refuses a wrong IBAN checksum with its
 * message, and adds a valid account, listed masked. List and form pass axe in both themes.
 */
import type { Page } from '@playwright/test';
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';

test.beforeAll(resetDemoData);

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Logs in as the manager and opens the list from the sidebar (its item needs FETCH_BANK_METADATA). */
async function openList(page: Page) {
  await loginAs(page, 'manager@example.com');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Bank accounts' })
    .click();
  await expect(page).toHaveURL(/\/bank-accounts$/);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a wrong IBAN checksum gets its message; a valid account is added and listed masked', async ({
  page,
}) => {
  await openList(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Bank accounts' })).toBeVisible();
  await expect(row(page, 'Aurora EUR settlements')).toContainText('•••• 3000');
  await expect(row(page, 'Aurora GBP settlements')).toContainText('•••• 6819');
  await expect(page.getByText('DE89370400440532013000')).toHaveCount(0);

  await page.getByRole('link', { name: 'Add bank account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add bank account' })).toBeVisible();
  // No bank field before the currency and payment method are chosen.
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Account label' }).fill('E2E payouts');
  await choose(page, 'Account currency', 'EUR');
  await choose(page, 'Payment method', 'SEPA');
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'SWIFT/BIC code' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Account holder name' }).fill('Aurora Payments GmbH');
  await page.getByRole('textbox', { name: 'Account holder address' }).fill('Unter den Linden 1');
  await page.getByRole('textbox', { name: 'Account holder city' }).fill('Berlin');
  await page.getByRole('textbox', { name: 'Account holder country' }).fill('Germany');
  await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 01');
  await page.getByRole('textbox', { name: 'Bank name' }).fill('ING');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('IBAN check digits are wrong')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'IBAN' }).fill('DE44 5001 0517 5407 3249 31');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Check the account' })).toBeVisible();
  await expect(page.getByText('DE44 5001 0517 5407 3249 31')).toBeVisible();
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('The bank account was added.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to bank accounts' }).click();
  await expect(row(page, 'E2E payouts')).toContainText('•••• 4931');
  await expect(page.getByText('DE44500105175407324931')).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the list and the form pass axe`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openList(page);
    await expect(row(page, 'Aurora USD settlements')).toContainText('•••• 6789');
    await expectNoViolations(page);

    await row(page, 'Aurora USD settlements')
      .getByRole('link', { name: 'Edit Aurora USD settlements' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit bank account' })).toBeVisible();
    // The edit page holds the account number whole, and the USD fields with the bank e-mail.
    await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveValue('000123456789');
    await expect(page.getByRole('textbox', { name: 'Bank email' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Routing number (ABA)' }).fill('021000022');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Routing number check digit is wrong')).toBeVisible();
    await expectNoViolations(page);
  });
}
