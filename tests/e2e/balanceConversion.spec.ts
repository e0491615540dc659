/**
 * Balance conversion (issue 16): a manager asks for the indicative figures, gets a quote (shown with its
 * countdown), executes it, sees the response dialog and the executed figures, and the business's
 * balances change by exactly the quoted amounts. Form, overview and dialog pass axe in both themes.
 */
import Big from 'big.js';
import type { APIRequestContext } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  resetDemoData,
  expectNoViolations,
  closeDialog,
  apiHeaders,
} from './fixtures';

test.beforeAll(resetDemoData);

const MANAGER = 'manager@example.com';

async function balances(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.get('/v1/balances/1', { headers });
  expect(response.status()).toBe(200);
  const { balances: all } = (await response.json()) as { balances: Record<string, { amount: string }> };
  return { EUR: all.EUR?.amount ?? '0', USD: all.USD?.amount ?? '0' };
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: quote → create → execute moves exactly the quoted amounts; form, overview and dialog pass axe`, async ({
    page,
    request,
  }) => {
    const headers = await apiHeaders(request, MANAGER);
    const business = await request.get('/v1/businesses/1', { headers });
    const { businessName } = (await business.json()) as { businessName: string };
    const before = await balances(request, headers);

    await page.emulateMedia({ colorScheme: scheme });
    await loginAs(page, MANAGER);
    await page.getByRole('link', { name: 'Balance conversion' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Balance conversion' })).toBeVisible();

    await page.getByLabel('Business').selectOption({ label: businessName });
    await page.getByLabel('Convert from').selectOption('EUR');
    await page.getByLabel('Convert into').selectOption('USD');
    const amount = page.getByRole('textbox', { name: 'Amount' });
    await amount.fill('1,5');
    await amount.blur();
    await expect(page.getByText('Use a point, not a comma, for decimals')).toBeVisible();
    await amount.fill('100');
    // The indicative figures follow the typing: 0.5 % fee included, the rest at 1.08.
    const indicative = page.getByTestId('indicative');
    await expect(indicative.getByTestId('figure-creditAmount')).toHaveText('107.46 USD');
    await expect(indicative.getByTestId('figure-fee')).toHaveText('0.50 EUR');
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Get quote' }).click();
    const quote = page.getByTestId('quote');
    await expect(quote.getByTestId('figure-debitAmount')).toHaveText('100.00 EUR');
    await expect(quote.getByTestId('figure-creditAmount')).toHaveText('107.46 USD');
    await expect(page.getByTestId('quote-countdown')).toContainText(/This quote holds for 0:[0-5]\d|1:00/);
    await expectNoViolations(page);
    // Nothing moved yet.
    expect(await balances(request, headers)).toEqual(before);

    await page.getByRole('button', { name: 'Convert' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The conversion was executed.');
    await expectNoViolations(page);
    await closeDialog(page);
    const result = page.getByTestId('conversion-result');
    await expect(result.getByTestId('figure-creditAmount')).toHaveText('107.46 USD');

    const after = await balances(request, headers);
    expect(after.EUR).toBe(new Big(before.EUR).minus('100').toFixed());
    expect(after.USD).toBe(new Big(before.USD).plus('107.46').toFixed());

    // The business's conversions tab shows it executed.
    await result.getByRole('link', { name: 'Conversions of this business' }).click();
    await expect(page.getByRole('row').filter({ hasText: '107.46' }).first()).toContainText('Executed');
  });
}
