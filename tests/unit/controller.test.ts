import { describe, expect, it } from 'vitest';
import { createSessionController, organisationListFrom } from '../../src/authProvider/controller';
import { ApiError } from '../../src/api/apiError';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { fakeApi, loginResponse, memorySessionStore, sampleSession, type Reply } from './helpers/fakeApi';

const currencies: Reply = { body: { data: CURRENCY_SEED.slice(0, 2) } };

function setup(
  routes: Record<string, Reply | ((c: never) => Reply)>,
  stored = null as ReturnType<typeof sampleSession> | null,
) {
  const api = fakeApi(routes as never);
  const store = memorySessionStore(stored);
  const controller = createSessionController({ apiUrl: 'http://api.test', store, fetch: api.fetch });
  return { api, store, controller };
}

describe('session controller: login', () => {
  it('posts the lower-cased email and the 2FA code as a number, then fetches currencies with the token', async () => {
    const { api, controller } = setup({
      'POST /v1/auth/login': { body: loginResponse(), headers: { 'X-Identity-Token': 'tok-1' } },
      'GET /v1/currencies': currencies,
    });
    await controller.login({ email: '  Admin@Example.COM ', password: 'Demo-pass-1', twoFaCode: '012345' });
    expect(api.calls[0].body).toEqual({
      email: 'admin@example.com',
      password: 'Demo-pass-1',
      twoFaCode: 12345,
    });
    expect(typeof (api.calls[0].body as { twoFaCode: unknown }).twoFaCode).toBe('number');
    expect(api.calls[0].headers.authorization).toBeUndefined();
    expect(api.calls[1].path).toBe('/v1/currencies');
    expect(api.calls[1].headers.authorization).toBe('Web tok-1');
  });

  it('omits twoFaCode when not given', async () => {
    const { api, controller } = setup({
      'POST /v1/auth/login': { body: loginResponse(), headers: { 'X-Identity-Token': 'tok-1' } },
      'GET /v1/currencies': currencies,
    });
    await controller.login({ email: 'a@b.co', password: 'p', twoFaCode: '' });
    expect(api.calls[0].body).not.toHaveProperty('twoFaCode');
  });

  it('one organisation: the session is built, chosen and stored', async () => {
    const { controller, store } = setup({
      'POST /v1/auth/login': {
        body: loginResponse({ twoFaEnabled: true, role: 'MANAGER' }, { '4': 'Aurora Payments' }),
        headers: { 'X-Identity-Token': 'tok-1' },
      },
      'GET /v1/currencies': currencies,
    });
    const session = await controller.login({ email: 'a@b.co', password: 'p' });
    expect(session).toMatchObject({
      token: 'tok-1',
      role: 'MANAGER',
      email: 'admin@example.com',
      id: 7,
      sessionId: 'sess-1',
      sender: null,
      organisationId: 4,
      organisationName: 'Aurora Payments',
      organisationList: [{ id: 4, name: 'Aurora Payments' }],
      hasChosenOrganisation: true,
      authentication: true,
      supportedCurrencies: CURRENCY_SEED.slice(0, 2),
      sessionExpired: false,
      rateLimited: false,
    });
    expect(store.current).toEqual(session);
    expect(controller.getState().session).toEqual(session);
  });

  it('several organisations: not chosen yet, organisationList sorted by name', async () => {
    const { controller } = setup({
      'POST /v1/auth/login': {
        body: loginResponse({}, { '3': 'Cobalt Remit', '1': 'Aurora Payments', '2': 'Borealis Exchange' }),
        headers: { 'X-Identity-Token': 'tok-1' },
      },
      'GET /v1/currencies': currencies,
    });
    const session = await controller.login({ email: 'a@b.co', password: 'p' });
    expect(session.hasChosenOrganisation).toBe(false);
    expect(session.organisationList.map((o) => o.name)).toEqual([
      'Aurora Payments',
      'Borealis Exchange',
      'Cobalt Remit',
    ]);
  });

  it('sorts by name, not by id', () => {
    expect(organisationListFrom({ '1': 'Zeta', '2': 'alpha', '3': 'Mu' }).map((o) => o.id)).toEqual([
      2, 3, 1,
    ]);
  });

  it('a failed currency fetch clears everything and rejects with the error', async () => {
    const { controller, store } = setup(
      {
        'POST /v1/auth/login': { body: loginResponse(), headers: { 'X-Identity-Token': 'tok-1' } },
        'GET /v1/currencies': { status: 500, body: { message: 'Currencies down' } },
        'POST /v1/auth/logout': { status: 204 },
      },
      sampleSession({ token: 'old' }),
    );
    await expect(controller.login({ email: 'a@b.co', password: 'p' })).rejects.toMatchObject({
      status: 500,
      message: 'Currencies down',
    });
    expect(controller.getState().session).toBeNull();
    expect(store.current).toBeNull();
  });

  it('bad credentials reject with the server text and store nothing', async () => {
    const { controller, store } = setup({
      'POST /v1/auth/login': { status: 401, body: { message: 'Invalid email or password.' } },
    });
    const error = await controller.login({ email: 'a@b.co', password: 'p' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password.' });
    expect(store.current).toBeNull();
    expect(controller.getState().notice).toBeNull();
  });
});

describe('session controller: organisation, logout, expiry', () => {
  it('chooseOrganisation replaces the whole session with the new token', async () => {
    const { api, controller } = setup(
      {
        'POST /v1/auth/login/2': {
          body: {
            ...loginResponse(
              { organisationId: 2, permissions: ['GET_ORGANISATION'] },
              { '1': 'Aurora Payments', '2': 'Borealis Exchange' },
            ),
            sessionId: 'sess-2',
          },
          headers: { 'X-Identity-Token': 'tok-2' },
        },
        'GET /v1/currencies': currencies,
      },
      sampleSession({ hasChosenOrganisation: false }),
    );
    await controller.restore();
    const session = await controller.chooseOrganisation(2);
    expect(api.calls[0].headers.authorization).toBe('Web tok-secret-123');
    expect(api.calls[0].body).toBeUndefined();
    expect(session).toMatchObject({
      token: 'tok-2',
      sessionId: 'sess-2',
      organisationId: 2,
      organisationName: 'Borealis Exchange',
      hasChosenOrganisation: true,
      permissions: ['GET_ORGANISATION'],
    });
    expect(controller.getState().session?.token).toBe('tok-2');
  });

  it('a 401 from chooseOrganisation (a login URL, but with a session) ends the session', async () => {
    const { controller, store } = setup(
      { 'POST /v1/auth/login/2': { status: 401, body: { message: 'Authentication required.' } } },
      sampleSession(),
    );
    await controller.restore();
    await expect(controller.chooseOrganisation(2)).rejects.toMatchObject({ status: 401 });
    expect(controller.getState()).toMatchObject({ session: null, notice: 'sessionExpired' });
    expect(store.current).toBeNull();
  });

  it('a 403 from chooseOrganisation keeps the session', async () => {
    const { controller } = setup(
      { 'POST /v1/auth/login/2': { status: 403, body: { message: 'You do not have permission.' } } },
      sampleSession(),
    );
    await controller.restore();
    await expect(controller.chooseOrganisation(2)).rejects.toMatchObject({ status: 403 });
    expect(controller.getState().session?.token).toBe('tok-secret-123');
  });

  it('logout posts auth/logout (best effort) and clears the store', async () => {
    const { api, controller, store } = setup({ 'POST /v1/auth/logout': 'network-error' }, sampleSession());
    await controller.restore();
    await controller.logout();
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/v1/auth/logout' });
    expect(api.calls[0].headers.authorization).toBe('Web tok-secret-123');
    expect(store.current).toBeNull();
    expect(controller.getState()).toMatchObject({ session: null, notice: null });
  });

  it('expire clears the store and sets the notice once', async () => {
    const { api, controller, store } = setup({}, sampleSession());
    await controller.restore();
    const seen: unknown[] = [];
    controller.subscribe(() => seen.push(controller.getState().notice));
    await controller.expire('sessionExpired');
    expect(api.calls).toHaveLength(0);
    expect(store.current).toBeNull();
    expect(controller.getState()).toMatchObject({ session: null, notice: 'sessionExpired' });
    controller.clearNotice();
    expect(controller.getState().notice).toBeNull();
    expect(seen).toEqual(['sessionExpired', null]);
  });

  it('restore reads the stored session; replaceToken updates and stores it', async () => {
    const { controller, store } = setup({}, sampleSession());
    expect(controller.getState().status).toBe('restoring');
    await controller.restore();
    expect(controller.getState()).toMatchObject({ status: 'ready', session: { token: 'tok-secret-123' } });
    await controller.replaceToken('tok-new', { authentication: true });
    expect(store.current).toMatchObject({ token: 'tok-new', authentication: true });
  });
});
