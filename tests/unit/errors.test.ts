import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorText } from '../../src/domain/errors';

describe('errorText (docs/product.md#error-catalogue: error text selection)', () => {
  it.each([
    ['a plain string error', 'Plain failure', 'Plain failure'],
    ['rejection before message (data)', { data: { rejection: 'Rejected', message: 'Msg' } }, 'Rejected'],
    ['message from data', { data: { message: 'From data' } }, 'From data'],
    [
      'rejection from response.data',
      { response: { data: { rejection: 'Resp rejected', message: 'x' } } },
      'Resp rejected',
    ],
    ['message from response.data', { response: { data: { message: 'From response' } } }, 'From response'],
    [
      'data before response.data',
      { data: { message: 'From data' }, response: { data: { message: 'From response' } } },
      'From data',
    ],
    ['body of an HttpError-like error', { body: { message: 'From body' }, message: 'ignored' }, 'From body'],
    ['the default for an empty object', {}, ERROR_TEXTS.default],
    ['the default for null', null, ERROR_TEXTS.default],
    ['the default for an Error without data', new Error('internal detail'), ERROR_TEXTS.default],
  ])('%s', (_label, error, expected) => {
    expect(errorText(error)).toBe(expected);
  });

  it('uses the given fallback', () => {
    expect(errorText({}, ERROR_TEXTS.loginFailed)).toBe('Error occurred during login');
  });

  it('the default text is the spec text', () => {
    expect(errorText(undefined)).toBe('Error completing action. Please try again later.');
  });
});
