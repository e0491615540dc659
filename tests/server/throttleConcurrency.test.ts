/**
 * The failure throttle holds under concurrency (issue 6, item 1): an attempt is reserved before the
 * password is checked, so of many parallel attempts at most the limit reach the check; the others, and
 * then the right password, answer 429. On PGlite and on PostgreSQL (test:server:pg), where the
 * reservation is serialised by an advisory lock per key across connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // The defaults: 5 failures per account, 20 per IP, within 15 minutes.
  t = await makeApp();
});
afterAll(() => t.close());

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe('the login throttle under concurrency', () => {
  it('lets at most the limit of 50 parallel wrong passwords reach the check; the rest and the right password get 429', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.login('manager@example.com', { password: `Wrong-pass-${i}`, ip: `10.20.${i}.1` }),
      ),
    );
    expect(statuses(attempts)).toEqual({ 401: 5, 429: 45 });
    for (const refused of attempts.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toEqual({ message: ERROR_TEXTS.tooManyLoginAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Locked: the right password from a fresh address gets no session.
    const right = await t.login('manager@example.com', { ip: '10.20.200.1' });
    expect(right.statusCode).toBe(429);
    expect(right.headers['x-identity-token']).toBeUndefined();
  });

  it('counts parallel attempts of one IP across accounts the same way', async () => {
    const ip = '10.21.0.1';
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.login(`nobody-${i}@example.com`, { password: 'Wrong-pass-1', ip }),
      ),
    );
    expect(statuses(attempts)).toEqual({ 401: 20, 429: 10 });
    expect((await t.login('support@example.com', { ip })).statusCode).toBe(429);
    expect((await t.login('support@example.com', { ip: '10.21.0.2' })).statusCode).toBe(200);
  });

  it('does not count a right password, nor a right password waiting for its 2FA code', async () => {
    const ip = '10.22.0.1';
    for (let i = 0; i < 11; i++) {
      expect((await t.login('backoffice@example.com', { ip })).statusCode).toBe(200);
      expect((await t.login('twofa@example.com', { ip })).json()).toEqual({
        message: ERROR_TEXTS.invalidTwoFaCode,
      });
    }
    expect((await t.login('viewer@example.com', { ip })).statusCode).toBe(200);
  });
});
