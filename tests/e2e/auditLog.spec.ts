/**
 * The audit log (issue 15 §6): a business edit shows in the business's timeline, on its edit page;
 * the audit-log list shows who did what, filters through the shared filter bar, and passes axe in both
 * themes.
 */
import { test, expect, loginAsAdmin, resetDemoData, expectNoViolations } from './fixtures';

test.beforeAll(resetDemoData);

test('a business edit shows in its timeline, with who, when and what changed', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/businesses/1');
  const timeline = page.getByRole('region', { name: 'History' });
  // The demo data's own history: the business was created by the seed.
  await expect(timeline.getByTestId('audit-timeline-entry').last()).toContainText('Created');
  await expect(timeline).toContainText('by Demo data');
  const name = page.getByRole('textbox', { name: 'Business name' });
  const before = await name.inputValue();
  await name.fill(`${before} Roasters`);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The business has been updated.')).toBeVisible();
  const newest = timeline.getByTestId('audit-timeline-entry').first();
  await expect(newest).toContainText('Changed');
  await expect(newest).toContainText('by admin@example.com');
  await expect(newest).toContainText(`businessName: ${before} → ${before} Roasters`);
  await expectNoViolations(page);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the audit log lists and filters the entries; the page passes axe`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page).toHaveURL(/\/audit-log/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: 'Demo data' }).first()).toBeVisible();
    await expectNoViolations(page);
    const bar = page.getByRole('search', { name: 'Filter' });
    await bar.getByRole('button', { name: 'Action', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Revoked', exact: true }).click();
    await expect(bar.getByRole('button', { name: 'Action: Revoked', exact: true })).toBeVisible();
    // The one revoked demo key.
    await expect(rows.filter({ hasText: 'API key' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'status: active → revoked' })).toHaveCount(1);
    await expectNoViolations(page);
  });
}
