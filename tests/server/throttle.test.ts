import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { tooManyRequestsText } from '../../server/http/errors';
import { makeApp, type TestApp } from './helpers';

const ORIGIN = 'http://127.0.0.1:5173';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ loginMaxFailuresPerAccount: 3, loginMaxFailuresPerIp: 5, loginWindowMinutes: 15 });
});
afterAll(() => t.close());

const wrong = (email: string, ip: string) => t.login(email, { password: 'Wrong-pass-1', ip, origin: ORIGIN });

describe('failed-login throttling', () => {
  it('blocks an account after LOGIN_MAX_FAILURES_PER_ACCOUNT failures, even with the right password and from another IP', async () => {
    for (let i = 0; i < 3; i++)
      expect((await wrong('manager@example.com', `10.2.0.${i}`)).statusCode).toBe(401);
    t.clock.advance(2 * MINUTE);
    const blocked = await t.login('manager@example.com', { ip: '10.2.1.1', origin: ORIGIN });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: ERROR_TEXTS.tooManyLoginAttempts });
    expect(blocked.headers['retry-after']).toBe(String(13 * 60));
    expect(blocked.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(blocked.headers['access-control-expose-headers'])).toContain('Retry-After');
    expect(blocked.headers['x-identity-token']).toBeUndefined();

    // Other accounts are not affected.
    expect((await t.login('support@example.com', { ip: '10.2.1.2' })).statusCode).toBe(200);

    // Once the window has passed, the right password works again.
    t.clock.advance(13 * MINUTE);
    expect((await t.login('manager@example.com', { ip: '10.2.1.1' })).statusCode).toBe(200);
  });

  it('counts unknown emails against the account key too', async () => {
    for (let i = 0; i < 3; i++)
      expect((await wrong('ghost@example.com', `10.3.0.${i}`)).statusCode).toBe(401);
    const blocked = await wrong('ghost@example.com', '10.3.1.1');
    expect(blocked.statusCode).toBe(429);
  });

  it('blocks an IP after LOGIN_MAX_FAILURES_PER_IP failures across accounts', async () => {
    const ip = '10.4.0.1';
    const emails = ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com', 'a5@example.com'];
    for (const email of emails) expect((await wrong(email, ip)).statusCode).toBe(401);
    const blocked = await t.login('backoffice@example.com', { ip, origin: ORIGIN });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: ERROR_TEXTS.tooManyLoginAttempts });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    expect(blocked.headers['access-control-allow-origin']).toBe(ORIGIN);
    // The same account from another address is fine.
    expect((await t.login('backoffice@example.com', { ip: '10.4.0.2' })).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await t.login('backoffice@example.com', { ip })).statusCode).toBe(200);
  });

  it('a successful login clears the account counter', async () => {
    for (let i = 0; i < 2; i++) await wrong('viewer@example.com', `10.5.0.${i}`);
    expect((await t.login('viewer@example.com', { ip: '10.5.1.0' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await wrong('viewer@example.com', `10.5.2.${i}`);
    expect((await t.login('viewer@example.com', { ip: '10.5.3.0' })).statusCode).toBe(200);
  });
});

describe('global rate limit (@fastify/rate-limit)', () => {
  it('answers 429 with the JSON error, Retry-After and CORS headers', async () => {
    const limited = await makeApp({ rateLimitPerMinute: 3 }, { db: t.db });
    try {
      const get = () =>
        limited.app.inject({
          method: 'GET',
          url: '/v1/brands/dashboard',
          remoteAddress: '10.9.0.1',
          headers: { origin: ORIGIN },
        });
      for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
      const response = await get();
      expect(response.statusCode).toBe(429);
      const wait = Number(response.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      // Not the login text on a route that is not the login (tests/server/responses.test.ts).
      expect(response.json()).toEqual({ message: tooManyRequestsText(wait) });
      expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    } finally {
      await limited.close();
    }
  });
});

describe('CORS', () => {
  it('answers the preflight for an allowed origin with the allowed headers', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/auth/login',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['authorization', 'content-type', 'x-2fa-code', 'idempotency-key'])
      expect(allowed).toContain(h);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('does not allow an unknown origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/brands/dashboard',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('puts the headers on error answers too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/currencies',
      headers: { origin: ORIGIN },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});
