/**
 * The API key form's business select (docs/decisions.md, 'The API key pages'): GET
 * /v1/api-keys/businesses answers the organisation's businesses by name, ids and names only, without
 * the hidden one for non-admins, to whoever may create keys. And the Integrator (seed version 4) can
 * create a key that reads payments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA, BUSINESSES, HIDDEN_BUSINESS } from '../../server/db/seed';
import { makeApp, type TestApp } from './helpers';
import { sender, type Send } from './send';

let t: TestApp;
let asAdmin: Send;
let asIntegrator: Send;

beforeAll(async () => {
  t = await makeApp();
  asAdmin = sender(t, await t.token('admin@example.com'));
  asIntegrator = sender(t, await t.token('integrator@example.com'));
});
afterAll(() => t.close());

const auroraNames = (withHidden: boolean) =>
  BUSINESSES.filter((b) => b.organisationId === AURORA && (withHidden || b.id !== HIDDEN_BUSINESS))
    .map((b) => b.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('GET /v1/api-keys/businesses', () => {
  it('answers ids and names by name, without the hidden business for non-admins', async () => {
    const response = await asIntegrator('GET', '/v1/api-keys/businesses?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const { businesses, total } = response.json() as {
      businesses: { id: number; name: string }[];
      total: number;
    };
    expect(Object.keys(businesses[0]).sort()).toEqual(['id', 'name']);
    expect(businesses.map((b) => b.name)).toEqual(auroraNames(false));
    expect(total).toBe(businesses.length);
    const admin = (await asAdmin('GET', '/v1/api-keys/businesses?limit=100')).json();
    expect(admin.businesses.map((b: { name: string }) => b.name)).toEqual(auroraNames(true));
  });

  it('searches by name and is refused to a role that cannot create keys', async () => {
    const found = (await asIntegrator('GET', '/v1/api-keys/businesses?q=northwind')).json();
    expect(found.businesses.map((b: { id: number }) => b.id)).toEqual([1]);
    const support = sender(t, await t.token('support@example.com'));
    expect((await support('GET', '/v1/api-keys/businesses')).statusCode).toBe(403);
  });
});

describe('the Integrator (seed version 4)', () => {
  it('creates a key that reads its business’s payments', async () => {
    const created = await asIntegrator('POST', '/v1/api-keys', {
      name: 'Integrator key',
      businessId: 1,
      scopes: ['GET_PAYMENT'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json() as { secret: string };
    const payments = await t.app.inject({
      method: 'GET',
      url: '/v1/payments?limit=5',
      headers: { authorization: `ApiKey ${secret}` },
    });
    expect(payments.statusCode).toBe(200);
    expect(payments.json().payments.length).toBeGreaterThan(0);
  });
});
