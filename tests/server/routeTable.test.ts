/**
 * The route table (every route with its config and schema) holds every /v1 route to docs/architecture.md#quality-bars: an access declaration, a request schema where it takes input, a response schema, a tenancy where
 * it takes an id or lists rows, and `Cache-Control: no-store` on everything not public and cacheable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { AUTHENTICATED, PUBLIC, requires } from '../../server/auth/access';
import { API_KEY_SCOPES } from '../../src/domain/apiKeys';
import { AUDIT_ENTITY_TYPES } from '../../src/domain/auditLog';
import type { RouteInfo } from '../../server/http/conventions';
import { makeApp, type TestApp } from './helpers';
import { describeRoute, isApiRoute, routeProblems, urlParams } from './routeRules';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ distDir: '/nonexistent-dist' });
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routeTable.filter(isApiRoute);

describe('the /v1 route table', () => {
  it('holds every documented route, each declaring access, request and response schemas', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const problems = routes
      .map((route) => [describeRoute(route), routeProblems(route)] as const)
      .filter(([, list]) => list.length > 0);
    expect(problems).toEqual([]);
  });

  it('states who may call each route (the access contract of the foundation)', () => {
    const access = Object.fromEntries(
      apiRoutes().map((r) => {
        const a = r.config.access!;
        return [describeRoute(r), a.kind === 'permission' ? a.permissions.join('+') : a.kind];
      }),
    );
    // The contract's routes keep their access; a route it does not name (a new module's) is held to
    // declaring one by the test above, so adding a module needs no line here.
    expect(access).toMatchObject({
      'GET /v1/brands/dashboard': 'public',
      'GET /v1/brands/assets/:brand/:file': 'public',
      'POST /v1/auth/login': 'public',
      'POST /v1/auth/login/:orgId': 'authenticated',
      'POST /v1/auth/logout': 'authenticated',
      'POST /v1/auth/forgot-password': 'public',
      'POST /v1/auth/reset-password': 'public',
      'GET /v1/currencies': 'authenticated',
      'GET /v1/users/two-fa': 'authenticated',
      'PATCH /v1/users/two-fa': 'authenticated',
      'PATCH /v1/users/password': 'authenticated',
      'GET /v1/roles': 'MANAGE_ROLES',
      'GET /v1/roles/:id': 'MANAGE_ROLES',
      'GET /v1/businesses': 'GET_BUSINESSES',
      'GET /v1/businesses/:id': 'GET_BUSINESSES',
      'POST /v1/businesses': 'CREATE_BUSINESS',
      'PATCH /v1/businesses': 'UPDATE_BUSINESS',
      'GET /v1/balances': 'GET_BALANCES',
      'GET /v1/balances/organisation': 'GET_BALANCES',
      'GET /v1/balances/:businessId': 'GET_BALANCES',
      'GET /v1/statistics/deposits/histogram': 'GET_STATISTICS',
      'GET /v1/statistics/deposits': 'GET_STATISTICS+GET_BALANCES',
      'GET /v1/statistics/withdrawals/histogram': 'GET_STATISTICS',
      'GET /v1/statistics/withdrawals': 'GET_STATISTICS+GET_BALANCES',
      'GET /v1/payment/organisations/metadata': 'GET_ORGANISATION',
      'GET /v1/withdrawals/metadata': 'GET_ORGANISATION',
      'GET /v1/payments': 'GET_PAYMENT',
      'GET /v1/payments/export': 'GET_PAYMENT',
      'GET /v1/payments/:id': 'GET_PAYMENT',
      'GET /v1/withdrawals/crypto': 'GET_WITHDRAWALS',
      'GET /v1/withdrawals/crypto/export': 'GET_WITHDRAWALS',
      'GET /v1/withdrawals/crypto/:id': 'GET_WITHDRAWALS',
      'GET /v1/payment/deposits/fiat': 'GET_FIAT_DEPOSITS',
      'GET /v1/payment/deposits/fiat/export': 'GET_FIAT_DEPOSITS',
      'GET /v1/payment/deposits/fiat/:id': 'GET_FIAT_DEPOSITS',
      'GET /v1/payment/whitelabel-fiat-deposits': 'GET_FIAT_DEPOSITS',
      'GET /v1/payment/whitelabel-fiat-deposits/export': 'GET_FIAT_DEPOSITS',
      'GET /v1/payment/whitelabel-fiat-deposits/:id': 'GET_FIAT_DEPOSITS',
      'GET /v1/payment/withdrawals/fiat': 'GET_FIAT_WITHDRAWALS',
      'GET /v1/payment/withdrawals/fiat/export': 'GET_FIAT_WITHDRAWALS',
      'GET /v1/payment/withdrawals/fiat/:id': 'GET_FIAT_WITHDRAWALS',
      'GET /v1/payment/internal-transfers': 'GET_INTERNAL_TRANSFERS',
      'GET /v1/payment/internal-transfers/export': 'GET_INTERNAL_TRANSFERS',
      'GET /v1/payment/internal-transfers/:id': 'GET_INTERNAL_TRANSFERS',
      'GET /v1/payment/deposits/unassociated': 'GET_INTERNAL_TRANSFERS',
      'GET /v1/payment/deposits/unassociated/export': 'GET_INTERNAL_TRANSFERS',
      'GET /v1/payment/deposits/unassociated/:id': 'GET_INTERNAL_TRANSFERS',
      'GET /v1/payment/manual-movements': 'FETCH_MANUAL_MOVEMENTS',
      'GET /v1/payment/manual-movements/export': 'FETCH_MANUAL_MOVEMENTS',
      'GET /v1/payment/manual-movements/:id': 'FETCH_MANUAL_MOVEMENTS',
      'GET /v1/payment/balance/convert': 'GET_BALANCE_CONVERSIONS',
      'GET /v1/payment/balance/convert/export': 'GET_BALANCE_CONVERSIONS',
      'GET /v1/payment/balance/convert/:id': 'GET_BALANCE_CONVERSIONS',
      'GET /v1/payment/balance/convert/indicative': 'CREATE_BALANCE_CONVERSION',
      'POST /v1/payment/balance/convert': 'CREATE_BALANCE_CONVERSION',
      'PATCH /v1/payment/balance/convert/:id': 'CREATE_BALANCE_CONVERSION',
      'GET /v1/deposits/unallocated': 'GET_PAYMENTS',
      'GET /v1/deposits/unallocated/export': 'GET_PAYMENTS',
      'GET /v1/deposits/unallocated/:id': 'GET_PAYMENTS',
      'POST /v1/reports/balance-confirmation': 'GET_BALANCES',
      'POST /v1/reports/transaction-ledger': 'GET_BALANCES',
      'GET /v1/openapi.json': 'public',
    });
  });

  it('enforces the declared access: no session is a 401 on every route not public', async () => {
    // The guard runs at preValidation, before the body is checked: routes with a body are probed too,
    // with none, and still answer 401 (never the 400 that would tell which input they refuse).
    const guarded = apiRoutes().filter((r) => r.config.access?.kind !== 'public');
    expect(guarded.some((r) => r.schema.body)).toBe(true);
    for (const route of guarded) {
      const url = route.url.replace(/:\w+/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, describeRoute(route)).toBe(401);
    }
  });

  it('catches a route that lacks any of them (the rules can fail)', () => {
    const bare: RouteInfo = { method: 'PATCH', url: '/v1/things/:thingId', config: {}, schema: {} };
    expect(routeProblems(bare)).toEqual([
      'no config.access (requires(...), AUTHENTICATED or PUBLIC)',
      'no 2xx response schema',
      'path parameters without a params schema',
      'no body schema (or config.bodyless for a route that takes none)',
      'takes an id or lists rows but declares no config.tenancy',
      "changes state: declare config.audit: '<entity-type>' and write its audit row",
    ]);
    const list: RouteInfo = {
      method: 'GET',
      url: '/v1/things',
      config: { access: requires('GET_BUSINESSES') },
      schema: {
        response: { 200: Type.Object({ things: Type.Array(Type.String()), total: Type.Integer() }) },
      },
    };
    expect(routeProblems(list)).toEqual([
      'a list without a querystring schema',
      'takes an id or lists rows but declares no config.tenancy',
    ]);
    const cached: RouteInfo = {
      method: 'GET',
      url: '/v1/mine',
      config: { access: requires('GET_BUSINESSES'), cacheable: true },
      schema: { response: { 200: Type.Object({}) } },
    };
    expect(routeProblems(cached)).toEqual([
      'cacheable, yet not public: authenticated answers are never cached',
    ]);
    const keyCreate: RouteInfo = {
      method: 'POST',
      url: '/v1/api-keys',
      config: { access: requires('CREATE_API_CREDENTIALS') },
      schema: { body: Type.Object({}), response: { 201: Type.Object({}) } },
    };
    expect(routeProblems(keyCreate)).toEqual([
      'changes something sensitive: declare config.twoFactor',
      "changes state: declare config.audit: '<entity-type>' and write its audit row",
    ]);
    const auditedRead: RouteInfo = {
      method: 'GET',
      url: '/v1/mine',
      config: { access: requires('GET_BUSINESSES'), audit: 'Business' },
      schema: { response: { 200: Type.Object({}) } },
    };
    expect(routeProblems(auditedRead)).toEqual([
      'config.audit on a route that changes nothing',
      'config.audit is an entity type in kebab case',
    ]);
    const exempt: RouteInfo = {
      method: 'POST',
      url: '/v1/auth/logout',
      config: { access: AUTHENTICATED, bodyless: true },
      schema: { response: { 204: Type.Null() } },
    };
    expect(routeProblems(exempt)).toEqual([]);
    const transfer: RouteInfo = {
      method: 'POST',
      url: '/v1/payment/internal-transfers',
      // 2FA declared (a transfer needs it, docs/decisions.md 163): only the idempotency is missing.
      config: { access: requires('CREATE_INTERNAL_TRANSFER'), audit: 'transfer', twoFactor: true },
      schema: { body: Type.Object({}), response: { 201: Type.Object({}) } },
    };
    expect(routeProblems(transfer)).toEqual([
      'moves money: declare config.idempotent (an Idempotency-Key per movement)',
    ]);
    expect(routeProblems({ ...transfer, config: { ...transfer.config, idempotent: true } })).toEqual([]);
    const execute: RouteInfo = {
      method: 'PATCH',
      url: '/v1/payment/balance/convert/:id',
      config: {
        access: requires('CREATE_BALANCE_CONVERSION'),
        tenancy: { kind: 'global', reason: 'test' },
        twoFactor: true,
        audit: 'conversion',
      },
      schema: { params: Type.Object({}), body: Type.Object({}), response: { 200: Type.Object({}) } },
    };
    expect(routeProblems(execute)).toEqual([
      'moves money: declare config.idempotent (an Idempotency-Key per movement)',
    ]);
    const keyless: RouteInfo = {
      method: 'GET',
      url: '/v1/balances/:businessId',
      config: {
        access: requires('GET_BALANCES'),
        tenancy: { kind: 'global', reason: 'test' },
        apiKey: ['MANAGE_ROLES'],
      },
      schema: { params: Type.Object({}), response: { 200: Type.Object({}) } },
    };
    expect(routeProblems(keyless)).toEqual(['config.apiKey names scopes keys cannot hold: MANAGE_ROLES']);
  });

  it('offers API keys every scope they can be given, on the integrator routes only', () => {
    const keyed = apiRoutes().filter((route) => route.config.apiKey);
    expect(keyed.length).toBeGreaterThan(8);
    expect(new Set(keyed.flatMap((route) => route.config.apiKey ?? []))).toEqual(new Set(API_KEY_SCOPES));
    for (const route of keyed) expect(route.method, describeRoute(route)).toBe('GET');
  });

  it('refuses to start a route whose apiKey or twoFactor declaration cannot hold', async () => {
    const { default: Fastify } = await import('fastify');
    const { installRouteConventions } = await import('../../server/http/conventions');
    const app = Fastify();
    installRouteConventions(app as never);
    const access = requires('GET_PAYMENT');
    expect(() =>
      app.post('/v1/a', { config: { access, apiKey: ['GET_PAYMENT'] } }, async () => ({})),
    ).toThrow(/config\.apiKey is for reading routes/);
    expect(() =>
      app.get('/v1/b', { config: { access, apiKey: ['GET_BALANCES'] } }, async () => ({})),
    ).toThrow(/must include the route's permissions \(GET_PAYMENT\)/);
    expect(() =>
      app.post('/v1/c', { config: { access: PUBLIC, twoFactor: true } }, async () => ({})),
    ).toThrow(/config\.twoFactor needs a caller/);
    expect(() => app.get('/v1/d', { config: { access, idempotent: true } }, async () => ({}))).toThrow(
      /config\.idempotent is for changing routes/,
    );
    expect(() =>
      app.post('/v1/e', { config: { access: PUBLIC, idempotent: true } }, async () => ({})),
    ).toThrow(/config\.idempotent needs a caller/);
    await app.close();
  });

  it('refuses to start a /v1 route without an access declaration', async () => {
    const { default: Fastify } = await import('fastify');
    const { installRouteConventions } = await import('../../server/http/conventions');
    const app = Fastify();
    installRouteConventions(app as never);
    expect(() =>
      app.get('/v1/forgotten', { schema: { response: { 200: Type.Object({}) } } }, async () => ({})),
    ).toThrow(/GET \/v1\/forgotten declares no config\.access/);
    await app.close();
    const ok = Fastify();
    installRouteConventions(ok as never);
    ok.get('/v1/declared', { config: { access: PUBLIC } }, async () => ({}));
    await expect(ok.ready()).resolves.toBeDefined();
    await ok.close();
  });
});

describe('the audit log names every entity type a route writes', () => {
  it('has a label (and a filter choice) for each config.audit of the route table', () => {
    const written = new Set(apiRoutes().flatMap((r) => (r.config.audit ? [r.config.audit] : [])));
    expect(written.size).toBeGreaterThan(5);
    expect([...written].filter((type) => !(AUDIT_ENTITY_TYPES as readonly string[]).includes(type))).toEqual(
      [],
    );
  });
});

describe('Cache-Control: no-store on /v1 answers', () => {
  it('is sent by every route, whatever the answer, unless the route is public and cacheable', async () => {
    const admin = await t.token('admin@example.com');
    for (const route of apiRoutes()) {
      // A fresh session per route: logout and the organisation switch end theirs.
      const token = route.config.access?.kind === 'public' ? undefined : await t.token('admin@example.com');
      const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'brand' ? 'local' : name === 'file' ? 'icon.svg' : '1',
      );
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: token ? t.auth(token) : {},
      });
      expect(response.statusCode, describeRoute(route)).toBeLessThan(500);
      if (route.config.cacheable) {
        expect(response.headers['cache-control'], describeRoute(route)).toContain('max-age');
      } else {
        expect(response.headers['cache-control'], describeRoute(route)).toBe('no-store');
      }
    }
    expect(urlParams('/v1/a/:b/:c')).toEqual(['b', 'c']);
    // Successful answers with personal data, errors and unknown paths alike.
    const login = await t.login('manager@example.com');
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of ['/v1/roles', '/v1/roles/1', '/v1/users/two-fa', '/v1/currencies']) {
      const response = await t.app.inject({ method: 'GET', url, headers: t.auth(admin) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const denied = await t.app.inject({ method: 'GET', url: '/v1/roles' });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/v1/nothing' })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

describe('POST /v1/testing/reset', () => {
  it('does not exist unless the server runs with E2E_RESET=1', async () => {
    expect(t.config.e2eReset).toBe(false);
    expect(t.app.routeTable.some((r) => r.url.startsWith('/v1/testing'))).toBe(false);
    const response = await t.app.inject({ method: 'POST', url: '/v1/testing/reset' });
    expect(response.statusCode).toBe(404);
  });
});
