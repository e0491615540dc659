// `npm test`: lint, typecheck, unit and server tests (Vitest; the server suite also on a throwaway
// PostgreSQL), e2e (Playwright in Debian's Chromium).
// Runs every step, then prints one line `N passed, N failed` summed over the test runners.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

mkdirSync('test-results', { recursive: true });
const results = { passed: 0, failed: 0 };
let ok = true;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    ok = false;
    console.log(`=== ${title} failed (exit ${r.status ?? r.signal})`);
  }
  return r.status === 0;
}

/**
 * Adds a runner's counts. A step that failed without a failed test (a runner that could not start,
 * say, its port taken; lint; the typecheck) counts as one failure, so the summary never says
 * `0 failed` for a run that failed.
 */
function tally(stepOk, passed = 0, failed = 0) {
  results.passed += passed;
  results.failed += failed === 0 && !stepOk ? 1 : failed;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

tally(run('lint', 'npm', ['run', '-s', 'lint']));
tally(run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']));

const vitestJson = 'test-results/vitest.json';
rmSync(vitestJson, { force: true });
const vitestOk = run('unit and server tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
const v = readJson(vitestJson);
tally(vitestOk, v?.numPassedTests, v?.numFailedTests);

// The same server suite against a real PostgreSQL: the DATABASE_URL mode of production.
const pgJson = 'test-results/vitest-pg.json';
rmSync(pgJson, { force: true });
const pgOk = run('server tests on PostgreSQL', 'node', [
  'scripts/test-server-pg.mjs',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${pgJson}`,
]);
const pgResult = readJson(pgJson);
tally(pgOk, pgResult?.numPassedTests, pgResult?.numFailedTests);

ensureChromium();
const e2eJson = 'test-results/e2e.json';
rmSync(e2eJson, { force: true });
const e2eOk = run('e2e tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});
const e = existsSync(e2eJson) ? readJson(e2eJson) : null;
tally(e2eOk, e?.stats ? e.stats.expected + e.stats.flaky : 0, e?.stats?.unexpected);

console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(ok && results.failed === 0 ? 0 : 1);
