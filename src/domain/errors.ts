/** Error texts of docs/product.md#error-catalogue and the error text selection rule. */

export const ERROR_TEXTS = {
  default: 'Error completing action. Please try again later.',
  rateLimited: 'You’ve performed too many login attempts, please try again later.',
  tooManyLoginAttempts: 'Too many failed login attempts. Try again later',
  loginFailed: 'Error occurred during login',
  invalidCredentials: 'Invalid email or password.',
  invalidTwoFaCode: 'Invalid or expired 2FA verification code.',
  sessionExpired: 'Session expired',
  unauthorized: 'Authentication required.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  switchOrganisationFailed: 'Failed to switch organisation',
  brandFailed: 'Unspecified error occurred.',
  unsupportedMediaType: 'Requests must be sent as JSON (Content-Type: application/json).',
  validation: 'Some fields are invalid.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  oldPasswordIncorrect: 'Old password is incorrect',
  forgotPasswordAccepted: 'If an account exists for this email, a reset link has been sent to it.',
  /** A 429 of a request limit (not a login): the base of 'Too many requests. Try again in 2 minutes.' */
  tooManyRequests: 'Too many requests.',
  /** Added to the rate-limit text when the call itself failed (no answer): it may be the connection. */
  checkConnection: 'Also check your internet connection.',
} as const;

/** The JSON error body of every /v1 error (docs/architecture.md#the-v1-contract). */
export interface ApiErrorBody {
  message: string;
  rejection?: string;
  errors?: Record<string, string>;
}

function textFrom(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const { rejection, message } = data as { rejection?: unknown; message?: unknown };
  if (typeof rejection === 'string' && rejection) return rejection;
  if (typeof message === 'string' && message) return message;
  return undefined;
}

/**
 * Error text selection, in order (docs/product.md#error-catalogue): a plain string error; else the rejection, then
 * the message, from the error data or its response data; else the default text.
 */
export function errorText(error: unknown, fallback: string = ERROR_TEXTS.default): string {
  if (typeof error === 'string') return error || fallback;
  if (error !== null && typeof error === 'object') {
    const e = error as { data?: unknown; body?: unknown; response?: { data?: unknown } };
    return textFrom(e.data) ?? textFrom(e.body) ?? textFrom(e.response?.data) ?? fallback;
  }
  return fallback;
}

/**
 * How long to wait, from a `Retry-After` in seconds: 'Try again in 45 seconds.', '… in 11 minutes.',
 * '… in 2 hours.'. Seconds under a minute, minutes under an hour, hours from an hour on, each rounded
 * up (never earlier than the server allows): 61 s is 2 minutes, 3600 s 1 hour, 3601 s 2 hours.
 */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (s < 60) return `Try again in ${unit(s, 'second')}.`;
  if (s < 3600) return `Try again in ${unit(Math.ceil(s / 60), 'minute')}.`;
  return `Try again in ${unit(Math.ceil(s / 3600), 'hour')}.`;
}

/**
 * A rate-limit text with the wait: the spec's text as it is (a full stop added if it has none), then
 * waitText. Without a usable wait (no or a bad `Retry-After`), the text alone.
 */
export function withWait(base: string, seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return base;
  return `${/[.!?]$/.test(base) ? base : `${base}.`} ${waitText(seconds)}`;
}

/** A call that got no answer (docs/product.md#error-catalogue: the rate-limit text), and a hint at the connection. */
export const NETWORK_FAILURE_TEXT = `${ERROR_TEXTS.rateLimited} ${ERROR_TEXTS.checkConnection}`;

/** Field errors of a /v1 validation error (`body.errors`, or `data.errors`), if any; `{}` otherwise. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (error === null || typeof error !== 'object') return {};
  const { body, data } = error as { body?: unknown; data?: unknown };
  for (const source of [body, data]) {
    if (source && typeof source === 'object' && 'errors' in source) {
      const errors = (source as { errors?: unknown }).errors;
      if (errors && typeof errors === 'object') {
        return Object.fromEntries(
          Object.entries(errors as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
      }
    }
  }
  return {};
}
