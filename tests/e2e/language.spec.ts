/**
 * The second language (issue 7): German from the browser's languages, the switch on the login page
 * and in the user menu, the choice kept for the tab, `<html lang>`.
 *
 * Every test here needs the boot and public-screen wiring: `loadLocaleMessages()` awaited in
 * src/main.tsx's boot and `usePublicTranslate()` as the form kit's translate in
 * src/public/PublicApp.tsx. Besides, 'the login page switches…' needs `<LanguageSwitch />` in
 * src/public/PublicCard.tsx, and 'the user menu switches…' needs `<LanguageMenuItem />` in
 * src/layout/AppBar.tsx's <UserMenu>.
 *
 * Dates and numbers are unit-tested (src/i18n/format.ts) and asserted by the pages that show them;
 * the date inputs' format under the German dashboard is the last test here.
 */
import type { Page } from '@playwright/test';
import { test, expect, LoginPage, PASSWORD, resetDemoData, expectNoViolations } from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test.describe('a browser that prefers German', () => {
  test.use({ locale: 'de-DE' });

  test('the login page is in German, with German validation, and passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(await htmlLang(page)).toBe('de');
    await expect(page).toHaveTitle(/^Anmelden \| /);
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
    await expect(page.getByText('Passwort ist erforderlich')).toBeVisible();
    await expectNoViolations(page);
  });

  test('signing in keeps German: the shell and the pages speak it', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('E-Mail').fill('viewer@example.com');
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Altes Passwort' })).toBeVisible();
    expect(await htmlLang(page)).toBe('de');
  });
});

test.describe('a browser that prefers English', () => {
  test.use({ locale: 'en-US' });

  // Needs <LanguageSwitch /> in PublicCard.
  test('the login page switches to German and back, keeping what was typed and the choice', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    expect(await htmlLang(page)).toBe('en');
    const languages = page.getByRole('group', { name: 'Language' });
    await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await login.email.fill('manager@example.com');
    await languages.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toHaveValue('manager@example.com');
    expect(await htmlLang(page)).toBe('de');
    // Kept for the tab: a reload stays German.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    const sprachen = page.getByRole('group', { name: 'Sprache' });
    await expect(sprachen.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    await sprachen.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await htmlLang(page)).toBe('en');
  });

  // Needs <LanguageMenuItem /> in the AppBar's <UserMenu>.
  test('the user menu switches the dashboard to German, and the login page follows', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login('viewer@example.com');
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    await page.getByRole('button', { name: /profile|account|user menu/i }).click();
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
    expect(await htmlLang(page)).toBe('de');
    await page.getByRole('button', { name: /profil/i }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  });
});

// Issue 33 §5: the German dashboard in an English browser writes days as Germans do, in every date
// input (src/layout/DayField.tsx), where the native input wrote mm/dd/yyyy.
test.describe('a German dashboard in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('its date inputs show and take dd.mm.yyyy: the reports and the API key expiry; axe', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Deutsch' }).click();
    await page.getByLabel('E-Mail').fill('manager@example.com');
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/statistics/);
    const today = new Date().toISOString().slice(0, 10);
    const german = (day: string) => day.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3.$2.$1');

    await page.goto('/balance-confirmation');
    const asOf = page.getByRole('textbox', { name: 'Salden zum' });
    await expect(asOf).toHaveValue(german(today));
    await asOf.fill('01.11.2026');
    await expect(asOf).toHaveValue('01.11.2026');
    await page
      .getByRole('button', { name: /Datum auswählen|Kalender/ })
      .first()
      .click();
    await expect(page.getByRole('grid')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoViolations(page);

    await page.goto('/transaction-ledger');
    await expect(page.getByRole('textbox', { name: 'Bis', exact: true })).toHaveValue(german(today));
    await expect(page.getByRole('textbox', { name: 'Von', exact: true })).toHaveValue(
      /^\d{2}\.\d{2}\.\d{4}$/,
    );

    await page.goto('/api-keys/create');
    const expiry = page.getByRole('textbox', { name: /^Gültig bis/ });
    await expiry.fill('31.12.2027');
    await expect(expiry).toHaveValue('31.12.2027');
    await expectNoViolations(page);
  });
});
