import { defineConfig, devices } from '@playwright/test';
import { E2E_CHROMIUM_ARGS } from './scripts/ensure-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
// One data folder, result folder and server log per port: a run on another port (E2E_PORT) beside
// the default one shares (or wipes) neither's database, traces nor log (tests/e2e/fixtures.ts reads
// the log through E2E_SERVER_LOG).
const suffix = port === 8181 ? '' : `-${port}`;
const dataDir = `.data/e2e${suffix}`;
const serverLog = `test-results/e2e-server${suffix}.log`;
process.env.E2E_SERVER_LOG = serverLog;

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties outputDir at start, and test-results/ holds the other runners' reports.
  outputDir: `test-results/playwright${suffix}`,
  // Three times the slowest test measured on a 2-core machine with a second test run beside it.
  timeout: 90_000,
  expect: {
    timeout: 20_000,
    // tests/e2e/look.spec.ts: font hinting and anti-aliasing move a few pixels between runs and machines;
    // a changed colour, logo or layout moves far more than 1 % of the screen.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, threshold: 0.2 },
  },
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
      args: E2E_CHROMIUM_ARGS,
    },
  },
  webServer: {
    // A fresh database for every run: the demo data is the contract the tests rely on.
    // The server's log goes to a file: the demo's password-reset "mail" is a line in it.
    command:
      `rm -rf ${dataDir} && mkdir -p test-results && node scripts/ensure-build.mjs && ` +
      `npx tsx server/index.ts > ${serverLog} 2>&1`,
    url: `${baseURL}/v1/brands/dashboard`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // POST /v1/testing/reset: every spec file starts from the demo data (tests/e2e/fixtures.ts); also
      // lets a request name another brand (X-E2E-Brand, tests/e2e/look.spec.ts).
      E2E_RESET: '1',
      // The simulator would move the demo data under the tests' feet: a test that needs it runs a tick
      // (POST /v1/testing/simulator/tick).
      SIMULATOR: 'off',
      // One browser at machine speed, its cache empty in every test's context: a quiet run made 1,123
      // requests in a minute, over the per-address limit of 1,000 (server/config.ts), and its assets
      // got 429s. That limit has its server tests (tests/server/throttle.test.ts); the per-account
      // limits the e2e tests meet (login failures, password resets) are not this one.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
