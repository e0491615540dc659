/**
 * Crypto deposit (issue 16, docs/decisions.md 170–174): a manager creates a payment request and sees
 * its address, QR code and countdown; the simulated provider's deposit and its confirmations arrive
 * (driven by the test-mode POST /v1/testing/simulator/tick) and the page shows them without a reload,
 * until the request is Paid. The form, the response dialog and the result pass axe in both themes.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';

test.beforeAll(resetDemoData);

const MANAGER = 'manager@example.com';

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the page and fills a BTC request of Northwind Coffee. */
async function fillRequest(page: Page) {
  await loginAs(page, MANAGER);
  // The Billing section of the menu leads to the page.
  await page.getByRole('link', { name: 'Crypto deposit' }).click();
  await expect(page).toHaveURL(/\/crypto-deposit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crypto deposit' })).toBeVisible();
  await choose(page, 'Business', 'Northwind Coffee');
  await choose(page, 'Currency', 'BTC');
  // BTC has one network on this business: chosen with the currency.
  await expect(page.getByRole('combobox', { name: /^Network/ })).toContainText('MAIN');
  await page.getByRole('textbox', { name: 'Amount (optional)' }).fill('0.015');
  await page.getByRole('textbox', { name: /^Expires after \(minutes\)/ }).fill('30');
}

/** Continue → overview → Create request → the response dialog. */
async function create(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('0.015 BTC')).toBeVisible();
  await page.getByRole('button', { name: 'Create request' }).click();
  await expect(page.getByRole('dialog')).toContainText('The payment request was created.');
}

/** Every simulator step once, `seconds` from now (the provider's time, moved on by the test). */
async function step(request: APIRequestContext, seconds: number) {
  const response = await request.post('/v1/testing/simulator/tick', {
    data: { at: new Date(Date.now() + seconds * 1000).toISOString() },
  });
  expect(response.status()).toBe(200);
}

test('a manager creates a payment request and sees the deposit arrive without reloading', async ({
  page,
  request,
}) => {
  await fillRequest(page);
  await create(page);
  await page.getByRole('button', { name: 'Close' }).click();

  const result = page.getByTestId('payment-request');
  await expect(result.getByTestId('payment-address')).toContainText('bc1');
  await expect(result.getByTestId('payment-qr')).toBeVisible();
  await expect(result.getByRole('img', { name: /bitcoin:bc1.*\?amount=0\.015/ })).toBeVisible();
  // The countdown runs: 30 minutes at most, and it moves.
  const countdown = result.getByRole('timer');
  await expect(countdown).toHaveText(/^00:(29|30):\d\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '');
  await expect(result.getByRole('link', { name: /\/pay\// })).toBeVisible();
  const status = result.getByTestId('payment-status');
  await expect(status).toContainText('Open');
  await expect(status).toContainText('Waiting for the deposit');

  // The provider sends the deposit; the page shows it, then its confirmations, then Paid.
  const url = page.url();
  await step(request, 10);
  await expect(status).toContainText('Deposit seen, 0 confirmations');
  await step(request, 15);
  await step(request, 20);
  await step(request, 25);
  await expect(status).toHaveAttribute('data-status', 'PAID');
  await expect(status).toContainText('Paid');
  await expect(status).toContainText('Received (confirmed): 0.015 BTC');
  expect(page.url()).toBe(url);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the form, the response dialog and the result pass axe`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await fillRequest(page);
    await page.getByRole('textbox', { name: 'Recipient email' }).fill('payer@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    // A recipient needs a subject: the form says so on the field.
    await expect(page.getByText('Mail subject is required')).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('textbox', { name: 'Mail subject' }).fill('Your invoice');
    await create(page);
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    await expectNoViolations(page);
  });
}
