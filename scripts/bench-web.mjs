// `npm run bench:web`: builds the dashboard, starts the reference server on a throwaway database and
// runs Lighthouse (performance only) on the login page with the mobile and desktop presets, in
// Debian's Chromium. Prints the score, FCP, LCP, TBT, CLS (median run by score) and the login JS gzip.
//
//   node scripts/bench-web.mjs [--runs N] [--no-build] [--url-path /] [--json file]
//
// Figures are for comparing before / after on one machine; nothing asserts them.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
    for (const preset of ['mobile', 'desktop']) {
      const all = [];
      for (let i = 0; i < runs; i++) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): one more try.
        const r = await lighthouseRun(`${origin}${urlPath}`, preset).catch((error) => {
          console.log(`  ${preset} run ${i + 1}: ${error.message}; retrying`);
          return lighthouseRun(`${origin}${urlPath}`, preset);
        });
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
  console.log(`\nLighthouse on ${urlPath} (performance, median of ${runs} by score):`);
  console.log('  preset    score   FCP       LCP       TBT       CLS     SI');
  for (const [preset, { median: m }] of Object.entries(results)) {
    console.log(
      `  ${preset.padEnd(8)}  ${String(m.score).padStart(5)}   ${ms(m.fcp).padEnd(8)}  ${ms(m.lcp).padEnd(8)}  ${ms(m.tbt).padEnd(8)}  ${m.cls.toFixed(3).padEnd(6)}  ${ms(m.si)}`,
    );
  }
  for (const [preset, { median: m }] of Object.entries(results)) {
    if (m.lcpElement) console.log(`  ${preset} LCP element: ${m.lcpElement}`);
  }
  if (jsonOut) {
    mkdirSync(dirname(jsonOut), { recursive: true });
    writeFileSync(jsonOut, JSON.stringify({ loginJsGzip: sizes.routes.login, results }, null, 2));
    console.log(`\nDetails: ${jsonOut}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
