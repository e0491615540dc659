/**
 * Crypto withdrawals with four-eyes approval (docs/decisions.md 175–179): the Manager creates a
 * withdrawal (its amount leaves the available balance at once), sees it among the approvals with the
 * reason they may not decide it; Northwind Coffee's card shows the amount held. Then twofa@ approves
 * one of the manager's withdrawals with a 2FA code, its status changes and the manager's open card no
 * longer holds it, without a reload. Two tests, each a third of its limit on a loaded machine.
 * The withdrawal form, the approvals list and its decision dialog pass axe in both themes.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import Big from 'big.js';
import {
  test,
  expect,
  loginAs,
  resetDemoData,
  totpNow,
  expectNoViolations,
  closeDialog,
  apiHeaders,
} from './fixtures';

test.beforeAll(resetDemoData);

const MENU = 'Main menu';
const MANAGER = 'manager@example.com';

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
    await loginAs(page, MANAGER);
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

/** The BTC Northwind Coffee's card says is held ('0' when the card shows no held line). */
async function heldOnCard(page: Page): Promise<string> {
  const card = page.getByRole('article', { name: 'Northwind Coffee' });
  await expect(card.getByRole('list', { name: 'Balances' })).toBeVisible();
  const line = card.getByTestId('held-BTC');
  if ((await line.count()) === 0) return '0';
  return new Big((await line.innerText()).replace(/[^\d.]/g, '')).toFixed();
}

async function openBusinesses(page: Page) {
  await page.getByRole('navigation', { name: MENU }).getByRole('link', { name: 'Businesses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
}

test('a manager creates a withdrawal, its amount is held, and they cannot approve it', async ({ page }) => {
  await loginAs(page, MANAGER);
  await openBusinesses(page);
  const heldBefore = await heldOnCard(page);

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
  // What withdrawals awaiting approval hold is said beside it.
  const heldNow = new Big(heldBefore).plus('0.0007');
  const heldText = heldNow.toFixed().replace('.', '\\.');
  await expect(balance).toContainText(new RegExp(`\\(${heldText}0*\\sBTC held for approval\\)`));

  await openApprovals(page);
  const own = page.getByRole('row').filter({ hasText: MANAGER }).first();
  await expect(own).toContainText('Awaiting approval', { ignoreCase: true });
  await expect(own.getByTestId('own-withdrawal')).toHaveText(
    'You created this withdrawal: another user must approve or reject it.',
  );
  await expect(own.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  // The business card shows the hold beside its balances.
  await openBusinesses(page);
  await expect(page.getByRole('article', { name: 'Northwind Coffee' }).getByTestId('held-BTC')).toContainText(
    heldNow.toFixed(8),
  );
});

/** A pending withdrawal by the manager, made through the API (the form has its own test above). */
async function managerWithdrawal(request: APIRequestContext, amount: string) {
  const headers = await apiHeaders(request, MANAGER);
  const list = await request.get('/v1/whitelisted-addresses?currency=BTC&network=MAIN', { headers });
  expect(list.status()).toBe(200);
  const { addresses } = (await list.json()) as { addresses: { id: number }[] };
  const created = await request.post('/v1/withdrawals/crypto', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { businessId: 1, currency: 'BTC', network: 'MAIN', amount, whitelistedAddressId: addresses[0].id },
  });
  expect(created.status(), await created.text()).toBe(201);
}

test("twofa@ approves the manager's withdrawal and the manager's open page no longer holds it", async ({
  page,
  browser,
  request,
}) => {
  const amount = '0.00031';
  await managerWithdrawal(request, amount);
  await loginAs(page, MANAGER);
  await openBusinesses(page);
  const heldBefore = await heldOnCard(page);
  expect(new Big(heldBefore).gte(amount)).toBe(true);

  // A second user, in a browser of their own, with 2FA: the decision asks for a code of its own.
  const context = await browser.newContext();
  const approver = await context.newPage();
  await loginAs(approver, 'twofa@example.com', totpNow());
  await expect(approver).toHaveURL(/\/statistics$/, { timeout: 30_000 });
  await openApprovals(approver);
  const row = approver
    .getByRole('row')
    .filter({ hasText: MANAGER })
    .filter({ hasText: new RegExp(`${new Big(amount).toFixed(8).replace('.', '\\.')}\\sBTC`) });
  await row.getByRole('button', { name: /^Approve withdrawal/ }).click();
  const decision = approver.getByRole('dialog');
  await expect(decision.getByRole('heading', { name: 'Approve withdrawal' })).toBeVisible();
  // The login used this period's code; a code is good once, so the decision takes the next one.
  await decision.getByRole('textbox', { name: '2FA code' }).fill(totpNow(undefined, 1));
  await decision.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(decision).toBeHidden();
  await expect(row).toContainText('by twofa@example.com');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await context.close();

  // The manager's open page follows without a reload: the hold was sent, so no longer held.
  const held = page.getByRole('article', { name: 'Northwind Coffee' }).getByTestId('held-BTC');
  const heldAfter = new Big(heldBefore).minus(amount);
  if (heldAfter.eq(0)) await expect(held).toHaveCount(0);
  else await expect(held).toContainText(heldAfter.toFixed(8));
});
