import { errorText } from '../domain/errors';

/**
 * The text to show for a failed call: the server's text (docs/product.md#error-catalogue selection) when the error
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

export { fieldErrorsOf } from '../domain/errors';
