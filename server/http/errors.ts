/** Errors that the error handler turns into the JSON error body (ApiErrorBody, DESIGN.md section 7). */
import { ERROR_TEXTS, type ApiErrorBody } from '../../src/domain/errors';

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

/** A row or 404: organisation-scoped lookups answer 404 for foreign ids. */
export function found<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound();
  return row;
}
