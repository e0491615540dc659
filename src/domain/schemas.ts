/**
 * The yup schemas of the forms (DESIGN.md section 2: one module holds every field rule and message).
 * Messages are keys under `validation.` that src/i18n translates to the texts of spec section 5.
 */
import * as yup from 'yup';
import { hasPasswordCase, isEmail, isTwoFaCode, PASSWORD_MIN_LENGTH, type MessageKey } from './validation';

const m = (key: MessageKey) => `validation.${key}`;

const email = () =>
  yup
    .string()
    .trim()
    .required(m('emailRequired'))
    .test('email', m('emailInvalid'), (v) => !v || isEmail(v));

const newPassword = (requiredKey: MessageKey) =>
  yup
    .string()
    .required(m(requiredKey))
    .test('case', m('passwordCase'), (v) => !v || hasPasswordCase(v))
    .min(PASSWORD_MIN_LENGTH, m('passwordLength'));

const twoFaCode = () =>
  yup
    .string()
    .trim()
    .required(m('twoFaRequired'))
    .test('digits', m('twoFaDigits'), (v) => !v || isTwoFaCode(v));

export const loginSchema = yup.object({
  email: email(),
  password: yup.string().required(m('passwordRequired')),
  twoFaCode: yup
    .string()
    .trim()
    .default('')
    .test('digits', m('twoFaDigits'), (v) => !v || isTwoFaCode(v)),
});
export type LoginValues = yup.InferType<typeof loginSchema>;

export const forgotPasswordSchema = yup.object({ email: email() });
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;

// A test rather than oneOf([ref]): oneOf runs before required, so a blank confirmation would say
// "Password doesn't match" instead of 'Confirm Password is required'.
const confirmation = (field: string) =>
  yup
    .string()
    .required(m('confirmationRequired'))
    .test('match', m('confirmationMismatch'), function (value) {
      return !value || value === this.parent[field];
    });

export const resetPasswordSchema = yup.object({
  newPassword: newPassword('newPasswordRequired'),
  confirmationPassword: confirmation('newPassword'),
});
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;

export const changePasswordSchema = yup.object({
  oldPassword: newPassword('oldPasswordRequired'),
  newPassword: newPassword('newPasswordRequired'),
  confirmationPassword: confirmation('newPassword'),
});
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>;

export const twoFaSchema = yup.object({ code: twoFaCode() });
export type TwoFaValues = yup.InferType<typeof twoFaSchema>;
