/**
 * Password and 2FA changes resist abuse with a stolen session (issue 6, item 6): wrong old passwords
 * are throttled like logins (they share the account's and the IP's counters), switching 2FA off needs
 * a current code, and a check and its change are one step: two concurrent requests cannot both use one
 * code or one old password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { DEMO_PASSWORD, makeApp, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp(); // 5 failures per account, 20 per IP, within 15 minutes
});
afterAll(() => t.close());

const MINUTE = 60_000;
const changePassword = (token: string, oldPassword: string, newPassword: string, ip = '10.30.0.1') =>
  t.app.inject({
    method: 'PATCH',
    url: '/v1/users/password',
    remoteAddress: ip,
    headers: t.auth(token),
    payload: { oldPassword, newPassword },
  });
const twoFa = (token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/v1/users/two-fa', headers: t.auth(token), payload });

describe('PATCH /v1/users/password: wrong old passwords', () => {
  it('are throttled like logins: after the limit even the right one is a 429, and so is the login', async () => {
    const token = await t.token('support@example.com');
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(token, `Guess-pass-${i}`, 'Better-pass-2');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(ERROR_TEXTS.oldPasswordIncorrect);
    }
    const blocked = await changePassword(token, DEMO_PASSWORD, 'Better-pass-2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: ERROR_TEXTS.tooManyLoginAttempts });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    expect(blocked.headers['x-identity-token']).toBeUndefined();
    // One counter per account: the guesses through the session count against the login too.
    expect((await t.login('support@example.com', { ip: '10.30.9.9' })).statusCode).toBe(429);

    t.clock.advance(15 * MINUTE + 1000);
    const ok = await changePassword(token, DEMO_PASSWORD, 'Better-pass-2');
    expect(ok.statusCode).toBe(200);
    expect((await t.login('support@example.com', { password: 'Better-pass-2' })).statusCode).toBe(200);
  });

  it('sent in parallel, reach the check at most the limit of times', async () => {
    const token = await t.token('backoffice@example.com');
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        changePassword(token, `Guess-pass-${i}`, 'Better-pass-2', `10.31.${i}.1`),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(attempts.filter((r) => r.statusCode === 429)).toHaveLength(15);
    t.clock.advance(15 * MINUTE + 1000);
  });

  it('with one old password, two concurrent changes: one succeeds, the other is refused', async () => {
    const first = await t.token('manager@example.com');
    const second = await t.token('manager@example.com');
    const [a, b] = await Promise.all([
      changePassword(first, DEMO_PASSWORD, 'First-pass-1'),
      changePassword(second, DEMO_PASSWORD, 'Second-pass-2'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().message).toBe(ERROR_TEXTS.oldPasswordIncorrect);
    expect(refused.headers['x-identity-token']).toBeUndefined();
    const winner = a.statusCode === 200 ? 'First-pass-1' : 'Second-pass-2';
    expect((await t.login('manager@example.com', { password: winner })).statusCode).toBe(200);
  });
});

describe('PATCH /v1/users/two-fa: switching 2FA off', () => {
  /** A session of twofa@ (its login uses up the current step: the clock moves on after it). */
  async function twoFaSession() {
    const token = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    t.clock.advance(30_000);
    return token;
  }
  const isOn = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(token) })).json().enabled;

  it('needs a current code: the session alone, a wrong code or a used one are refused', async () => {
    const token = await twoFaSession();
    expect((await twoFa(token, { enabled: false })).statusCode).toBe(400);
    expect((await twoFa(token, { enabled: false, code: '' })).statusCode).toBe(400);
    expect((await twoFa(token, { enabled: false, code: twoFaCodeAt(t.clock.now(), 4) })).statusCode).toBe(
      401,
    );
    // The code of the login that made this session (one step back) is used.
    expect((await twoFa(token, { enabled: false, code: twoFaCodeAt(t.clock.now(), -1) })).statusCode).toBe(
      401,
    );
    expect(await isOn(token)).toBe(true);
  });

  it('with one code, two concurrent requests: one switches it off, the other is refused', async () => {
    const first = await twoFaSession();
    const second = await twoFaSession();
    const code = twoFaCodeAt(t.clock.now());
    const [a, b] = await Promise.all([
      twoFa(first, { enabled: false, code }),
      twoFa(second, { enabled: false, code }),
    ]);
    // The loser is refused: its code is used, or (when the winner committed first) its session revoked.
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    expect([ERROR_TEXTS.invalidTwoFaCode, ERROR_TEXTS.unauthorized]).toContain(
      (a.statusCode === 401 ? a : b).json().message,
    );
    // Put it back as seeded.
    await t.db.query("UPDATE users SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE email = 'twofa@example.com'");
  });
});
