/** Errors that the error handler turns into the JSON error body (ApiErrorBody, docs/architecture.md#the-v1-contract). */
import { ERROR_TEXTS, type ApiErrorBody } from '../../src/domain/errors';

/**
 * Texts of server answers that src/domain/errors.ts does not hold yet (server-only until the dashboard
 * needs them; then they move to ERROR_TEXTS).
 */
export const SERVER_TEXTS = {
  /** 413: the body is over the limit (64 KB). */
  bodyTooLarge: 'Request body is too large.',
  /** 405: the path exists, with other methods (the Allow header lists them). */
  methodNotAllowed: 'This method is not allowed on this path.',
  /** 400: the HTTP request itself could not be parsed (bad request line, header or URL). */
  malformedRequest: 'The request is malformed.',
  /** 431: the request's headers are too large. */
  headersTooLarge: 'Request headers are too large.',
  /** 408: the request did not arrive in time. */
  requestTimeout: 'The request took too long to arrive.',
  /** A field error: a string with a control character or a lone surrogate (server/http/schemas.ts Text). */
  controlCharacters: 'must not contain control characters',
  /** 400: a money-moving request without a valid Idempotency-Key (server/http/idempotency.ts). */
  idempotencyKeyRequired: 'An Idempotency-Key header (a UUID) is required.',
  /** 422: an Idempotency-Key used before with another request. */
  idempotencyKeyReused: 'This Idempotency-Key was already used with another request.',
  /** 409: the key's first request is still under way (its claim vanished before it answered). */
  idempotencyKeyBusy: 'A request with this Idempotency-Key is under way. Try again.',
  /** 406: GET /v1/events without Accept: text/event-stream (server/modules/events/routes.ts). */
  eventStreamOnly: 'This path streams events: send Accept: text/event-stream.',
} as const;

/** The global 429 (and the forgot-password limit): 'Too many requests. Try again in N seconds.' */
export const tooManyRequestsText = (seconds: number) =>
  `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: ApiErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ApiErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

export const notFound = () => new ApiError(404, { message: ERROR_TEXTS.notFound });
export const unauthorized = () => new ApiError(401, { message: ERROR_TEXTS.unauthorized });
export const forbidden = () => new ApiError(403, { message: ERROR_TEXTS.forbidden });
export const invalidTwoFaCode = () => new ApiError(401, { message: ERROR_TEXTS.invalidTwoFaCode });
export const validationError = (errors: Record<string, string>, message: string = ERROR_TEXTS.validation) =>
  new ApiError(400, { message, errors });
/** 429 of a failure throttle (logins, old passwords, 2FA codes), with Retry-After. */
export const tooManyAttempts = (wait: number) =>
  new ApiError(429, { message: ERROR_TEXTS.tooManyLoginAttempts }, { 'Retry-After': String(wait) });
/** 429 of a request limit (global, forgot password), with Retry-After. */
export const tooManyRequests = (wait: number) =>
  new ApiError(429, { message: tooManyRequestsText(wait) }, { 'Retry-After': String(wait) });

/** A row or 404: organisation-scoped lookups answer 404 for foreign ids. */
export function found<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound();
  return row;
}
