import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { classifyFailure, isLoginUrl } from '../../src/api/errorRules';

describe('isLoginUrl', () => {
  it.each([
    ['auth/login', true],
    ['/v1/auth/login', true],
    ['auth/login/3', true],
    ['http://api.test/v1/auth/login/3?x=1', true],
    ['auth/logout', false],
    ['auth/login-history', false],
    ['users/two-fa', false],
  ])('%s → %s', (path, expected) => expect(isLoginUrl(path)).toBe(expected));
});

describe('classifyFailure (DESIGN.md 6, spec 8)', () => {
  const r = (path: string, status: number, body: unknown) =>
    classifyFailure({ kind: 'response', path, status, body });

  it('401 from a login URL goes to the form, no logout', () => {
    expect(r('auth/login', 401, { message: ERROR_TEXTS.invalidCredentials })).toEqual({
      logout: null,
      message: 'Invalid email or password.',
    });
    expect(r('auth/login/2', 401, { message: 'x' }).logout).toBeNull();
  });
  it('401 with the 2FA message: passed to the caller, no logout', () => {
    expect(r('users/two-fa', 401, { message: 'Invalid or expired 2FA verification code.' })).toEqual({
      logout: null,
      message: 'Invalid or expired 2FA verification code.',
    });
  });
  it('any other 401 logs out with sessionExpired', () => {
    expect(r('businesses', 401, { message: 'Authentication required.' }).logout).toBe('sessionExpired');
    expect(r('businesses', 401, undefined)).toEqual({
      logout: 'sessionExpired',
      message: ERROR_TEXTS.sessionExpired,
    });
  });
  it('network failure logs out with the rate-limit notice (not on login URLs)', () => {
    expect(classifyFailure({ kind: 'network', path: 'businesses' })).toEqual({
      logout: 'rateLimited',
      message: ERROR_TEXTS.rateLimited,
    });
    expect(classifyFailure({ kind: 'network', path: 'auth/login' }).logout).toBeNull();
  });
  it('403 never logs out and carries the server text', () => {
    expect(r('api-keys', 403, { message: 'Nope.' })).toEqual({ logout: null, message: 'Nope.' });
    expect(r('api-keys', 403, undefined).message).toBe(ERROR_TEXTS.forbidden);
  });
  it('429 carries the rate-limit text', () => {
    expect(r('businesses', 429, { message: 'Rate limit exceeded, retry in 1 minute' })).toEqual({
      logout: null,
      message: ERROR_TEXTS.rateLimited,
    });
  });
  it('other errors: rejection, then message, then the default', () => {
    expect(r('payments', 400, { message: 'Bad', rejection: 'Rejected' }).message).toBe('Rejected');
    expect(r('payments', 500, undefined).message).toBe(ERROR_TEXTS.default);
  });
});
