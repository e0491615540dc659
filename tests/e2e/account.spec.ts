import { test, expect, loginAs, closeDialog, FAILED_RESOURCE, PASSWORD, resetDemoData } from './fixtures';
import { TOTP } from 'otpauth';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

test('change password: the spec messages, then a real change that the next login needs', async ({
  page,
  allowConsole,
}) => {
  allowConsole(FAILED_RESOURCE(400));
  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Change password' });
  await save.click();
  await expect(page.getByText('Confirm Password is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByLabel(/confirm/i).fill('different');
  await save.click();
  await expect(
    page.getByText('At least one uppercase, one lowercase letter and a number').first(),
  ).toBeVisible();
  await expect(page.getByText("Password doesn't match")).toBeVisible();

  // A wrong old password is refused by the server and nothing changes.
  await page.getByLabel('Old password').fill('Wrong-pass-9');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-pass-2');
  await page.getByLabel(/confirm/i).fill('Another-pass-2');
  await save.click();
  // The server's field error is on the field, which is focused; no dialog for a field error.
  await expect(page.getByText('Old password is incorrect')).toBeVisible();
  await expect(page.getByLabel('Old password')).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByLabel('Old password').fill(PASSWORD);
  await save.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await closeDialog(page);

  // Still logged in (the server rotated the token); the new password is the one that works now.
  await page
    .getByRole('link', { name: /two-factor|authentication/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/authentication$/);

  // Put the demo password back so other tests keep working.
  await page
    .getByRole('link', { name: /change password/i })
    .first()
    .click();
  await page.getByLabel('Old password').fill('Another-pass-2');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
  await page.getByLabel(/confirm/i).fill(PASSWORD);
  await save.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('two-factor setup: enable with a code from the shown secret, then disable', async ({
  page,
  allowConsole,
}) => {
  allowConsole(FAILED_RESOURCE(401));
  await loginAs(page, 'backoffice@example.com');
  await expect(page).toHaveURL(/\/statistics$/);
  await page.goto('/authentication');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
  const secret = (await page.getByTestId('two-fa-secret').textContent())?.replace(/\s/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // Shown in blocks of four, with a button that copies the key whole.
  const blocks = await page.getByTestId('two-fa-secret').locator('span').allTextContents();
  expect(blocks.join('')).toBe(secret);
  expect(blocks.every((block) => block.length <= 4)).toBe(true);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Secret key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });

  // A wrong code is refused on the code field (marked and focused, no dialog) and does not log out.
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: /enable/i }).click();
  await expect(page.getByText('Invalid or expired 2FA verification code.')).toBeVisible();
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  await expect(page.getByLabel('6-digit code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/authentication$/);

  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.getByRole('button', { name: /enable/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await closeDialog(page);
  await expect(page.getByRole('button', { name: /disable/i })).toBeVisible();

  // The code just used cannot be replayed: use the next step's code to disable.
  await page.getByLabel('6-digit code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: /disable/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await closeDialog(page);
  await expect(page.getByRole('button', { name: /enable/i })).toBeVisible();
});
