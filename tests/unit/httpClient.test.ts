import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/apiError';
import { createHttpClient } from '../../src/api/httpClient';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { fakeApi, sampleSession, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';

function setup(routes: Record<string, Reply>, session = sampleSession()) {
  const api = fakeApi(routes);
  const controller = fakeController(session);
  const http = createHttpClient({
    apiUrl: 'http://api.test',
    controller,
    fetch: api.fetch,
    randomUUID: () => 'uuid-1',
  });
  return { api, controller, http };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('createHttpClient: requests', () => {
  it('sends Authorization: Web <token>, the query, and JSON only with a body', async () => {
    const { api, http } = setup({ 'GET /v1/businesses': { body: { businesses: [] } } });
    const res = await http.request('businesses', { query: { limit: 25, q: undefined, status: ['A', 'B'] } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ businesses: [] });
    const [call] = api.calls;
    expect(call.url).toBe('http://api.test/v1/businesses?limit=25&status=A&status=B');
    expect(call.headers.authorization).toBe('Web tok-secret-123');
    expect(call.headers['content-type']).toBeUndefined();
  });

  it('sends the JSON body, X-2FA-Code and a generated Idempotency-Key', async () => {
    const { api, http } = setup({ 'POST /v1/payment/balance/convert': { status: 201, body: { id: 1 } } });
    await http.request('/v1/payment/balance/convert', {
      method: 'POST',
      body: { amount: '1.5' },
      twoFaCode: '123456',
      idempotencyKey: true,
    });
    const [call] = api.calls;
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toEqual({ amount: '1.5' });
    expect(call.headers['x-2fa-code']).toBe('123456');
    expect(call.headers['idempotency-key']).toBe('uuid-1');
  });

  it('does not send Idempotency-Key unless asked', async () => {
    const { api, http } = setup({ 'POST /v1/things': { body: {} } });
    await http.request('things', { method: 'POST', body: {} });
    expect(api.calls[0].headers['idempotency-key']).toBeUndefined();
  });

  it('token rotation: X-Identity-Token replaces the session token', async () => {
    const { controller, http } = setup({
      'PATCH /v1/users/password': { body: {}, headers: { 'X-Identity-Token': 'rotated-token' } },
    });
    await http.request('users/password', { method: 'PATCH', body: { oldPassword: 'a', newPassword: 'b' } });
    expect(controller.replaceToken).toHaveBeenCalledWith('rotated-token', undefined);
    expect(controller.getState().session?.token).toBe('rotated-token');
  });

  it('a session patch is applied on success, with the rotated token', async () => {
    const { controller, http } = setup({
      'PATCH /v1/users/two-fa': { body: { enabled: true }, headers: { 'X-Identity-Token': 't2' } },
    });
    await http.request('users/two-fa', { method: 'PATCH', body: {}, sessionPatch: { authentication: true } });
    expect(controller.getState().session).toMatchObject({ token: 't2', authentication: true });
  });
});

describe('createHttpClient: error rules', () => {
  it('401 from a login URL: thrown with the server text, no logout', async () => {
    const { controller, http } = setup({
      'POST /v1/auth/login/2': { status: 401, body: { message: 'Invalid email or password.' } },
    });
    const error = await failure(http.request('auth/login/2', { method: 'POST' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid email or password.');
    expect(controller.expire).not.toHaveBeenCalled();
  });

  it('401 with the 2FA message: thrown, no logout', async () => {
    const { controller, http } = setup({
      'PATCH /v1/users/two-fa': {
        status: 401,
        body: { message: 'Invalid or expired 2FA verification code.' },
      },
    });
    const error = await failure(http.request('users/two-fa', { method: 'PATCH', body: {} }));
    expect(error.message).toBe('Invalid or expired 2FA verification code.');
    expect(error.body).toEqual({ message: 'Invalid or expired 2FA verification code.' });
    expect(controller.expire).not.toHaveBeenCalled();
    expect(controller.getState().session).not.toBeNull();
  });

  it("any other 401: expire('sessionExpired') then throw", async () => {
    const { controller, http } = setup({
      'GET /v1/businesses': { status: 401, body: { message: 'Authentication required.' } },
    });
    const error = await failure(http.request('businesses'));
    expect(error.status).toBe(401);
    expect(controller.expire).toHaveBeenCalledWith('sessionExpired');
    expect(controller.getState().notice).toBe('sessionExpired');
  });

  it('a 401 for a token that is no longer current (organisation switched meanwhile) does not log out', async () => {
    const { controller, api } = setup({});
    const http = createHttpClient({
      apiUrl: '',
      controller,
      fetch: async (input, init) => {
        controller.set({ session: sampleSession({ token: 'new-token', sessionId: 'sess-2' }) });
        return api.fetch(input, init);
      },
    });
    await failure(http.request('businesses'));
    expect(controller.expire).not.toHaveBeenCalled();
  });

  it("network failure: expire('rateLimited') then throw with the rate-limit text and the connection hint", async () => {
    const { controller, http } = setup({ 'GET /v1/businesses': 'network-error' });
    const error = await failure(http.request('businesses'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(`${ERROR_TEXTS.rateLimited} Also check your internet connection.`);
    expect(controller.expire).toHaveBeenCalledWith('rateLimited');
  });

  it('a request the browser cancels while the page is being left (a reload) does not log out', async () => {
    let leaving = true;
    const controller = fakeController(sampleSession());
    const http = createHttpClient({
      apiUrl: '',
      controller,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      isLeaving: () => leaving,
    });
    await failure(http.request('businesses'));
    expect(controller.expire).not.toHaveBeenCalled();
    // The same failure while the page stays is the spec's network error.
    leaving = false;
    await failure(http.request('businesses'));
    expect(controller.expire).toHaveBeenCalledWith('rateLimited');
  });

  it('an aborted request is not a network failure', async () => {
    const controller = fakeController(sampleSession());
    const http = createHttpClient({
      apiUrl: '',
      controller,
      fetch: async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });
    await expect(http.request('businesses')).rejects.toMatchObject({ name: 'AbortError' });
    expect(controller.expire).not.toHaveBeenCalled();
  });

  it('403: an error with the server text, never a logout', async () => {
    const { controller, http } = setup({
      'GET /v1/api-keys': {
        status: 403,
        body: { message: 'You do not have permission to perform this action.' },
      },
    });
    const error = await failure(http.request('api-keys'));
    expect(error.status).toBe(403);
    expect(error.message).toBe('You do not have permission to perform this action.');
    expect(controller.expire).not.toHaveBeenCalled();
    expect(controller.logout).not.toHaveBeenCalled();
  });

  it('429: the rate-limit text with the wait from Retry-After, carried as retryAfter; no logout', async () => {
    const { controller, http } = setup({
      'GET /v1/payments': {
        status: 429,
        body: { message: 'Too Many Requests' },
        headers: { 'Retry-After': '30' },
      },
      'PATCH /v1/users/two-fa': {
        status: 429,
        body: { message: ERROR_TEXTS.tooManyLoginAttempts },
        headers: { 'Retry-After': '660' },
      },
    });
    const error = await failure(http.request('payments'));
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(30);
    expect(error.message).toBe('Too many requests. Try again in 30 seconds.');
    expect(controller.expire).not.toHaveBeenCalled();
    // A failure throttle (wrong codes, old passwords) keeps the spec's text, with the wait.
    const throttled = await failure(http.request('users/two-fa', { method: 'PATCH', body: {} }));
    expect(throttled.message).toBe(
      'Too many failed login attempts. Try again later. Try again in 11 minutes.',
    );
  });

  it('other errors carry { status, body } and errorText(body) as message', async () => {
    const body = { message: 'Some fields are invalid.', rejection: 'Name taken', errors: { name: 'Taken' } };
    const { http } = setup({ 'POST /v1/businesses': { status: 400, body } });
    const error = await failure(http.request('businesses', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 400, body, message: 'Name taken' });
  });
});
