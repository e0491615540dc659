/**
 * A password or 2FA change and the session rotation that goes with it (other sessions revoked, the
 * caller's token replaced) commit together or not at all: when the rotation fails, nothing changed.
 * The failure is made by a database trigger on the token update, so the test reaches the real code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/totp';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { DEMO_PASSWORD, makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

async function failTokenRotation() {
  await t.db.exec(`
    CREATE FUNCTION test_fail_rotation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'rotation failed (test)'; END $$;
    CREATE TRIGGER test_fail_rotation BEFORE UPDATE OF token_hash ON sessions
      FOR EACH ROW EXECUTE FUNCTION test_fail_rotation();
  `);
}
afterEach(async () => {
  await t.db.exec(`
    DROP TRIGGER IF EXISTS test_fail_rotation ON sessions;
    DROP FUNCTION IF EXISTS test_fail_rotation();
  `);
});

const currencies = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(token) });

describe('password change and session rotation are one transaction', () => {
  it('leaves the password and every session as they were when the rotation fails', async () => {
    const token = await t.token('backoffice@example.com');
    const other = await t.token('backoffice@example.com');
    await failTokenRotation();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/password',
      headers: t.auth(token),
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Changed-pass-2' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: ERROR_TEXTS.default });
    expect(response.headers['x-identity-token']).toBeUndefined();

    expect((await t.login('backoffice@example.com', { password: 'Changed-pass-2' })).statusCode).toBe(401);
    expect((await t.login('backoffice@example.com')).statusCode).toBe(200);
    // Neither the caller's session nor the other one was touched.
    expect((await currencies(token)).statusCode).toBe(200);
    expect((await currencies(other)).statusCode).toBe(200);
  });

  it('changes both once the rotation can succeed', async () => {
    const token = await t.token('backoffice@example.com');
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/password',
      headers: t.auth(token),
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Changed-pass-2' },
    });
    expect(response.statusCode).toBe(200);
    expect((await currencies(token)).statusCode).toBe(401);
    expect((await t.login('backoffice@example.com', { password: 'Changed-pass-2' })).statusCode).toBe(200);
  });
});

describe('2FA change and session rotation are one transaction', () => {
  it('leaves 2FA off (with the same pending secret) when the rotation fails', async () => {
    const token = await t.token('support@example.com');
    const setup = await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(token) });
    const { secret } = setup.json();
    await failTokenRotation();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/two-fa',
      headers: t.auth(token),
      payload: { enabled: true, code: totpCode(secret, t.clock.now()) },
    });
    expect(response.statusCode).toBe(500);

    const state = await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(token) });
    expect(state.json()).toMatchObject({ enabled: false, secret });
    // Login still needs no code.
    const login = await t.login('support@example.com');
    expect(login.statusCode).toBe(200);
    expect(login.json().user.twoFaEnabled).toBe(false);
  });

  it('leaves 2FA on when turning it off fails', async () => {
    const code = (steps = 0) => totpCode('JBSWY3DPEHPK3PXP', t.clock.now() + steps * 30_000);
    const token = await t.token('twofa@example.com', { twoFaCode: code() });
    t.clock.advance(30_000);
    await failTokenRotation();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/two-fa',
      headers: t.auth(token),
      payload: { enabled: false, code: code() },
    });
    expect(response.statusCode).toBe(500);
    const state = await t.app.inject({ method: 'GET', url: '/v1/users/two-fa', headers: t.auth(token) });
    expect(state.json()).toEqual({ enabled: true });
    t.clock.advance(30_000);
    expect((await t.login('twofa@example.com')).json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
  });
});
