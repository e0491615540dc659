/**
 * The look (issue 7, "Identity"): screenshots of every existing screen for two brands (the default
 * blue one and Meridian, whose magenta is near the error red and whose name is long), light and dark,
 * at 1366 and 375 px; axe on each in both themes; the tab titles; the theme switch; the focus colour.
 *
 * One e2e server runs one brand; in test mode (E2E_RESET=1) the brand endpoint takes another brand
 * from the X-E2E-Brand header (server/modules/brands/routes.ts), which these tests send.
 *
 * The snapshots live in look.spec.ts-snapshots/ and are made in Debian's Chromium (`--update-snapshots`
 * after a deliberate change of the look; look at the new PNGs before committing them).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, loginAs, resetDemoData, expectNoViolations, networkSettled } from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

const BRAND_HEADER = 'x-e2e-brand';
const BRANDS = [
  { key: 'local', name: 'Payments Local' },
  { key: 'meridian', name: 'Meridian Merchant' },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 375, height: 740 },
] as const;

/** A screenshot of the viewport; `mask` covers what changes between runs (data, QR codes). */
async function shot(page: Page, name: string, mask: Locator[] = []) {
  await expect(page).toHaveScreenshot(`${name}.png`, { mask, animations: 'disabled', caret: 'hide' });
}

/** Waits until React has replaced the prerendered login card (whose CSS it then removes). */
async function publicPageReady(page: Page, logoName: string) {
  await expect(page.locator('#prerender-css')).toHaveCount(0);
  await expect(page.getByRole('img', { name: logoName })).toHaveJSProperty('complete', true);
}

/** Waits for the admin page: its heading, the logo loaded and nothing loading in the app bar. */
async function adminPageReady(page: Page, heading: string | RegExp) {
  // A full page load on a busy machine (boot, session, brand, the admin's chunks) can take a while.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('header img')).toHaveJSProperty('complete', true);
  await networkSettled(page);
}

for (const brand of BRANDS) {
  for (const scheme of SCHEMES) {
    test.describe(`${brand.key}, ${scheme}`, () => {
      test.use({ colorScheme: scheme, extraHTTPHeaders: { [BRAND_HEADER]: brand.key } });

      for (const viewport of VIEWPORTS) {
        const prefix = `${brand.key}-${scheme}-${viewport.width}`;
        const axe = viewport.width === 1366;

        test(`${viewport.width} px: sign in and the organisation chooser`, async ({ page }) => {
          test.setTimeout(60_000);
          await page.setViewportSize(viewport);
          await page.goto('/');
          await expect(page.getByLabel('Email')).toBeVisible();
          await publicPageReady(page, brand.name);
          await expect(page).toHaveTitle(`Sign in | ${brand.name}`);
          await shot(page, `${prefix}-login`);
          if (axe) await expectNoViolations(page);

          await loginAs(page, 'admin@example.com');
          await expect(page.getByRole('heading', { name: 'Choose organisation' })).toBeVisible();
          await publicPageReady(page, brand.name);
          await expect(page).toHaveTitle(`Choose organisation | ${brand.name}`);
          await shot(page, `${prefix}-chooser`);
          if (axe) await expectNoViolations(page);
        });

        /** Signs the admin in to Aurora and waits for its landing page. */
        async function signIn(page: Page) {
          await page.setViewportSize(viewport);
          await loginAs(page, 'admin@example.com');
          await page.getByRole('button', { name: 'Aurora Payments' }).click();
          // The choice is made (the admin shows its landing page) before the next page is loaded.
          await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
        }

        test(`${viewport.width} px: the shell and change password`, async ({ page }) => {
          await signIn(page);
          await page.goto('/change-password');
          await adminPageReady(page, 'Change password');
          await expect(page).toHaveTitle(`Change password | ${brand.name}`);
          await shot(page, `${prefix}-change-password`);
          if (axe) await expectNoViolations(page);

          // The shell with its menus open: the drawer (with the logo at its top) on a phone, the user
          // menu (theme switch, Logout) on a desktop.
          if (viewport.width < 960) {
            await page.getByRole('button', { name: 'Open menu' }).click();
            await expect(
              page.getByRole('dialog').getByRole('img', { name: `${brand.name} logo` }),
            ).toHaveJSProperty('complete', true);
          } else {
            await page.getByRole('button', { name: 'Profile' }).click();
            await expect(page.getByRole('menuitemcheckbox', { name: 'Dark theme' })).toBeVisible();
          }
          await shot(page, `${prefix}-shell`);
          await expectNoViolations(page);
        });

        test(`${viewport.width} px: authentication and not found`, async ({ page }) => {
          await signIn(page);
          await page.goto('/authentication');
          await adminPageReady(page, 'Two-factor authentication');
          await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
          await expect(page).toHaveTitle(`Two-factor authentication | ${brand.name}`);
          // The secret is new on every visit: its QR code and text are masked.
          await shot(page, `${prefix}-authentication`, [
            page.getByRole('img', { name: /QR code/i }),
            page.getByTestId('two-fa-secret'),
          ]);
          if (axe) await expectNoViolations(page);

          await page.goto('/no-such-page');
          await adminPageReady(page, 'Page not found');
          await expect(page).toHaveTitle(`Page not found | ${brand.name}`);
          await shot(page, `${prefix}-not-found`);
          if (axe) await expectNoViolations(page);
        });
      }
    });
  }
}

test.describe('a third brand: the sign-in page of Northwind Pay', () => {
  test.use({ extraHTTPHeaders: { [BRAND_HEADER]: 'northwind' } });
  for (const scheme of SCHEMES) {
    for (const viewport of VIEWPORTS) {
      test(`${scheme}, ${viewport.width} px`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(viewport);
        await page.goto('/');
        await publicPageReady(page, 'Northwind Pay');
        await shot(page, `northwind-${scheme}-${viewport.width}-login`);
      });
    }
  }
});

test.describe('before React takes over', () => {
  test.use({ extraHTTPHeaders: { [BRAND_HEADER]: 'meridian' } });
  test("the prerendered card shows the brand's logo, band and button colour, then React keeps the layout", async ({
    page,
  }) => {
    // Hold the app's JS: what shows is the prerendered card and its boot script's work.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const logo = page.getByRole('img', { name: 'Meridian Merchant' });
    await expect(logo).toHaveJSProperty('complete', true);
    await expect(page.locator('#prerender-css')).toHaveCount(1);
    const band = page.locator('[data-brand-band]');
    await expect(band).toHaveCSS('background-image', /rgb\(173, 20, 87\)/);
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toHaveCSS('background-color', 'rgb(173, 20, 87)');
    const before = { logo: await logo.boundingBox(), button: await button.boundingBox() };
    release();
    await expect(page.locator('#prerender-css')).toHaveCount(0);
    await expect(button).toHaveCSS('background-color', 'rgb(173, 20, 87)');
    // No layout shift when React replaces the card.
    expect(await logo.boundingBox()).toEqual(before.logo);
    expect(await button.boundingBox()).toEqual(before.button);
  });
});

test('the card keeps its top edge when a message appears (the buttons do not move up)', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 401/);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await publicPageReady(page, 'Payments Local');
    const card = page.locator('.MuiCard-root');
    const top = (await card.boundingBox())!.y;
    expect(top).toBe(viewport.width < 600 ? 40 : 88);
    await page.getByLabel('Email').fill('viewer@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect((await card.boundingBox())!.y).toBe(top);
  }
});

test("the brand-failure screen: the login page's card in the default brand's look", async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 500/);
  await page.route('**/v1/brands/dashboard', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unspecified error occurred.' })).toBeVisible();
  const card = (await page.locator('.MuiCard-root').boundingBox())!;
  expect(card.width).toBeLessThanOrEqual(350);
  expect(card.y).toBe(88);
  await expect(page.locator('[data-brand-band]')).toHaveCSS('background-image', /rgb\(31, 79, 209\)/);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await shot(page, 'brand-failure-light-1366');
  await expectNoViolations(page);
});

test('the user menu switches between the light and the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await loginAs(page, 'viewer@example.com');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(250, 250, 250)');
  await page.getByRole('button', { name: /profile|user|account/i }).click();
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect.poll(background).toBe('rgb(18, 20, 23)');
  await page.getByRole('button', { name: /profile|user|account/i }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Dark theme' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test.describe('Meridian: its magenta is near the error red', () => {
  test.use({ extraHTTPHeaders: { [BRAND_HEADER]: 'meridian' } });
  test('a focused field is outlined in the focus blue, a refused one in the error red', async ({ page }) => {
    await page.goto('/');
    const email = page.getByLabel('Email');
    await email.focus();
    const outline = (field: Locator) =>
      field.evaluate((input) => {
        const fieldset = input.closest('.MuiOutlinedInput-root')?.querySelector('fieldset');
        return fieldset ? getComputedStyle(fieldset).borderColor : '';
      });
    await expect.poll(() => outline(email)).toBe('rgb(11, 87, 208)');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => outline(email)).toBe('rgb(198, 40, 40)');
  });
});
