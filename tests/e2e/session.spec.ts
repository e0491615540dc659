import { test, expect, appTookOver, loginAs, loginAsAdmin, FAILED_RESOURCE, resetDemoData } from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

test('sessionStorage holds neither the token nor the email in clear, and nothing goes to localStorage', async ({
  page,
}) => {
  const login = page.waitForResponse((r) => r.url().endsWith('/v1/auth/login') && r.status() === 200);
  await loginAs(page, 'manager@example.com');
  const token = (await login).headers()['x-identity-token'];
  expect(token).toBeTruthy();
  await expect(page).toHaveURL(/\/statistics$/);
  const storage = await page.evaluate(() => ({
    session: Object.entries(sessionStorage),
    local: Object.entries(localStorage),
  }));
  expect(storage.session.length).toBe(1);
  const everything = JSON.stringify(storage);
  expect(everything).not.toContain(token);
  expect(everything).not.toContain('manager@example.com');
  expect(storage.local.filter(([k]) => !k.startsWith('RaStore.version'))).toEqual([]);
});

test('the session survives a reload (restored from the encrypted store)', async ({ page }) => {
  await loginAs(page, 'support@example.com');
  await expect(page).toHaveURL(/\/businesses$/);
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
});

test('a 401 mid-session logs out with "Session expired" and returns to /', async ({ page, allowConsole }) => {
  allowConsole(FAILED_RESOURCE(401));
  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.route('**/v1/users/two-fa', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Authentication required.' }),
    }),
  );
  await page
    .getByRole('link', { name: /two-factor|authentication/i })
    .first()
    .click();
  await expect(page.getByText('Session expired')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('a network failure logs out with the rate-limit message', async ({ page, allowConsole }) => {
  allowConsole(/ERR_FAILED|net::/);
  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.route('**/v1/users/two-fa', (route) => route.abort('failed'));
  await page
    .getByRole('link', { name: /two-factor|authentication/i })
    .first()
    .click();
  // The spec's text, and a hint at the connection (nothing answered).
  await expect(
    page.getByText(
      'You’ve performed too many login attempts, please try again later. Also check your internet connection.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a logged-out visit to a protected route returns to /', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('a logged-in user on a logged-out-only route goes to the landing page', async ({ page }) => {
  await loginAs(page, 'integrator@example.com');
  await expect(page).toHaveURL(/\/api-keys$/);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/api-keys$/);
});

test("'Sign out' clears the session and returns to the login form", async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('button', { name: /profile|account|user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/$/);
});

test('a page view is recorded per navigation, never for the login page', async ({ page }) => {
  await page.goto('/');
  await appTookOver(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto('/');
  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  const pageViews = () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [])
        .filter((e) => e.event === 'page_view')
        .map((e) => e.page_path),
    );
  // A view is pushed once its page has rendered (a page left before it showed was not viewed): wait
  // for each page before leaving it, and for its view rather than read at once.
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await expect.poll(pageViews).toContain('/change-password');
  await page
    .getByRole('link', { name: /two-factor|authentication/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/authentication$/);
  await expect.poll(pageViews).toContain('/authentication');
  expect(await pageViews()).not.toContain('/');
});

test('unknown paths render a not-found page that says where the user is', async ({ page }) => {
  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('not-found-where')).toHaveText(
    'You are signed in to Aurora Payments, but there is no page at /no-such-page.',
  );
  // The viewer's landing page is /change-password: the button goes there.
  await page.getByRole('link', { name: 'Go to Change password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
});
