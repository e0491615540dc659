import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { DEMO_ACCOUNTS, ORGANISATIONS } from '../../server/db/seed';
import { makeApp, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:5173';
const MINUTE = 60_000;
let ipCounter = 0;
/** A fresh client address per test, so the per-IP failure counter never leaks between tests. */
const freshIp = () => `10.1.0.${++ipCounter}`;

describe('POST /v1/auth/login', () => {
  const expected: Record<
    string,
    { role: string; permissions: readonly string[]; organisations: Record<string, string> }
  > = {
    'admin@example.com': {
      role: 'ADMIN',
      permissions: BUILT_IN_ROLE_PERMISSIONS.ADMIN,
      organisations: { '1': 'Aurora Payments', '2': 'Borealis Exchange', '3': 'Cobalt Remit' },
    },
    'manager@example.com': {
      role: 'MANAGER',
      permissions: BUILT_IN_ROLE_PERMISSIONS.MANAGER,
      organisations: { '1': 'Aurora Payments' },
    },
    'backoffice@example.com': {
      role: 'BACKOFFICE',
      permissions: BUILT_IN_ROLE_PERMISSIONS.BACKOFFICE,
      organisations: { '1': 'Aurora Payments' },
    },
    'support@example.com': {
      role: 'SUPPORT',
      permissions: BUILT_IN_ROLE_PERMISSIONS.SUPPORT,
      organisations: { '1': 'Aurora Payments' },
    },
    'integrator@example.com': {
      role: 'Integrator',
      // Version 1's role with the payments read of seed version 4.
      permissions: [
        'CREATE_API_CREDENTIALS',
        'DELETE_API_CREDENTIALS',
        'GET_API_CREDENTIALS',
        'GET_ORGANISATION',
        'GET_PAYMENT',
        'UPDATE_API_CREDENTIALS',
      ],
      organisations: { '1': 'Aurora Payments' },
    },
    'viewer@example.com': {
      role: 'No access',
      permissions: ['GET_ORGANISATION'],
      organisations: { '1': 'Aurora Payments' },
    },
    'twofa@example.com': {
      role: 'ADMIN',
      permissions: BUILT_IN_ROLE_PERMISSIONS.ADMIN,
      organisations: { '1': 'Aurora Payments' },
    },
  };

  it('covers the seven demo accounts', () => {
    expect(Object.keys(expected).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
  });

  it.each(Object.entries(expected))(
    'logs in %s with role, permissions, organisations and the token header',
    async (email, want) => {
      const twoFa = email === 'twofa@example.com';
      if (twoFa) t.clock.advance(31_000); // a fresh TOTP step for every use of the twofa account
      const response = await t.login(email, {
        origin: ORIGIN,
        ip: freshIp(),
        ...(twoFa ? { twoFaCode: Number(twoFaCodeAt(t.clock.now())) } : {}),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({ email, role: want.role, organisationId: 1, twoFaEnabled: twoFa });
      expect(body.user.permissions).toEqual([...want.permissions]);
      expect(body.user.permissions).toContain('GET_ORGANISATION');
      expect(body.organisations).toEqual(want.organisations);
      expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      const token = response.headers['x-identity-token'];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(String(response.headers['access-control-expose-headers'])).toContain('X-Identity-Token');
      // The token works.
      const me = await t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(String(token)) });
      expect(me.statusCode).toBe(200);
    },
  );

  it('scopes the session to the first organisation by name', async () => {
    const body = (await t.login('admin@example.com', { ip: freshIp() })).json();
    const first = [...ORGANISATIONS].sort((a, b) => a.name.localeCompare(b.name))[0];
    expect(body.user.organisationId).toBe(first.id);
  });

  it('gives unknown email and wrong password the identical status and body', async () => {
    const unknown = await t.login('nobody@example.com', { ip: freshIp() });
    const wrong = await t.login('manager@example.com', { password: 'Wrong-pass-1', ip: freshIp() });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ message: ERROR_TEXTS.invalidCredentials });
    expect(unknown.headers['x-identity-token']).toBeUndefined();
    expect(wrong.headers['x-identity-token']).toBeUndefined();
  });

  it('treats the email case-insensitively (and trims it)', async () => {
    const response = await t.login('  Manager@Example.COM ', { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('manager@example.com');
  });

  it('answers 400 with field messages for a missing password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: ERROR_TEXTS.validation,
      errors: { password: 'Password is required' },
    });
  });
});

describe('two-factor login (twofa@example.com)', () => {
  const login = (code?: number | string, password?: string) =>
    t.login('twofa@example.com', {
      ip: freshIp(),
      password,
      ...(code !== undefined ? { twoFaCode: code } : {}),
    });

  it('refuses a missing code with the exact message, only after the password is right', async () => {
    t.clock.advance(31_000);
    const missing = await login();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    const wrongPassword = await login(undefined, 'Wrong-pass-1');
    expect(wrongPassword.json()).toEqual({ message: ERROR_TEXTS.invalidCredentials });
  });

  it('accepts the current code and refuses it replayed', async () => {
    t.clock.advance(31_000);
    const code = twoFaCodeAt(t.clock.now());
    expect((await login(code)).statusCode).toBe(200);
    const replay = await login(code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
  });

  it('accepts a code one step behind and one step ahead', async () => {
    t.clock.advance(5 * 30_000);
    expect((await login(twoFaCodeAt(t.clock.now(), -1))).statusCode).toBe(200);
    t.clock.advance(5 * 30_000);
    expect((await login(twoFaCodeAt(t.clock.now(), 1))).statusCode).toBe(200);
  });

  it('refuses codes two steps away', async () => {
    t.clock.advance(5 * 30_000);
    const behind = await login(twoFaCodeAt(t.clock.now(), -2));
    const ahead = await login(twoFaCodeAt(t.clock.now(), 2));
    expect(behind.statusCode).toBe(401);
    expect(ahead.statusCode).toBe(401);
    expect(ahead.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    // The right code still works afterwards (the failures did not consume it).
    expect((await login(twoFaCodeAt(t.clock.now()))).statusCode).toBe(200);
  });

  it('accepts a code with a leading zero sent as a string of digits', async () => {
    // Find a step whose code starts with 0, then log in with it as "0xxxxx".
    let guard = 0;
    do {
      t.clock.advance(30_000);
    } while (!twoFaCodeAt(t.clock.now()).startsWith('0') && ++guard < 200);
    expect(twoFaCodeAt(t.clock.now()).startsWith('0')).toBe(true);
    expect((await login(twoFaCodeAt(t.clock.now()))).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses the old token after logout', async () => {
    const token = await t.token('backoffice@example.com', { ip: freshIp() });
    const logout = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: t.auth(token) });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: ERROR_TEXTS.unauthorized });
  });

  it('refuses requests without or with a malformed Authorization header', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer abc' },
      { authorization: 'Web not-a-token-at-all-but-long-enough' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/v1/currencies', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.unauthorized });
    }
  });

  it('switches organisation with a new token and revokes the old one', async () => {
    const token = await t.token('admin@example.com', { ip: freshIp() });
    const sw = await t.app.inject({ method: 'POST', url: '/v1/auth/login/2', headers: t.auth(token) });
    expect(sw.statusCode).toBe(200);
    const body = sw.json();
    expect(body.user.organisationId).toBe(2);
    expect(body.user.role).toBe('ADMIN');
    expect(Object.keys(body.organisations)).toEqual(['1', '2', '3']);
    const newToken = String(sw.headers['x-identity-token']);
    expect(newToken).not.toBe(token);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(token) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(newToken) })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for switching to an organisation the user is not in', async () => {
    const token = await t.token('manager@example.com', { ip: freshIp() });
    for (const orgId of [2, 999]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v1/auth/login/${orgId}`,
        headers: t.auth(token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.notFound });
    }
    // The session survives a refused switch.
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(token) })).statusCode,
    ).toBe(200);
  });

  it('expires a session left idle for SESSION_IDLE_MINUTES', async () => {
    const token = await t.token('support@example.com', { ip: freshIp() });
    const get = () => t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(token) });
    t.clock.advance(29 * MINUTE);
    expect((await get()).statusCode).toBe(200); // activity resets the idle timer
    t.clock.advance(29 * MINUTE);
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    const expired = await get();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: ERROR_TEXTS.unauthorized });
  });

  it('expires a session after SESSION_ABSOLUTE_HOURS however active', async () => {
    const token = await t.token('integrator@example.com', { ip: freshIp() });
    const get = () => t.app.inject({ method: 'GET', url: '/v1/currencies', headers: t.auth(token) });
    for (let elapsed = 0; elapsed < 11.5 * 60; elapsed += 20) {
      t.clock.advance(20 * MINUTE);
      expect((await get()).statusCode).toBe(200);
    }
    t.clock.advance(25 * MINUTE); // 12 h 5 min after login, only 25 min idle
    expect((await get()).statusCode).toBe(401);
  });

  it('keeps the absolute expiry across an organisation switch', async () => {
    const token = await t.token('admin@example.com', { ip: freshIp() });
    let current = token;
    for (let hour = 0; hour < 12; hour += 0.25) {
      t.clock.advance(15 * MINUTE);
      const sw = await t.app.inject({
        method: 'POST',
        url: `/v1/auth/login/${(hour * 4) % 2 === 0 ? 2 : 1}`,
        headers: t.auth(current),
      });
      if (sw.statusCode !== 200) {
        expect(hour).toBeGreaterThanOrEqual(11.75);
        return;
      }
      current = String(sw.headers['x-identity-token']);
    }
    throw new Error('the session outlived SESSION_ABSOLUTE_HOURS through switches');
  });
});
