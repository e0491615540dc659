/**
 * Feedback that does not mislead (issue 7): focus after login and an organisation choice, the
 * organisation switcher's label, check and snackbar, the not-found page's target, the 2FA code asked
 * for on its field, and rate limits that say how long to wait.
 */
import {
  test,
  expect,
  LoginPage,
  loginAs,
  loginAsAdmin,
  totpNow,
  FAILED_RESOURCE,
  resetDemoData,
} from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

test('after login the page heading has the focus', async ({ page }) => {
  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeFocused();
});

test('after an organisation choice the page heading has the focus', async ({ page }) => {
  await loginAsAdmin(page, 'Borealis Exchange');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeFocused();
});

test('one organisation: the app bar shows a plain label, not a menu', async ({ page }) => {
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  const label = page.getByTestId('organisation-label');
  await expect(label).toHaveText('Organisation: Aurora Payments');
  await expect(label).toBeVisible();
  await expect(page.getByRole('button', { name: /Organisation:/ })).toHaveCount(0);
});

test("several: the current one is checked; a switch says 'Switched to …' below the app bar", async ({
  page,
}) => {
  await loginAsAdmin(page, 'Aurora Payments');
  const switcher = page.getByRole('button', { name: 'Organisation: Aurora Payments' });
  await switcher.click();
  const menu = page.getByRole('menu');
  const current = menu.getByRole('menuitemradio', { name: /Aurora Payments/ });
  await expect(current).toHaveAttribute('aria-checked', 'true');
  await expect(current).not.toHaveAttribute('aria-disabled', 'true');
  await expect(current.getByTestId('organisation-current')).toBeVisible();
  // Full contrast: not dimmed like a disabled item.
  expect(await current.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await menu.getByRole('menuitemradio', { name: /Cobalt Remit/ }).click();

  const snackbar = page.getByText('Switched to Cobalt Remit');
  await expect(snackbar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Organisation: Cobalt Remit' })).toBeVisible();
  // Top right, below the app bar: never over the switcher or the user menu.
  const box = (await snackbar.boundingBox())!;
  const bar = (await page.locator('header').first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width / 2);
});

test('snackbars stay below the app bar on a phone too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAsAdmin(page, 'Aurora Payments');
  await page.getByRole('button', { name: 'Organisation: Aurora Payments' }).click();
  await page.getByRole('menuitemradio', { name: /Borealis Exchange/ }).click();
  const snackbar = page.getByText('Switched to Borealis Exchange');
  await expect(snackbar).toBeVisible();
  const box = (await snackbar.boundingBox())!;
  const bar = (await page.locator('header').first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
});

test("switching organisation on a record page lands on the new organisation's landing page", async ({
  page,
}) => {
  await loginAsAdmin(page, 'Aurora Payments');
  await page.goto('/businesses/3/show');
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Freight' })).toBeVisible();
  await page.getByRole('button', { name: 'Organisation: Aurora Payments' }).click();
  await page.getByRole('menuitemradio', { name: /Borealis Exchange/ }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByText('Not found.')).toHaveCount(0);
});

test('the not-found page says where the user is and never leads back to itself', async ({ page }) => {
  // An address that is no page: the not-found page names it and the organisation, and its button goes
  // to the landing page (MANAGER: /statistics), never back to the missing address.
  await loginAs(page, 'manager@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('not-found-where')).toHaveText(
    'You are signed in to Aurora Payments, but there is no page at /no-such-page.',
  );
  const button = page.getByRole('link', { name: 'Go to Statistics' });
  await expect(button).toHaveAttribute('href', '/statistics');
  await button.click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeFocused();
});

test('2FA login with the code left empty asks for it on the code field', async ({ page, allowConsole }) => {
  allowConsole(FAILED_RESOURCE(401));
  const login = new LoginPage(page);
  await login.goto();
  await expect(page.getByText('Leave empty unless you use two-factor authentication')).toBeVisible();
  await login.login('twofa@example.com');
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(login.code).toBeFocused();
  await expect(login.code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The code the field asks for signs in.
  await login.code.fill(totpNow(undefined, 1));
  await login.submit.click();
  await expect(page).toHaveURL(/\/statistics$/);
});

test('too many failed logins say how long to wait (Retry-After)', async ({ page, allowConsole }) => {
  allowConsole(FAILED_RESOURCE(401));
  allowConsole(FAILED_RESOURCE(429));
  const login = new LoginPage(page);
  await login.goto();
  // The account's limit is 5 failures in the login window (server/config.ts); the next is a 429.
  const refused = page.getByText('Invalid email or password.');
  const limited = page.getByText(
    /^You’ve performed too many login attempts, please try again later\. Try again in \d+ minutes?\.$/,
  );
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/v1/auth/login'));
    await login.login('integrator@example.com', 'Wrong-pass-1');
    if ((await answer).status() === 429) break;
    await expect(refused).toBeVisible();
  }
  await expect(limited).toBeVisible();
});

test('a login without an answer also says to check the connection', async ({ page, allowConsole }) => {
  allowConsole(/ERR_FAILED|net::/);
  const login = new LoginPage(page);
  await login.goto();
  await page.route('**/v1/auth/login', (route) => route.abort('failed'));
  await login.login('support@example.com');
  await expect(page.getByRole('alert')).toHaveText(
    'You’ve performed too many login attempts, please try again later. Also check your internet connection.',
  );
});

test("the user menu and the chooser say 'Sign out'; the role is a label", async ({ page }) => {
  await loginAs(page, 'support@example.com');
  await expect(page).toHaveURL(/\/businesses$/);
  const role = page.getByTestId('sidebar-role');
  await expect(role).toHaveText('support');
  expect(await role.evaluate((el) => el.closest('a'))).toBeNull();
  expect(await role.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
  await page.getByRole('button', { name: /profile|account|user menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /logout/i })).toHaveCount(0);
});
