// Cost of an authenticated request (DESIGN.md section 12): starts the reference API on a throwaway
// PGlite data folder (or DATABASE_URL when --database-url is given) and a free port, logs in once, then
// drives GET /v1/currencies with the token and, for reference, GET /v1/brands/dashboard (no database,
// no session) at a fixed concurrency for a fixed number of requests, with keep-alive connections.
// Prints req/s, p50 and p99 per route. Figures only: nothing here is a test.
// Usage: node scripts/bench-api.mjs [--clients 32] [--requests 5000] [--database-url URL]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const CLIENTS = Number(option('clients', '32'));
const REQUESTS = Number(option('requests', '5000'));
const WARMUP = Math.min(1000, REQUESTS);
const DATABASE_URL = option('database-url', '');
const EMAIL = 'support@example.com';
const PASSWORD = 'Demo-pass-1';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function request(port, method, path, headers = {}, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

async function waitUntilUp(port, server) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const r = await request(port, 'GET', '/v1/brands/dashboard');
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start within 60 s');
}

/** `total` requests from `clients` concurrent loops; latencies in ms. */
async function drive(port, path, headers, total, clients) {
  const latencies = [];
  let sent = 0;
  let failed = 0;
  const loop = async () => {
    while (sent < total) {
      sent++;
      const started = process.hrtime.bigint();
      const r = await request(port, 'GET', path, headers);
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (r.status !== 200) failed++;
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: clients }, loop));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: total / seconds, p50: at(0.5), p99: at(0.99), failed };
}

const dataDir = DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'bench-api-'));
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts', '--seed-demo'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    E2E_RESET: '',
    ...(DATABASE_URL ? { DATABASE_URL, DATA_DIR: '' } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
  },
});
let exitCode = 0;
try {
  await waitUntilUp(port, server);
  const login = await request(
    port,
    'POST',
    '/v1/auth/login',
    { 'content-type': 'application/json' },
    JSON.stringify({ email: EMAIL, password: PASSWORD }),
  );
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`);
  const token = login.headers['x-identity-token'];
  const routes = [
    ['GET /v1/currencies (token)', '/v1/currencies', { authorization: `Web ${token}` }],
    ['GET /v1/brands/dashboard (no database)', '/v1/brands/dashboard', {}],
  ];
  const where = DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
  console.log(`${where}, ${CLIENTS} clients, ${REQUESTS} requests per route (after ${WARMUP} warm-up)`);
  for (const [name, path, headers] of routes) {
    await drive(port, path, headers, WARMUP, CLIENTS);
    const r = await drive(port, path, headers, REQUESTS, CLIENTS);
    console.log(
      `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   ` +
        `p99 ${r.p99.toFixed(1).padStart(6)} ms${r.failed ? `   ${r.failed} not 200` : ''}`,
    );
    if (r.failed) exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      resolve();
    }, 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
