/**
 * Live updates (issue 16 §3, docs/decisions.md 185–187): what another session changes reaches an open
 * page without a reload, through GET /v1/events — an internal transfer made through the API appears
 * in the business's internal-transfers tab and its balance changes; the travel-rule badge drops when
 * another session gives a deposit's originator.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { test, expect, loginAs, resetDemoData, PASSWORD } from './fixtures';

test.beforeAll(resetDemoData);

/** An admin session in Aurora, through the API: another user at another desk. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/v1/auth/login', {
    data: { email: 'admin@example.com', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const chosen = await request.post('/v1/auth/login/1', {
    headers: { authorization: `Web ${login.headers()[IDENTITY_HEADER.toLowerCase()]}` },
  });
  expect(chosen.status()).toBe(200);
  return { authorization: `Web ${chosen.headers()[IDENTITY_HEADER.toLowerCase()]}` };
}

/** A marker on the window: gone if the page reloads. */
const markPage = (page: Page) =>
  page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));
const expectNoReload = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');

test('an internal transfer made elsewhere appears in the open tab, and the balance changes', async ({
  page,
  browser,
  request,
}) => {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto('/businesses/1/show/internal-transfers');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table).not.toContainText('7.77');
  await markPage(page);

  // The business's balances, open in a second tab of another session.
  const balances = await browser.newPage();
  await loginAs(balances, 'manager@example.com');
  await expect(balances).toHaveURL(/\/statistics$/);
  await balances.goto('/businesses/1/show/statistics');
  // The balances table's EUR row (the statistics beside it have EUR in their headers).
  const eur = balances
    .getByRole('row')
    .filter({ has: balances.getByRole('cell', { name: 'EUR', exact: true }) });
  await expect(eur).toBeVisible();
  const before = (await eur.textContent()) ?? '';
  await markPage(balances);

  const made = await request.post('/v1/payment/internal-transfers', {
    headers: { ...(await adminHeaders(request)), 'idempotency-key': randomUUID() },
    data: { fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: '7.77' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await expect(table).toContainText('7.77');
  await expectNoReload(page);
  await expect(eur).not.toHaveText(before);
  await expectNoReload(balances);
  await balances.close();
});

test('the travel-rule badge drops when another session gives an originator', async ({ page, request }) => {
  await loginAs(page, 'backoffice@example.com');
  const badge = page.getByTestId('travel-rule-badge');
  await expect(badge).toContainText('12');
  await markPage(page);

  const headers = await adminHeaders(request);
  const list = await request.get('/v1/deposits/travel-rule?limit=1', { headers });
  const id = (await list.json()).deposits[0].id as number;
  const saved = await request.patch(`/v1/deposits/travel-rule/${id}`, {
    headers,
    data: {
      originator: {
        type: 'NATURAL',
        name: "Siobhán O'Brien",
        address: "12 O'Connell Street",
        city: 'Dublin',
        country: 'IE',
        nationalIdentifierType: 'CCPT',
        nationalIdentifier: 'PX1234567',
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await expect(badge).toContainText('11');
  await expectNoReload(page);
});
