/**
 * One schema per form (docs/architecture.md#stack: one module holds every field rule and message), built
 * with src/domain/forms.ts and shared by the dashboard's forms and the reference API. Each rule gives
 * a message key of src/domain/validation.ts; the first failing rule of a field is its message.
 */
import { defineForm, field, minLength, pick, required, sameAs, trimmed, when, type ValuesOf } from './forms';
import { hasPasswordCase, isEmail, isTwoFaCode, PASSWORD_MIN_LENGTH, type MessageKey } from './validation';

const email = () => trimmed(required('emailRequired'), when('emailInvalid', isEmail));

/** A new password: the case rule is checked before the length (docs/product.md#validation-rules-and-messages). */
const newPassword = (requiredKey: MessageKey) =>
  field(
    required(requiredKey),
    when('passwordCase', hasPasswordCase),
    minLength(PASSWORD_MIN_LENGTH, 'passwordLength'),
  );

/** A blank confirmation is 'Confirm Password is required', never "Password doesn't match". */
const confirmation = (of: string) =>
  field(required('confirmationRequired'), sameAs(of, 'confirmationMismatch'));

export const loginSchema = defineForm({
  email: email(),
  password: field(required('passwordRequired')),
  // Optional: only an account with 2FA needs it.
  twoFaCode: trimmed(when('twoFaDigits', isTwoFaCode)),
});
export type LoginValues = ValuesOf<typeof loginSchema>;

export const forgotPasswordSchema = defineForm({ email: email() });
export type ForgotPasswordValues = ValuesOf<typeof forgotPasswordSchema>;

export const resetPasswordSchema = defineForm({
  newPassword: newPassword('newPasswordRequired'),
  confirmationPassword: confirmation('newPassword'),
});
export type ResetPasswordValues = ValuesOf<typeof resetPasswordSchema>;

// The old password is held to the new-password rules too (as the product always did).
export const changePasswordSchema = defineForm({
  oldPassword: newPassword('oldPasswordRequired'),
  newPassword: newPassword('newPasswordRequired'),
  confirmationPassword: confirmation('newPassword'),
});
export type ChangePasswordValues = ValuesOf<typeof changePasswordSchema>;

export const twoFaSchema = defineForm({
  code: trimmed(required('twoFaRequired'), when('twoFaDigits', isTwoFaCode)),
});
export type TwoFaValues = ValuesOf<typeof twoFaSchema>;

// What the API checks of each form with the same rules (the requests carry no confirmation field).

/** POST /v1/auth/login: the 2FA code travels as a number (leading zeros lost) and is checked by the account. */
export const loginRequest = pick(loginSchema, 'email', 'password');

/** POST /v1/auth/reset-password. */
export const resetPasswordRequest = pick(resetPasswordSchema, 'newPassword');

/** PATCH /v1/users/password: the old password is only required (the server checks it against the account). */
export const changePasswordRequest = defineForm({
  oldPassword: field(required('oldPasswordRequired')),
  newPassword: changePasswordSchema.newPassword,
});

/** POST /v1/users: a new member (emailUser, userPassword, confirmationPassword); the role is chosen apart. */
export const createUserSchema = defineForm({
  email: email(),
  password: newPassword('passwordRequired'),
  confirmationPassword: confirmation('password'),
});
export type CreateUserValues = ValuesOf<typeof createUserSchema>;
