/**
 * Error semantics of DESIGN.md section 6 and spec section 8, as one pure function: given a failed
 * call, what text the error carries and whether the session must be ended (and why).
 */
import type { LogoutReason } from '../domain/session';
import { ERROR_TEXTS, errorText } from '../domain/errors';

export type Failure =
  { kind: 'network'; path: string } | { kind: 'response'; path: string; status: number; body: unknown };

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

export function classifyFailure(failure: Failure): FailureOutcome {
  const login = isLoginUrl(failure.path);
  if (failure.kind === 'network') {
    return { logout: login ? null : 'rateLimited', message: ERROR_TEXTS.rateLimited };
  }
  const { status, body } = failure;
  const text = (fallback: string) => errorText({ body }, fallback);
  if (status === 429) return { logout: null, message: ERROR_TEXTS.rateLimited };
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
