/**
 * The business page as the merchant's home (issue 32 §3), on the demo data: the header's figures are
 * the overview's; the Callbacks tab shows Northwind Coffee's delivered callbacks and Lumen Games'
 * failing ones (its demo receiver answers 500) with their attempts; Resend makes a new attempt that
 * the page shows without a reload; the signing secret is rotated with the 2FA code and shown once;
 * the page passes axe in both themes at 1366 and 375 px, its four tabs on one row at 1366 px and all
 * reachable at 375 px. Screenshots of the page go to /work/wt/shots/ when SHOTS_DIR names it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { CallbackRow } from '../../src/domain/callbacks';
import type { BusinessOverview } from '../../src/domain/records';
import { formatMoney, formatNumber } from '../../src/i18n/format';
import { apiHeaders, expect, expectNoViolations, loginAs, resetDemoData, test, totpNow } from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

/** The browser's locale (Playwright's Desktop Chrome): the app formats in it. */
const LOCALE = 'en-US';
const NORTHWIND = 1;
const LUMEN = 2;

/** One round of the callback worker: what is due is sent, and its attempts kept, before the answer. */
async function tickCallbacks(request: APIRequestContext) {
  const response = await request.post('/v1/testing/callbacks/tick', { data: {} });
  expect(response.ok(), `POST /v1/testing/callbacks/tick: ${response.status()}`).toBe(true);
}

async function callbacksOf(request: APIRequestContext, businessId: number): Promise<CallbackRow[]> {
  const headers = await apiHeaders(request, 'manager@example.com');
  const response = await request.get(`/v1/callbacks?businessId=${businessId}&limit=100`, { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { callbacks: CallbackRow[] }).callbacks;
}

const row = (page: Page, id: number) => page.locator(`tr[data-callback-id="${id}"]`);

async function openAttempts(page: Page, id: number) {
  await page.getByRole('button', { name: `Show the attempts of callback ${id}` }).click();
  return page.getByRole('region', { name: `Attempts of callback ${id}` });
}

test.describe.configure({ mode: 'serial' });

test("the header shows the business's balances, volume and callback health from its overview", async ({
  page,
  request,
}) => {
  await tickCallbacks(request);
  const headers = await apiHeaders(request, 'manager@example.com');
  const answer = await request.get(`/v1/businesses/${NORTHWIND}/overview`, { headers });
  expect(answer.status()).toBe(200);
  const overview = (await answer.json()) as BusinessOverview;
  expect(overview.balances?.length).toBeGreaterThan(0);
  expect(overview.callbacks).not.toBeNull();

  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto(`/businesses/${NORTHWIND}/show/deposits`);
  await expect(page.getByText(`Settlement currency ${overview.settlementCurrency}`)).toBeVisible();
  const balances = page.getByRole('region', { name: 'Balances' });
  for (const balance of overview.balances!) {
    await expect(balances).toContainText(
      formatMoney(balance.available, balance.currency, { locale: LOCALE }),
    );
    if (Number(balance.held) > 0)
      await expect(balances).toContainText(
        `${formatMoney(balance.held, balance.currency, { locale: LOCALE })} held`,
      );
  }
  const volume = page.getByRole('region', { name: 'Last 30 days' });
  for (const line of overview.volume30d ?? [])
    await expect(volume).toContainText(`${formatMoney(line.deposits, line.currency, { locale: LOCALE })} in`);
  const health = page.getByRole('region', { name: 'Callbacks' });
  const { callbacks } = overview;
  if (callbacks!.deliveredShare !== null)
    await expect(health).toContainText(
      `${formatNumber(callbacks!.deliveredShare, { style: 'percent', maximumFractionDigits: 1, locale: LOCALE })} delivered`,
    );
  await expect(health).toContainText(`${callbacks!.failingNow} failing now`);
});

test('the Callbacks tab shows a delivered callback and a failing one, with their attempts', async ({
  page,
  request,
}) => {
  await tickCallbacks(request);
  const delivered = (await callbacksOf(request, NORTHWIND)).find((c) => c.status === 'DELIVERED');
  expect(delivered, 'a delivered callback of Northwind Coffee').toBeDefined();
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto(`/businesses/${NORTHWIND}/show/deposits`);
  await page.getByRole('tab', { name: 'Callbacks' }).click();
  await expect(page).toHaveURL(new RegExp(`/businesses/${NORTHWIND}/show/callbacks`));
  await expect(row(page, delivered!.id)).toContainText('Delivered');
  await expect(row(page, delivered!.id)).toContainText('HTTP 200');
  const attempts = await openAttempts(page, delivered!.id);
  await expect(attempts.getByRole('listitem')).toHaveCount(delivered!.attempts);
  await expect(attempts.getByRole('listitem').first()).toContainText(`1 of ${delivered!.maxAttempts}`);
  await expect(attempts.getByRole('listitem').first()).toContainText('HTTP 200');

  // Lumen Games' receiver answers 500: its last scheduled attempt failed it, after seven before.
  const failed = (await callbacksOf(request, LUMEN)).find((c) => c.status === 'FAILED');
  expect(failed, 'a failed callback of Lumen Games').toBeDefined();
  await page.goto(`/businesses/${LUMEN}/show/callbacks`);
  await expect(row(page, failed!.id)).toContainText('Failed');
  await expect(row(page, failed!.id)).toContainText(`${failed!.attempts} of ${failed!.maxAttempts}`);
  const history = await openAttempts(page, failed!.id);
  await expect(history.getByRole('listitem')).toHaveCount(failed!.attempts);
  const last = history.getByRole('listitem').last();
  await expect(last).toContainText('HTTP 500');
  await last.getByText('Answer excerpt').click();
  await expect(last).toContainText('Demo merchant: this server is failing on purpose');
  // Its retrying ones say when they try again.
  const retrying = (await callbacksOf(request, LUMEN)).find((c) => c.status === 'RETRYING');
  if (retrying) await expect(row(page, retrying.id)).toContainText('Retrying');
  // The filter bar narrows the list on the server.
  await page.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('menuitemradio', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/FAILED/);
  await expect(page.locator('tr[data-callback-id]').filter({ hasText: 'Retrying' })).toHaveCount(0);
});

test('Resend makes a new attempt, and the page shows it without a reload', async ({ page, request }) => {
  await tickCallbacks(request);
  const failed = (await callbacksOf(request, LUMEN)).find((c) => c.status === 'FAILED');
  expect(failed).toBeDefined();
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto(`/businesses/${LUMEN}/show/callbacks`);
  const attempts = await openAttempts(page, failed!.id);
  await expect(attempts.getByRole('listitem')).toHaveCount(failed!.attempts);
  await row(page, failed!.id)
    .getByRole('button', { name: `Resend callback ${failed!.id}` })
    .click();
  await expect(page.getByText(`Callback ${failed!.id} is due again`)).toBeVisible();
  // The worker sends it (in the e2e server it runs on the test's tick); the live event brings it.
  await tickCallbacks(request);
  await expect(attempts.getByRole('listitem')).toHaveCount(failed!.attempts + 1);
  const resent = attempts.getByRole('listitem').last();
  await expect(resent).toContainText('Resent by manager@example.com');
  await expect(resent).toContainText('HTTP 500');
  const after = (await callbacksOf(request, LUMEN)).find((c) => c.id === failed!.id)!;
  expect(after.attempts).toBe(failed!.attempts + 1);
});

test('the signing secret is rotated with the 2FA code and shown once', async ({ page }) => {
  await loginAs(page, 'twofa@example.com', totpNow());
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto(`/businesses/${NORTHWIND}/show/deposits`);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/businesses/${NORTHWIND}$`));
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await dialog.getByRole('textbox', { name: '2FA code' }).fill(totpNow(undefined, 1));
  await dialog.getByRole('button', { name: 'Rotate' }).click();
  const shown = page.getByRole('dialog', { name: 'The signing secret has been rotated.' });
  const secret = shown.getByTestId('callback-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  await expect(shown).toContainText('The previous secret keeps signing until');
  const value = await secret.textContent();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Shown once: not on the page any more, nor in a new dialog.
  await expect(page.getByText(value!)).toHaveCount(0);
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByRole('dialog', { name: 'Rotate the signing secret?' })).toBeVisible();
  await expect(page.getByTestId('callback-secret')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    for (const width of [1366, 375]) {
      test(`at ${width} px: the header, the tabs and the Callbacks tab pass axe`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await loginAs(page, 'manager@example.com');
        await expect(page).toHaveURL(/\/statistics$/);
        await page.goto(`/businesses/${NORTHWIND}/show/withdrawals`);
        await expect(page.getByRole('region', { name: 'Balances' })).toBeVisible();
        await expect(page.getByRole('table').first()).toBeVisible();
        const tablist = page.getByRole('tablist', { name: 'Sections of the business' });
        const tabs = tablist.getByRole('tab');
        await expect(tabs).toHaveText(['Crypto', 'Fiat', 'Ledger', 'Callbacks']);
        if (width === 1366) {
          // One row, nothing behind a scroll button.
          const tops = await tabs.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().top));
          expect(new Set(tops).size).toBe(1);
          expect(
            await tablist.evaluate((n) => {
              const scroller = n.closest('.MuiTabs-scroller')!;
              return scroller.scrollWidth <= scroller.clientWidth;
            }),
          ).toBe(true);
        }
        // Every tab reachable: in view once scrolled to, and the page no wider than the screen.
        for (const tab of await tabs.all()) {
          await tab.scrollIntoViewIfNeeded();
          await expect(tab).toBeInViewport();
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoViolations(page);
        const shots = process.env.SHOTS_DIR;
        if (shots)
          await page.screenshot({
            path: `${shots}/business-after-${width}${width === 1366 ? `-${scheme}` : scheme === 'dark' ? '-dark' : ''}.png`,
            fullPage: width === 375,
          });

        await tabs.filter({ hasText: 'Callbacks' }).click();
        const first = page.locator('tr[data-callback-id]').first();
        await expect(first).toBeVisible();
        const id = Number(await first.getAttribute('data-callback-id'));
        await expect((await openAttempts(page, id)).getByRole('listitem').first()).toBeVisible();
        await expectNoViolations(page);
        if (shots)
          await page.screenshot({
            path: `${shots}/business-callbacks-${width}${width === 1366 ? `-${scheme}` : scheme === 'dark' ? '-dark' : ''}.png`,
            fullPage: width === 375,
          });
      });
    }
  });
}
