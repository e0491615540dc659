/**
 * The authenticated /v1 client (docs/architecture.md#authentication-session-and-access): Authorization: Web <token>, X-2FA-Code,
 * Idempotency-Key, token rotation (X-Identity-Token) and the error rules of errorRules.ts.
 * No react-admin: errors are ApiError (HttpError-like: message, status, body).
 */
import type { LogoutReason, Session } from '../domain/session';
import { AUTH_SCHEME, IDEMPOTENCY_HEADER, IDENTITY_HEADER, TWO_FA_HEADER } from '../domain/api';
import { ApiError } from './apiError';
import { classifyFailure, responseFailure } from './errorRules';
import {
  apiUrlFor,
  defaultFetch,
  isAbortError,
  pageIsLeaving,
  send,
  type FetchFn,
  type Query,
} from './transport';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded; Content-Type: application/json is sent only with a body. */
  body?: unknown;
  query?: Query;
  /** The 6-digit code for sensitive calls (X-2FA-Code). */
  twoFaCode?: string | number;
  /** A key of your own, or true for a fresh UUID (money-moving POSTs). */
  idempotencyKey?: string | boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Applied to the session (with a rotated token, if any) when the call succeeds, e.g. { authentication }. */
  sessionPatch?: Partial<Session>;
  /** Read the body as a Blob (file downloads) instead of JSON. */
  responseType?: 'json' | 'blob';
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  json: T;
}

export interface HttpClient {
  readonly apiUrl: string;
  /** `path` is under /v1: 'businesses', '/businesses' and '/v1/businesses' are the same. */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  /** The absolute URL of a /v1 path (for links and downloads). */
  url(path: string, query?: Query): string;
}

/**
 * What the client needs of the session: the current token, and the two effects a response can have on
 * it. The session controller (src/authProvider) satisfies it; the client never imports that layer.
 */
export interface SessionPort {
  getState(): { session: Session | null };
  expire(reason: LogoutReason): Promise<void>;
  replaceToken(token: string, patch?: Partial<Session>): Promise<void>;
}

export interface HttpClientOptions {
  apiUrl: string;
  controller: SessionPort;
  fetch?: FetchFn;
  /** UUID source for Idempotency-Key (tests pass a deterministic one). */
  randomUUID?: () => string;
  /** Whether the page is being left, when a failed request is the browser cancelling it (default: the window's). */
  isLeaving?: () => boolean;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { apiUrl, controller } = options;
  const fetchFn = options.fetch ?? defaultFetch;
  const randomUUID = options.randomUUID ?? (() => globalThis.crypto.randomUUID());
  const isLeaving = options.isLeaving ?? pageIsLeaving;

  /** Session effects apply only while the session that sent the request is still the current one. */
  const stillCurrent = (token: string | undefined) =>
    token !== undefined && controller.getState().session?.token === token;

  return {
    apiUrl,
    url: (path, query) => apiUrlFor(apiUrl, path, query),

    async request<T>(path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
      const token = controller.getState().session?.token;
      const headers: Record<string, string> = { ...opts.headers };
      if (token) headers.Authorization = `${AUTH_SCHEME} ${token}`;
      if (opts.twoFaCode !== undefined && opts.twoFaCode !== '')
        headers[TWO_FA_HEADER] = String(opts.twoFaCode);
      if (opts.idempotencyKey) {
        headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey === true ? randomUUID() : opts.idempotencyKey;
      }

      let response;
      try {
        response = await send<T>(fetchFn, apiUrlFor(apiUrl, path, opts.query), {
          method: opts.method ?? 'GET',
          body: opts.body,
          headers,
          signal: opts.signal,
          blob: opts.responseType === 'blob',
        });
      } catch (error) {
        // A cancelled request (React Query aborts stale queries) is not a network failure.
        if (isAbortError(error) || opts.signal?.aborted) throw error;
        const outcome = classifyFailure({ kind: 'network', path });
        // Nor is a request the browser cancels because the page is being left (a reload).
        if (outcome.logout && stillCurrent(token) && !isLeaving()) await controller.expire(outcome.logout);
        throw new ApiError(outcome.message, 0);
      }

      if (!response.ok) {
        const { outcome, error } = responseFailure(path, response);
        if (outcome.logout && stillCurrent(token)) await controller.expire(outcome.logout);
        throw error;
      }

      const rotated = response.headers.get(IDENTITY_HEADER);
      if ((rotated || opts.sessionPatch) && stillCurrent(token)) {
        await controller.replaceToken(rotated || token!, opts.sessionPatch);
      }
      return { status: response.status, headers: response.headers, json: response.json };
    },
  };
}
