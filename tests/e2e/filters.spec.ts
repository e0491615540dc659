/**
 * The filter bar of the transaction lists (src/layout/FilterBar.tsx), as a German user in Berlin
 * sees it: the status chip and a date preset narrow the list to what the API counts, the chips read
 * 'Status: Bezahlt' and 'Datum: tt.mm.jjjj – tt.mm.jjjj', the list shows it is loading the moment a
 * filter changes, a custom range is typed as dd.mm.yyyy, one click removes a filter and 'Alle
 * entfernen' all of them; axe with a menu open.
 */
import type { Page, Response } from '@playwright/test';
import { test, expect, expectNoViolations, PASSWORD, resetDemoData } from './fixtures';

test.beforeAll(resetDemoData);
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

const LIST = '/businesses/1/show/deposits';

async function signIn(page: Page) {
  await page.goto('/');
  await page.getByLabel('E-Mail').fill('manager@example.com');
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
}

/** The total the pagination shows ('1–25 von 123'). */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+–\d+ von [\d.]+$/).textContent();
  return Number(/von ([\d.]+)$/.exec(text ?? '')![1].replace(/\./g, ''));
}

/** The next answer of the payments list whose query matches. */
function paymentsAnswer(page: Page, matches: (query: URLSearchParams) => boolean): Promise<Response> {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/v1/payments' && matches(url.searchParams);
  });
}
const totalOf = async (answer: Promise<Response>) =>
  ((await (await answer).json()) as { total: number }).total;

/** Calendar days in the browser (Berlin): `daysAgo` days before today, as dd.mm.yyyy and as the API's instant. */
function browserDay(page: Page, daysAgo: number) {
  return page.evaluate((back) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      shown: `${pad(day.getDate())}.${pad(day.getMonth() + 1)}.${day.getFullYear()}`,
      iso: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
      start: day.toISOString(),
      nextStart: new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).toISOString(),
    };
  }, daysAgo);
}

/** Signs in and opens the deposits of Northwind Coffee with `filter` in the URL; its API total. */
async function openFiltered(page: Page, filter: object): Promise<number> {
  await signIn(page);
  const answer = paymentsAnswer(page, (q) => q.get('status') === 'PAID');
  await page.goto(`${LIST}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  const total = await totalOf(answer);
  await expect.poll(() => shownTotal(page)).toBe(total);
  return total;
}

const urlFilter = (page: Page) =>
  JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as object;

test('the status chip and a date preset in German: the count follows, loading shows at once; axe with a menu open', async ({
  page,
}) => {
  await signIn(page);
  const first = paymentsAnswer(page, (q) => !q.has('status'));
  await page.goto(LIST);
  const everything = await totalOf(first);
  await expect.poll(() => shownTotal(page)).toBe(everything);
  const bar = page.getByRole('search', { name: 'Filter' });
  const table = page.getByRole('table');

  // Status: the list shows it is loading from the click until the (held back) answer is in.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/v1/payments' && url.searchParams.get('status') === 'PAID',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const paid = paymentsAnswer(page, (q) => q.get('status') === 'PAID' && !q.has('from'));
  await bar.getByRole('button', { name: 'Status', exact: true }).click();
  await expect(page.getByRole('menu', { name: 'Status' })).toBeVisible();
  await page.getByRole('menuitemradio', { name: 'Bezahlt', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Ergebnisse werden geladen' })).toBeVisible();
  release();
  const paidTotal = await totalOf(paid);
  await page.unroute((url) => url.pathname === '/v1/payments');
  await expect(page.getByRole('progressbar', { name: 'Ergebnisse werden geladen' })).toBeHidden();
  expect(paidTotal).toBeGreaterThan(0);
  expect(paidTotal).toBeLessThan(everything);
  await expect(bar.getByRole('button', { name: 'Status: Bezahlt', exact: true })).toBeVisible();
  await expect.poll(() => shownTotal(page)).toBe(paidTotal);
  const statuses = table
    .getByRole('row')
    .locator('td')
    .filter({ hasText: /^(Bezahlt|Ausstehend|Abgelaufen)$/ });
  await expect.poll(async () => [...new Set(await statuses.allTextContents())]).toEqual(['Bezahlt']);

  // A preset: the last 30 days, today included, shown as dd.mm.yyyy and sent as Berlin's day boundaries.
  const [start, today] = [await browserDay(page, 29), await browserDay(page, 0)];
  const month = paymentsAnswer(page, (q) => q.get('status') === 'PAID' && q.get('from') === start.start);
  await bar.getByRole('button', { name: 'Datum', exact: true }).click();
  await page.getByRole('menuitemradio', { name: 'Letzte 30 Tage' }).click();
  const monthAnswer = await month;
  expect(new URL(monthAnswer.url()).searchParams.get('to')).toBe(today.nextStart);
  const monthTotal = ((await monthAnswer.json()) as { total: number }).total;
  expect(monthTotal).toBeLessThanOrEqual(paidTotal);
  const monthChip = `Datum: ${start.shown} – ${today.shown}`;
  await expect(bar.getByRole('button', { name: monthChip, exact: true })).toBeVisible();
  await expect.poll(() => shownTotal(page)).toBe(monthTotal);
  expect(urlFilter(page)).toEqual({ status: 'PAID', from: start.iso, to: today.iso });

  // Axe with a menu open; Escape closes it and gives the focus back to its chip.
  await bar.getByRole('button', { name: 'Währung', exact: true }).click();
  await expect(page.getByRole('menu', { name: 'Währung' })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(bar.getByRole('button', { name: 'Währung', exact: true })).toBeFocused();
});

test('a custom range is typed as dd.mm.yyyy from the keyboard; axe with its dialog open', async ({
  page,
}) => {
  const paidTotal = await openFiltered(page, { status: 'PAID' });
  const bar = page.getByRole('search', { name: 'Filter' });
  const [from, to] = [await browserDay(page, 20), await browserDay(page, 10)];
  await bar.getByRole('button', { name: 'Datum', exact: true }).click();
  await page.getByRole('menuitemradio', { name: 'Eigener Zeitraum …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eigener Zeitraum' });
  await expect(dialog).toBeVisible();
  // The 'Von' field has the focus on its day: select all of it and type over it, the German way.
  await expect(dialog.getByRole('spinbutton', { name: 'Tag' }).first()).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(from.shown.replace(/\./g, ''));
  await dialog.getByRole('spinbutton', { name: 'Tag' }).nth(1).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(to.shown.replace(/\./g, ''));
  await expect(dialog.getByRole('group', { name: 'Von' })).toContainText(from.shown);
  await expect(dialog.getByRole('group', { name: 'Bis' })).toContainText(to.shown);
  await expectNoViolations(page);
  const range = paymentsAnswer(page, (q) => q.get('from') === from.start && q.get('to') === to.nextStart);
  await dialog.getByRole('button', { name: 'Anwenden' }).click();
  const rangeTotal = await totalOf(range);
  expect(rangeTotal).toBeLessThanOrEqual(paidTotal);
  await expect(
    bar.getByRole('button', { name: `Datum: ${from.shown} – ${to.shown}`, exact: true }),
  ).toBeVisible();
  await expect.poll(() => shownTotal(page)).toBe(rangeTotal);
  expect(urlFilter(page)).toEqual({ status: 'PAID', from: from.iso, to: to.iso });
});

test('one click removes a filter, another all of them; the count follows', async ({ page }) => {
  const [from, to] = [await browserDay(page, 20), await browserDay(page, 10)];
  const rangeTotal = await openFiltered(page, { status: 'PAID', from: from.iso, to: to.iso });
  const bar = page.getByRole('search', { name: 'Filter' });
  await expect(
    bar.getByRole('button', { name: `Datum: ${from.shown} – ${to.shown}`, exact: true }),
  ).toBeVisible();

  // One click removes the status; the range stays.
  const unpaid = paymentsAnswer(page, (q) => !q.has('status') && q.get('from') === from.start);
  await bar.getByRole('button', { name: 'Filter entfernen: Status: Bezahlt', exact: true }).click();
  const allStatuses = await totalOf(unpaid);
  expect(allStatuses).toBeGreaterThanOrEqual(rangeTotal);
  await expect(bar.getByRole('button', { name: 'Status', exact: true })).toBeFocused();
  await expect.poll(() => shownTotal(page)).toBe(allStatuses);
  expect(urlFilter(page)).toEqual({ from: from.iso, to: to.iso });

  // 'Alle entfernen': back to the whole list.
  const cleared = paymentsAnswer(page, (q) => !q.has('from') && !q.has('status'));
  await bar.getByRole('button', { name: 'Alle entfernen', exact: true }).click();
  const everything = await totalOf(cleared);
  expect(everything).toBeGreaterThanOrEqual(allStatuses);
  await expect.poll(() => shownTotal(page)).toBe(everything);
  await expect(bar.getByRole('button', { name: 'Datum', exact: true })).toBeVisible();
  await expect(bar.getByRole('textbox', { name: 'Suche' })).toBeFocused();
  expect(urlFilter(page)).toEqual({});
});
