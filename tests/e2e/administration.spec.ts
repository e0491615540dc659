/**
 * Administration (issue 15): an admin creates a role with two groups at 'Full access' and a user
 * holding it, and that user sees exactly those sidebar items; the Integrator creates an API key, sees
 * its secret once, and the key really reads its business's payments and is refused another's; the
 * lists and forms of API keys, users and roles pass axe in both themes.
 */
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  loginAsAdmin,
  resetDemoData,
  expectNoViolations,
  networkSettled,
} from './fixtures';

test.beforeAll(resetDemoData);

const KEEPER = { email: 'keeper@example.com', password: 'Keeper-pass-7' };

/** Chooses an option of a MUI select by the select's accessible name. */
async function choose(page: Page, select: RegExp, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a role with two groups at full access, a user with it, and exactly their sidebar items', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/user-roles/create');
  await page.getByRole('textbox', { name: /Role name/ }).fill('Key keepers');
  for (const group of ['Manage API keys', 'Manage users and roles']) {
    await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: 'Full access' }).check();
  }
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page).toHaveURL(/\/user-roles$/);
  await expect(page.getByRole('row').filter({ hasText: 'Key keepers' })).toContainText('Custom');

  await page.goto('/create-user');
  await expect(page).toHaveURL(/\/users\/create$/);
  await page.getByRole('textbox', { name: /E-mail/ }).fill(KEEPER.email);
  await page.getByLabel(/^Password/).fill(KEEPER.password);
  await page.getByLabel(/^Confirm password/).fill(KEEPER.password);
  await choose(page, /Role/, 'Key keepers');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('row').filter({ hasText: KEEPER.email })).toContainText('Key keepers');

  // A new session as the new user.
  await page.evaluate(() => sessionStorage.clear());
  await loginAs(page, KEEPER.email, undefined, KEEPER.password);
  await expect(page).toHaveURL(/\/api-keys$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Roles' })).toBeVisible();
  expect(await menu.getByRole('link').allInnerTexts()).toEqual([
    'Change password',
    'Two-factor authentication',
    'API keys',
    'Users',
    'Roles',
    // GET_AUDIT_LOG is in the full set of 'Manage users and roles'.
    'Audit log',
  ]);
});

test('the Integrator creates a key, sees its secret once, and the key reads its business only', async ({
  page,
  request,
}) => {
  await loginAs(page, 'integrator@example.com');
  await expect(page).toHaveURL(/\/api-keys$/);
  await page.getByRole('link', { name: 'Create API key' }).click();
  await expect(page).toHaveURL(/\/api-keys\/create$/);
  await page.getByRole('textbox', { name: /Name/ }).fill('Checkout e2e');
  await choose(page, /Business/, 'Northwind Coffee');
  await page.getByRole('checkbox', { name: /GET_PAYMENT/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('This key will not be shown again.')).toBeVisible();
  const shown = (await page.getByTestId('api-key-secret').textContent()) ?? '';
  const secret = /[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/.exec(shown)?.[0];
  expect(secret, 'the whole credential on the page').toBeTruthy();

  const headers = { authorization: `ApiKey ${secret}` };
  const own = await request.get('/v1/payments?limit=5', { headers });
  expect(own.status()).toBe(200);
  const { payments } = (await own.json()) as { payments: { businessId: number }[] };
  expect(payments.length).toBeGreaterThan(0);
  for (const payment of payments) expect(payment.businessId).toBe(1);
  expect((await request.get('/v1/payments?businessId=2', { headers })).status()).toBe(403);

  // Once: back on the list the key is there, its secret nowhere.
  await page.getByRole('link', { name: 'Back to API keys' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Checkout e2e' })).toContainText('Active');
  await expect(page.getByText(secret!)).toHaveCount(0);
});

/** Each resource's list and forms, reached through the router (a page.goto would boot the app again). */
const AXE_PAGES: Record<string, [string, string][]> = {
  'API keys': [
    ['/api-keys', 'API keys'],
    ['/api-keys/create', 'Create API key'],
  ],
  users: [
    ['/users', 'Users'],
    ['/users/create', 'Add user'],
  ],
  roles: [['/user-roles', 'Roles']],
  'role form': [
    ['/user-roles/create', 'Create role'],
    ['/user-roles/5', 'Edit role'],
  ],
};

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    for (const [name, pages] of Object.entries(AXE_PAGES)) {
      test(`the ${name} pages`, async ({ page }) => {
        await loginAsAdmin(page);
        for (const [path, heading] of pages) {
          await page.evaluate((to) => {
            window.history.pushState({}, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await networkSettled(page);
          await expectNoViolations(page);
        }
      });
    }
  });
}
