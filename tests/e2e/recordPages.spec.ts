/**
 * Every record has a page of its own (issue 32 §2, docs/decisions.md 246–249): opened from a list's
 * preview and from the audit log, it shows the record's header, timeline, ledger entries and related
 * records; a withdrawal the manager made is approved from its own page by twofa@ with a 2FA code,
 * and the manager's open page shows the decision without a reload; a payment request made on
 * /crypto-deposit is followed on its page as the simulator pays it and its callbacks are delivered,
 * live (created → deposit seen → confirmations → paid → callback delivered). The page passes axe in
 * both themes at 1366 and 375 px.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, expect, expectNoViolations, loginAs, resetDemoData, test, totpNow } from './fixtures';

test.beforeAll(resetDemoData);

const MANAGER = 'manager@example.com';
const AWAITING = `/businesses/1/show/withdrawals?filter=${encodeURIComponent(
  JSON.stringify({ status: 'AWAITING_APPROVAL' }),
)}`;

/** A withdrawal by the manager, awaiting approval, made through the API (the form has its own tests). */
async function managerWithdrawal(request: APIRequestContext, amount: string): Promise<number> {
  const headers = await apiHeaders(request, MANAGER);
  const list = await request.get('/v1/whitelisted-addresses?currency=BTC&network=MAIN', { headers });
  expect(list.status()).toBe(200);
  const { addresses } = (await list.json()) as { addresses: { id: number }[] };
  const created = await request.post('/v1/withdrawals/crypto', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { businessId: 1, currency: 'BTC', network: 'MAIN', amount, whitelistedAddressId: addresses[0].id },
  });
  expect(created.status(), await created.text()).toBe(201);
  // (The create answers it PENDING_APPROVAL, the read AWAITING_APPROVAL: decision 233.)
  const body = (await created.json()) as { withdrawal: { id: number } };
  await request.post('/v1/auth/logout', { headers });
  return body.withdrawal.id;
}

/** The timeline's steps, as their `data-step` names them, oldest first. */
const steps = (page: Page) => page.getByTestId('record-timeline').getByRole('listitem');

test('a withdrawal opens from its list as a preview, then on its own page: timeline, ledger, related', async ({
  page,
}) => {
  await loginAs(page, MANAGER);
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto(AWAITING);
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText('Awaiting approval');
  const id = await row.getAttribute('data-record-id');
  await row.click();
  const preview = page.getByRole('dialog', { name: `Crypto withdrawal ${id}` });
  await preview.getByRole('link', { name: 'Open the full record' }).click();

  await expect(page).toHaveURL(new RegExp(`/crypto-withdrawals/${id}/show$`));
  await expect(page.getByRole('heading', { level: 1, name: `Crypto withdrawal ${id}` })).toBeVisible();
  const header = page.getByTestId('record-header');
  await expect(header).toContainText('Awaiting approval');
  await expect(header.getByRole('link', { name: 'Northwind Coffee' })).toHaveAttribute(
    'href',
    '/businesses/1/show',
  );
  await expect(steps(page).first()).toHaveAttribute('data-step', 'created');
  await expect(page.getByTestId('record-timeline').locator('[data-step="held"]')).toHaveCount(1);
  // The hold it posted: its available balance down, its held balance up, each with the balance after.
  const ledger = page.getByTestId('record-ledger');
  await expect(ledger).toContainText('Withdrawal hold');
  await expect(ledger.locator('tr[data-account="available"]')).toContainText(/-0\.\d+\sBTC/);
  await expect(ledger.locator('tr[data-account="held"]')).toContainText(/\+0\.\d+\sBTC/);
  await expect(page.getByTestId('record-related')).toContainText('Treasury cold wallet');
  // The breadcrumb goes back to the business's withdrawals.
  await page
    .getByRole('navigation', { name: 'Where this record is' })
    .getByRole('link', { name: 'Crypto withdrawals' })
    .click();
  await expect(page).toHaveURL(/\/businesses\/1\/show\/withdrawals$/);
});

test("twofa@ approves the manager's withdrawal from its page, and the manager's open page shows it live", async ({
  page,
  browser,
  request,
}) => {
  const id = await managerWithdrawal(request, '0.0006');
  const path = `/crypto-withdrawals/${id}/show`;

  // The manager made it: their page says another user must decide it, and offers no decision.
  await loginAs(page, MANAGER);
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto(path);
  await expect(page.getByTestId('own-withdrawal')).toHaveText(
    'You created this withdrawal: another user must approve or reject it.',
  );
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(steps(page).first()).toContainText(`${MANAGER} (user) · Dashboard`);

  const context = await browser.newContext();
  const approver = await context.newPage();
  await loginAs(approver, 'twofa@example.com', totpNow());
  await expect(approver).toHaveURL(/\/statistics$/, { timeout: 30_000 });
  await approver.goto(path);
  await approver.getByRole('button', { name: new RegExp(`^Approve withdrawal ${id} of`) }).click();
  const dialog = approver.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Approve withdrawal' })).toBeVisible();
  // Its amount, business and destination (the whitelisted address's label and the address).
  await expect(dialog).toContainText(/Send 0\.00060000\sBTC from Northwind Coffee to .+ — bc1/);
  await expectNoViolations(approver);
  // The login spent this window's code: the next one.
  await dialog.getByRole('textbox', { name: '2FA code' }).fill(totpNow(undefined, 1));
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approver.getByRole('dialog')).toHaveCount(0);
  const approved = approver.getByTestId('record-timeline').locator('[data-step="approved"]');
  await expect(approved).toContainText('twofa@example.com (user) · Dashboard');
  await expect(approved).toContainText('Confirmed with 2FA');
  await expect(approver.getByTestId('record-header')).toContainText('Pending');
  await expect(approver.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  // The audit log (an ADMIN's) names the decision, linked to the withdrawal's page.
  await approver.goto('/audit-log');
  await approver
    .getByRole('link', { name: `Crypto withdrawal ${id}` })
    .first()
    .click();
  await expect(approver).toHaveURL(new RegExp(`${path}$`));
  await context.close();

  // The manager's page, never reloaded, follows.
  const decided = page.getByTestId('record-timeline').locator('[data-step="approved"]');
  await expect(decided).toContainText('twofa@example.com');
  await expect(page.getByTestId('own-withdrawal')).toHaveCount(0);
});

/** Every simulator step once, `seconds` from now (the provider's time, moved on by the test). */
async function tick(request: APIRequestContext, seconds: number) {
  const response = await request.post('/v1/testing/simulator/tick', {
    data: { at: new Date(Date.now() + seconds * 1000).toISOString() },
  });
  expect(response.status()).toBe(200);
}

test('a payment request made on /crypto-deposit is followed on its page as it is paid and its callbacks delivered, without a reload', async ({
  page,
  request,
}) => {
  await loginAs(page, MANAGER);
  await page.getByRole('link', { name: 'Crypto deposit' }).click();
  await expect(page).toHaveURL(/\/crypto-deposit$/);
  for (const [field, option] of [
    ['Business', 'Northwind Coffee'],
    ['Currency', 'BTC'],
  ]) {
    await page.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Amount (optional)' }).fill('0.015');
  await page.getByRole('textbox', { name: /^Expires after \(minutes\)/ }).fill('30');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Create request' }).click();
  await expect(page.getByRole('dialog')).toContainText('The payment request was created.');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Follow it on its page' }).click();
  await expect(page).toHaveURL(/\/payments\/\d+\/show$/);
  const timeline = page.getByTestId('record-timeline');
  await expect(steps(page)).toHaveCount(1);
  await expect(steps(page).first()).toHaveAttribute('data-step', 'created');
  await expect(steps(page).first()).toContainText(`${MANAGER} (user) · Dashboard`);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));

  // The provider sends the deposit, confirms it, and the payment is paid: the page follows.
  await tick(request, 10);
  await expect(timeline.locator('[data-step="deposit_seen"]')).toContainText('Deposit');
  await tick(request, 15);
  await expect(timeline.locator('[data-step="confirmation"]').first()).toContainText(/Confirmation \d of \d/);
  await tick(request, 20);
  await tick(request, 25);
  await expect(timeline.locator('[data-step="paid"]')).toContainText('Paid');
  await expect(page.getByTestId('record-header')).toContainText('Paid');
  // The callback worker sends what is due by then (the simulator's steps ran up to 25 s ahead): the
  // merchant's receiver (the demo's) answers 200, and the page shows each delivery.
  const sent = await request.post('/v1/testing/callbacks/tick', {
    data: { at: new Date(Date.now() + 30_000).toISOString() },
  });
  expect(sent.status()).toBe(200);
  const order = () => steps(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-step')));
  // Oldest first: created, the deposit seen, its confirmations, paid, then a callback delivered after it.
  await expect
    .poll(async () => {
      const all = await order();
      return all.lastIndexOf('callback') > all.indexOf('paid');
    })
    .toBe(true);
  const all = await order();
  expect(all.indexOf('created')).toBe(0);
  expect(all.indexOf('deposit_seen')).toBeLessThan(all.indexOf('confirmation'));
  expect(all.lastIndexOf('confirmation')).toBeLessThan(all.indexOf('paid'));
  const last = steps(page).nth(all.lastIndexOf('callback'));
  await expect(last).toContainText('Delivered');
  await expect(last).toContainText(/HTTP 200 · Attempt \d+ of \d+/);
  await expect(page.getByTestId('record-callbacks').getByText('Delivered').first()).toBeVisible();
  // The deposit it received is linked both ways.
  await page.getByTestId('record-related').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/payment-deposits\/\d+\/show$/);
  await expect(page.getByTestId('record-related').getByRole('link')).toHaveAttribute(
    'href',
    /\/payments\/\d+\/show$/,
  );
  expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
});

/** Each record kind's list under /v1 and its list key (src/resources/transactions/kinds.ts). */
const LISTS = [
  ['payments', 'payments', 'payments'],
  ['crypto-withdrawals', 'withdrawals/crypto', 'withdrawals'],
  ['fiat-deposits', 'payment/deposits/fiat', 'deposits'],
  ['whitelabel-fiat-deposits', 'payment/whitelabel-fiat-deposits', 'deposits'],
  ['settlements', 'payment/withdrawals/fiat', 'settlements'],
  ['internal-transfers', 'payment/internal-transfers', 'transfers'],
  ['unassociated-deposits', 'payment/deposits/unassociated', 'deposits'],
  ['manual-movements', 'payment/manual-movements', 'movements'],
  ['balance-conversions', 'payment/balance/convert', 'conversions'],
] as const;

test('every kind of record has its page, with its kind, amount, status and business', async ({
  page,
  request,
}) => {
  const headers = await apiHeaders(request, MANAGER);
  const ids: [string, number][] = [];
  for (const [kind, path, key] of LISTS) {
    const answer = await request.get(`/v1/${path}?limit=1`, { headers });
    expect(answer.status(), path).toBe(200);
    const [row] = ((await answer.json()) as Record<string, { id: number; deposits?: { id: number }[] }[]>)[
      key
    ];
    expect(row, `a demo ${kind}`).toBeDefined();
    ids.push([kind, row.id]);
  }
  const paid = await request.get('/v1/payments?limit=1&status=PAID', { headers });
  const { payments } = (await paid.json()) as { payments: { deposits: { id: number }[] }[] };
  ids.push(['payment-deposits', payments[0].deposits[0].id]);
  await request.post('/v1/auth/logout', { headers });

  await loginAs(page, MANAGER);
  await expect(page).toHaveURL(/\/statistics$/);
  for (const [kind, id] of ids) {
    await page.goto(`/${kind}/${id}/show`);
    const header = page.getByTestId('record-header');
    await expect(header, kind).toBeVisible();
    await expect(header.getByTestId('record-amount'), kind).toHaveText(/\d/);
    await expect(header.locator('[data-meaning]'), kind).toHaveCount(1);
    await expect(header.getByRole('link').first(), kind).toHaveAttribute('href', /^\/businesses\/\d+\/show$/);
    await expect(steps(page).first(), kind).toBeVisible();
  }
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1366, 375]) {
    test(`${scheme}, ${width} px: a record's page passes axe and fits the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await loginAs(page, MANAGER);
      await expect(page).toHaveURL(/\/statistics$/);
      await page.goto(AWAITING);
      const id = await page.locator('tbody tr').first().getAttribute('data-record-id');
      await page.goto(`/crypto-withdrawals/${id}/show`);
      await expect(page.getByTestId('record-header')).toBeVisible();
      await expect(page.getByTestId('record-ledger')).toBeVisible();
      await expectNoViolations(page);
      // Nothing wider than the screen (the page reflows).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
