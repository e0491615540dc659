/**
 * Statistics as a landing page (issue 14): the key figures' change against the previous period is
 * what the API answers for both periods (the test asks the API itself, with the page's session), the
 * period presets change the URL and the figures, a custom range is kept over a reload, and axe finds
 * nothing in either theme.
 */
import Big from 'big.js';
import type { Page, Request } from '@playwright/test';
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';

test.beforeAll(resetDemoData);

const DAY = 86_400_000;

interface Totals {
  count: number;
  settlementVolume: string;
  settlementCurrency: string;
}

const isTotals = (kind: 'deposits' | 'withdrawals') => (request: Request) =>
  new URL(request.url()).pathname === `/v1/statistics/${kind}`;

/** N whole UTC days ending today: the `after` of the page's preset. */
function presetAfter(days: number): string {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  return new Date(today - (days - 1) * DAY).toISOString();
}

/** The page's session (its Authorization header), taken from one of its own statistics calls. */
async function signInAndCatchSession(page: Page): Promise<string> {
  const call = page.waitForRequest(isTotals('deposits'));
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  const authorization = (await call).headers()['authorization'];
  expect(authorization).toBeTruthy();
  return authorization;
}

async function totalsOf(page: Page, authorization: string, kind: string, after: string, before?: string) {
  const query = new URLSearchParams({ after, ...(before ? { before } : {}) });
  const response = await page.request.get(`/v1/statistics/${kind}?${query}`, { headers: { authorization } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Totals;
}

/** The change in percent as the tile states it: 1 decimal, half up; null when the previous was 0. */
function percent(current: string | number, previous: string | number): string | null {
  const before = new Big(previous);
  if (before.eq(0)) return null;
  return new Big(current).minus(before).times(100).div(before.abs()).toFixed(1, Big.roundHalfUp);
}

const tile = (page: Page, name: string) => page.getByTestId(`figure-${name}`);

/** Every tile against the API's figures of the period starting `after` and the one just before it. */
async function expectTilesMatchApi(page: Page, authorization: string, days: number) {
  const after = presetAfter(days);
  const previousAfter = new Date(Date.parse(after) - days * DAY).toISOString();
  const [deposits, withdrawals, previousDeposits, previousWithdrawals] = await Promise.all([
    totalsOf(page, authorization, 'deposits', after),
    totalsOf(page, authorization, 'withdrawals', after),
    totalsOf(page, authorization, 'deposits', previousAfter, after),
    totalsOf(page, authorization, 'withdrawals', previousAfter, after),
  ]);
  const net = (d: Totals, w: Totals) => new Big(d.settlementVolume).minus(w.settlementVolume).toFixed();
  const expected: [string, string | number, string | number][] = [
    ['depositVolume', deposits.settlementVolume, previousDeposits.settlementVolume],
    ['withdrawalVolume', withdrawals.settlementVolume, previousWithdrawals.settlementVolume],
    ['netFlow', net(deposits, withdrawals), net(previousDeposits, previousWithdrawals)],
    ['depositCount', deposits.count, previousDeposits.count],
    ['withdrawalCount', withdrawals.count, previousWithdrawals.count],
  ];
  for (const [name, current, previous] of expected) {
    const figure = tile(page, name);
    await expect(figure).toHaveAttribute('data-value', String(current));
    await expect(figure).toHaveAttribute('data-previous', String(previous));
    const change = percent(current, previous);
    if (change !== null) {
      await expect(figure).toHaveAttribute('data-change', change);
      // The text says it: 'Up 12.5 % on the previous 30 days'.
      const abs = change.replace(/^-/, '');
      await expect(figure).toContainText(new RegExp(`${abs.replace('.', '\\.')}\\s%.*previous ${days} days`));
    }
  }
  // The volumes read in the settlement currency.
  await expect(tile(page, 'depositVolume')).toContainText(deposits.settlementCurrency);
  return { deposits, previousDeposits };
}

test('the key figures and their change equal what the API answers for the period and the one before', async ({
  page,
}) => {
  const authorization = await signInAndCatchSession(page);
  await expect(page.getByRole('group', { name: 'Key figures' })).toBeVisible();
  const { deposits, previousDeposits } = await expectTilesMatchApi(page, authorization, 30);
  // The demo has activity in both 30-day periods: the comparison is a real one.
  expect(deposits.count).toBeGreaterThan(0);
  expect(previousDeposits.count).toBeGreaterThan(0);
});

test('the presets change the URL and the figures; a custom range survives a reload', async ({ page }) => {
  const authorization = await signInAndCatchSession(page);
  const presets = page.getByRole('group', { name: 'Period' });
  await expect(presets.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

  await presets.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/statistics\?period=7$/);
  await expect(presets.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  const week = await expectTilesMatchApi(page, authorization, 7);

  await presets.getByRole('button', { name: '90 days' }).click();
  await expect(page).toHaveURL(/\/statistics\?period=90$/);
  const quarter = await expectTilesMatchApi(page, authorization, 90);
  expect(quarter.deposits.count).toBeGreaterThan(week.deposits.count);

  // A custom range: the ten days ending ten days ago.
  const day = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
  await presets.getByRole('button', { name: 'Custom' }).click();
  // Typed as the browser's language writes a day (US English here: mm/dd/yyyy), not as the API's.
  const typed = (n: number) => day(n).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(typed(20));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(typed(11));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${day(20)}&to=${day(11)}$`));
  const after = `${day(20)}T00:00:00.000Z`;
  const before = `${day(10)}T00:00:00.000Z`;
  const custom = await totalsOf(page, authorization, 'deposits', after, before);
  await expect(tile(page, 'depositCount')).toHaveAttribute('data-value', String(custom.count));
  const previous = await totalsOf(page, authorization, 'deposits', `${day(30)}T00:00:00.000Z`, after);
  await expect(tile(page, 'depositCount')).toHaveAttribute('data-previous', String(previous.count));

  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(page, 'depositCount')).toHaveAttribute('data-value', String(custom.count));
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the statistics landing page has no WCAG A/AA violations`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs(page, 'manager@example.com');
    await expect(page).toHaveURL(/\/statistics$/);
    await expect(tile(page, 'netFlow')).toHaveAttribute('data-previous', /.+/);
    await expect(page.getByRole('table', { name: 'Top coins: deposits' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Deposits per day' }).locator('svg').first()).toBeVisible();
    await expectNoViolations(page);
  });
}
