// The API's OpenAPI document, as the app generates it, judged by Spectral (`oas` + OWASP API Security).
// Builds the app in-process on an in-memory PGlite (no server, no port, no network), writes
// GET /v1/openapi.json to a temporary file and runs the installed Spectral CLI on it with
// .spectral.yaml (which extends the rulesets from node_modules: nothing is fetched).
// Usage: node scripts/openapi.mjs [--out FILE] [--no-lint] [extra spectral args]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const lint = !args.includes('--no-lint');
const spectralArgs = args.filter(
  (a, i) => a !== '--no-lint' && (outAt < 0 || (i !== outAt && i !== outAt + 1)),
);

async function openapiDocument() {
  const { buildApp } = await tsImport('../server/app.ts', import.meta.url);
  const { testConfig } = await tsImport('../server/config.ts', import.meta.url);
  const { openPglite } = await tsImport('../server/db/client.ts', import.meta.url);
  const db = await openPglite();
  const app = await buildApp({ db, config: testConfig({ logLevel: 'silent' }) });
  try {
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`);
    return response.json();
  } finally {
    await app.close();
    await db.close();
  }
}

const document = await openapiDocument();
const dir = out ? undefined : mkdtempSync(join(tmpdir(), 'openapi-'));
const file = out ?? join(dir, 'openapi.json');
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
let status = 0;
if (lint) {
  const spectral = join(root, 'node_modules', '.bin', 'spectral');
  const result = spawnSync(
    spectral,
    ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity', 'error', ...spectralArgs],
    { stdio: 'inherit', cwd: root },
  );
  status = result.status ?? 1;
} else {
  console.log(file);
}
if (dir && lint) rmSync(dir, { recursive: true, force: true });
process.exit(status);
