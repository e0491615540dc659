/**
 * The app bar's search (issue 14, "Find anything"; docs/decisions.md 100–103, 247): support finds a
 * deposit by its transaction hash from any page (typing, then Enter) and lands on the deposit's own
 * page, which links to its payment; the open search passes axe; on a phone an icon button opens it
 * full-screen.
 */
import type { APIRequestContext } from '@playwright/test';
import { apiHeaders, expect, expectNoViolations, loginAs, resetDemoData, test } from './fixtures';

test.beforeAll(resetDemoData);

/** A payment of Northwind Coffee with a deposit (from the demo data, read through the API). */
async function paymentWithDeposit(request: APIRequestContext) {
  const headers = await apiHeaders(request, 'manager@example.com');
  const page = await request.get('/v1/payments?businessId=1&limit=50', { headers });
  expect(page.status()).toBe(200);
  const { payments } = (await page.json()) as {
    payments: { id: number; deposits: { id: number; txHash: string }[] }[];
  };
  const payment = payments.find((p) => p.deposits.length > 0);
  expect(payment, 'a demo payment of Northwind Coffee with a deposit').toBeDefined();
  await request.post('/v1/auth/logout', { headers });
  return { id: payment!.id, depositId: payment!.deposits[0].id, hash: payment!.deposits[0].txHash };
}

test('support finds a deposit by its hash from the app bar and lands on its page', async ({
  page,
  request,
}) => {
  const { id, depositId, hash } = await paymentWithDeposit(request);
  await loginAs(page, 'support@example.com');
  await expect(page).toHaveURL(/\/businesses$/);

  // `/` from the page focuses the search (once the app bar, which listens for it, is there).
  const box = page.getByRole('combobox', { name: 'Search records' });
  await expect(box).toBeVisible();
  await page.locator('body').press('/');
  await expect(box).toBeFocused();
  await box.fill(hash);
  const listbox = page.getByRole('listbox', { name: 'Search results' });
  const option = listbox.getByRole('option', { name: new RegExp(hash) });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Northwind Coffee');
  await expect(listbox.getByRole('group', { name: 'Deposits' })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expectNoViolations(page);

  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/payment-deposits/${depositId}/show$`));
  // The deposit's own page, which names the payment it paid.
  await expect(page.getByRole('heading', { level: 1, name: `Payment deposit ${depositId}` })).toBeVisible();
  await expect(page.getByTestId('record-related').getByRole('link')).toHaveAttribute(
    'href',
    `/payments/${id}/show`,
  );
  await expect(listbox).toBeHidden();
});

test('on a phone an icon button opens the search full-screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, 'support@example.com');
  await expect(page).toHaveURL(/\/businesses$/);
  await page.getByRole('button', { name: 'Open search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search records' });
  const box = dialog.getByRole('combobox', { name: 'Search records' });
  await expect(box).toBeFocused();
  await box.fill('northwind');
  await expect(dialog.getByRole('option', { name: /Northwind Coffee/ }).first()).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBe(375);
  await expectNoViolations(page);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/businesses\/1\/show/);
});
