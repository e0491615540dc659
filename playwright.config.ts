import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties outputDir at start, and test-results/ holds the other runners' reports.
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh database for every run: the demo data is the contract the tests rely on.
    // The server's log goes to a file: the demo's password-reset "mail" is a line in it.
    command:
      'rm -rf .data/e2e && mkdir -p test-results && node scripts/ensure-build.mjs && ' +
      'npx tsx server/index.ts > test-results/e2e-server.log 2>&1',
    url: `${baseURL}/v1/brands/dashboard`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.data/e2e',
      LOG_LEVEL: 'info',
      // POST /v1/testing/reset: every spec file starts from the demo data (tests/e2e/fixtures.ts).
      E2E_RESET: '1',
    },
  },
});
