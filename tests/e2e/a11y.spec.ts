import AxeBuilder from '@axe-core/playwright';
import { test, expect, loginAs, resetDemoData, expectNoViolations } from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

test('login page has no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoViolations(page);
});

test('organisation chooser has no WCAG A/AA violations', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Choose organisation' })).toBeVisible();
  await expectNoViolations(page);
});

test('change-password page has no WCAG A/AA violations', async ({ page }) => {
  await loginAs(page, 'viewer@example.com');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectNoViolations(page);
});

test('authentication page has no WCAG A/AA violations', async ({ page }) => {
  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.goto('/authentication');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
  await expectNoViolations(page);
});

test('at 375 px the sidebar becomes a drawer opened from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, 'viewer@example.com');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('link', { name: /two-factor|authentication/i })).toBeHidden();
  await page
    .getByRole('button', { name: /open menu|menu/i })
    .first()
    .click();
  await expect(page.getByRole('link', { name: /two-factor|authentication/i }).first()).toBeVisible();
  await expectNoViolations(page);
});

test('the login card is at most 350 px wide and the docked sidebar 240 px (docs/product.md#constants-and-limits)', async ({
  page,
}) => {
  await page.goto('/');
  // Measured once React has replaced the prerendered card (whose fields are read-only), never while
  // the one is swapped for the other.
  await expect(page.getByLabel('Email')).toBeEditable();
  const card = page
    .getByRole('heading', { name: 'Sign in' })
    .locator('xpath=ancestor::*[contains(@class, "MuiCard-root")][1]');
  await expect.poll(async () => (await card.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.width).toBeLessThanOrEqual(350);

  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  const sidebar = await page.getByRole('navigation', { name: 'Main menu' }).boundingBox();
  expect(Math.round(sidebar!.width)).toBe(240);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the focused skip link reads at AA contrast and leaves the page title visible`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs(page, 'viewer@example.com');
    const title = page.getByRole('heading', { level: 1, name: 'Change password' });
    await expect(title).toBeVisible();
    const skip = page.getByRole('button', { name: 'Skip to content' });
    await skip.focus();
    await expect(skip).toBeFocused();
    // It slides in below the app bar (its transition ends at top: 64 px).
    await expect.poll(async () => (await skip.boundingBox())?.y).toBe(64);
    const skipBox = (await skip.boundingBox())!;
    const titleBox = (await title.boundingBox())!;
    const banner = (await page.getByRole('banner').boundingBox())!;
    expect(skipBox.y).toBeGreaterThanOrEqual(banner.y + banner.height);
    expect(skipBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
    const contrast = await new AxeBuilder({ page })
      .include('.skip-nav-button')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.passes.map((rule) => rule.id)).toContain('color-contrast');
    expect(contrast.violations).toEqual([]);
    await expectNoViolations(page);
  });
}
