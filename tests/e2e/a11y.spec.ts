import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, loginAs, resetDemoData } from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

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

test('the login card is at most 350 px wide and the docked sidebar 240 px (spec section 9)', async ({
  page,
}) => {
  await page.goto('/');
  const card = page
    .getByRole('heading', { name: 'Sign in' })
    .locator('xpath=ancestor::*[contains(@class, "MuiCard-root")][1]');
  const cardBox = await card.boundingBox();
  expect(cardBox!.width).toBeGreaterThan(0);
  expect(cardBox!.width).toBeLessThanOrEqual(350);

  await loginAs(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/change-password$/);
  const sidebar = await page.getByRole('navigation', { name: 'Main menu' }).boundingBox();
  expect(Math.round(sidebar!.width)).toBe(240);
});
