/**
 * Playwright fixtures: the demo accounts (docs/architecture.md#demo-data), a console-error guard on every test,
 * and page objects for the login and organisation screens.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { TOTP } from 'otpauth';
import { IDENTITY_HEADER } from '../../src/domain/api';

export const PASSWORD = 'Demo-pass-1';
export const TWOFA_SECRET = 'JBSWY3DPEHPK3PXP';

export function totpNow(secret = TWOFA_SECRET, offsetSteps = 0): string {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

type Fixtures = {
  /** Console messages that a test expects (e.g. the browser's own line for a 401 response). */
  allowConsole: (pattern: RegExp) => void;
  /** Fails a test whose file did not start from the demo data (see resetDemoData). */
  knownData: void;
  /** Counts the page's requests in flight, for networkSettled. */
  requestsInFlight: void;
};

/** The live event stream (GET /v1/events): open for as long as the app is shown. */
const EVENT_STREAM = /\/v1\/events(\?|$)/;
const inFlight = new WeakMap<Page, { pending: Set<unknown>; last: number }>();

/**
 * Like `waitForLoadState('networkidle')` (no request for 500 ms), but blind to the live event stream,
 * which keeps one request open for as long as the app is shown (so the network is never idle).
 */
export async function networkSettled(page: Page, quietMs = 500) {
  const state = inFlight.get(page);
  if (!state) throw new Error('networkSettled needs the requestsInFlight fixture');
  await expect
    .poll(() => state.pending.size === 0 && Date.now() - state.last >= quietMs, {
      message: 'requests still in flight',
      timeout: 30_000,
    })
    .toBe(true);
}

/** Files whose tests start from the demo data in this worker. */
const resetFiles = new Set<string>();

/**
 * Puts the demo data back (POST /v1/testing/reset, which exists only because playwright.config.ts
 * starts the server with E2E_RESET=1): every spec file starts with `test.beforeAll(resetDemoData)`,
 * so no file depends on what an earlier one changed.
 */
export async function resetDemoData({ playwright }: PlaywrightWorkerArgs, testInfo: TestInfo) {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const response = await api.post('/v1/testing/reset');
    expect(response.status(), 'POST /v1/testing/reset (the e2e server runs with E2E_RESET=1)').toBe(204);
  } finally {
    await api.dispose();
  }
  resetFiles.add(testInfo.file);
}

export const test = base.extend<Fixtures>({
  knownData: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern
    async ({}, use, testInfo) => {
      expect(resetFiles.has(testInfo.file), 'start the spec file with test.beforeAll(resetDemoData)').toBe(
        true,
      );
      await use();
    },
    { auto: true },
  ],
  requestsInFlight: [
    async ({ page }, use) => {
      const state = { pending: new Set<unknown>(), last: Date.now() };
      inFlight.set(page, state);
      const start = (request: { url(): string }) => {
        if (EVENT_STREAM.test(request.url())) return;
        state.pending.add(request);
        state.last = Date.now();
      };
      const end = (request: unknown) => {
        if (state.pending.delete(request)) state.last = Date.now();
      };
      page.on('request', start);
      page.on('requestfinished', end);
      page.on('requestfailed', end);
      await use();
    },
    { auto: true },
  ],
  allowConsole: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use((pattern) => allowed.push(pattern));
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Waits until React has replaced the prerendered login card (src/main.tsx removes the shell's CSS at
 * its first commit): a click on the prerendered card while React swaps it in can be lost, so a test
 * that clicks a link of the card waits for this first.
 */
export async function appTookOver(page: Page) {
  await expect(page.locator('#prerender-css')).toHaveCount(0);
}

export class LoginPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/');
    await expect(this.email).toBeVisible();
  }
  get email() {
    return this.page.getByLabel('Email');
  }
  get password() {
    return this.page.getByRole('textbox', { name: 'Password', exact: true });
  }
  get code() {
    return this.page.getByLabel(/2FA code/i);
  }
  get submit() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }
  async login(email: string, password = PASSWORD, code?: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    if (code) await this.code.fill(code);
    await this.submit.click();
  }
}

export async function loginAs(page: Page, email: string, code?: string, password = PASSWORD) {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(email, password, code);
  return login;
}

/**
 * The API headers of a demo user of one organisation (the login's token is the session's): for a test
 * that prepares or reads its data through the API.
 */
export async function apiHeaders(request: APIRequestContext, email: string) {
  const login = await request.post('/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { authorization: `Web ${login.headers()[IDENTITY_HEADER.toLowerCase()]}` };
}

/** Logs in as admin@example.com and chooses an organisation on the chooser. */
export async function loginAsAdmin(page: Page, organisation = 'Aurora Payments') {
  await loginAs(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Choose organisation' })).toBeVisible();
  await page.getByRole('button', { name: organisation }).click();
  await expect(page).toHaveURL(/\/statistics$/);
}

/** The browser logs failed responses itself; tests that provoke one allow exactly that line. */
export const FAILED_RESOURCE = (status: number) => new RegExp(`status of ${status}`);

/** Closes the response dialog and waits until it is gone (its transition included). */
export async function closeDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The newest password-reset link the server "mailed" (the demo writes it to the server log). */
export async function resetLinkFromServerLog(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  // Set by playwright.config.ts (the log of this run's port), which the workers inherit.
  const log = await readFile(process.env.E2E_SERVER_LOG ?? 'test-results/e2e-server.log', 'utf8');
  const links = [...log.matchAll(/Password reset link: ([^"\s]+)/g)].map((m) => m[1]);
  expect(links.length, 'a reset link in the server log').toBeGreaterThan(0);
  return links[links.length - 1];
}

/**
 * No WCAG 2.1 A/AA violation on the page as it is now (axe), once its finite transitions have ended:
 * a snackbar still fading in has a half-transparent text that axe reads as too little contrast.
 * Endless animations (spinners) are not waited for.
 */
export async function expectNoViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
