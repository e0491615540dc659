/**
 * API keys (docs/decisions.md, 'API keys'): /v1/api-keys creates, lists, changes and revokes them, and
 * `Authorization: ApiKey <secret>` really reads the transaction lists and a business's balances —
 * its own business only, within its scopes, from its IP allow list, until it expires or is revoked
 * (seen by a second instance too). Creating, changing and revoking need the 2FA code when 2FA is on,
 * and a code that is not 6 digits is 400 whether 2FA is on or off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../src/domain/apiKeys';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { API_KEY_TEXTS } from '../../server/auth/apiKeys';
import { DEMO_API_KEY } from '../../server/db/seed';
import { widerScopesText } from '../../server/modules/apiKeys/routes';
import { makeApp, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let manager: string;

const IP = '10.0.0.1';

beforeAll(async () => {
  t = await makeApp();
  admin = await t.token('admin@example.com');
  manager = await t.token('manager@example.com');
});
afterAll(() => t.close());

async function create(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/api-keys',
    headers: { ...t.auth(token), ...headers },
    payload: body,
  });
}

async function newKey(body: Record<string, unknown> = {}) {
  const response = await create(admin, {
    name: 'Shop server',
    businessId: 1,
    scopes: ['GET_PAYMENT'],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { apiKey: { id: string; status: string }; secret: string };
}

const withKey = (secret: string, url: string, remoteAddress = IP) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `ApiKey ${secret}` }, remoteAddress });

const keyCount = async () =>
  Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM api_keys')).rows[0].n);

describe('creating a key', () => {
  it('answers the whole credential once and keeps only its hash', async () => {
    const { apiKey, secret } = await newKey();
    expect(secret).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(`${apiKey.id}.`)).toBe(true);
    expect(apiKey).toMatchObject({
      name: 'Shop server',
      businessId: 1,
      businessName: 'Northwind Coffee',
      scopes: ['GET_PAYMENT'],
      ipAllowList: [],
      expiresAt: null,
      createdBy: { id: 1, email: 'admin@example.com' },
      lastUsedAt: null,
      status: 'active',
    });
    const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [
      apiKey.id,
    ]);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(secret.split('.')[1]);
    const listed = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: t.auth(admin) });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret.split('.')[1]);
    expect(listed.json().apiKeys.map((k: { id: string }) => k.id)).toContain(apiKey.id);
    expect(t.logs.join('\n')).not.toContain(secret.split('.')[1]);
  });

  it('refuses bad fields with their messages and saves nothing', async () => {
    const before = await keyCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'Shop!' }, 'name', API_KEY_MESSAGES.keyNamePattern],
      [{ name: '  ' }, 'name', API_KEY_MESSAGES.keyNameRequired],
      [{ scopes: [] }, 'scopes', API_KEY_MESSAGES.scopesRequired],
      [{ ipAllowList: ['10.0.0.0/8', '300.1.1.1'] }, 'ipAllowList', API_KEY_MESSAGES.ipInvalid],
      [
        { expiresAt: new Date(t.clock.now() - 60_000).toISOString() },
        'expiresAt',
        API_KEY_MESSAGES.expiryPast,
      ],
      [{ businessId: 10 }, 'businessId', 'Select a business of the organisation'],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(admin, {
        name: 'Shop',
        businessId: 1,
        scopes: ['GET_PAYMENT'],
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    const unknownScope = await create(admin, { name: 'Shop', businessId: 1, scopes: ['MANAGE_ROLES'] });
    expect(unknownScope.statusCode).toBe(400);
    expect(await keyCount()).toBe(before);
  });

  it('refuses scopes wider than the creator holds, naming them', async () => {
    const integrator = await t.token('integrator@example.com');
    const response = await create(integrator, {
      name: 'Shop',
      businessId: 1,
      scopes: ['GET_PAYMENT', 'GET_WITHDRAWALS', 'GET_BALANCES'],
    });
    expect(response.statusCode).toBe(403);
    // The Integrator holds GET_PAYMENT (seed version 4), not the other two.
    expect(response.json().message).toBe(widerScopesText(['GET_WITHDRAWALS', 'GET_BALANCES']));
  });

  it('needs the 2FA code of a user with 2FA on, and takes each code once', async () => {
    const twofa = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    const body = { name: 'Two factor', businessId: 1, scopes: ['GET_PAYMENT'] };
    const missing = await create(twofa, body);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(ERROR_TEXTS.invalidTwoFaCode);
    t.clock.advance(30_000);
    const code = twoFaCodeAt(t.clock.now());
    expect((await create(twofa, body, { 'x-2fa-code': code })).statusCode).toBe(201);
    const reused = await create(twofa, body, { 'x-2fa-code': code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(ERROR_TEXTS.invalidTwoFaCode);
    // The session survives a wrong code.
    const me = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: t.auth(twofa) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses an X-2FA-Code that is not 6 digits (400), also from a user with 2FA off', async () => {
    const before = await keyCount();
    for (const code of ['12345', 'abcdef']) {
      const response = await create(
        admin,
        { name: 'Malformed code', businessId: 1, scopes: ['GET_PAYMENT'] },
        { 'x-2fa-code': code },
      );
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({
        message: ERROR_TEXTS.validation,
        errors: { 'X-2FA-Code': '2FA must be 6 digits' },
      });
    }
    expect(await keyCount()).toBe(before);
  });
});

describe('a key at work', () => {
  it('reads its own business’s payments and balances, and records its last use', async () => {
    const { apiKey, secret } = await newKey({ scopes: ['GET_PAYMENT', 'GET_BALANCES'] });
    const page = await withKey(secret, '/v1/payments?limit=100');
    expect(page.statusCode, page.body).toBe(200);
    const payments = page.json().payments as { businessId: number }[];
    expect(payments.length).toBeGreaterThan(0);
    expect(new Set(payments.map((p) => p.businessId))).toEqual(new Set([1]));
    expect((await withKey(secret, '/v1/payments?businessId=1')).statusCode).toBe(200);
    expect((await withKey(secret, '/v1/balances/1')).statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/api-keys/${apiKey.id}`,
      headers: t.auth(admin),
    });
    expect(read.json()).toMatchObject({ lastUsedIp: IP, lastUsedAt: new Date(t.clock.now()).toISOString() });
  });

  it('the published demo key reads Northwind Coffee’s payments', async () => {
    const page = await withKey(DEMO_API_KEY, '/v1/payments?limit=5');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().payments[0].businessId).toBe(1);
  });

  it('is refused another business, another scope and endpoints that take no keys', async () => {
    const { secret } = await newKey();
    const other = await withKey(secret, '/v1/payments?businessId=2');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(API_KEY_TEXTS.otherBusiness);
    expect((await withKey(secret, '/v1/balances/2')).statusCode).toBe(403);
    const scope = await withKey(secret, '/v1/withdrawals/crypto');
    expect(scope.statusCode).toBe(403);
    expect(scope.json().message).toBe(API_KEY_TEXTS.missingScopes(['GET_WITHDRAWALS']));
    for (const url of ['/v1/businesses', '/v1/api-keys', '/v1/balances', '/v1/payments/export?format=csv']) {
      const response = await withKey(secret, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(API_KEY_TEXTS.notAccepted);
    }
  });

  it('answers 401 for an unknown, malformed or wrong secret', async () => {
    const { apiKey, secret } = await newKey();
    const wrong = `${apiKey.id}.${'A'.repeat(43)}`;
    const unknown = `00000000-0000-4000-8000-000000000000.${secret.split('.')[1]}`;
    for (const credential of [wrong, unknown, 'not-a-key', `${secret}x`]) {
      const response = await withKey(credential, '/v1/payments', '10.9.9.9');
      expect(response.statusCode, credential).toBe(401);
      expect(response.json().message).toBe(API_KEY_TEXTS.invalid);
    }
  });

  it('throttles failed attempts per IP like logins (429 with Retry-After)', async () => {
    const ip = '10.7.7.7';
    let last = await withKey('x', '/v1/payments', ip);
    for (let i = 0; i < t.config.loginMaxFailuresPerIp && last.statusCode === 401; i += 1) {
      last = await withKey('x', '/v1/payments', ip);
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const { secret } = await newKey();
    expect((await withKey(secret, '/v1/payments', '10.7.7.8')).statusCode).toBe(200);
  });

  it('keeps to its IP allow list (addresses and CIDR ranges)', async () => {
    const { secret } = await newKey({ ipAllowList: ['10.1.0.0/16', '192.0.2.7'] });
    expect((await withKey(secret, '/v1/payments', '10.1.2.3')).statusCode).toBe(200);
    expect((await withKey(secret, '/v1/payments', '192.0.2.7')).statusCode).toBe(200);
    const refused = await withKey(secret, '/v1/payments', '10.2.0.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_KEY_TEXTS.ipRefused);
  });

  it('stops working when it expires', async () => {
    const { apiKey, secret } = await newKey({ expiresAt: new Date(t.clock.now() + 60_000).toISOString() });
    expect((await withKey(secret, '/v1/payments')).statusCode).toBe(200);
    t.clock.advance(61_000);
    const expired = await withKey(secret, '/v1/payments', '10.3.3.3');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(API_KEY_TEXTS.expired);
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/api-keys/${apiKey.id}`,
      headers: t.auth(admin),
    });
    expect(read.json().status).toBe('expired');
  });

  it('stays dead once expired: no change (a removed or later expiry, a new name) revives it', async () => {
    const expiresAt = new Date(t.clock.now() + 60_000).toISOString();
    const { apiKey, secret } = await newKey({ expiresAt });
    t.clock.advance(61_000);
    for (const payload of [
      { expiresAt: null },
      { expiresAt: new Date(t.clock.now() + 86_400_000).toISOString() },
      { name: 'Again' },
    ]) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/v1/api-keys/${apiKey.id}`,
        headers: t.auth(admin),
        payload,
      });
      expect(patch.statusCode, JSON.stringify(payload)).toBe(409);
      expect(patch.json().message).toBe(API_KEY_MESSAGES.keyExpired);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/api-keys/${apiKey.id}`,
      headers: t.auth(admin),
    });
    expect(read.json()).toMatchObject({ name: 'Shop server', expiresAt, status: 'expired' });
    const used = await withKey(secret, '/v1/payments', '10.3.3.4');
    expect(used.statusCode).toBe(401);
    expect(used.json().message).toBe(API_KEY_TEXTS.expired);
  });

  it('stops working once revoked, also on a second instance, and stays listed as revoked', async () => {
    const second = await makeApp({}, { db: t.db, clock: t.clock });
    try {
      const { apiKey, secret } = await newKey();
      expect(
        (
          await second.app.inject({
            method: 'GET',
            url: '/v1/payments',
            headers: { authorization: `ApiKey ${secret}` },
            remoteAddress: IP,
          })
        ).statusCode,
      ).toBe(200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/v1/api-keys/${apiKey.id}`,
        headers: t.auth(admin),
      });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().status).toBe('revoked');
      const after = await second.app.inject({
        method: 'GET',
        url: '/v1/payments',
        headers: { authorization: `ApiKey ${secret}` },
        remoteAddress: '10.4.4.4',
      });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(API_KEY_TEXTS.revoked);
      // A revoked key cannot be changed back to life.
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/v1/api-keys/${apiKey.id}`,
        headers: t.auth(admin),
        payload: { name: 'Again', expiresAt: null },
      });
      expect(patch.statusCode).toBe(409);
      expect(patch.json().message).toBe(API_KEY_MESSAGES.keyRevoked);
    } finally {
      await second.close();
    }
  });
});

describe('changing and isolating keys', () => {
  it('changes name, scopes, allow list and expiry; scopes stay within the caller’s', async () => {
    const { apiKey, secret } = await newKey();
    const patch = (payload: Record<string, unknown>, token = admin) =>
      t.app.inject({ method: 'PATCH', url: `/v1/api-keys/${apiKey.id}`, headers: t.auth(token), payload });
    const changed = await patch({
      name: 'Renamed',
      scopes: ['GET_PAYMENT', 'GET_WITHDRAWALS'],
      ipAllowList: ['10.0.0.0/8'],
      expiresAt: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Renamed',
      scopes: ['GET_PAYMENT', 'GET_WITHDRAWALS'],
      ipAllowList: ['10.0.0.0/8'],
    });
    expect((await withKey(secret, '/v1/withdrawals/crypto')).statusCode).toBe(200);
    expect((await patch({ name: 'No!' })).json().errors.name).toBe(API_KEY_MESSAGES.keyNamePattern);
    expect((await patch({})).statusCode).toBe(400);
  });

  it('hides the hidden business’s keys from non-ADMIN (other organisations: tests/server/isolation.test.ts)', async () => {
    const hidden = await newKey({ businessId: 9, name: 'Treasury' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/api-keys?limit=100',
      headers: t.auth(manager),
    });
    expect(list.json().apiKeys.map((k: { id: string }) => k.id)).not.toContain(hidden.apiKey.id);
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/v1/api-keys/${hidden.apiKey.id}`,
        headers: t.auth(manager),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('lets a key read the hidden business when it was made for it (its one business)', async () => {
    const { secret } = await newKey({ businessId: 9, name: 'Treasury reader' });
    const page = await withKey(secret, '/v1/payments?limit=100');
    expect(page.statusCode).toBe(200);
    for (const row of page.json().payments as { businessId: number }[]) expect(row.businessId).toBe(9);
  });
});
