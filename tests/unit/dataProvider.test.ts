import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createHttpClient } from '../../src/api/httpClient';
import type { ApiTable } from '../../src/dataProvider/types';
import { deriveCustomMethods } from '../../src/declarations';
import { pages } from '../../src/customPages/registry';
import { fakeApi, sampleSession, type Handler, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';

const api: ApiTable = {
  'api-keys': { path: 'api-keys', listKey: 'apiKeys', sort: { createdAt: 'created', name: 'name' } },
  businesses: {
    path: 'businesses',
    listKey: 'businesses',
    id: 'businessId',
    sort: { id: 'businessId', name: 'name' },
    toRecord: (raw) => ({
      id: raw.businessId as number,
      name: raw.businessName,
      settlementCurrency: raw.settlementCurrency,
    }),
    toBody: (data) => ({ businessName: data.name }),
  },
  conversions: {
    path: 'payment/balance/convert',
    listKey: 'conversions',
    idempotentCreate: true,
    recordKey: 'conversion',
  },
  // The irregular shapes of docs/product.md#calls, declared rather than coded into the provider.
  merchants: {
    path: 'businesses',
    listKey: 'businesses',
    endpoints: { update: { method: 'PATCH', path: 'businesses', idInBody: 'businessId' } },
    total: (json) => (json.meta as { count?: number } | undefined)?.count,
    filters: (filter) => ({
      depositCurrency: filter.currencies as string[],
      status: filter.status as string,
    }),
  },
  balances: {
    path: 'balances',
    listKey: 'balances',
    endpoints: { getOne: { path: (id) => `balances/${id}` }, getList: { path: 'balances/all' } },
  },
};

// The custom methods come from the pages' declarations, not from the provider.
type Provider = ReturnType<typeof createDataProvider> &
  Record<string, (...args: unknown[]) => Promise<unknown>>;

function setup(routes: Record<string, Reply | Handler>) {
  const fake = fakeApi(routes);
  const controller = fakeController(sampleSession());
  const http = createHttpClient({ apiUrl: '', controller, fetch: fake.fetch, randomUUID: () => 'uuid-9' });
  return {
    calls: fake.calls,
    controller,
    provider: createDataProvider({ http, api, methods: deriveCustomMethods(pages) }) as Provider,
  };
}

describe('data provider: URL level', () => {
  it('getList → GET /v1/{path}?limit&offset&sortBy&order + filters, reads { [listKey], total }', async () => {
    const { calls, provider } = setup({
      'GET /v1/api-keys': {
        body: {
          apiKeys: [
            { id: 1, name: 'a' },
            { id: 2, name: 'b' },
          ],
          total: 12,
        },
      },
    });
    const result = await provider.getList('api-keys', {
      pagination: { page: 3, perPage: 5 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'shop', businessId: 4, empty: '', nested: { x: 1 } },
    });
    expect(result).toEqual({
      data: [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
      total: 12,
    });
    expect(calls[0].method).toBe('GET');
    expect(calls[0].path).toBe('/v1/api-keys');
    expect(Object.fromEntries(calls[0].query)).toEqual({
      q: 'shop',
      businessId: '4',
      limit: '5',
      offset: '10',
      sortBy: 'created',
      order: 'desc',
    });
  });

  it('passes a capped total on as meta.totalCapped (the list shows "10,000+")', async () => {
    const { provider } = setup({
      'GET /v1/api-keys': { body: { apiKeys: [{ id: 1 }], total: 10000, totalCapped: true } },
    });
    const capped = await provider.getList('api-keys', { pagination: { page: 1, perPage: 25 } });
    expect(capped.total).toBe(10000);
    expect(capped.meta).toEqual({ totalCapped: true });
  });

  it.each([
    ['id', 'the default sort of react-admin'],
    ['updatedAt', 'a record field the declaration does not map'],
    ['constructor', 'an inherited property name'],
  ])('sends no sortBy or order for %s (%s): the API default order, never a 400', async (field) => {
    const { calls, provider } = setup({ 'GET /v1/api-keys': { body: { apiKeys: [], total: 0 } } });
    await provider.getList('api-keys', {
      pagination: { page: 1, perPage: 25 },
      sort: { field, order: 'ASC' },
      filter: {},
    });
    expect(calls[0].query.has('sortBy')).toBe(false);
    expect(calls[0].query.has('order')).toBe(false);
  });

  it('maps the id field and records through toRecord; sorting by id uses the declared sortBy', async () => {
    const { calls, provider } = setup({
      'GET /v1/businesses': {
        body: { businesses: [{ businessId: 9, businessName: 'Shop', settlementCurrency: 'EUR' }], total: 1 },
      },
    });
    const result = await provider.getList('businesses', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(result.data).toEqual([{ id: 9, name: 'Shop', settlementCurrency: 'EUR' }]);
    expect(calls[0].query.get('sortBy')).toBe('businessId');
  });

  it('getOne / getMany → GET /v1/{path}/{id}', async () => {
    const { calls, provider } = setup({
      'GET /v1/businesses/9': { body: { businessId: 9, businessName: 'Shop' } },
      'GET /v1/businesses/10': { body: { businessId: 10, businessName: 'Other' } },
    });
    expect((await provider.getOne('businesses', { id: 9 })).data).toMatchObject({ id: 9, name: 'Shop' });
    expect((await provider.getMany('businesses', { ids: [9, 10] })).data.map((r) => r.id)).toEqual([9, 10]);
    expect(calls.map((c) => c.path)).toEqual(['/v1/businesses/9', '/v1/businesses/9', '/v1/businesses/10']);
  });

  it('getManyReference filters by the target', async () => {
    const { calls, provider } = setup({ 'GET /v1/api-keys': { body: { apiKeys: [], total: 0 } } });
    await provider.getManyReference('api-keys', {
      target: 'businessId',
      id: 4,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].query.get('businessId')).toBe('4');
  });

  it('create → POST with toBody; update → PATCH /{id}; delete → DELETE /{id}', async () => {
    const { calls, provider } = setup({
      'POST /v1/businesses': { status: 201, body: { businessId: 11, businessName: 'New' } },
      'PATCH /v1/businesses/11': { body: { businessId: 11, businessName: 'Renamed' } },
      'DELETE /v1/businesses/11': { status: 204 },
    });
    const created = await provider.create('businesses', { data: { name: 'New', extra: 'dropped' } });
    expect(created.data).toMatchObject({ id: 11, name: 'New' });
    expect(calls[0].body).toEqual({ businessName: 'New' });
    expect(calls[0].headers['idempotency-key']).toBeUndefined();

    const updated = await provider.update('businesses', {
      id: 11,
      data: { name: 'Renamed' },
      previousData: { id: 11, name: 'New' },
    });
    expect(updated.data).toMatchObject({ id: 11, name: 'Renamed' });
    expect(calls[1]).toMatchObject({
      method: 'PATCH',
      path: '/v1/businesses/11',
      body: { businessName: 'Renamed' },
    });

    const deleted = await provider.delete('businesses', {
      id: 11,
      previousData: { id: 11, name: 'Renamed' },
    });
    expect(deleted.data).toEqual({ id: 11, name: 'Renamed' });
    expect(calls[2]).toMatchObject({ method: 'DELETE', path: '/v1/businesses/11' });
  });

  it('updateMany / deleteMany call each id', async () => {
    const { calls, provider } = setup({
      'PATCH /v1/api-keys/1': { body: {} },
      'PATCH /v1/api-keys/2': { body: {} },
      'DELETE /v1/api-keys/1': { status: 204 },
      'DELETE /v1/api-keys/2': { status: 204 },
    });
    expect((await provider.updateMany('api-keys', { ids: [1, 2], data: { active: false } })).data).toEqual([
      1, 2,
    ]);
    expect((await provider.deleteMany('api-keys', { ids: [1, 2] })).data).toEqual([1, 2]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PATCH /v1/api-keys/1',
      'PATCH /v1/api-keys/2',
      'DELETE /v1/api-keys/1',
      'DELETE /v1/api-keys/2',
    ]);
  });

  it('money-moving create sends Idempotency-Key and meta.twoFaCode as X-2FA-Code; recordKey unwraps', async () => {
    const { calls, provider } = setup({
      'POST /v1/payment/balance/convert': {
        status: 201,
        body: { conversion: { id: 'c1', state: 'CREATED' } },
      },
    });
    const result = await provider.create('conversions', {
      data: { amount: '1.00' },
      meta: { twoFaCode: '123456' },
    });
    expect(result.data).toEqual({ amount: '1.00', id: 'c1', state: 'CREATED' });
    expect(calls[0].headers['idempotency-key']).toBe('uuid-9');
    expect(calls[0].headers['x-2fa-code']).toBe('123456');
  });

  it('errors become react-admin HttpError with status, body and the error text', async () => {
    const { controller, provider } = setup({
      'GET /v1/api-keys': {
        status: 403,
        body: { message: 'You do not have permission to perform this action.' },
      },
    });
    const error = await provider
      .getList('api-keys', { pagination: { page: 1, perPage: 5 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 403,
      message: 'You do not have permission to perform this action.',
    });
    expect(controller.expire).not.toHaveBeenCalled();
  });

  it('an undeclared resource is an error, not a request', async () => {
    const { calls, provider } = setup({});
    await expect(provider.getList('nope', {})).rejects.toThrow('No API declaration');
    expect(calls).toHaveLength(0);
  });
});

describe('data provider: what a declaration says', () => {
  it('a list answer without a total is an error the developer sees, never rows.length', async () => {
    const { provider } = setup({ 'GET /v1/api-keys': { body: { apiKeys: [{ id: 1 }] } } });
    await expect(provider.getList('api-keys', {})).rejects.toThrow(/"api-keys".*no numeric total/);
  });

  it('a list answer without its list key is an error too', async () => {
    const { provider } = setup({ 'GET /v1/api-keys': { body: { keys: [], total: 0 } } });
    await expect(provider.getList('api-keys', {})).rejects.toThrow(/no array "apiKeys"/);
  });

  it('reads the total and serialises the filters as declared', async () => {
    const { calls, provider } = setup({
      'GET /v1/businesses': { body: { businesses: [{ id: 3 }], meta: { count: 41 } } },
    });
    const result = await provider.getList('merchants', {
      pagination: { page: 1, perPage: 10 },
      filter: { currencies: ['BTC', 'ETH'], status: 'ACTIVE', ignored: 'x' },
    });
    expect(result.total).toBe(41);
    expect(calls[0].query.getAll('depositCurrency')).toEqual(['BTC', 'ETH']);
    expect(calls[0].query.get('status')).toBe('ACTIVE');
    expect(calls[0].query.has('ignored')).toBe(false);
  });

  it('per-action endpoints: PATCH with the id in the body, a path computed from the id', async () => {
    const { calls, provider } = setup({
      'PATCH /v1/businesses': { body: {} },
      'GET /v1/balances/7': { body: { id: 7, total: '1.50' } },
      'GET /v1/balances/all': { body: { balances: [], total: 0 } },
    });
    await provider.update('merchants', { id: 5, data: { name: 'New' }, previousData: { id: 5 } });
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/v1/businesses',
      body: { name: 'New', businessId: 5 },
    });
    expect((await provider.getOne('balances', { id: 7 })).data).toEqual({ id: 7, total: '1.50' });
    expect(calls[1].path).toBe('/v1/balances/7');
    await provider.getList('balances', {});
    expect(calls[2].path).toBe('/v1/balances/all');
  });

  it('a custom method may not replace a standard one, and two declarations may not share a name', () => {
    const http = createHttpClient({ apiUrl: '', controller: fakeController(sampleSession()) });
    expect(() => createDataProvider({ http, api, methods: { getList: () => async () => 1 } })).toThrow(
      /may not replace the data provider's getList/,
    );
    const twin = { name: 'twin', methods: { changePassword: () => async () => 1 } };
    expect(() => deriveCustomMethods([...pages, twin as never])).toThrow(
      /changePassword is declared by both change-password and twin/,
    );
  });
});

describe('data provider: custom methods of the page declarations', () => {
  it('changePassword → PATCH /v1/users/password; the rotated token replaces the session token', async () => {
    const { calls, controller, provider } = setup({
      'PATCH /v1/users/password': { body: {}, headers: { 'X-Identity-Token': 'rotated' } },
    });
    await provider.changePassword({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-1' });
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/v1/users/password',
      body: { oldPassword: 'Old-pass-1', newPassword: 'New-pass-1' },
    });
    expect(controller.getState().session?.token).toBe('rotated');
  });

  it('changePassword 400 keeps the field errors in the body', async () => {
    const body = {
      message: 'Some fields are invalid.',
      errors: { oldPassword: 'Old password is incorrect' },
    };
    const { provider } = setup({ 'PATCH /v1/users/password': { status: 400, body } });
    await expect(provider.changePassword({ oldPassword: 'x', newPassword: 'y' })).rejects.toMatchObject({
      status: 400,
      body,
    });
  });

  it('getTwoFaSetup → GET /v1/users/two-fa', async () => {
    const { provider } = setup({
      'GET /v1/users/two-fa': { body: { enabled: false, secret: 'ABC', otpauthUri: 'otpauth://totp/x' } },
    });
    expect(await provider.getTwoFaSetup()).toEqual({
      enabled: false,
      secret: 'ABC',
      otpauthUri: 'otpauth://totp/x',
    });
  });

  it('updateTwoFa → PATCH /v1/users/two-fa; session token and authentication flag follow', async () => {
    const { calls, controller, provider } = setup({
      'PATCH /v1/users/two-fa': { body: { enabled: true }, headers: { 'X-Identity-Token': 'after-2fa' } },
    });
    await provider.updateTwoFa({ enabled: true, code: '123456' });
    expect(calls[0].body).toEqual({ enabled: true, code: '123456' });
    expect(controller.getState().session).toMatchObject({ token: 'after-2fa', authentication: true });
  });

  it('updateTwoFa with a wrong code rejects without logging out', async () => {
    const { controller, provider } = setup({
      'PATCH /v1/users/two-fa': {
        status: 401,
        body: { message: 'Invalid or expired 2FA verification code.' },
      },
    });
    await expect(provider.updateTwoFa({ enabled: true, code: '000000' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid or expired 2FA verification code.',
    });
    expect(controller.expire).not.toHaveBeenCalled();
    expect(controller.getState().session?.authentication).toBe(false);
  });
});
