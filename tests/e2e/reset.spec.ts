import {
  test,
  expect,
  loginAs,
  resetLinkFromServerLog,
  FAILED_RESOURCE,
  PASSWORD,
  LoginPage,
  resetDemoData,
} from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

test('forgot password → the mailed link → a new password that logs in; the link works once', async ({
  page,
  allowConsole,
}) => {
  allowConsole(FAILED_RESOURCE(400));
  allowConsole(FAILED_RESOURCE(401));
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('support@example.com');
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(
    page.getByText('If an account exists for this email, a reset link has been sent to it.'),
  ).toBeVisible();

  await expect
    .poll(async () => (await resetLinkFromServerLog().catch(() => '')).includes('#token='))
    .toBe(true);
  const link = new URL(await resetLinkFromServerLog());
  await page.goto(link.pathname + link.hash);
  // The token is taken out of the address bar at once.
  await expect(page).toHaveURL(/\/reset-password$/);

  const newPassword = page.getByRole('textbox', { name: /^New password/ });
  const confirmation = page.getByRole('textbox', { name: /confirm/i });
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByText('Confirm Password is required')).toBeVisible();
  await newPassword.fill('Fresh-pass-7');
  await confirmation.fill('Fresh-pass-7');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByRole('status')).toBeVisible();

  // The old password no longer works, the new one does.
  const login = await loginAs(page, 'support@example.com');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await login.password.fill('Fresh-pass-7');
  await login.submit.click();
  await expect(page).toHaveURL(/\/businesses$/);

  // The same link a second time is refused.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(link.pathname + link.hash);
  await newPassword.fill(PASSWORD);
  await confirmation.fill(PASSWORD);
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  // The refused link's page has no form left, and its ways out: a new link, or back to sign in.
  await expect(newPassword).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();

  // Put the demo password back for the other tests, through a fresh link.
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('support@example.com');
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText('If an account exists for this email')).toBeVisible();
  await expect.poll(async () => (await resetLinkFromServerLog()) !== link.toString()).toBe(true);
  const again = new URL(await resetLinkFromServerLog());
  await page.goto(again.pathname + again.hash);
  await newPassword.fill(PASSWORD);
  await confirmation.fill(PASSWORD);
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await new LoginPage(page).goto();
});

test('a reset page without a link says so and links back to sign in', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('forgot password, over its limit, says how long to wait (Retry-After)', async ({
  page,
  allowConsole,
}) => {
  allowConsole(FAILED_RESOURCE(429));
  await page.goto('/forgot-password');
  // Three requests per account in the login window (FORGOT_PASSWORD_MAX_PER_ACCOUNT), then a 429.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel('Email').fill('manager@example.com');
    const answer = page.waitForResponse((r) => r.url().endsWith('/v1/auth/forgot-password'));
    await page.getByRole('button', { name: /send|reset/i }).click();
    expect((await answer).status()).toBe(202);
  }
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many requests\. Try again in \d+ (minutes?|hours?)\.$/,
  );
});
