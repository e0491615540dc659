import { errorText } from '../domain/errors';

/**
 * The text to show for a failed call: the server's text (spec section 8 selection) when the error
 * carries a body, else the message the data provider already selected for an HTTP error, else the
 * fallback (network failures and programming errors never leak their raw message).
 */
export function messageOf(error: unknown, fallback: string): string {
  const selected = errorText(error, '');
  if (selected) return selected;
  if (error instanceof Error && 'status' in error && error.message) return error.message;
  return fallback;
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
