/**
 * The error every /v1 call rejects with (no react-admin: the login chunk uses it). It is HttpError-like:
 * `message` (the text to show), `status` (0 = network failure), `body` (the JSON error body) and
 * `retryAfter` (seconds, from `Retry-After`).
 * The data provider converts it into react-admin's HttpError for the admin.
 */
import type { ApiErrorBody } from '../domain/errors';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;
  /** Seconds to wait before retrying, from the answer's `Retry-After` (every 429 carries one). */
  readonly retryAfter: number | undefined;

  constructor(message: string, status: number, body?: ApiErrorBody, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /** fetch itself failed (offline, CORS, connection reset): status 0. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The JSON error body if the value looks like one (`{ message, rejection?, errors? }`). */
export function asErrorBody(value: unknown): ApiErrorBody | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.message !== 'string' && typeof v.rejection !== 'string') return undefined;
  return v as unknown as ApiErrorBody;
}
