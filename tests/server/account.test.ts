import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { MESSAGES } from '../../src/domain/validation';
import { totpCode } from '../../server/auth/totp';
import { makeApp, twoFaCodeAt, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ corsOrigins: ['http://127.0.0.1:5173'] });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const currencies = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(token) });
const patch = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: t.auth(token), payload });

describe('two-factor setup: GET/PATCH /v1/users/two-fa', () => {
  it('enables 2FA with a code from the offered secret, rotates the token and revokes other sessions', async () => {
    const token = await t.token('manager@example.com');
    const other = await t.token('manager@example.com');

    const setup = await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(token) });
    expect(setup.statusCode).toBe(200);
    const { enabled, secret, otpauthUri } = setup.json();
    expect(enabled).toBe(false);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('issuer=Payments%20Local');
    expect(decodeURIComponent(otpauthUri)).toContain('manager@example.com');
    // The pending secret is reused until it is confirmed.
    const again = await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(token) });
    expect(again.json().secret).toBe(secret);

    // A wrong code: 401 with exactly the message the dashboard keeps the user logged in on.
    const wrongCode = totpCode(secret, t.clock.now() + 10 * 30_000);
    const refused = await patch('/v1/users/two-fa', token, { enabled: true, code: wrongCode });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect((await currencies(token)).statusCode).toBe(200);

    const ok = await patch('/v1/users/two-fa', token, {
      enabled: true,
      code: totpCode(secret, t.clock.now()),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ enabled: true });
    const rotated = String(ok.headers['x-identity-token']);
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await currencies(token)).statusCode).toBe(401);
    expect((await currencies(other)).statusCode).toBe(401);
    expect((await currencies(rotated)).statusCode).toBe(200);

    const state = await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(rotated) });
    expect(state.json()).toEqual({ enabled: true });

    // Login now needs the code.
    t.clock.advance(31_000);
    expect((await t.login('manager@example.com')).json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    const withCode = await t.login('manager@example.com', { twoFaCode: totpCode(secret, t.clock.now()) });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json().user.twoFaEnabled).toBe(true);
    const latest = String(withCode.headers['x-identity-token']);

    // Disabling needs a fresh code from the current secret (the one just used is a replay).
    const replay = await patch('/v1/users/two-fa', latest, {
      enabled: false,
      code: totpCode(secret, t.clock.now()),
    });
    expect(replay.statusCode).toBe(401);
    t.clock.advance(30_000);
    const off = await patch('/v1/users/two-fa', latest, {
      enabled: false,
      code: totpCode(secret, t.clock.now()),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await currencies(latest)).statusCode).toBe(401);
    expect((await t.login('manager@example.com')).statusCode).toBe(200);
  });

  it('refuses to disable the demo 2FA account with a wrong code, accepts the right one', async () => {
    t.clock.advance(31_000);
    const token = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    const bad = await patch('/v1/users/two-fa', token, {
      enabled: false,
      code: twoFaCodeAt(t.clock.now(), 3),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    const get = await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(token) });
    expect(get.json()).toEqual({ enabled: true });
    t.clock.advance(30_000);
    const ok = await patch('/v1/users/two-fa', token, { enabled: false, code: twoFaCodeAt(t.clock.now()) });
    expect(ok.statusCode).toBe(200);
    // Put it back as seeded for the other tests.
    await t.db.query("UPDATE users SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE email = 'twofa@example.com'");
  });

  it('answers 400 for a code that is not 6 digits', async () => {
    const token = await t.token('backoffice@example.com');
    const response = await patch('/v1/users/two-fa', token, { enabled: true, code: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: ERROR_TEXTS.validation,
      errors: { code: MESSAGES.twoFaDigits },
    });
  });
});

describe('PATCH /v1/users/password', () => {
  it('refuses a wrong old password and a weak new one with field errors', async () => {
    const token = await t.token('support@example.com');
    const wrongOld = await patch('/v1/users/password', token, {
      oldPassword: 'Nope-pass-1',
      newPassword: 'Better-pass-2',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual({
      message: ERROR_TEXTS.oldPasswordIncorrect,
      errors: { oldPassword: ERROR_TEXTS.oldPasswordIncorrect },
    });
    const weak = await patch('/v1/users/password', token, {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'lowercase1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      message: ERROR_TEXTS.validation,
      errors: { newPassword: MESSAGES.passwordCase },
    });
    const short = await patch('/v1/users/password', token, {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'Ab1',
    });
    expect(short.json().errors).toEqual({ newPassword: MESSAGES.passwordLength });
    const missing = await patch('/v1/users/password', token, { oldPassword: DEMO_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ newPassword: MESSAGES.newPasswordRequired });
    // Nothing changed.
    expect((await t.login('support@example.com')).statusCode).toBe(200);
  });

  it('changes the password, rotates the token and revokes the other sessions', async () => {
    const token = await t.token('integrator@example.com');
    const other = await t.token('integrator@example.com');
    const ok = await patch('/v1/users/password', token, {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'Brand-new-pass-7',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    const rotated = String(ok.headers['x-identity-token']);
    expect((await currencies(token)).statusCode).toBe(401);
    expect((await currencies(other)).statusCode).toBe(401);
    expect((await currencies(rotated)).statusCode).toBe(200);
    expect((await t.login('integrator@example.com')).statusCode).toBe(401);
    expect((await t.login('integrator@example.com', { password: 'Brand-new-pass-7' })).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  /** The request, then the reset mail, which is sent after the answer. */
  const forgot = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email },
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    await t.app.background.settled();
    return response;
  };
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword } });
  /** The demo's mail: the one log line with the reset link. */
  const lastLink = () => {
    const lines = t.logs.filter((l) => l.includes('/reset-password#token='));
    const match = /(http:\/\/[^\s"]+)\/reset-password#token=([A-Za-z0-9_-]+)/.exec(lines.at(-1) ?? '');
    return { count: lines.length, origin: match?.[1], token: match?.[2] ?? '' };
  };

  it('gives the same answer for known and unknown emails, and logs one link only for the known one', async () => {
    const before = lastLink().count;
    const known = await forgot('Viewer@Example.com');
    expect(lastLink().count).toBe(before + 1);
    const unknown = await forgot('nobody@example.com');
    expect(lastLink().count).toBe(before + 1);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: ERROR_TEXTS.forgotPasswordAccepted });
    expect(lastLink().origin).toBe('http://127.0.0.1:5173');
  });

  it('answers 400 for an invalid email address', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: ERROR_TEXTS.validation,
      errors: { email: MESSAGES.emailInvalid },
    });
  });

  it('resets with a single-use token and revokes every session of the user', async () => {
    const session = await t.token('viewer@example.com');
    await forgot('viewer@example.com');
    const { token } = lastLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toBe(MESSAGES.passwordCase);

    const ok = await reset(token, 'Reset-pass-9');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    expect((await currencies(session)).statusCode).toBe(401);
    expect((await t.login('viewer@example.com', { password: 'Reset-pass-9' })).statusCode).toBe(200);
    expect((await t.login('viewer@example.com')).statusCode).toBe(401);

    const again = await reset(token, 'Another-pass-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ERROR_TEXTS.resetTokenInvalid });
  });

  it('refuses an expired token and an unknown one', async () => {
    await forgot('backoffice@example.com');
    const { token } = lastLink();
    t.clock.advance(30 * MINUTE);
    const expired = await reset(token, 'Late-pass-1');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: ERROR_TEXTS.resetTokenInvalid });
    expect((await reset('x'.repeat(43), 'Late-pass-1')).json()).toEqual({
      message: ERROR_TEXTS.resetTokenInvalid,
    });
    expect((await t.login('backoffice@example.com')).statusCode).toBe(200);
  });

  it('accepts a token just before it expires', async () => {
    await forgot('backoffice@example.com');
    const { token } = lastLink();
    t.clock.advance(29 * MINUTE);
    expect((await reset(token, 'InTime-pass-1')).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain passwords, Authorization headers or session tokens', async () => {
    const token = await t.token('admin@example.com');
    await currencies(token);
    const all = t.logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toContain('Brand-new-pass-7');
    expect(all).not.toContain(token);
    expect(all.toLowerCase()).not.toContain('authorization');
  });
});
