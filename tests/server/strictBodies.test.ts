/**
 * Request bodies are closed: a field a route does not declare is a 400 naming it (a client that sends
 * `role` or `organisationId` with a login learns it is ignored nowhere), for every route with a body,
 * new ones included. And a browser client can read the rate-limit headers the document promises.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_FIELD } from '../../server/http/validation';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ corsOrigins: ['http://127.0.0.1:5173'] });
});
afterAll(() => t.close());

describe('request bodies', () => {
  it('every route that takes a body refuses undeclared fields', () => {
    const open = t.app.routeTable
      .filter((r) => r.schema.body)
      .filter((r) => (r.schema.body as { additionalProperties?: unknown }).additionalProperties !== false)
      .map((r) => `${r.method} ${r.url}`);
    expect(t.app.routeTable.some((r) => r.schema.body)).toBe(true);
    expect(open).toEqual([]);
  });

  it('every money-moving route declares its body, even an empty one (none takes a body it ignores)', () => {
    // Idempotent routes that move no money and take no body at all, each with its reason.
    const takesNone: Record<string, string> = {
      'POST /v1/callbacks/:id/resend':
        'a resend says nothing but its path (issue 32); the dashboard sends none',
    };
    const bodyless = t.app.routeTable
      .filter((r) => r.config.idempotent && (r.config.bodyless || !r.schema.body))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !(route in takesNone));
    expect(t.app.routeTable.some((r) => r.config.idempotent)).toBe(true);
    expect(bodyless).toEqual([]);
  });

  it('a login with an extra field is a 400 naming it, and logs nobody in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'admin@example.com', password: 'Demo-pass-1', organisationId: 2 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ organisationId: UNKNOWN_FIELD });
    expect(response.headers['x-identity-token']).toBeUndefined();
  });

  it('a password change with an extra field changes nothing', async () => {
    const token = await t.token('manager@example.com');
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/password',
      headers: t.auth(token),
      payload: { oldPassword: 'Demo-pass-1', newPassword: 'Better-pass-2', userId: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ userId: UNKNOWN_FIELD });
    expect((await t.login('manager@example.com')).statusCode).toBe(200); // the old password still works
  });
});

describe('CORS', () => {
  it('exposes the rate-limit headers to a browser client', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/brands/dashboard',
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    const exposed = String(response.headers['access-control-expose-headers']).toLowerCase();
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'])
      expect(exposed).toContain(header);
  });
});
