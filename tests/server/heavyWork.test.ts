/**
 * Heavy work never stalls the server: while a big export streams to a client that does not read, other
 * requests are answered; exports and reports are bounded per user and per instance (429 with
 * Retry-After beyond), their slots come back when the response finishes or the client goes away; an
 * export is cut at the row cap and says so in its headers, decided before the file starts.
 *
 * Real HTTP (a listening app) where a client must hold a response open; inject elsewhere.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { heavyWorkOf, HEAVY_RETRY_AFTER_SECONDS } from '../../server/lib/heavyWork';
import { makeApp, makeDb, type TestApp } from './helpers';
import { BULK, FIXTURE, insertTransactionFixtures } from './transactionFixtures';
import type { Db } from '../../server/db/client';

/** Far more than a socket's buffers hold (about 12 MB of CSV): a client that does not read holds it. */
const BULK_ROWS = 60_000;
const WAIT = { timeout: 20_000, interval: 20 };

let db: Db;
let t: TestApp;
let base: string;
const tokens: Record<string, string> = {};
const open: http.ClientRequest[] = [];

beforeAll(async () => {
  db = await makeDb();
  await insertTransactionFixtures(db, { bulkPayments: BULK_ROWS });
  t = await makeApp({}, { db });
  for (const who of ['admin', 'manager', 'support']) tokens[who] = await t.token(`${who}@example.com`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  for (const request of open) request.destroy();
  await t?.close();
  await db?.close();
});

interface Held {
  request: http.ClientRequest;
  status: number;
  headers: http.IncomingHttpHeaders;
  ended: () => boolean;
}

/**
 * Starts a request over real HTTP and stops reading after the first chunk of its body (or at once when
 * the answer is not a 200): the server cannot finish a big file until the client reads again.
 */
function hold(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Held> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const request = http.request(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Web ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
    });
    open.push(request);
    request.on('error', () => undefined); // destroyed on purpose
    request.on('response', (response) => {
      let ended = false;
      response.on('end', () => (ended = true));
      response.on('error', () => undefined);
      const held = {
        request,
        status: response.statusCode ?? 0,
        headers: response.headers,
        ended: () => ended,
      };
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(held);
      }
      response.once('data', () => {
        response.pause();
        resolve(held);
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

const bulkExport = `/v1/payments/export?format=csv&businessId=${BULK}`;
const limiter = () => heavyWorkOf(t.app.ctx);

describe('a big export to a client that does not read', () => {
  it('leaves the server answering other requests, and gives its slot back when the client goes away', async () => {
    const held = await hold(bulkExport, tokens.manager);
    expect(held.status).toBe(200);
    expect(limiter().inUse()).toBe(1);

    const currencies = await t.app.inject({
      method: 'GET',
      url: '/v1/currencies',
      headers: t.auth(tokens.manager),
    });
    expect(currencies.statusCode).toBe(200);
    // The export is still under way: the client has not had it all and the server holds its slot.
    expect(held.ended()).toBe(false);
    expect(limiter().inUse()).toBe(1);

    held.request.destroy();
    await vi.waitFor(() => expect(limiter().inUse()).toBe(0), WAIT);
  });

  it('gives the slot back when the response has finished', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/payments/export?format=csv&businessId=${FIXTURE}`,
      headers: t.auth(tokens.manager),
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(limiter().inUse()).toBe(0), WAIT);
  });
});

describe('the limits on exports and reports under way', () => {
  it('answers 429 with Retry-After beyond the per-user limit; other users go on', async () => {
    const first = await hold(bulkExport, tokens.manager);
    const second = await hold(bulkExport, tokens.manager);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(limiter().inUse()).toBe(2);

    const third = await t.app.inject({ method: 'GET', url: bulkExport, headers: t.auth(tokens.manager) });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe(String(HEAVY_RETRY_AFTER_SECONDS));
    expect(third.json()).toEqual({ message: expect.stringMatching(/Try again in \d+ seconds/) });
    // A report counts too.
    const report = await t.app.inject({
      method: 'POST',
      url: '/v1/reports/transaction-ledger',
      headers: t.auth(tokens.manager),
      payload: { from: '2026-02-01', to: '2026-02-28', format: 'csv' },
    });
    expect(report.statusCode).toBe(429);

    // Another user is not held by the manager's limit.
    const other = await t.app.inject({
      method: 'GET',
      url: `/v1/payments/export?format=csv&businessId=${FIXTURE}`,
      headers: t.auth(tokens.admin),
    });
    expect(other.statusCode).toBe(200);

    first.request.destroy();
    second.request.destroy();
    await vi.waitFor(() => expect(limiter().inUse()).toBe(0), WAIT);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/reports/transaction-ledger',
      headers: t.auth(tokens.manager),
      payload: { from: '2026-02-01', to: '2026-02-28', format: 'csv' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 429 beyond the instance-wide limit', async () => {
    const small = await makeApp({ heavyWorkPerUser: 2, heavyWorkGlobal: 2 }, { db });
    try {
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const saved = base;
      base = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
      try {
        const a = await hold(bulkExport, tokens.manager);
        const b = await hold(bulkExport, tokens.admin);
        expect([a.status, b.status]).toEqual([200, 200]);
        const refused = await hold(bulkExport, tokens.support);
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBe(String(HEAVY_RETRY_AFTER_SECONDS));
        a.request.destroy();
        await vi.waitFor(() => expect(heavyWorkOf(small.app.ctx).inUse()).toBe(1), WAIT);
        const admitted = await small.app.inject({
          method: 'GET',
          url: `/v1/payments/export?format=csv&businessId=${FIXTURE}`,
          headers: small.auth(tokens.support),
        });
        expect(admitted.statusCode).toBe(200);
        b.request.destroy();
        await vi.waitFor(() => expect(heavyWorkOf(small.app.ctx).inUse()).toBe(0), WAIT);
      } finally {
        base = saved;
      }
    } finally {
      await small.close();
    }
  });
});

describe('the row cap of an export', () => {
  const exportOf = async (app: TestApp, businessId: number) => {
    const response = await app.app.inject({
      method: 'GET',
      url: `/v1/payments/export?format=csv&businessId=${businessId}`,
      headers: { ...app.auth(tokens.manager), origin: 'http://127.0.0.1:5173' },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').filter(Boolean);
    return { response, rows: lines.length - 1 };
  };

  it('cuts the file at the cap and says so; a set within the cap is whole and says so', async () => {
    const whole = await exportOf(t, FIXTURE);
    const count = whole.rows;
    expect(count).toBeGreaterThan(2);
    expect(whole.response.headers['x-export-truncated']).toBe('false');
    expect(whole.response.headers['x-export-row-cap']).toBe('100000');
    // A browser may read both headers.
    expect(String(whole.response.headers['access-control-expose-headers'])).toMatch(
      /X-Export-Row-Cap.*X-Export-Truncated|X-Export-Truncated.*X-Export-Row-Cap/i,
    );

    for (const [cap, truncated, rows] of [
      [count, 'false', count],
      [count - 1, 'true', count - 1],
    ] as const) {
      const capped = await makeApp({ exportRowCap: cap }, { db });
      try {
        const result = await exportOf(capped, FIXTURE);
        expect(result.response.headers['x-export-truncated']).toBe(truncated);
        expect(result.response.headers['x-export-row-cap']).toBe(String(cap));
        expect(result.rows).toBe(rows);
      } finally {
        await capped.close();
      }
    }
  });

  it('cuts across keyset batches at exactly the cap', async () => {
    const capped = await makeApp({ exportRowCap: 1500 }, { db });
    try {
      const result = await exportOf(capped, BULK);
      expect(result.response.headers['x-export-truncated']).toBe('true');
      expect(result.rows).toBe(1500);
    } finally {
      await capped.close();
    }
  });
});
