/**
 * Error semantics of docs/architecture.md#authentication-session-and-access and docs/product.md#error-catalogue, as one pure function: given a failed
 * call, what text the error carries and whether the session must be ended (and why).
 */
import type { LogoutReason } from '../domain/session';
import { ApiError, asErrorBody } from './apiError';
import type { RawResponse } from './transport';
import { ERROR_TEXTS, NETWORK_FAILURE_TEXT, errorText, withWait } from '../domain/errors';

export type Failure =
  | { kind: 'network'; path: string }
  | {
      kind: 'response';
      path: string;
      status: number;
      body: unknown;
      /** Seconds from the answer's `Retry-After` (retryAfterSeconds), if it had one. */
      retryAfter?: number;
    };

export interface FailureOutcome {
  /** The forced logout to perform, or null (never for 403, login URLs or a wrong 2FA code). */
  logout: LogoutReason | null;
  /** The error's message (what a form or a notification shows). */
  message: string;
}

/** The path under /v1 without leading slashes, version prefix or query string. */
export function apiPath(path: string): string {
  return path
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .replace(/^\/+/, '')
    .replace(/^v1\//, '')
    .replace(/[?#].*$/, '');
}

/** auth/login and auth/login/{orgId}: their 401 goes back to the form. */
export function isLoginUrl(path: string): boolean {
  return /^auth\/login(\/|$)/.test(apiPath(path));
}

/**
 * `Retry-After` in seconds: delta-seconds, or an HTTP date (seconds from `now`, at least 0). Undefined
 * without a header or with one that is neither.
 */
export function retryAfterSeconds(
  headers: Headers | undefined,
  now: number = Date.now(),
): number | undefined {
  const value = headers?.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month ('Wed, 21 Oct 2015 07:28:00 GMT'); a bare number is no date.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The rate-limit text of a 429 (docs/decisions.md, 'Rate limits say how long to wait'): the spec's
 * text on login URLs, the failure throttle's ('Too many failed login attempts. Try again later', for
 * wrong codes and old passwords) where the server gave it, else 'Too many requests.'; then the wait
 * from `Retry-After`.
 */
function rateLimitText(login: boolean, body: unknown, retryAfter: number | undefined): string {
  const serverText = (body as { message?: unknown } | null | undefined)?.message;
  const base = login
    ? ERROR_TEXTS.rateLimited
    : serverText === ERROR_TEXTS.tooManyLoginAttempts
      ? ERROR_TEXTS.tooManyLoginAttempts
      : ERROR_TEXTS.tooManyRequests;
  return withWait(base, retryAfter);
}

export function classifyFailure(failure: Failure): FailureOutcome {
  const login = isLoginUrl(failure.path);
  if (failure.kind === 'network') {
    return { logout: login ? null : 'rateLimited', message: NETWORK_FAILURE_TEXT };
  }
  const { status, body } = failure;
  const text = (fallback: string) => errorText({ body }, fallback);
  if (status === 429) return { logout: null, message: rateLimitText(login, body, failure.retryAfter) };
  if (status === 401) {
    if (login) return { logout: null, message: text(ERROR_TEXTS.loginFailed) };
    const message = (body as { message?: unknown } | null)?.message;
    if (message === ERROR_TEXTS.invalidTwoFaCode)
      return { logout: null, message: ERROR_TEXTS.invalidTwoFaCode };
    return { logout: 'sessionExpired', message: text(ERROR_TEXTS.sessionExpired) };
  }
  if (status === 403) return { logout: null, message: text(ERROR_TEXTS.forbidden) };
  return { logout: null, message: text(ERROR_TEXTS.default) };
}

/** A failed answer → its outcome and the ApiError to reject with (message, status, body, retryAfter). */
export function responseFailure(
  path: string,
  response: Pick<RawResponse, 'status' | 'headers' | 'json'>,
): { outcome: FailureOutcome; error: ApiError } {
  const retryAfter = retryAfterSeconds(response.headers);
  const outcome = classifyFailure({
    kind: 'response',
    path,
    status: response.status,
    body: response.json,
    retryAfter,
  });
  return {
    outcome,
    error: new ApiError(outcome.message, response.status, asErrorBody(response.json), retryAfter),
  };
}
