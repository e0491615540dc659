// API benchmark (docs/architecture.md#performance-budgets; issue 8 section 4). Figures only: nothing here is a test.
//
// 1. A scaled database: PostgreSQL with 1,000,000 payments when a PostgreSQL is available (a throwaway
//    cluster from Debian's package, found as scripts/test-server-pg.mjs finds it, or --database-url),
//    otherwise a throwaway PGlite folder with 200,000 (`npm run seed -- --scale N`).
// 2. The reference API on it and a free port; one login (manager@example.com).
// 3. The cost of an authenticated request and of a no-database route (GET /v1/currencies,
//    GET /v1/brands/dashboard: a fixed number of requests), then for --seconds (15) each: the first
//    page of one business's payments, its page 200 (offset 4975), a status + currency + date filter,
//    GET /v1/balances, the CSV export of one month of that business's payments (rows/s), the
//    deposits histogram of the last 30 days (GET /v1/statistics/deposits/histogram, groupByCriteria=DAY:
//    from now minus 30 days, as an API client may ask, and the 30 whole UTC days the dashboard asks for)
//    and the transaction ledger of one month of that business as CSV (POST /v1/reports/transaction-ledger:
//    rows/s, and the server's peak RSS while it runs: VmHWM of the server process, reset first through
//    /proc/<pid>/clear_refs). 32 concurrent clients on PostgreSQL, 8 on PGlite (it answers one query at a
//    time), keep-alive.
// 4. Heavy work beside light requests: GET /v1/currencies (p50, p99) from 2 clients, and a route without
//    the database from 1, while 5 payments
//    exports of the whole organisation and 10 transaction-ledger reports of the year before the seed
//    day (CSV, every business) run at once, each read as fast as it comes; the server is started with
//    EXPORTS_MAX_PER_USER and EXPORTS_MAX_GLOBAL at 15 so the limits admit them all. `--heavy-only`
//    runs this scenario alone.
// 5. The app bar's search (GET /v1/search, same clients and seconds as 3): an exact deposit hash, an exact
//    order reference, a reference prefix thousands of payments share, a piece inside a hash and a piece
//    of a business name, found from a sample payment of the scaled data. Goal: p99 ≤ 50 ms (1,000,000
//    payments on PostgreSQL with 32 clients, 200,000 on PGlite with 8). `--search-only` runs these alone.
// 6. Internal transfers (issue 16): --transfer-clients (16) clients post POST /v1/payment/internal-transfers
//    of 0.01 EUR from one business to the others for --seconds, each under its own Idempotency-Key;
//    transfers/s, p50 and p99, and the balance check: the source's final balance must equal its start
//    minus what was accepted (and the targets' rise by it), never below zero. On PostgreSQL, beside it in
//    the same run: pgbench's built-in tpcb-like (a TPC-B transaction does work similar to a movement)
//    with the same clients and seconds on the same cluster, in a database of its own (pgbench -i -s 16,
//    scale at least the clients so the branches don't all collide; dropped afterwards), its tps and
//    transfers/s ÷ tps: how close the ledger comes to what the database can do (skipped, and said so,
//    without pgbench beside the PostgreSQL binaries). `--transfers-only` runs this scenario (and the two
//    fixed routes of 3, its baseline) on the demo data (no scaled payments unless --payments says so).
// 7. A crypto withdrawal's creation (POST /v1/withdrawals/crypto, issue 16): each request its own
//    Idempotency-Key, the smallest BTC amount from business 1 to Aurora's first whitelisted BTC address
//    (its hold posted through the ledger), same clients and seconds as 3: p50, p99 and how many were
//    created; on PostgreSQL, pgbench's tpcb-like beside it as in 6 (same clients, -s the clients) and
//    withdrawals created/s ÷ its tps. `--withdrawals-only` runs it alone (with the GET /v1/currencies
//    baseline).
// 8. Live events (GET /v1/events, docs/decisions.md 185–187): 100 event streams of the manager stay open
//    while 4 clients make internal transfers between two businesses for --seconds (each raises events
//    for the transfer and the balances of both businesses); printed: transfers/s, events raised/s,
//    and events delivered/s summed over the 100 streams (every event reaches every stream), with the
//    p50 and p99 from a transfer's answer to its last stream receiving its events. `--events-only`
//    runs this alone (on a database with the demo data only: `--payments 0` is its default).
// 9. Callbacks (issue 32 §1): a local receiver on 127.0.0.1 (CALLBACK_ALLOWED_ADDRESSES) is business 1's
//    withdrawal-approval URL and verifies every delivery with `standardwebhooks`. Healthy: 4 clients
//    create crypto withdrawals awaiting approval for --seconds, each writing its callback in its
//    transaction; printed: callbacks delivered/s and p50/p99 from the change (the callback's createdAt,
//    in the change's transaction just before its commit, so an upper bound of commit → 2xx) to the
//    receiver's 2xx, beside the same withdrawals' answer p50/p99. A backlog: the receiver holds its
//    answers while 16 clients create withdrawals for up to 6 s, then answers all; printed: callbacks
//    delivered/s draining it, beside the baseline of the same run: the receiver's own capacity, POSTs/s
//    of a plain client with the worker's concurrency per destination (4) and a fresh connection each.
//    `--callbacks-only` runs this alone (demo data only).
// `--lists-only` runs the scenarios of 3 alone (the two fixed routes, their baseline, included).
// A scenario whose endpoint answers 404 (not built yet) is skipped and says so.
//
// Usage: node scripts/bench-api.mjs [--clients N] [--requests 5000] [--seconds 15] [--payments N]
//          [--database-url URL | --data-dir DIR | --pglite]
//          [--lists-only | --heavy-only | --search-only | --transfers-only | --withdrawals-only
//           | --events-only | --callbacks-only]
//          [--transfer-clients 16]
// A database given by URL or folder is kept, and seeded only up to the payments it lacks.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);
const REQUESTS = Number(option('requests', '5000'));
const WARMUP = Math.min(1000, REQUESTS);
const SECONDS = Number(option('seconds', '15'));
const EMAIL = 'manager@example.com';
const PASSWORD = 'Demo-pass-1';
const BUSINESS = 1;
const HEAVY_ONLY = flag('heavy-only');
const SEARCH_ONLY = flag('search-only');
const TRANSFERS_ONLY = flag('transfers-only');
const TRANSFER_CLIENTS = Number(option('transfer-clients', '16'));
const WITHDRAWALS_ONLY = flag('withdrawals-only');
const EVENTS_ONLY = flag('events-only');
const CALLBACKS_ONLY = flag('callbacks-only');
const LISTS_ONLY = flag('lists-only');
const EVENT_STREAMS = 100;

function pgBin() {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().pop() : undefined;
  const bin = version ? join(base, version, 'bin') : undefined;
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

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

/** A throwaway PostgreSQL cluster on loopback (as the postgres user when we are root). */
async function startCluster(bin) {
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (cmd, args) => {
    const [c, a] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(c, a, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `npm run seed` (tsx server/scripts/seed.ts) and answers its seed day. */
function seed(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/scripts/seed.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the seed exited with ${code}`));
      const day = /seed day (\d{4}-\d{2}-\d{2})/.exec(out)?.[1];
      resolve(day ? new Date(`${day}T00:00:00Z`) : undefined);
    });
  });
}

/** Runs a program to its end: its stdout, or an Error with the tail of its stderr. */
function runProgram(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`exited with ${code}: ${err.trim().slice(-300)}`)),
    );
  });
}

/**
 * The database's own ceiling beside a movement scenario: pgbench's built-in tpcb-like (a TPC-B
 * transaction does work similar to a movement) with `clients` clients for `seconds` on the same cluster,
 * in a database of its own (scale at least 16 and the clients, so that the branches don't all collide),
 * dropped afterwards. Prints one line: pgbench's tps and `perSecond` ÷ it; pgbench missing or failing
 * is printed, not a failure.
 */
async function pgbenchBeside(databaseUrl, clients, seconds, perSecond, what) {
  const dir = pgBin();
  const pgbench = dir && join(dir, 'pgbench');
  if (!pgbench || !existsSync(pgbench)) {
    console.log(
      `  pgbench tpcb-like skipped: no pgbench beside the PostgreSQL binaries (/usr/lib/postgresql/*/bin)`,
    );
    return;
  }
  const scale = Math.max(16, clients);
  const name = `bench_pgbench_${process.pid}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await runProgram(pgbench, ['-i', '-s', String(scale), '-q', url.href]);
    const run = ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), '-n'];
    const out = await runProgram(pgbench, [...run, url.href]);
    const tps = Number(
      /tps = ([\d.]+) \((?:without initial connection time|excluding connections)/.exec(out)?.[1],
    );
    if (!Number.isFinite(tps)) throw new Error(`no tps in its output: ${out.trim().slice(-300)}`);
    console.log(
      `  beside it, pgbench tpcb-like on the same cluster (-s ${scale} -c ${clients} -j 2 -T ${seconds}): ` +
        `${tps.toFixed(0)} tps; ${what} ÷ pgbench tps = ${(perSecond / tps).toFixed(2)}`,
    );
  } catch (error) {
    console.log(`  pgbench tpcb-like failed: ${error instanceof Error ? error.message : error}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}

let agent;

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
  for (let i = 0; i < 1200; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const r = await request(port, 'GET', '/v1/brands/dashboard');
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start within 120 s');
}

/**
 * `clients` concurrent loops until `total` requests were sent or `seconds` passed; latencies in ms.
 * `rowsOf` counts what an answer carried (CSV rows) for a rows/s figure.
 */
async function drive(
  port,
  path,
  headers,
  { total = Infinity, seconds = Infinity, clients, rowsOf, method = 'GET', body },
) {
  const latencies = [];
  let sent = 0;
  let failed = 0;
  let rows = 0;
  const began = process.hrtime.bigint();
  const deadline = Number.isFinite(seconds) ? began + BigInt(Math.round(seconds * 1e9)) : undefined;
  const loop = async () => {
    while (sent < total && (deadline === undefined || process.hrtime.bigint() < deadline)) {
      sent++;
      const started = process.hrtime.bigint();
      const r = await request(port, method, path, headers, body);
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (r.status !== 200) failed++;
      else if (rowsOf) rows += rowsOf(r.body);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    failed,
    rowsPerSecond: rows / elapsed,
  };
}

/** Thrown to end the run early (a scenario run alone), not a failure. */
class Done extends Error {}

/**
 * Scenario 6: EVENT_STREAMS open event streams, internal transfers made meanwhile by 4 clients; counts
 * the events every stream receives.
 */
async function eventsScenario(port, auth, where) {
  const streams = [];
  let delivered = 0;
  /** The distinct events raised meanwhile (as every stream receives every one). */
  const raised = new Set();
  /** Per transfer (by its id): how many deliveries of its own events arrived, and when the last did. */
  const arrivals = new Map();
  const open = () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/v1/events',
          headers: { ...auth, accept: 'text/event-stream' },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`GET /v1/events answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk) => {
            buffer += chunk;
            let at;
            while ((at = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, at);
              buffer = buffer.slice(at + 2);
              if (/^event: ready/m.test(block)) resolve();
              const data = /^data: (.*)$/m.exec(block);
              if (!data || /^event: /m.test(block)) continue;
              delivered++;
              const event = JSON.parse(data[1]);
              raised.add(event.id);
              if (event.type === 'internal-transfers.updated' && event.entityId) {
                const seen = arrivals.get(event.entityId) ?? { count: 0, last: 0 };
                seen.count++;
                seen.last = performance.now();
                arrivals.set(event.entityId, seen);
              }
            }
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', reject);
      req.end();
      streams.push(req);
    });
  try {
    /** Per transfer (by its id): when its request was sent. */
    const sentAt = new Map();
    let transfers = 0;
    let failed = 0;
    let n = 0;
    /** 4 clients making transfers for SECONDS; answers how many were made. */
    const makeTransfers = async () => {
      let made = 0;
      const deadline = performance.now() + SECONDS * 1000;
      const loop = async () => {
        while (performance.now() < deadline) {
          const from = n++ % 2 === 0 ? 1 : 2;
          const sent = performance.now();
          const r = await request(
            port,
            'POST',
            '/v1/payment/internal-transfers',
            { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
            JSON.stringify({ fromBusinessId: from, toBusinessId: 3 - from, currency: 'EUR', amount: '0.01' }),
          );
          if (r.status !== 201) {
            failed++;
            continue;
          }
          made++;
          sentAt.set(String(JSON.parse(r.body).transfer.id), sent);
        }
      };
      await Promise.all(Array.from({ length: 4 }, loop));
      return made;
    };
    // The baseline, in the same run: the same transfers with no stream open.
    const baseline = await makeTransfers();
    for (let i = 0; i < EVENT_STREAMS; i += 10) await Promise.all(Array.from({ length: 10 }, open));
    sentAt.clear();
    const began = performance.now();
    transfers = await makeTransfers();
    // Every event raised reaches every stream (or 10 s pass).
    const waitUntil = performance.now() + 10_000;
    while (delivered < raised.size * EVENT_STREAMS && performance.now() < waitUntil)
      await new Promise((r) => setTimeout(r, 20));
    const expected = raised.size * EVENT_STREAMS;
    const lastArrival = Math.max(...[...arrivals.values()].map((a) => a.last), began);
    const elapsed = (lastArrival - began) / 1000;
    // From the request's sending: the events can reach every stream before the answer reaches its
    // client, so timing from the answer measured the client's own reading order.
    const lags = [...sentAt]
      .map(([id, at]) => (arrivals.get(id)?.count >= 2 * EVENT_STREAMS ? arrivals.get(id).last - at : NaN))
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
    const pct = (q) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? NaN;
    console.log(
      `\nLive events, ${where}: ${EVENT_STREAMS} open streams, 4 clients making internal transfers for ${SECONDS} s\n` +
        `  ${transfers} transfers (${(transfers / SECONDS).toFixed(1)}/s; with no stream open ${(baseline / SECONDS).toFixed(1)}/s${failed ? `; ${failed} not 201` : ''}), ` +
        `${raised.size} events raised (${(raised.size / elapsed).toFixed(0)}/s); ` +
        `${delivered.toLocaleString('en')} of ${expected.toLocaleString('en')} deliveries ` +
        `(${Math.round(delivered / elapsed).toLocaleString('en')} events delivered/s over the streams); ` +
        `transfer sent → its events on all ${EVENT_STREAMS} streams: p50 ${pct(0.5).toFixed(1)} ms, ` +
        `p99 ${pct(0.99).toFixed(1)} ms; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    if (failed || delivered < expected) exitCode = 1;
  } finally {
    for (const req of streams) req.destroy();
  }
}

/**
 * Scenario 9's receiver: keeps, per delivery, its webhook-id, when its 2xx was sent (wall clock) and
 * the body's createdAt; verifies each with standardwebhooks. `hold()` keeps answers back until
 * `release()`.
 */
async function startCallbackReceiver() {
  const deliveries = [];
  let failures = 0;
  let held = undefined;
  let secret;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = () => {
        let payload;
        try {
          payload = new Webhook(secret).verify(body, req.headers);
        } catch {
          failures++;
          res.writeHead(400).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        deliveries.push({
          id: req.headers['webhook-id'],
          at: Date.now(),
          createdAt: Date.parse(payload.createdAt),
        });
      };
      if (req.url === '/bench/plain') return void res.writeHead(200).end('{"ok":true}');
      if (held) held.push(answer);
      else answer();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    port,
    address: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/bench/approvals`,
    deliveries,
    get failures() {
      return failures;
    },
    set secret(value) {
      secret = value;
    },
    hold: () => void (held = []),
    release: () => {
      const answers = held ?? [];
      held = undefined;
      for (const answer of answers) answer();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Before the server starts: business 1's approval URL is the receiver's; answers its signing secret. */
async function pointAtReceiver({ databaseUrl, dataDir }, url) {
  const sql = [
    "UPDATE callbacks SET status = 'FAILED', next_attempt_at = NULL WHERE status IN ('PENDING', 'RETRYING')",
    'UPDATE businesses SET withdrawal_approval_callback_url = $1 WHERE id = 1',
    'SELECT secret FROM callback_secrets WHERE business_id = 1 ORDER BY created_at DESC, id DESC LIMIT 1',
  ];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql[0]);
      await client.query(sql[1], [url]);
      return (await client.query(sql[2])).rows[0].secret;
    } finally {
      await client.end();
    }
  }
  const { openPglite } = await tsImport('../server/db/client.ts', import.meta.url);
  const db = await openPglite(dataDir);
  try {
    await db.query(sql[0]);
    await db.query(sql[1], [url]);
    return (await db.query(sql[2])).rows[0].secret;
  } finally {
    await db.close();
  }
}

/** Scenario 9: callbacks delivered to a local receiver, healthy and from a backlog. */
async function callbacksScenario(port, auth, where) {
  const pct = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? NaN;
  const destinations = await request(port, 'GET', '/v1/withdrawals/destinations', auth);
  const btc =
    destinations.status === 200
      ? JSON.parse(destinations.body).destinations.find((d) => d.currency === 'BTC' && d.network === 'MAIN')
      : undefined;
  if (!btc) {
    console.log(
      `\nCallbacks, ${where}: skipped (GET /v1/withdrawals/destinations answers ${destinations.status})`,
    );
    return;
  }
  const body = JSON.stringify({
    businessId: BUSINESS,
    currency: 'BTC',
    network: 'MAIN',
    amount: '0.00000001',
    whitelistedAddressId: btc.id,
  });
  /** `clients` clients creating withdrawals for `seconds`: how many, and their answers' latencies. */
  const create = async (clients, seconds) => {
    const latencies = [];
    let failed = 0;
    const deadline = performance.now() + seconds * 1000;
    const loop = async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const r = await request(
          port,
          'POST',
          '/v1/withdrawals/crypto',
          { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body,
        );
        latencies.push(performance.now() - started);
        if (r.status !== 201) failed++;
      }
    };
    await Promise.all(Array.from({ length: clients }, loop));
    latencies.sort((a, b) => a - b);
    return { made: latencies.length - failed, failed, latencies };
  };
  const delivered = () => receiver.deliveries.length;
  const until = async (n, ms) => {
    const end = performance.now() + ms;
    while (delivered() < n && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
  };

  // The baseline: the receiver's own capacity at the worker's concurrency per destination.
  const plain = async (seconds) => {
    let n = 0;
    const deadline = performance.now() + seconds * 1000;
    const one = () =>
      new Promise((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: receiver.port, method: 'POST', path: '/bench/plain', agent: false },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const loop = async () => {
      while (performance.now() < deadline) {
        await one();
        n++;
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: 4 }, loop));
    return n / ((performance.now() - began) / 1000);
  };
  await plain(1);
  const capacity = await plain(3);

  // Healthy: delivered as they are made.
  await create(2, 2); // warm-up
  await until(delivered() + 1, 5000);
  const start = delivered();
  const began = performance.now();
  const healthy = await create(4, SECONDS);
  await until(start + healthy.made, 30_000);
  const window = (performance.now() - began) / 1000;
  const lags = receiver.deliveries
    .slice(start)
    .map((d) => d.at - d.createdAt)
    .sort((a, b) => a - b);

  // A backlog: the receiver holds its answers while it grows, then answers them all.
  receiver.hold();
  const backlogFrom = delivered();
  const backlog = await create(16, Math.min(SECONDS, 6));
  const opened = Date.now();
  receiver.release();
  await until(backlogFrom + backlog.made, 120_000);
  const last = receiver.deliveries.at(-1)?.at ?? Date.now();
  const drained = delivered() - backlogFrom;
  const drainSeconds = Math.max(0.001, (last - opened) / 1000);

  console.log(
    `\nCallbacks, ${where}: business 1's approval URL at a local receiver (standardwebhooks verifies each)\n` +
      `  healthy, 4 clients creating withdrawals for ${SECONDS} s: ${lags.length} of ${healthy.made} delivered ` +
      `(${(lags.length / window).toFixed(1)}/s); the change (its createdAt, before its commit) → the receiver's 2xx: ` +
      `p50 ${pct(lags, 0.5).toFixed(1)} ms, p99 ${pct(lags, 0.99).toFixed(1)} ms, max ${(lags.at(-1) ?? NaN).toFixed(1)} ms; ` +
      `beside the withdrawals' own answers: p50 ${pct(healthy.latencies, 0.5).toFixed(1)} ms, ` +
      `p99 ${pct(healthy.latencies, 0.99).toFixed(1)} ms\n` +
      `  backlog of ${backlog.made} (16 clients, receiver held): ${drained} delivered in ${drainSeconds.toFixed(2)} s ` +
      `after it answered (${(drained / drainSeconds).toFixed(0)} callbacks delivered/s), beside the baseline of ` +
      `this run: the receiver takes ${capacity.toFixed(0)} POSTs/s from a plain client (4 at once, a connection each)` +
      `${receiver.failures ? `; ${receiver.failures} did NOT verify` : ''}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  if (
    receiver.failures ||
    healthy.failed ||
    backlog.failed ||
    lags.length < healthy.made ||
    drained < backlog.made
  )
    exitCode = 1;
}

const givenUrl = option('database-url', '');
const givenDir = option('data-dir', '');
const bin = givenUrl || givenDir || flag('pglite') ? undefined : pgBin();
let cluster;
let dataDir;
let receiver;
let exitCode = 0;
let server;
try {
  const began = Date.now();
  let databaseUrl = givenUrl;
  if (!databaseUrl && bin) {
    cluster = await startCluster(bin);
    databaseUrl = cluster.url;
  }
  const onPostgres = Boolean(databaseUrl);
  const CLIENTS = Number(option('clients', onPostgres ? '32' : '8'));
  const PAYMENTS = Number(
    option(
      'payments',
      TRANSFERS_ONLY || WITHDRAWALS_ONLY || EVENTS_ONLY || CALLBACKS_ONLY
        ? '0'
        : onPostgres
          ? '1000000'
          : '200000',
    ),
  );

  // Up to PAYMENTS payments: a database given by URL or folder may hold them from an earlier run.
  console.log(
    `Seeding ${onPostgres ? (givenUrl ? 'PostgreSQL (--database-url)' : 'a throwaway PostgreSQL') : givenDir ? `PGlite in ${givenDir}` : 'a throwaway PGlite folder'} ` +
      `up to ${PAYMENTS.toLocaleString('en')} payments…`,
  );
  if (!onPostgres) dataDir = givenDir || mkdtempSync(join(tmpdir(), 'bench-api-'));
  const target = onPostgres ? ['--database-url', databaseUrl] : ['--data-dir', dataDir];
  const seedDay = (await seed([...target, '--up-to', String(PAYMENTS)])) ?? new Date();
  console.log(`Seeded in ${((Date.now() - began) / 1000).toFixed(0)} s`);

  // The callbacks scenario's receiver, business 1's approval URL before the server starts.
  receiver = await startCallbackReceiver();
  receiver.secret = await pointAtReceiver(onPostgres ? { databaseUrl } : { dataDir }, receiver.url);

  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      E2E_RESET: '',
      SEED_DEMO: '0',
      // The heavy-work scenario runs 15 exports and reports at once for one user.
      EXPORTS_MAX_PER_USER: '15',
      EXPORTS_MAX_GLOBAL: '15',
      // The events scenario holds 100 streams from this one address; no simulator moving rows meanwhile.
      MAX_CONNECTIONS_PER_IP: '0',
      SIMULATOR: 'off',
      CALLBACK_ALLOWED_ADDRESSES: receiver.address,
      ...(onPostgres ? { DATABASE_URL: databaseUrl, DATA_DIR: '' } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
    },
  });
  agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  await waitUntilUp(port, server);
  const login = await request(
    port,
    'POST',
    '/v1/auth/login',
    { 'content-type': 'application/json' },
    JSON.stringify({ email: EMAIL, password: PASSWORD }),
  );
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`);
  const auth = { authorization: `Web ${login.headers['x-identity-token']}` };

  const where = onPostgres ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${where}, ${CLIENTS} clients, ${PAYMENTS.toLocaleString('en')} scaled payments; ` +
      `fixed routes ${REQUESTS} requests (after ${WARMUP} warm-up), the others ${SECONDS} s each (after 2 s warm-up)\n`,
  );
  const header = `${'scenario'.padEnd(52)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'rows/s'.padStart(9)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const print = (name, r, note = '') => {
    const rows = r?.rowsPerSecond ? Math.round(r.rowsPerSecond).toLocaleString('en') : '';
    console.log(
      r
        ? `${name.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${rows.padStart(9)}` +
            `${r.failed ? `   ${r.failed} not 200` : ''}${note ? `   ${note}` : ''}`
        : `${name.padEnd(52)} ${note}`,
    );
    if (r?.failed) exitCode = 1;
  };

  const ALL = !LISTS_ONLY && !HEAVY_ONLY && !SEARCH_ONLY && !TRANSFERS_ONLY && !WITHDRAWALS_ONLY;
  if (CALLBACKS_ONLY || (ALL && !EVENTS_ONLY)) await callbacksScenario(port, auth, where);
  if (CALLBACKS_ONLY) throw new Done();
  if (EVENTS_ONLY || ALL) await eventsScenario(port, auth, where);
  if (EVENTS_ONLY) throw new Done();

  for (const [name, path, headers] of [
    ['GET /v1/currencies (token)', '/v1/currencies', auth],
    ['GET /v1/brands/dashboard (no database)', '/v1/brands/dashboard', {}],
  ]) {
    // --transfers-only keeps these two as the baseline of the same run.
    if (HEAVY_ONLY || SEARCH_ONLY) break;
    await drive(port, path, headers, { total: WARMUP, clients: CLIENTS });
    print(name, await drive(port, path, headers, { total: REQUESTS, clients: CLIENTS }));
  }

  // A withdrawal's creation (see the head of this file, 7): a fresh key per request, so each one moves.
  if (!LISTS_ONLY && !HEAVY_ONLY && !SEARCH_ONLY && !TRANSFERS_ONLY) {
    const name = 'POST /v1/withdrawals/crypto (create, hold)';
    const destinations = await request(port, 'GET', '/v1/withdrawals/destinations', auth);
    const btc =
      destinations.status === 200
        ? JSON.parse(destinations.body).destinations.find((d) => d.currency === 'BTC' && d.network === 'MAIN')
        : undefined;
    if (!btc)
      print(name, undefined, `skipped: GET /v1/withdrawals/destinations answers ${destinations.status}`);
    else {
      const body = JSON.stringify({
        businessId: BUSINESS,
        currency: 'BTC',
        network: 'MAIN',
        amount: '0.00000001',
        whitelistedAddressId: btc.id,
      });
      const run = async (seconds) => {
        const latencies = [];
        let failed = 0;
        const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
        const began = process.hrtime.bigint();
        const loop = async () => {
          while (process.hrtime.bigint() < deadline) {
            const headers = {
              ...auth,
              'content-type': 'application/json',
              'idempotency-key': globalThis.crypto.randomUUID(),
            };
            const started = process.hrtime.bigint();
            const r = await request(port, 'POST', '/v1/withdrawals/crypto', headers, body);
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            if (r.status !== 201) failed++;
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, loop));
        const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
        latencies.sort((a, b) => a - b);
        const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
        return {
          requests: latencies.length,
          rps: latencies.length / elapsed,
          p50: at(0.5),
          p99: at(0.99),
          failed,
          createdPerSecond: (latencies.length - failed) / elapsed,
        };
      };
      await run(2);
      const result = await run(SECONDS);
      print(name, result, `${result.requests - result.failed} created`);
      if (onPostgres)
        await pgbenchBeside(databaseUrl, CLIENTS, SECONDS, result.createdPerSecond, 'withdrawals created/s');
    }
  }

  const DAY = 86_400_000;
  const iso = (ms) => new Date(ms).toISOString();
  const monthFrom = iso(seedDay.getTime() - 90 * DAY);
  const monthTo = iso(seedDay.getTime() - 60 * DAY);
  const q = (params) => new URLSearchParams(params).toString();
  const csvRows = (body) => Math.max(0, body.split('\n').filter((line) => line !== '').length - 1);
  const scenarios = [
    ['payments, first page', `/v1/payments?${q({ businessId: BUSINESS, limit: 25 })}`],
    [
      'payments, page 200 (offset 4975)',
      `/v1/payments?${q({ businessId: BUSINESS, limit: 25, offset: 4975 })}`,
    ],
    [
      'payments, status + currency + 30 days',
      `/v1/payments?${q({ businessId: BUSINESS, status: 'PAID', depositCurrency: 'BTC', from: monthFrom, to: monthTo, limit: 25 })}`,
    ],
    ['GET /v1/balances', '/v1/balances'],
    [
      'payments CSV export, 30 days',
      `/v1/payments/export?${q({ format: 'csv', businessId: BUSINESS, from: monthFrom, to: monthTo })}`,
      csvRows,
    ],
    [
      'statistics histogram, one month',
      // The server's clock is the machine's: the last 30 days before now (an API client's window).
      `/v1/statistics/deposits/histogram?${q({ after: iso(Date.now() - 30 * DAY), groupByCriteria: 'DAY' })}`,
    ],
    [
      "statistics histogram, 30 UTC days (the dashboard's)",
      // The landing page's default period: 30 whole UTC days ending today (src/domain/statisticsPeriod.ts).
      `/v1/statistics/deposits/histogram?${q({ after: iso(Math.floor(Date.now() / DAY) * DAY - 29 * DAY), groupByCriteria: 'DAY' })}`,
    ],
    [
      'transaction ledger, one month of one business (CSV)',
      '/v1/reports/transaction-ledger',
      csvRows,
      {
        method: 'POST',
        // The 30 days before the seed day: the scaled payments' daily entries and the demo's activity.
        body: JSON.stringify({
          businessId: BUSINESS,
          from: iso(seedDay.getTime() - 30 * DAY).slice(0, 10),
          to: iso(seedDay.getTime() - DAY).slice(0, 10),
          format: 'csv',
        }),
        memory: true,
      },
    ],
  ];
  // The search scenarios (5): texts of a sample payment with a deposit (the scaled data's newest).
  {
    const sample = await request(port, 'GET', `/v1/payments?${q({ businessId: BUSINESS, limit: 25 })}`, auth);
    const payment =
      sample.status === 200 ? JSON.parse(sample.body).payments.find((p) => p.deposits.length > 0) : undefined;
    if (payment) {
      const hash = payment.deposits[0].txHash;
      const search = (text) => `/v1/search?${q({ q: text })}`;
      scenarios.push(
        ['search, an exact deposit hash', search(hash)],
        ['search, an exact order reference', search(payment.reference)],
        ["search, a reference prefix ('SC-1', many payments)", search('SC-1')],
        ['search, 12 characters inside a hash', search(hash.slice(20, 32))],
        ["search, a piece of a business name ('north')", search('north')],
      );
    } else console.log('search scenarios skipped: no payment with a deposit to search for');
  }
  /** The server's resident set now and at its peak (VmRSS, VmHWM), in MB; undefined off Linux. */
  const memoryOf = () => {
    try {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      const mb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
      return { rss: mb('VmRSS'), peak: mb('VmHWM') };
    } catch {
      return undefined;
    }
  };
  for (const [name, path, rowsOf, options = {}] of scenarios) {
    if (HEAVY_ONLY || TRANSFERS_ONLY || WITHDRAWALS_ONLY) break;
    // --search-only keeps the first page of payments as the baseline of the same run.
    if (SEARCH_ONLY && !name.startsWith('search') && name !== 'payments, first page') continue;
    if (LISTS_ONLY && name.startsWith('search')) continue;
    const { method = 'GET', body, memory } = options;
    const headers = body === undefined ? auth : { ...auth, 'content-type': 'application/json' };
    const probe = await request(port, method, path, headers, body);
    if (probe.status === 404) {
      print(name, undefined, `skipped: ${path.split('?')[0]} answers 404 (not built yet)`);
      continue;
    }
    if (probe.status !== 200) {
      print(name, undefined, `skipped: answers ${probe.status} ${probe.body.slice(0, 120)}`);
      exitCode = 1;
      continue;
    }
    let note = '';
    if (!rowsOf) {
      const body = JSON.parse(probe.body);
      const list = Object.values(body).find(Array.isArray);
      if (list)
        note = `${list.length} items${body.total === undefined ? '' : ` of ${body.total}${body.totalCapped ? '+' : ''}`}`;
    } else note = `${rowsOf(probe.body).toLocaleString('en')} rows per export`;
    await drive(port, path, headers, { seconds: 2, clients: CLIENTS, method, body });
    let resetPeak = false;
    if (memory) {
      try {
        writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // the peak (VmHWM) restarts from now
        resetPeak = true;
      } catch {
        // not Linux, or not allowed: the peak is since the server started
      }
    }
    const before = memory ? memoryOf() : undefined;
    const result = await drive(port, path, headers, {
      seconds: SECONDS,
      clients: CLIENTS,
      rowsOf,
      method,
      body,
    });
    const after = memory ? memoryOf() : undefined;
    if (after) {
      note +=
        `; server peak RSS ${after.peak.toFixed(0)} MB ${resetPeak ? 'during the run' : 'since start'}` +
        (before ? ` (${before.rss.toFixed(0)} MB before)` : '');
    }
    print(name, result, note);
  }

  // Internal transfers at TRANSFER_CLIENTS clients, with the balance check (see the head of this file, 6).
  if (!LISTS_ONLY && !HEAVY_ONLY && !SEARCH_ONLY && !WITHDRAWALS_ONLY) {
    const SOURCE = 7;
    const TARGETS = [2, 3, 4, 5, 6, 8];
    const AMOUNT = '0.01';
    const balanceOf = async (id) => {
      const r = await request(port, 'GET', `/v1/balances/${id}`, auth);
      if (r.status !== 200) throw new Error(`GET /v1/balances/${id} answered ${r.status}`);
      return new Big(JSON.parse(r.body).balances?.EUR?.amount ?? '0');
    };
    const targetsTotal = async () =>
      (await Promise.all(TARGETS.map(balanceOf))).reduce((a, b) => a.plus(b), Big(0));
    const transferAgent = new http.Agent({ keepAlive: true, maxSockets: TRANSFER_CLIENTS });
    const post = (to) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({
          fromBusinessId: SOURCE,
          toBusinessId: to,
          currency: 'EUR',
          amount: AMOUNT,
        });
        const headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/v1/payment/internal-transfers',
            headers,
            agent: transferAgent,
          },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const probe = await post(TARGETS[0]);
    if (probe.status === 404)
      console.log('internal transfers skipped: the route answers 404 (not built yet)');
    else if (probe.status !== 201) {
      console.log(`internal transfers skipped: answers ${probe.status} ${probe.body.slice(0, 120)}`);
      exitCode = 1;
    } else {
      const [sourceBefore, targetsBefore] = [await balanceOf(SOURCE), await targetsTotal()];
      const latencies = [];
      const statuses = new Map();
      let accepted = 0;
      let turn = 0;
      const began = process.hrtime.bigint();
      const deadline = began + BigInt(Math.round(SECONDS * 1e9));
      const loop = async () => {
        while (process.hrtime.bigint() < deadline) {
          const started = process.hrtime.bigint();
          const r = await post(TARGETS[turn++ % TARGETS.length]);
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status === 201) accepted++;
        }
      };
      await Promise.all(Array.from({ length: TRANSFER_CLIENTS }, loop));
      const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
      transferAgent.destroy();
      latencies.sort((a, b) => a - b);
      const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
      const [sourceAfter, targetsAfter] = [await balanceOf(SOURCE), await targetsTotal()];
      const moved = new Big(AMOUNT).times(accepted);
      const holds =
        sourceAfter.eq(sourceBefore.minus(moved)) &&
        targetsAfter.eq(targetsBefore.plus(moved)) &&
        sourceAfter.gte(0);
      if (!holds) exitCode = 1;
      console.log(
        `\nInternal transfers, ${TRANSFER_CLIENTS} clients, ${SECONDS} s, ${AMOUNT} EUR each from business ${SOURCE}:\n` +
          `  ${(accepted / elapsed).toFixed(0)} transfers/s accepted (${latencies.length} requests: ` +
          `${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}), ` +
          `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms\n` +
          `  balance check ${holds ? 'holds' : 'FAILS'}: source ${sourceBefore.toFixed()} → ${sourceAfter.toFixed()} ` +
          `(− ${moved.toFixed()} accepted), targets ${targetsBefore.toFixed()} → ${targetsAfter.toFixed()}; ` +
          `load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
      if (onPostgres)
        await pgbenchBeside(databaseUrl, TRANSFER_CLIENTS, SECONDS, accepted / elapsed, 'transfers/s');
    }
  }

  // Heavy work beside light requests (see the head of this file, 4).
  if (!LISTS_ONLY && !SEARCH_ONLY && !TRANSFERS_ONLY && !WITHDRAWALS_ONLY) {
    const year = {
      from: iso(seedDay.getTime() - 365 * DAY).slice(0, 10),
      to: iso(seedDay.getTime() - DAY).slice(0, 10),
      format: 'csv',
    };
    /** One heavy request on its own connection, its body counted as it comes: its status, rows and time. */
    const heavy = (method, path, body) =>
      new Promise((resolve) => {
        const started = Date.now();
        const headers = body === undefined ? auth : { ...auth, 'content-type': 'application/json' };
        const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
          let lines = 0;
          res.on('data', (chunk) => {
            for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode, rows: Math.max(0, lines - 1), ms: Date.now() - started }),
          );
          res.on('error', (error) =>
            resolve({ status: error.code ?? 'error', rows: lines, ms: Date.now() - started }),
          );
        });
        req.on('error', (error) =>
          resolve({ status: error.code ?? 'error', rows: 0, ms: Date.now() - started }),
        );
        req.end(body);
      });
    const work = [
      ...Array.from({ length: 5 }, () => heavy('GET', `/v1/payments/export?${q({ format: 'csv' })}`)),
      ...Array.from({ length: 10 }, () =>
        heavy('POST', '/v1/reports/transaction-ledger', JSON.stringify(year)),
      ),
    ];
    let done = false;
    const all = Promise.all(work).finally(() => (done = true));
    const lightFailures = [];
    /** Light requests to one path in a loop until the heavy work is done: their sorted latencies. */
    const light = async (path, latencies) => {
      while (!done) {
        const started = process.hrtime.bigint();
        const r = await request(port, 'GET', path, auth).catch((error) => ({ status: error.code }));
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (r.status !== 200) {
          lightFailures.push(r.status);
          exitCode = 1;
        }
      }
      return latencies.sort((a, b) => a - b);
    };
    const began = Date.now();
    // Two clients on GET /v1/currencies (a database read) and one on a route without the database.
    const currencies = [];
    const noDatabase = [];
    await Promise.all([
      all,
      light('/v1/currencies', currencies),
      light('/v1/currencies', currencies),
      light('/v1/brands/dashboard', noDatabase),
    ]);
    const results = await all;
    currencies.sort((a, b) => a - b);
    const at = (latencies, p) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    const figures = (latencies) =>
      `${latencies.length} requests, p50 ${at(latencies, 0.5).toFixed(1)} ms, ` +
      `p99 ${at(latencies, 0.99).toFixed(1)} ms, max ${at(latencies, 1).toFixed(1)} ms`;
    const statuses = results.map((r) => r.status);
    if (statuses.some((s) => s !== 200)) exitCode = 1;
    const exports = results.slice(0, 5);
    const ledgers = results.slice(5);
    const span = (list) => `${Math.min(...list.map((r) => r.ms))}–${Math.max(...list.map((r) => r.ms))} ms`;
    console.log(
      `\nGET /v1/currencies beside 5 whole-organisation payments exports and 10 year-long ledgers:\n` +
        `  ${((Date.now() - began) / 1000).toFixed(1)} s; GET /v1/currencies: ${figures(currencies)}; ` +
        `GET /v1/brands/dashboard (no database): ${figures(noDatabase)}\n` +
        `  exports: ${exports[0].rows.toLocaleString('en')} rows each, ${span(exports)}; ` +
        `ledgers: ${ledgers[0].rows.toLocaleString('en')} rows each, ${span(ledgers)}; ` +
        `statuses ${[...new Set(statuses)].join(', ')}` +
        (lightFailures.length ? `; currencies failures ${[...new Set(lightFailures)].join(', ')}` : '') +
        `; server ${server.exitCode === null ? 'up' : `exited ${server.exitCode}`}; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
  }
} catch (error) {
  if (!(error instanceof Done)) {
    console.error(error instanceof Error ? error.message : error);
    exitCode = 1;
  }
} finally {
  agent?.destroy();
  await receiver?.close();
  if (server) {
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
  }
  cluster?.stop();
  if (dataDir && !givenDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
