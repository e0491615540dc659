import {
  test,
  expect,
  LoginPage,
  appTookOver,
  loginAs,
  loginAsAdmin,
  totpNow,
  FAILED_RESOURCE,
  resetDemoData,
  networkSettled,
} from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

const landings: Array<[string, RegExp]> = [
  ['manager@example.com', /\/statistics$/],
  ['backoffice@example.com', /\/statistics$/],
  ['support@example.com', /\/businesses$/],
  ['integrator@example.com', /\/api-keys$/],
  ['viewer@example.com', /\/change-password$/],
];

for (const [email, landing] of landings) {
  test(`${email} lands on ${landing.source.replace(/\\|\$/g, '')}`, async ({ page }) => {
    await loginAs(page, email);
    await expect(page).toHaveURL(landing);
    // The shell shows who is logged in, with the role in lowercase.
    await expect(page.getByText(email).first()).toBeVisible();
  });
}

test('admin chooses an organisation on the chooser, then lands on /statistics', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Choose organisation' })).toBeVisible();
  // Its intro line, the organisations sorted by name, and a Sign out button.
  await expect(
    page.getByText('You belong to several organisations. Choose the one to work in.'),
  ).toBeVisible();
  const names = await page.getByRole('button', { name: /Aurora|Borealis|Cobalt/ }).allTextContents();
  expect(names.map((n) => n.trim())).toEqual(['Aurora Payments', 'Borealis Exchange', 'Cobalt Remit']);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Any other route sends a user who has not chosen back to the chooser. (The reload waits until the
  // login's storage work is done: a reload within a second of it has once stayed on 'Loading' on a
  // loaded CI machine, a known issue being investigated, not what this test is about.)
  await networkSettled(page);
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Borealis Exchange' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByText('admin@example.com').first()).toBeVisible();
  await expect(page.getByText('admin', { exact: true }).first()).toBeVisible();
});

test('admin switches organisation from the top bar', async ({ page }) => {
  await loginAsAdmin(page, 'Aurora Payments');
  await page.getByRole('button', { name: /Aurora Payments/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: /Aurora Payments.*Currently active/ })).toBeVisible();
  await menu.getByRole('menuitemradio', { name: /Cobalt Remit.*Switch to organisation/ }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('button', { name: /Cobalt Remit/ })).toBeVisible();
});

test('twofa@example.com logs in with a code computed from its TOTP secret', async ({ page }) => {
  await loginAs(page, 'twofa@example.com', totpNow());
  await expect(page).toHaveURL(/\/statistics$/);
});

test('a wrong 2FA code is refused with the server message, on the code field', async ({
  page,
  allowConsole,
}) => {
  allowConsole(FAILED_RESOURCE(401));
  const login = await loginAs(page, 'twofa@example.com', '000000');
  await expect(page.getByText('Invalid or expired 2FA verification code.')).toBeVisible();
  await expect(login.code).toBeFocused();
  await expect(login.code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(login.email).toBeVisible();
});

test('a wrong password shows the server message and stays on the login form', async ({
  page,
  allowConsole,
}) => {
  allowConsole(FAILED_RESOURCE(401));
  await loginAs(page, 'manager@example.com', undefined, 'Wrong-pass-1');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Email')).toHaveValue('manager@example.com');
});

test('the login form validates its fields before calling the API', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/v1/auth/login')) calls += 1;
  });
  await login.submit.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await login.email.fill('not-an-email');
  await login.code.fill('12a');
  await login.submit.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('2FA must be 6 digits')).toBeVisible();
  expect(calls).toBe(0);
});

test('the email is lower-cased and the code is sent as a number', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  const request = page.waitForRequest((r) => r.url().endsWith('/v1/auth/login') && r.method() === 'POST');
  // The next step's code: the current one may have been used (and so cannot be replayed) by another test.
  await login.login('TwoFA@Example.com', 'Demo-pass-1', totpNow(undefined, 1));
  const body = (await request).postDataJSON();
  expect(body.email).toBe('twofa@example.com');
  expect(typeof body.twoFaCode).toBe('number');
  await expect(page).toHaveURL(/\/statistics$/);
});

test('"Forgot your password?" leads to /forgot-password, which answers the same for any address', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await appTookOver(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(
    page.getByText('If an account exists for this email, a reset link has been sent to it.'),
  ).toBeVisible();
});

test('the login page loads neither react-admin nor the admin app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push(await r.text());
  });
  await new LoginPage(page).goto();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // react-admin's UI registers its components under Ra* names and ships ra.* message keys.
  const withReactAdmin = scripts.filter((code) => /RaLayout|RaSidebar|ra\.page\.loading/.test(code));
  expect(withReactAdmin).toEqual([]);
});
