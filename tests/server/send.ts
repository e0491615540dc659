/**
 * The server tests' one way to call a route as a user: `inject(t, token, method, url, payload?)` is an
 * inject with the token's Authorization header (and the JSON payload when there is one); extra
 * headers, such as X-2FA-Code, go last. `sender(t, token)` fixes the caller.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function inject(
  t: TestApp,
  token: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...t.auth(token), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

export type Send = (
  method: Method,
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** Calls as the holder of `token`. */
export const sender =
  (t: TestApp, token: string): Send =>
  (method, url, payload, headers) =>
    inject(t, token, method, url, payload, headers);
