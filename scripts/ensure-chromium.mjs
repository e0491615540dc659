// Finds Debian's Chromium for Playwright ($CHROMIUM_PATH or /usr/bin/chromium). When it is missing and we
// are root with apt-get, installs Debian's package; otherwise stops and says how to install it.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

function hasAptGet() {
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function ensureChromium() {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && hasAptGet()) {
    console.log('Chromium not found: installing Debian\'s "chromium" package with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync(path)) return path;
  }
  console.error(
    `Chromium was not found at ${path}.\n` +
      "Install Debian's package (as root: apt-get update && apt-get install -y chromium),\n" +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

/**
 * Flags for Debian's Chromium on this machine's closed network (without the background-networking
 * ones it keeps trying to reach hosts it cannot): Playwright's e2e and the Lighthouse benchmark.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Features Playwright itself turns off in Chromium (playwright-core's chromiumSwitches, at the pinned
 * version): Chromium reads only the last `--disable-features`, so a launch that adds its own must
 * repeat these. tests/unit/chromiumFlags.test.ts checks the list against the installed Playwright.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Playwright's e2e launch: the flags above, and without the omnibox popup. Chromium 156 loads that
 * popup's WebUI (chrome://omnibox-popup.top-chrome) in a renderer of its own for every browser context,
 * about 0.7 s of CPU each on the 2-core machine, while the page under test boots; no test opens the
 * address bar.
 */
export const E2E_CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];
