import { errorText } from '../domain/errors';

/**
 * The text to show for a failed call: the server's text (spec section 8 selection) when the error
 * carries one, else the caller's fallback. An error without a server text never shows its own
 * message (the generic default or a network/programming error's raw text), except a 429's, which
 * says how long to wait.
 */
export function messageOf(error: unknown, fallback: string): string {
  // A 429's message is the error rules' (src/api): the rate-limit text with the wait from Retry-After.
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (status === 429 && typeof message === 'string' && message) return message;
  return errorText(error, '') || fallback;
}

/** Field errors of a /v1 validation error (`body.errors`), if any. */
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
