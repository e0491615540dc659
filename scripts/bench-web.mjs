// `npm run bench:web`: builds the dashboard, starts the reference server on a throwaway database and
//  1. in Chromium (Playwright), opens the login page, signs in as manager@example.com and waits for the
//     statistics landing page with its charts drawn, summing the gzip size of every script received
//     (each body gzipped here, as the build's report does): on the login page, and in all;
//  2. runs Lighthouse (performance only) on the login page with the mobile and desktop presets, in
//     Debian's Chromium. Prints the score, FCP, LCP, TBT, CLS (median run by score).
//
//   node scripts/bench-web.mjs [--runs N] [--no-build] [--url-path /] [--json file]
//                              [--cpu-load N] [--preset mobile|desktop|both] [--no-lighthouse]
//
// --cpu-load N starts N busy processes (a `node -e` loop each) beside every Lighthouse run and stops
// them after it: how the page does on a loaded machine. Figures are for comparing before / after on one
// machine; nothing asserts them.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, ensureChromium } from './ensure-chromium.mjs';
import { kb, readSizes } from './lib/sizes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Math.max(1, Number(option('--runs', '3')));
const urlPath = option('--url-path', '/');
const jsonOut = option('--json', 'test-results/bench-web.json');
const chromePath = process.env.CHROME_PATH || ensureChromium();
const cpuLoad = Math.max(0, Number(option('--cpu-load', '0')));
const presetOption = option('--preset', 'both');
const presets = presetOption === 'both' ? ['mobile', 'desktop'] : [presetOption];
const withLighthouse = !args.includes('--no-lighthouse');
const MANAGER = { email: 'manager@example.com', password: 'Demo-pass-1' };

const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, server, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s`);
}

function stopServer(server) {
  if (!server || server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      resolve();
    }, 5000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // The server runs in its own process group (tsx starts a child node): stop the group by its PID.
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/**
 * Busy processes beside a run (--cpu-load): each a `node -e` loop in its own process group, stopped by
 * the returned function (by their PIDs).
 */
function startCpuLoad(count) {
  const busy = [];
  for (let i = 0; i < count; i++) {
    busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true }));
  }
  return () => {
    for (const child of busy) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
}

/**
 * The scripts a manager's browser receives: the login page (until React has replaced the prerendered
 * card and the network is idle), then signing in through the statistics landing page with both charts
 * drawn. Every script response is counted once (by URL), its body gzipped.
 */
async function scriptsThroughLanding(origin) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ locale: 'en-GB' });
    const received = new Map();
    const pending = [];
    let phase = 'login';
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url());
      if (received.has(url.pathname)) return;
      const entry = { file: url.pathname, phase, gzip: 0 };
      received.set(url.pathname, entry);
      pending.push(
        response.body().then(
          (body) => (entry.gzip = gzipSync(body).length),
          () => {},
        ),
      );
    });
    await page.goto(`${origin}/`);
    await page.getByLabel('Email').waitFor();
    // React has taken over: the prerendered card's CSS is gone.
    await page.waitForFunction(() => !document.getElementById('prerender-css'));
    await page.waitForLoadState('networkidle');
    phase = 'landing';
    await page.getByLabel('Email').fill(MANAGER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(MANAGER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/statistics$/, { timeout: 60_000 });
    for (const name of ['Deposits per day', 'Withdrawals per day']) {
      await page.getByRole('figure', { name }).locator('svg').first().waitFor({ timeout: 60_000 });
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const files = [...received.values()];
    const sum = (list) => list.reduce((s, f) => s + f.gzip, 0);
    const login = files.filter((f) => f.phase === 'login');
    return {
      files,
      login: { count: login.length, gzip: sum(login) },
      all: { count: files.length, gzip: sum(files) },
    };
  } finally {
    await browser.close();
  }
}

async function lighthouseRun(url, preset) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-web-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (results) => [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
const ms = (v) => (v === undefined ? '-' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);

async function main() {
  if (!args.includes('--no-build')) {
    console.log('Building the dashboard (vite build)…');
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  const sizes = readSizes();
  let received;

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-data-'));
  const origin = `http://127.0.0.1:${port}`;
  console.log(`Starting the server on ${origin} (DATA_DIR ${dataDir})…`);
  const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  // Whatever happens (an uncaught error in Chrome's launcher, Ctrl-C), the server's group goes too.
  const killGroup = () => {
    try {
      if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.on('exit', killGroup);
  process.on('SIGINT', () => process.exit(130));
  const results = {};
  try {
    await waitFor(`${origin}/v1/brands/dashboard`, server);
    console.log('Signing in as the manager in Chromium, counting the scripts…');
    received = await scriptsThroughLanding(origin);
    for (const preset of withLighthouse ? presets : []) {
      const all = [];
      for (let i = 0; i < runs; i++) {
        const stopLoad = startCpuLoad(cpuLoad);
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): one more try.
        const r = await lighthouseRun(`${origin}${urlPath}`, preset)
          .catch((error) => {
            console.log(`  ${preset} run ${i + 1}: ${error.message}; retrying`);
            return lighthouseRun(`${origin}${urlPath}`, preset);
          })
          .finally(stopLoad);
        console.log(`  ${preset} run ${i + 1}/${runs}: ${r.score} (LCP ${ms(r.lcp)}, TBT ${ms(r.tbt)})`);
        all.push(r);
      }
      results[preset] = { median: median(all), runs: all };
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nLogin page JS, gzip: ${kb(sizes.routes.login.gzip)} in ${sizes.routes.login.files.length} files`,
  );
  for (const file of sizes.routes.login.files) {
    const chunk = sizes.chunks.find((c) => c.file === file);
    console.log(`  ${file.padEnd(48)} ${kb(chunk.gzip).padStart(9)}  ${chunk.name}`);
  }
  console.log('\nScripts received in Chromium (each body gzipped):');
  for (const { file, phase, gzip } of received.files) {
    console.log(`  ${phase.padEnd(8)} ${file.padEnd(48)} ${kb(gzip).padStart(9)}`);
  }
  // Both units: kB of 1024 bytes (the build's report) and of 1000 bytes (the budgets' figures).
  const both = (n) => `${kb(n)} (${(n / 1000).toFixed(1)} kB of 1000 B)`;
  console.log(
    `  login page:                        ${both(received.login.gzip)} in ${received.login.count} files`,
  );
  console.log(
    `  login through the statistics page: ${both(received.all.gzip)} in ${received.all.count} files`,
  );
  if (!withLighthouse) return writeJson({ loginJsGzip: sizes.routes.login, received });
  const load = cpuLoad ? `, ${cpuLoad} busy process${cpuLoad > 1 ? 'es' : ''} beside each run` : '';
  console.log(`\nLighthouse on ${urlPath} (performance, median of ${runs} by score${load}):`);
  console.log('  preset    score   FCP       LCP       TBT       CLS     SI');
  for (const [preset, { median: m }] of Object.entries(results)) {
    console.log(
      `  ${preset.padEnd(8)}  ${String(m.score).padStart(5)}   ${ms(m.fcp).padEnd(8)}  ${ms(m.lcp).padEnd(8)}  ${ms(m.tbt).padEnd(8)}  ${m.cls.toFixed(3).padEnd(6)}  ${ms(m.si)}`,
    );
  }
  for (const [preset, { median: m }] of Object.entries(results)) {
    if (m.lcpElement) console.log(`  ${preset} LCP element: ${m.lcpElement}`);
  }
  writeJson({ loginJsGzip: sizes.routes.login, received, cpuLoad, results });
}

function writeJson(details) {
  if (!jsonOut) return;
  mkdirSync(dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify(details, null, 2));
  console.log(`\nDetails: ${jsonOut}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
