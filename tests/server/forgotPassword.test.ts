/**
 * Forgot password (issue 6, item 5): the same answer, and the same work on the response path, for known
 * and unknown accounts (the reset mail is issued after the answer), and a limit per account and per IP
 * with Retry-After, so reset mail cannot be flooded.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { tooManyRequestsText } from '../../server/http/errors';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ forgotPasswordMaxPerAccount: 3, forgotPasswordMaxPerIp: 10 });
});
afterAll(() => t.close());
afterEach(() => t.app.background.settled());

const MINUTE = 60_000;
const forgot = (email: string, ip = '10.40.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', remoteAddress: ip, payload: { email } });
const links = () => t.logs.filter((l) => l.includes('/reset-password#token=')).length;

describe('POST /v1/auth/forgot-password', () => {
  it('answers a known account before its mail is issued: a failing mail is invisible to the caller', async () => {
    // The reset link cannot be stored: before the fix, only a known account's request failed (a 500).
    await t.db.exec(`
      CREATE FUNCTION test_fail_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'mail failed (test)'; END $$;
      CREATE TRIGGER test_fail_reset BEFORE INSERT ON password_resets
        FOR EACH ROW EXECUTE FUNCTION test_fail_reset();
    `);
    try {
      const known = await forgot('viewer@example.com', '10.40.1.1');
      const unknown = await forgot('nobody@example.com', '10.40.1.2');
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: ERROR_TEXTS.forgotPasswordAccepted });
      await t.app.background.settled();
      expect(t.logs.some((l) => l.includes('background task failed: password reset mail'))).toBe(true);
      expect(t.logs.join('\n')).not.toContain('mail failed (test)\n');
    } finally {
      await t.db.exec(`
        DROP TRIGGER IF EXISTS test_fail_reset ON password_resets;
        DROP FUNCTION IF EXISTS test_fail_reset();
      `);
    }
  });

  it('limits requests per account, known or unknown alike, with Retry-After', async () => {
    for (const email of ['manager@example.com', 'ghost@example.com']) {
      const before = links();
      for (let i = 0; i < 3; i++) expect((await forgot(email, `10.41.${i}.1`)).statusCode).toBe(202);
      const limited = await forgot(email, '10.41.9.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe(String(15 * 60));
      expect(limited.json()).toEqual({ message: tooManyRequestsText(15 * 60) });
      await t.app.background.settled();
      expect(links() - before).toBe(email === 'ghost@example.com' ? 0 : 3);
    }
    // Another account is not affected.
    expect((await forgot('support@example.com', '10.41.8.1')).statusCode).toBe(202);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await forgot('manager@example.com', '10.41.0.1')).statusCode).toBe(202);
  });

  it('limits requests per IP across accounts', async () => {
    const ip = '10.42.0.1';
    for (let i = 0; i < 10; i++) expect((await forgot(`someone-${i}@example.com`, ip)).statusCode).toBe(202);
    const limited = await forgot('backoffice@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
    expect((await forgot('backoffice@example.com', '10.42.0.2')).statusCode).toBe(202);
  });

  it('limits parallel requests too', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => forgot('integrator@example.com', `10.43.${i}.1`)),
    );
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });
});
