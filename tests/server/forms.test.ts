/**
 * One schema per form: the API words a refused field exactly as the dashboard's form does, because
 * both run the rules of src/domain/schemas.ts (whether the type check or the rules refused it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTexts, validateForm, type FormSchema } from '../../src/domain/forms';
import {
  changePasswordRequest,
  forgotPasswordSchema,
  loginRequest,
  resetPasswordRequest,
  twoFaSchema,
} from '../../src/domain/schemas';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeApp();
  token = await t.token('manager@example.com');
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const clientTexts = (form: FormSchema<any>, body: Record<string, unknown>) =>
  errorTexts(validateForm(form, body));

const CASES: Array<{
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormSchema<any>;
  body: Record<string, unknown>;
  authed?: boolean;
}> = [
  {
    name: 'login without an e-mail',
    method: 'POST',
    url: '/v1/auth/login',
    form: loginRequest,
    body: { password: 'x' },
  },
  {
    name: 'login with a malformed e-mail',
    method: 'POST',
    url: '/v1/auth/login',
    form: loginRequest,
    body: { email: 'not-an-address', password: 'x' },
  },
  {
    name: 'login with an empty password',
    method: 'POST',
    url: '/v1/auth/login',
    form: loginRequest,
    body: { email: 'a@example.com', password: '' },
  },
  {
    name: 'forgot password, blank',
    method: 'POST',
    url: '/v1/auth/forgot-password',
    form: forgotPasswordSchema,
    body: { email: '   ' },
  },
  {
    name: 'forgot password, malformed',
    method: 'POST',
    url: '/v1/auth/forgot-password',
    form: forgotPasswordSchema,
    body: { email: 'a@b' },
  },
  {
    name: 'reset with a weak password',
    method: 'POST',
    url: '/v1/auth/reset-password',
    form: resetPasswordRequest,
    body: { token: 'x'.repeat(43), newPassword: 'short' },
  },
  {
    name: 'change password, new one too short',
    method: 'PATCH',
    url: '/v1/users/password',
    form: changePasswordRequest,
    body: { oldPassword: 'Demo-pass-1', newPassword: 'Ab1' },
    authed: true,
  },
  {
    name: 'change password, no old one',
    method: 'PATCH',
    url: '/v1/users/password',
    form: changePasswordRequest,
    body: { newPassword: 'Better-pass-2' },
    authed: true,
  },
  {
    name: '2FA with a short code',
    method: 'PATCH',
    url: '/v1/users/two-fa',
    form: twoFaSchema,
    body: { enabled: true, code: '12' },
    authed: true,
  },
  {
    name: '2FA with an empty code',
    method: 'PATCH',
    url: '/v1/users/two-fa',
    form: twoFaSchema,
    body: { enabled: true, code: '' },
    authed: true,
  },
];

describe('field errors of the API and of the forms', () => {
  it.each(CASES)('$name: the same texts as the form', async ({ method, url, form, body, authed }) => {
    const expected = clientTexts(form, body);
    expect(Object.keys(expected).length).toBeGreaterThan(0); // the case is refused by the form
    const response = await t.app.inject({
      method,
      url,
      payload: body,
      headers: authed ? t.auth(token) : {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expected);
  });
});
