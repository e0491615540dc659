import { test, expect, loginAsAdmin, FAILED_RESOURCE, resetDemoData } from './fixtures';

// Every file starts from the demo data (tests/e2e/fixtures.ts).
test.beforeAll(resetDemoData);

test('a loading overlay shows while the brand loads, then the page takes the brand title and icons', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/brands/dashboard', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  release();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page).toHaveTitle(/Payments Local$/);
  const icons = await page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]')].map(
        (l) => [`${l.rel} ${l.sizes.value}`.trim(), new URL(l.href).pathname],
      ),
    ),
  );
  expect(Object.values(icons)).toContain('/v1/brands/assets/local/icon.svg');
  expect(Object.values(icons)).toContain('/v1/brands/assets/local/apple-touch-icon.svg');
});

test("a brand that fails to load shows 'Unspecified error occurred.'", async ({ page, allowConsole }) => {
  allowConsole(FAILED_RESOURCE(500));
  await page.route('**/v1/brands/dashboard', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/');
  await expect(page.getByText('Unspecified error occurred.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
});

test("a failed organisation switch returns to / with 'Failed to switch organisation' top right", async ({
  page,
  allowConsole,
}) => {
  allowConsole(FAILED_RESOURCE(500));
  await loginAsAdmin(page, 'Aurora Payments');
  await page.route('**/v1/auth/login/*', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: /Organisation: Aurora Payments/ }).click();
  await page.getByRole('menuitemradio', { name: /Borealis Exchange/ }).click();
  const snackbar = page.getByText('Failed to switch organisation');
  await expect(snackbar).toBeVisible();
  const box = await snackbar.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThan(viewport.width / 2);
  expect(box!.y).toBeLessThan(viewport.height / 2);
  // Below the app bar: never over the switcher or the user menu.
  const bar = await page.locator('header').first().boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  // '/' for a logged-in user is the landing page: still Aurora, nothing switched.
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('button', { name: /Organisation: Aurora Payments/ })).toBeVisible();
});

test('the app starts even when its entry module runs before the page below the head is parsed', async ({
  page,
}) => {
  // The boot script in the head starts the entry module at once, and a module runs as soon as it is
  // loaded: on a busy machine, from the cache, before the parser has reached <div id="root">. Here a
  // script at the top of the body holds the parser until the entry module has run, every time.
  let entryRan!: () => void;
  const ran = new Promise<void>((resolve) => (entryRan = resolve));
  await page.exposeFunction('entryModuleRan', () => entryRan());
  await page.addInitScript(() => {
    document.addEventListener(
      'load',
      (event) => {
        const script = event.target as HTMLScriptElement;
        if (script.tagName === 'SCRIPT' && script.type === 'module')
          void (window as unknown as { entryModuleRan: () => void }).entryModuleRan();
      },
      true,
    );
  });
  await page.route('**/forgot-password', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<div id="root">',
      '<script src="/parser-held.js"></script><div id="root">',
    );
    expect(html).toContain('/parser-held.js');
    await route.fulfill({ response, body: html });
  });
  await page.route('**/parser-held.js', async (route) => {
    await ran;
    await route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto('/forgot-password');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
