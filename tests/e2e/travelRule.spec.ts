/**
 * The travel rule (issue 15, docs/decisions.md 148–152): the sidebar shows how many of Aurora's
 * deposits lack travel-rule data; adding one deposit's originator lowers that badge without a reload;
 * a user who may only view the list sees no edit; the list and the form pass axe in both themes.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { test, expect, loginAs, resetDemoData, expectNoViolations, PASSWORD } from './fixtures';

test.beforeAll(resetDemoData);

const badge = (page: Page) => page.getByTestId('travel-rule-badge');
const menuItem = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Travel rule/ });

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the list and the originator form pass axe`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs(page, 'manager@example.com');
    await expect(page).toHaveURL(/\/statistics$/);
    await menuItem(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Travel rule' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Add originator/ })).toHaveCount(12);
    await expectNoViolations(page);

    await page
      .getByRole('link', { name: /^Add originator/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Originator of a deposit' })).toBeVisible();
    await expectNoViolations(page);
    // With every field's message shown.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectNoViolations(page);
  });
}

test('adding one deposit’s originator lowers the badge without a reload', async ({ page }) => {
  await loginAs(page, 'backoffice@example.com');
  await expect(badge(page)).toContainText('12');
  await expect(menuItem(page)).toHaveAccessibleName('Travel rule 12 deposits lack travel-rule data');
  await menuItem(page).click();
  // A marker on the window: gone if the page reloads.
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));

  await page
    .getByRole('link', { name: /^Add originator/ })
    .first()
    .click();
  await expect(page.getByTestId('travel-rule-deposit')).toBeVisible();
  await page.getByRole('radio', { name: 'Natural person' }).check();
  await page.getByLabel('Name').fill("María Nuñez-García O'Brien");
  await page.getByLabel('Address').fill("12 O'Connell Street");
  await page.getByLabel('City').fill('Dublin');
  await page.getByLabel('Country').selectOption({ label: 'Ireland' });
  await page.getByLabel('National identifier type').selectOption({ label: 'Passport number' });
  await page.getByRole('textbox', { name: /^National identifier/ }).fill('PX1234567');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/travel-rule$/);
  await expect(page.getByText('Originator saved')).toBeVisible();
  await expect(badge(page)).toContainText('11');
  await expect(page.getByRole('link', { name: /^Add originator/ })).toHaveCount(11);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
});

/** A role that may view the travel rule list but not change it, and a user holding it (through the API). */
async function viewOnlyUser(request: APIRequestContext): Promise<{ email: string; depositId: number }> {
  const login = await request.post('/v1/auth/login', {
    data: { email: 'admin@example.com', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const chosen = await request.post('/v1/auth/login/1', {
    headers: { authorization: `Web ${login.headers()[IDENTITY_HEADER.toLowerCase()]}` },
  });
  expect(chosen.status()).toBe(200);
  const headers = { authorization: `Web ${chosen.headers()[IDENTITY_HEADER.toLowerCase()]}` };
  const role = await request.post('/v1/roles', {
    headers,
    data: { name: 'Travel rule viewer', permissions: ['GET_DEPOSITS_WITHOUT_TRAVEL_RULE'] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const email = 'travel.viewer@example.com';
  const user = await request.post('/v1/users', {
    headers,
    data: { email, password: PASSWORD, confirmationPassword: PASSWORD, roleId: (await role.json()).id },
  });
  expect(user.status(), await user.text()).toBe(201);
  const list = await request.get('/v1/deposits/travel-rule?limit=1', { headers });
  return { email, depositId: (await list.json()).deposits[0].id };
}

test('a user who may only view sees the list without any edit', async ({ page, request }) => {
  const { email, depositId } = await viewOnlyUser(request);
  await loginAs(page, email);
  await expect(badge(page)).toBeVisible();
  await menuItem(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Travel rule' })).toBeVisible();
  // The deposits are listed (a row after the header), each without an edit.
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Add originator/ })).toHaveCount(0);
  // The form's address leads away.
  await page.goto(`/travel-rule/${depositId}`);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Originator of a deposit' })).toHaveCount(0);
});
