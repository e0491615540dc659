import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_ASSETS, brandAssetSvg, findBrand } from '../../src/domain/brands';
import { CURRENCY_SEED, sortCurrencies } from '../../src/domain/currencies';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { BUILT_IN_ROLES } from '../../src/domain/permissions';
import { loadConfig } from '../../server/config';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ distDir: '/nonexistent-dist' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('requirePermission and organisation scoping: /v1/roles', () => {
  it('answers 403 with the forbidden text for a missing permission (support@ lacks MANAGE_ROLES)', async () => {
    const token = await t.token('support@example.com');
    for (const url of ['/v1/roles', '/v1/roles/1']) {
      const response = await get(url, t.auth(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.forbidden });
    }
    // A 403 is not a logout: the session still works.
    expect((await get('/v1/currencies', t.auth(token))).statusCode).toBe(200);
  });

  it('answers 401 (not 403) without a session', async () => {
    expect((await get('/v1/roles')).statusCode).toBe(401);
  });

  it("lists built-in roles and the caller organisation's custom roles", async () => {
    const token = await t.token('admin@example.com');
    const response = await get('/v1/roles', t.auth(token));
    expect(response.statusCode).toBe(200);
    const { roles, total } = response.json();
    expect(roles.map((r: { name: string }) => r.name)).toEqual([
      ...BUILT_IN_ROLES,
      'Integrator',
      'No access',
    ]);
    expect(total).toBe(6);
    expect(roles.find((r: { name: string }) => r.name === 'ADMIN').builtIn).toBe(true);
    expect(roles.find((r: { name: string }) => r.name === 'No access')).toMatchObject({
      builtIn: false,
      permissions: ['GET_ORGANISATION'],
    });
    const paged = (await get('/v1/roles?limit=2&offset=4', t.auth(token))).json();
    expect(paged.roles.map((r: { name: string }) => r.name)).toEqual(['Integrator', 'No access']);
    expect(paged.total).toBe(6);
  });

  it("answers 404 for another organisation's role (admin switched to Borealis asks for Aurora's Integrator)", async () => {
    const aurora = await t.token('admin@example.com');
    const integrator = (await get('/v1/roles', t.auth(aurora)))
      .json()
      .roles.find((r: { name: string }) => r.name === 'Integrator');
    expect((await get(`/v1/roles/${integrator.id}`, t.auth(aurora))).json().name).toBe('Integrator');

    const sw = await t.app.inject({ method: 'POST', url: '/v1/auth/login/2', headers: t.auth(aurora) });
    const borealis = String(sw.headers['x-identity-token']);
    const foreign = await get(`/v1/roles/${integrator.id}`, t.auth(borealis));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: ERROR_TEXTS.notFound });
    const list = (await get('/v1/roles', t.auth(borealis))).json();
    expect(list.roles.map((r: { name: string }) => r.name)).toEqual([...BUILT_IN_ROLES]);
    // Built-in roles are visible from every organisation.
    expect((await get('/v1/roles/1', t.auth(borealis))).statusCode).toBe(200);
    expect((await get('/v1/roles/99999', t.auth(borealis))).statusCode).toBe(404);
  });

  it('answers 400 with the JSON error for a malformed id', async () => {
    const token = await t.token('admin@example.com');
    const response = await get('/v1/roles/abc', t.auth(token));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ERROR_TEXTS.validation);
    expect(response.json().errors).toHaveProperty('id');
  });
});

describe('GET /v1/currencies', () => {
  it('returns the seeded currencies in display order', async () => {
    const token = await t.token('viewer@example.com');
    const response = await get('/v1/currencies', t.auth(token));
    expect(response.json()).toEqual({ data: sortCurrencies(CURRENCY_SEED) });
    expect(
      response
        .json()
        .data.slice(0, 4)
        .map((c: { abbreviation: string }) => c.abbreviation),
    ).toEqual(['EUR', 'USD', 'GBP', 'JPY']);
  });
});

describe('JSON only and errors', () => {
  it('answers 415 with the JSON error for a non-JSON body', async () => {
    for (const [type, payload] of [
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.unsupportedMediaType });
    }
    const token = await t.token('admin@example.com');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/password',
      headers: { ...t.auth(token), 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(patch.statusCode).toBe(415);
  });

  it('answers 400 with the JSON error for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ERROR_TEXTS.validation);
  });

  it('accepts a body-less POST with a JSON content type (logout, switch)', async () => {
    const token = await t.token('manager@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { ...t.auth(token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('answers 404 JSON for an unknown /v1 path, whatever the method or Accept header', async () => {
    for (const [method, headers] of [
      ['GET', {}],
      ['GET', { accept: 'text/html' }],
      ['POST', {}],
      ['DELETE', {}],
    ] as const) {
      const response = await t.app.inject({ method, url: '/v1/nothing-here', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: ERROR_TEXTS.notFound });
    }
  });
});

describe('GET /v1/openapi.json', () => {
  it('documents every /v1 route with its method', async () => {
    const doc = (await get('/v1/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const expected = [
      'GET /v1/brands/dashboard',
      'GET /v1/brands/assets/{brand}/{file}',
      'POST /v1/auth/login',
      'POST /v1/auth/login/{orgId}',
      'POST /v1/auth/logout',
      'POST /v1/auth/forgot-password',
      'POST /v1/auth/reset-password',
      'GET /v1/currencies',
      'GET /v1/users/two-fa',
      'PATCH /v1/users/two-fa',
      'PATCH /v1/users/password',
      'GET /v1/users',
      'GET /v1/users/{id}',
      'POST /v1/users',
      'PATCH /v1/users/{id}',
      'DELETE /v1/users/{id}',
      'GET /v1/roles',
      'GET /v1/roles/{id}',
      'POST /v1/roles',
      'PATCH /v1/roles/{id}',
      'DELETE /v1/roles/{id}',
      'GET /v1/api-keys',
      'GET /v1/api-keys/{id}',
      'GET /v1/api-keys/businesses',
      'POST /v1/api-keys',
      'PATCH /v1/api-keys/{id}',
      'DELETE /v1/api-keys/{id}',
      'GET /v1/bank-accounts/metadata',
      'GET /v1/bank-accounts',
      'GET /v1/bank-accounts/{id}',
      'POST /v1/bank-accounts',
      'PATCH /v1/bank-accounts/{id}',
      'GET /v1/whitelisted-addresses',
      'GET /v1/whitelisted-addresses/{id}',
      'POST /v1/whitelisted-addresses',
      'DELETE /v1/whitelisted-addresses/{id}',
      'GET /v1/openapi.json',
      'GET /v1/search',
      'GET /v1/deposits/travel-rule',
      'GET /v1/deposits/travel-rule/{id}',
      'PATCH /v1/deposits/travel-rule/{id}',
      'GET /v1/audit-log',
      'GET /v1/audit-log/export',
      'GET /v1/events',
      'GET /v1/records/payments/{id}',
      'GET /v1/records/payment-deposits/{id}',
      'GET /v1/records/crypto-withdrawals/{id}',
      'GET /v1/records/fiat-deposits/{id}',
      'GET /v1/records/whitelabel-fiat-deposits/{id}',
      'GET /v1/records/settlements/{id}',
      'GET /v1/records/internal-transfers/{id}',
      'GET /v1/records/unassociated-deposits/{id}',
      'GET /v1/records/manual-movements/{id}',
      'GET /v1/records/balance-conversions/{id}',
      'GET /v1/businesses',
      'GET /v1/businesses/{id}',
      'GET /v1/businesses/{id}/overview',
      'POST /v1/businesses',
      'PATCH /v1/businesses',
      'GET /v1/balances',
      'GET /v1/balances/organisation',
      'GET /v1/balances/{businessId}',
      'GET /v1/statistics/deposits/histogram',
      'GET /v1/statistics/deposits',
      'GET /v1/statistics/withdrawals/histogram',
      'GET /v1/statistics/withdrawals',
      'GET /v1/payment/organisations/metadata',
      'GET /v1/withdrawals/metadata',
      'GET /v1/payments',
      'GET /v1/payments/export',
      'GET /v1/payments/{id}',
      'POST /v1/payments',
      'GET /v1/withdrawals/crypto',
      'GET /v1/withdrawals/crypto/export',
      'GET /v1/withdrawals/crypto/{id}',
      'GET /v1/payment/deposits/fiat',
      'GET /v1/payment/deposits/fiat/export',
      'GET /v1/payment/deposits/fiat/{id}',
      'POST /v1/payment/deposits/fiat',
      'GET /v1/payment/whitelabel-fiat-deposits',
      'GET /v1/payment/whitelabel-fiat-deposits/export',
      'GET /v1/payment/whitelabel-fiat-deposits/{id}',
      'GET /v1/payment/withdrawals/fiat',
      'GET /v1/payment/withdrawals/fiat/export',
      'GET /v1/payment/withdrawals/fiat/{id}',
      'POST /v1/payment/withdrawals/fiat',
      'GET /v1/payment/internal-transfers',
      'GET /v1/payment/internal-transfers/export',
      'GET /v1/payment/internal-transfers/{id}',
      'POST /v1/payment/internal-transfers',
      // Crypto withdrawals with four-eyes approval (docs/decisions.md 175–179).
      'POST /v1/withdrawals/crypto',
      'GET /v1/withdrawals/approvals',
      'GET /v1/withdrawals/destinations',
      'POST /v1/withdrawals/crypto/{id}/approve',
      'POST /v1/withdrawals/crypto/{id}/reject',
      'GET /v1/withdrawals/approval-thresholds',
      'PUT /v1/withdrawals/approval-thresholds/{currency}',
      'GET /v1/payment/deposits/unassociated',
      'GET /v1/payment/deposits/unassociated/export',
      'GET /v1/payment/deposits/unassociated/{id}',
      'GET /v1/payment/manual-movements',
      'GET /v1/payment/manual-movements/export',
      'GET /v1/payment/manual-movements/{id}',
      'GET /v1/payment/balance/convert',
      'GET /v1/payment/balance/convert/export',
      'GET /v1/payment/balance/convert/{id}',
      'GET /v1/payment/balance/convert/indicative',
      'POST /v1/payment/balance/convert',
      'PATCH /v1/payment/balance/convert/{id}',
      'GET /v1/deposits/unallocated',
      'GET /v1/deposits/unallocated/export',
      'GET /v1/deposits/unallocated/{id}',
      'POST /v1/reports/balance-confirmation',
      'POST /v1/reports/transaction-ledger',
      // Callbacks to merchants (issue 32).
      'GET /v1/callbacks',
      'GET /v1/callbacks/{id}',
      'POST /v1/callbacks/{id}/resend',
      'POST /v1/businesses/{id}/callback-secret',
    ];
    expect(documented.sort()).toEqual(expected.sort());
    // Every registered /v1 route, including ones added later, is in the document.
    const v1Routes = t.app.registeredRoutes
      .filter((r) => r.includes(' /v1/'))
      .map((r) => r.replace(/:(\w+)/g, '{$1}'));
    expect(v1Routes.length).toBe(expected.length);
    expect([...v1Routes].sort()).toEqual([...documented].sort());
    const login = doc.paths['/v1/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(login.responses['200']).toBeDefined();
    expect(login.responses['401']).toBeDefined();
  });
});

describe('brands', () => {
  it('GET /v1/brands/dashboard answers the configured brand with asset URLs that work', async () => {
    const response = await get('/v1/brands/dashboard');
    expect(response.statusCode).toBe(200);
    const brand = response.json();
    const local = findBrand('local')!;
    expect(brand).toMatchObject({ value: 'local', name: local.name, fiatDepositAllowed: true });
    expect(brand.lightLogoUrl).toBe('/v1/brands/assets/local/light-logo.svg');
    for (const key of [
      'lightLogoUrl',
      'darkLogoUrl',
      'basicIconUrl',
      'appleTouchIconUrl',
      'pwaSmallIconUrl',
      'pwaLargeIconUrl',
    ]) {
      const asset = await get(brand[key]);
      expect(asset.statusCode, key).toBe(200);
      expect(asset.headers['content-type']).toContain('image/svg+xml');
      expect(asset.body).toMatch(/^<svg /);
    }
  });

  it('serves an asset as image/svg+xml with a cache header', async () => {
    const response = await get('/v1/brands/assets/coinharbor/pwa-512.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('max-age=');
    expect(response.body).toBe(brandAssetSvg(findBrand('coinharbor')!, 'pwa-512'));
    expect(BRAND_ASSETS).toContain('pwa-512');
    expect((await get('/v1/brands/assets/nobrand/icon.svg')).statusCode).toBe(404);
    expect((await get('/v1/brands/assets/local/other.svg')).statusCode).toBe(400);
  });

  it('uses the API_URL for asset URLs and adds its origin to the CSP', async () => {
    const other = await makeApp({ brand: 'coinharbor', apiUrl: 'https://api.example.com' }, { db: t.db });
    try {
      const brand = (await other.app.inject({ method: 'GET', url: '/v1/brands/dashboard' })).json();
      expect(brand).toMatchObject({ value: 'coinharbor', fiatDepositAllowed: false });
      expect(brand.basicIconUrl).toBe('https://api.example.com/v1/brands/assets/coinharbor/icon.svg');
      const response = await other.app.inject({ method: 'GET', url: '/runtime-config.js' });
      expect(response.body).toBe('window.__APP_CONFIG__ = {"apiUrl":"https://api.example.com"};\n');
      expect(response.headers['content-security-policy']).toContain(
        "connect-src 'self' https://api.example.com",
      );
    } finally {
      await other.close();
    }
  });
});

describe('security headers and runtime config', () => {
  it('sets helmet headers with the dashboard CSP', async () => {
    const response = await get('/v1/brands/dashboard');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('GET /runtime-config.js gives the API base as JavaScript, not cached', async () => {
    const response = await get('/runtime-config.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/javascript');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('window.__APP_CONFIG__ = {"apiUrl":""};\n');
  });
});

describe('the dashboard files', () => {
  it('without a build, answers HTML pages with a hint to run npm run build', async () => {
    const response = await get('/statistics', { accept: 'text/html' });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('npm run build');
  });

  it('serves dist with immutable assets and the SPA fallback for HTML requests', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>dashboard</title>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    const web = await makeApp({ distDir: dist }, { db: t.db });
    try {
      const inject = (url: string, accept = 'text/html') =>
        web.app.inject({ method: 'GET', url, headers: { accept } });
      const asset = await inject('/assets/main-abc123.js', '*/*');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const root = await inject('/');
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>dashboard</title>');
      const deep = await inject('/business/3/deposits');
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>dashboard</title>');
      expect(deep.headers['cache-control']).toBe('no-cache');
      expect((await inject('/favicon.svg', 'image/*')).body).toBe('<svg/>');
      // A missing file that is not an HTML navigation is a plain 404.
      expect((await inject('/assets/missing.js', '*/*')).statusCode).toBe(404);
      // The API still answers JSON.
      const api = await inject('/v1/nothing');
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: ERROR_TEXTS.notFound });
      expect((await inject('/v1/brands/dashboard', '*/*')).json().value).toBe('local');
    } finally {
      await web.close();
    }
  });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './.data',
      brand: 'local',
      apiUrl: '',
      corsOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerIp: 20,
      loginWindowMinutes: 15,
      resetTokenMinutes: 30,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('fails clearly for an unknown brand or a bad number', () => {
    expect(() => loadConfig({ BRAND: 'nope' })).toThrow(/Unknown BRAND "nope"/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(
      loadConfig({ BRAND: 'quartz', CORS_ORIGINS: 'https://a.example, https://b.example/' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });
});
