/**
 * The demo merchant receiver (CALLBACK_DEMO_RECEIVER, docs/decisions.md 241): the demo data's callbacks
 * (seed version 6) are delivered by real HTTP requests to this server's own address and port, whatever
 * it listens on; the receiver verifies each signature with `standardwebhooks` and answers 200, but
 * Lumen Games' answers 500, so its callbacks retry and the one at the end of its schedule FAILs. A
 * request the receiver cannot verify is a 400; another host is not a demo merchant. With the setting
 * off, there is no receiver and a demo host is a host like any other. PGlite and PostgreSQL.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_MAX_ATTEMPTS } from '../../src/domain/callbacks';
import { FAILING_ANSWER, FAILING_BUSINESS_ID } from '../../server/db/seed/callbacks';
import { DEMO_FAILING_HOST } from '../../server/modules/callbacks/demoReceiver';
import { signatureHeaders } from '../../server/modules/callbacks/signing';
import { makeApp, makeClock, type TestApp } from './helpers';

let t: TestApp;
let port: number;

beforeAll(async () => {
  // The demo's callbacks are dated by today's seed: the clock is today's.
  t = await makeApp({ callbackDemoReceiver: true }, { clock: makeClock(Date.now()) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

interface Row {
  id: number;
  business_id: number;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
}
const rows = async () =>
  (
    await t.db.query<Row>(
      'SELECT id, business_id, status, attempts, last_status_code, last_error FROM callbacks ORDER BY id',
    )
  ).rows;

describe('the demo merchant receiver', () => {
  it('receives the demo callbacks for real: delivered, Lumen Games retrying and its last attempt FAILED', async () => {
    const seeded = await rows();
    const due = seeded.filter((r) => r.status === 'PENDING' || r.status === 'RETRYING');
    expect(due.length).toBeGreaterThan(10);
    const result = await t.app.callbacks.tick();
    expect(result.attempted).toBe(due.length);
    const after = await rows();
    const lumen = after.filter((r) => r.business_id === FAILING_BUSINESS_ID && r.status !== 'SKIPPED');
    const others = after.filter(
      (r) => r.business_id !== FAILING_BUSINESS_ID && due.some((d) => d.id === r.id),
    );
    expect(others.length).toBeGreaterThan(5);
    for (const r of others)
      expect(r, `callback ${r.id}`).toMatchObject({ status: 'DELIVERED', last_status_code: 200 });
    expect(lumen.map((r) => r.status).sort()).toEqual([
      'FAILED',
      ...Array(lumen.length - 1).fill('RETRYING'),
    ]);
    const failed = lumen.find((r) => r.status === 'FAILED')!;
    expect(failed).toMatchObject({ attempts: CALLBACK_MAX_ATTEMPTS, last_status_code: 500 });
    const attempts = await t.db.query<{ response_excerpt: string }>(
      'SELECT response_excerpt FROM callback_attempts WHERE callback_id = $1 ORDER BY attempt DESC LIMIT 1',
      [failed.id],
    );
    expect(attempts.rows[0].response_excerpt).toBe(FAILING_ANSWER);
    // The SKIPPED ones stay as they were: those businesses have no URL.
    expect(after.filter((r) => r.status === 'SKIPPED').length).toBe(
      seeded.filter((r) => r.status === 'SKIPPED').length,
    );
  });

  it('answers 200 to a request it verifies, 400 to one it cannot, 404 to another host', async () => {
    const { rows: secrets } = await t.db.query<{ secret: string }>(
      'SELECT secret FROM callback_secrets WHERE business_id = 1 ORDER BY created_at DESC, id DESC LIMIT 1',
    );
    const body = JSON.stringify({
      type: 'deposit.updated',
      id: 'msg_DemoReceiverTest0001',
      createdAt: '',
      data: {},
    });
    // As the worker sends it: to this server's address, the merchant's host as Host.
    const send = (host: string, headers: Record<string, string>) =>
      new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, method: 'POST', path: '/demo-merchant/callbacks/deposit-received' },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        for (const [name, value] of Object.entries({ 'content-type': 'application/json', host, ...headers }))
          req.setHeader(name, value);
        req.end(body);
      });
    const signed = signatureHeaders('msg_DemoReceiverTest0001', [secrets[0].secret], body);
    const ok = await send('northwind-coffee.example', { ...signed });
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ received: true, id: 'msg_DemoReceiverTest0001' });
    const forged = signatureHeaders(
      'msg_DemoReceiverTest0001',
      ['whsec_' + Buffer.alloc(24, 7).toString('base64')],
      body,
    );
    expect((await send('northwind-coffee.example', { ...forged })).status).toBe(400);
    expect((await send(DEMO_FAILING_HOST, { ...signed })).status).toBe(400); // Lumen's secret is another
    expect((await send('shop.example.com', { ...signed })).status).toBe(404);
  });
});

describe('without the demo receiver', () => {
  it('has no receiver, and a demo host is resolved like any other', async () => {
    const off = await makeApp(
      { callbackDemoReceiver: false },
      {
        db: t.db,
        callbacks: {
          callbackResolver: async (host) => {
            throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
          },
        },
      },
    );
    try {
      const response = await off.app.inject({
        method: 'POST',
        url: '/demo-merchant/callbacks/deposit-received',
        headers: { host: 'northwind-coffee.example', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
      await t.db.query(
        "UPDATE callbacks SET next_attempt_at = $1 WHERE status = 'RETRYING' AND business_id = $2",
        [new Date(off.clock.now()), FAILING_BUSINESS_ID],
      );
      const result = await off.app.callbacks.tick();
      expect(result.attempted).toBeGreaterThan(0);
      const { rows: errors } = await t.db.query<{ last_error: string }>(
        "SELECT DISTINCT last_error FROM callbacks WHERE business_id = $1 AND status = 'RETRYING'",
        [FAILING_BUSINESS_ID],
      );
      expect(errors).toEqual([{ last_error: 'refused: host not found' }]);
    } finally {
      await off.app.close();
    }
  });
});
