/**
 * Crypto withdrawals with four-eyes approval (docs/decisions.md 175–179): the Manager creates a
 * withdrawal (its amount leaves the available balance at once), sees it among the approvals with the
 * reason they may not decide it; admin@ approves it and its status changes. The withdrawal form, the
 * approvals list and its decision dialog pass axe in both themes.
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
} from './fixtures';

test.beforeAll(resetDemoData);

const MENU = 'Main menu';

async function openApprovals(page: Page) {
  await page
    .getByRole('navigation', { name: MENU })
    .getByRole('link', { name: 'Withdrawal approvals' })
    .click();
  await expect(page).toHaveURL(/\/withdrawal-approvals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal approvals' })).toBeVisible();
}

async function openWithdrawal(page: Page) {
  await page.getByRole('navigation', { name: MENU }).getByRole('link', { name: 'Crypto withdrawal' }).click();
  await expect(page).toHaveURL(/\/crypto-withdrawal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crypto withdrawal' })).toBeVisible();
}

/** Northwind Coffee, BTC on its own chain, the Treasury cold wallet. */
async function fillWithdrawal(page: Page) {
  await page.getByRole('combobox', { name: 'Business' }).selectOption({ label: 'Northwind Coffee' });
  await page.getByRole('combobox', { name: 'Currency and network' }).selectOption('BTC:MAIN');
  await page.getByRole('combobox', { name: 'Whitelisted address' }).selectOption({ index: 1 });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the withdrawal form, the approvals and the decision dialog pass axe`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs(page, 'manager@example.com');
    await openWithdrawal(page);
    await fillWithdrawal(page);
    await expect(page.getByTestId('available-balance')).toContainText('Available');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Amount is required')).toBeVisible();
    await expectNoViolations(page);

    await openApprovals(page);
    // The demo's pending withdrawal, made by twofa@: the Manager may decide it.
    const seeded = page.getByRole('row').filter({ hasText: 'twofa@example.com' }).first();
    await expect(seeded).toBeVisible();
    await expectNoViolations(page);
    await seeded.getByRole('button', { name: /^Reject withdrawal/ }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Reject withdrawal' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
}

test('a manager creates a withdrawal and cannot approve it; admin@ approves it', async ({
  page,
  browser,
}) => {
  await loginAs(page, 'manager@example.com');
  await openWithdrawal(page);
  await fillWithdrawal(page);
  const balance = page.getByTestId('available-balance');
  await expect(balance).toContainText('BTC');
  const before = await balance.innerText();
  await page.getByRole('textbox', { name: 'Amount' }).fill('100000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Insufficient balance')).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount' }).fill('0.0007');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('0.0007')).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("awaits another user's approval");
  await expectNoViolations(page);
  await closeDialog(page);
  // The amount is held: the available balance went down.
  await page.getByRole('button', { name: 'New withdrawal' }).click();
  await fillWithdrawal(page);
  await expect(balance).not.toHaveText(before);

  await openApprovals(page);
  const own = page.getByRole('row').filter({ hasText: 'manager@example.com' }).first();
  await expect(own).toContainText('Awaiting approval', { ignoreCase: true });
  await expect(own.getByTestId('own-withdrawal')).toHaveText(
    'You created this withdrawal: another user must approve or reject it.',
  );
  await expect(own.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  // A second user, in a browser of their own.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await openApprovals(admin);
  const row = admin.getByRole('row').filter({ hasText: 'manager@example.com' }).first();
  await row.getByRole('button', { name: /^Approve withdrawal/ }).click();
  await expect(admin.getByRole('dialog').getByRole('heading', { name: 'Approve withdrawal' })).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(row).toContainText('by admin@example.com');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await context.close();
});
