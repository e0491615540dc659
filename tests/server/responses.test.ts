/**
 * Answers a client notices (issue 6, item 7, and the guard order): a body over 64 KB is a 413 with its
 * own text, a wrong method on a known path a 405 with Allow, the global 429 says when to retry (the
 * login keeps its text), malformed HTTP gets the `{ message }` shape, the login answer is never stored,
 * and a caller without a session (or the permission) gets 401 (403) whatever the input.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { SERVER_TEXTS, tooManyRequestsText } from '../../server/http/errors';
import { makeApp, type TestApp } from './helpers';
import { describeRoute, isApiRoute } from './routeRules';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ distDir: '/nonexistent-dist' });
});
afterAll(() => t.close());

const login = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('request bodies', () => {
  it('over 64 KB are a 413 with its own text, before they are parsed', async () => {
    const nested = `{"email":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
    const big = await login(nested);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: SERVER_TEXTS.bodyTooLarge });
    expect(big.headers['cache-control']).toBe('no-store');
    // Just under the limit: parsed and validated (the password is too long), not refused for size.
    const under = await login(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(60_000) }));
    expect(under.statusCode).toBe(400);
    expect(Object.keys(under.json().errors)).toEqual(['password']);
  });
});

describe('a known path asked with another method', () => {
  it('is a 405 in the error shape with the allowed methods; an unknown path stays a 404', async () => {
    for (const [method, url, allow] of [
      ['GET', '/v1/auth/login', 'POST'],
      ['DELETE', '/v1/auth/login', 'POST'],
      ['PUT', '/v1/roles/3', 'DELETE, GET, HEAD, PATCH'],
      ['POST', '/v1/currencies', 'GET, HEAD'],
      // /v1/users/:id matches too (its DELETE answers 400 for a non-numeric id).
      ['POST', '/v1/users/two-fa', 'DELETE, GET, HEAD, PATCH'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.json()).toEqual({ message: SERVER_TEXTS.methodNotAllowed });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/roles/3/extra' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nothing' })).statusCode).toBe(404);
  });
});

describe('the global rate limit', () => {
  it('says when to retry on every route but the login, which keeps the login text', async () => {
    const limited = await makeApp({ rateLimitPerMinute: 2 }, { db: t.db });
    try {
      for (const [method, url] of [
        ['GET', '/v1/currencies'],
        ['POST', '/v1/auth/forgot-password'],
      ] as const) {
        const send = () =>
          limited.app.inject({
            method,
            url,
            remoteAddress: '10.50.0.1',
            payload: method === 'POST' ? {} : undefined,
          });
        await send();
        await send();
        const response = await send();
        expect(response.statusCode, url).toBe(429);
        const wait = Number(response.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(response.json()).toEqual({ message: tooManyRequestsText(wait) });
        expect(response.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
      }
      const logins = [];
      for (let i = 0; i < 3; i++) logins.push(await limited.login('nobody@example.com', { ip: '10.50.0.2' }));
      expect(logins[2].statusCode).toBe(429);
      expect(logins[2].json()).toEqual({ message: ERROR_TEXTS.rateLimited });
    } finally {
      await limited.close();
    }
  });
});

describe('malformed HTTP', () => {
  /** Sends raw bytes to a listening server; resolves with what comes back before the socket closes. */
  async function raw(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      socket.write(request);
    });
  }

  it('gets the { message } error shape, on the wire and for an undecodable URL', async () => {
    const served = await makeApp({}, { db: t.db });
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const address = served.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      for (const request of [
        'NOT HTTP AT ALL\r\n\r\n',
        'GET /v1/currencies HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
        'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      ]) {
        const answer = await raw(port, request);
        const [head, body] = answer.split('\r\n\r\n');
        expect(head, request).toMatch(/^HTTP\/1\.1 400 /);
        expect(head.toLowerCase()).toContain('content-type: application/json');
        expect(JSON.parse(body)).toEqual({ message: SERVER_TEXTS.malformedRequest });
      }
    } finally {
      await served.close();
    }
    const badUrl = await t.app.inject({ method: 'GET', url: '/v1/roles/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ message: SERVER_TEXTS.malformedRequest });
    expect(badUrl.headers['cache-control']).toBe('no-store');
  });
});

describe('the login answer', () => {
  it('is never stored (Cache-Control: no-store)', async () => {
    const response = await t.login('admin@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('the access guard runs before input validation', () => {
  const invalid = {
    params: (url: string) => url.replace(/:\w+/g, 'not-an-id'),
    query: '?sortBy=no-such-field&unknown=1',
    body: { unknownField: '\u0000', enabled: 'maybe' },
  };

  it('answers 401 without a session on every guarded route, whatever the input', async () => {
    const guarded = t.app.routeTable.filter((r) => isApiRoute(r) && r.config.access?.kind !== 'public');
    expect(guarded.length).toBeGreaterThanOrEqual(8);
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: invalid.params(route.url) + invalid.query,
        ...(route.method === 'GET' ? {} : { payload: invalid.body }),
      });
      expect(response.statusCode, describeRoute(route)).toBe(401);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.unauthorized });
    }
  });

  it('answers 403 to a session without the permission, whatever the input', async () => {
    const viewer = await t.token('viewer@example.com'); // the "No access" role: GET_ORGANISATION only
    const byPermission = t.app.routeTable.filter(
      (r) =>
        isApiRoute(r) &&
        r.config.access?.kind === 'permission' &&
        r.config.access.permissions.some((p) => p !== 'GET_ORGANISATION'),
    );
    expect(byPermission.length).toBeGreaterThanOrEqual(2);
    for (const route of byPermission) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: invalid.params(route.url) + invalid.query,
        headers: t.auth(viewer),
        ...(route.method === 'GET' ? {} : { payload: invalid.body }),
      });
      expect(response.statusCode, describeRoute(route)).toBe(403);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.forbidden });
    }
  });
});
