import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, waitText, withWait } from '../../src/domain/errors';
import { classifyFailure, isLoginUrl, responseFailure, retryAfterSeconds } from '../../src/api/errorRules';

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

describe('classifyFailure (docs/architecture.md#authentication-session-and-access, docs/product.md#error-catalogue)', () => {
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
  it('network failure logs out with the rate-limit notice and a hint at the connection (not on login URLs)', () => {
    expect(classifyFailure({ kind: 'network', path: 'businesses' })).toEqual({
      logout: 'rateLimited',
      message:
        'You’ve performed too many login attempts, please try again later. Also check your internet connection.',
    });
    expect(classifyFailure({ kind: 'network', path: 'auth/login' }).logout).toBeNull();
  });
  it('403 never logs out and carries the server text', () => {
    expect(r('api-keys', 403, { message: 'Nope.' })).toEqual({ logout: null, message: 'Nope.' });
    expect(r('api-keys', 403, undefined).message).toBe(ERROR_TEXTS.forbidden);
  });
  it('429 carries the rate-limit text and the wait from Retry-After', () => {
    const limited = (path: string, body: unknown, retryAfter?: number) =>
      classifyFailure({ kind: 'response', path, status: 429, body, retryAfter });
    // Login: the spec's text, kept as it is, then the wait.
    expect(limited('auth/login', { message: ERROR_TEXTS.tooManyLoginAttempts }, 660)).toEqual({
      logout: null,
      message: 'You’ve performed too many login attempts, please try again later. Try again in 11 minutes.',
    });
    expect(limited('auth/login', undefined).message).toBe(ERROR_TEXTS.rateLimited);
    // A failure throttle elsewhere (wrong 2FA codes, old passwords): its spec text, then the wait.
    expect(limited('users/two-fa', { message: ERROR_TEXTS.tooManyLoginAttempts }, 90).message).toBe(
      'Too many failed login attempts. Try again later. Try again in 2 minutes.',
    );
    // Any other request limit: 'Too many requests.', then the wait (never "login attempts").
    expect(limited('businesses', { message: 'Rate limit exceeded, retry in 1 minute' }, 45)).toEqual({
      logout: null,
      message: 'Too many requests. Try again in 45 seconds.',
    });
  });
  it('other errors: rejection, then message, then the default', () => {
    expect(r('payments', 400, { message: 'Bad', rejection: 'Rejected' }).message).toBe('Rejected');
    expect(r('payments', 500, undefined).message).toBe(ERROR_TEXTS.default);
  });
});

describe('waitText: how long to wait, from Retry-After seconds', () => {
  it.each([
    [1, 'Try again in 1 second.'],
    [0, 'Try again in 1 second.'],
    [0.2, 'Try again in 1 second.'],
    [45, 'Try again in 45 seconds.'],
    [59, 'Try again in 59 seconds.'],
    [60, 'Try again in 1 minute.'],
    [61, 'Try again in 2 minutes.'],
    [660, 'Try again in 11 minutes.'],
    [3599, 'Try again in 60 minutes.'],
    [3600, 'Try again in 1 hour.'],
    [3601, 'Try again in 2 hours.'],
    [7200, 'Try again in 2 hours.'],
  ])('%s s → %s', (seconds, text) => expect(waitText(seconds)).toBe(text));

  it('withWait keeps the base text and adds the wait; without a usable wait, the base alone', () => {
    expect(withWait(ERROR_TEXTS.rateLimited, 660)).toBe(
      'You’ve performed too many login attempts, please try again later. Try again in 11 minutes.',
    );
    expect(withWait('Too many failed login attempts. Try again later', 30)).toBe(
      'Too many failed login attempts. Try again later. Try again in 30 seconds.',
    );
    expect(withWait(ERROR_TEXTS.rateLimited, undefined)).toBe(ERROR_TEXTS.rateLimited);
    expect(withWait(ERROR_TEXTS.rateLimited, Number.NaN)).toBe(ERROR_TEXTS.rateLimited);
    expect(withWait(ERROR_TEXTS.rateLimited, -5)).toBe(ERROR_TEXTS.rateLimited);
  });
});

describe('retryAfterSeconds', () => {
  const headers = (value?: string) => new Headers(value === undefined ? {} : { 'Retry-After': value });
  it('reads delta-seconds and HTTP dates; anything else is no wait', () => {
    expect(retryAfterSeconds(headers('660'))).toBe(660);
    expect(retryAfterSeconds(headers(' 0 '))).toBe(0);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds(headers('Thu, 01 Jan 2026 00:02:00 GMT'), now)).toBe(120);
    expect(retryAfterSeconds(headers('Wed, 31 Dec 2025 23:00:00 GMT'), now)).toBe(0);
    expect(retryAfterSeconds(headers())).toBeUndefined();
    expect(retryAfterSeconds(headers('soon'))).toBeUndefined();
    expect(retryAfterSeconds(headers('-3'))).toBeUndefined();
    expect(retryAfterSeconds(undefined)).toBeUndefined();
  });

  it('responseFailure carries it on the ApiError', () => {
    const { error, outcome } = responseFailure('auth/login', {
      status: 429,
      headers: headers('660'),
      json: { message: ERROR_TEXTS.tooManyLoginAttempts },
    });
    expect(error).toMatchObject({ status: 429, retryAfter: 660, message: outcome.message });
    expect(error.body).toEqual({ message: ERROR_TEXTS.tooManyLoginAttempts });
  });
});
