import { describe, expect, it } from 'vitest';
import { errorTexts, validateField, validateForm, type FormSchema } from '../../src/domain/forms';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  twoFaSchema,
} from '../../src/domain/schemas';
import { formResolver } from '../../src/forms/resolver';
import { translate, translateMessage } from '../../src/i18n/translate';

type AnySchema = FormSchema<Record<string, string>>;

/** The translated message of one field, or undefined when it is valid. */
function messageFor(schema: AnySchema, values: Record<string, unknown>, field: string): string | undefined {
  const key = validateField(schema, field, values);
  return key ? translate(`validation.${key}`) : undefined;
}

// The first failing rule of a field is its message, in the order the schema lists them: a blank
// confirmation is 'Confirm Password is required' (not "Password doesn't match"), a new password's
// case rule comes before its length.
describe('field messages (docs/product.md#validation-rules-and-messages) through translate', () => {
  it.each`
    schema                  | name        | values                                                           | field                     | expected
    ${loginSchema}          | ${'login'}  | ${{ email: '' }}                                                 | ${'email'}                | ${'Email is required'}
    ${loginSchema}          | ${'login'}  | ${{ email: 'not-an-email' }}                                     | ${'email'}                | ${'Please enter a valid email address'}
    ${loginSchema}          | ${'login'}  | ${{ email: 'a@b.co' }}                                           | ${'email'}                | ${undefined}
    ${loginSchema}          | ${'login'}  | ${{ password: '' }}                                              | ${'password'}             | ${'Password is required'}
    ${loginSchema}          | ${'login'}  | ${{ twoFaCode: '12345' }}                                        | ${'twoFaCode'}            | ${'2FA must be 6 digits'}
    ${loginSchema}          | ${'login'}  | ${{ twoFaCode: '12a456' }}                                       | ${'twoFaCode'}            | ${'2FA must be 6 digits'}
    ${loginSchema}          | ${'login'}  | ${{ twoFaCode: '' }}                                             | ${'twoFaCode'}            | ${undefined}
    ${loginSchema}          | ${'login'}  | ${{ twoFaCode: '123456' }}                                       | ${'twoFaCode'}            | ${undefined}
    ${forgotPasswordSchema} | ${'forgot'} | ${{ email: '' }}                                                 | ${'email'}                | ${'Email is required'}
    ${forgotPasswordSchema} | ${'forgot'} | ${{ email: 'x@y' }}                                              | ${'email'}                | ${'Please enter a valid email address'}
    ${resetPasswordSchema}  | ${'reset'}  | ${{ newPassword: '' }}                                           | ${'newPassword'}          | ${'New password is required'}
    ${resetPasswordSchema}  | ${'reset'}  | ${{ newPassword: 'alllowercase1' }}                              | ${'newPassword'}          | ${'At least one uppercase, one lowercase letter and a number'}
    ${resetPasswordSchema}  | ${'reset'}  | ${{ newPassword: 'Ab1' }}                                        | ${'newPassword'}          | ${'At least 8 characters'}
    ${resetPasswordSchema}  | ${'reset'}  | ${{ newPassword: 'Abcdefg1' }}                                   | ${'newPassword'}          | ${undefined}
    ${resetPasswordSchema}  | ${'reset'}  | ${{ newPassword: 'Abcdefg1', confirmationPassword: undefined }}  | ${'confirmationPassword'} | ${'Confirm Password is required'}
    ${resetPasswordSchema}  | ${'reset'}  | ${{ newPassword: 'Abcdefg1', confirmationPassword: 'x' }}        | ${'confirmationPassword'} | ${"Password doesn't match"}
    ${changePasswordSchema} | ${'change'} | ${{ oldPassword: '' }}                                           | ${'oldPassword'}          | ${'Old password is required'}
    ${changePasswordSchema} | ${'change'} | ${{ oldPassword: 'abcdefgh' }}                                   | ${'oldPassword'}          | ${'At least one uppercase, one lowercase letter and a number'}
    ${changePasswordSchema} | ${'change'} | ${{ oldPassword: 'Abc1' }}                                       | ${'oldPassword'}          | ${'At least 8 characters'}
    ${changePasswordSchema} | ${'change'} | ${{ newPassword: 'ABCDEFG1' }}                                   | ${'newPassword'}          | ${'At least one uppercase, one lowercase letter and a number'}
    ${changePasswordSchema} | ${'change'} | ${{ newPassword: 'Ab1' }}                                        | ${'newPassword'}          | ${'At least 8 characters'}
    ${changePasswordSchema} | ${'change'} | ${{ newPassword: 'Abcdefg1', confirmationPassword: undefined }}  | ${'confirmationPassword'} | ${'Confirm Password is required'}
    ${changePasswordSchema} | ${'change'} | ${{ newPassword: 'Abcdefg1', confirmationPassword: 'Abcdefg2' }} | ${'confirmationPassword'} | ${"Password doesn't match"}
    ${twoFaSchema}          | ${'2fa'}    | ${{ code: '' }}                                                  | ${'code'}                 | ${'2FA code is required'}
    ${twoFaSchema}          | ${'2fa'}    | ${{ code: '1234567' }}                                           | ${'code'}                 | ${'2FA must be 6 digits'}
    ${twoFaSchema}          | ${'2fa'}    | ${{ code: 'abcdef' }}                                            | ${'code'}                 | ${'2FA must be 6 digits'}
    ${twoFaSchema}          | ${'2fa'}    | ${{ code: '654321' }}                                            | ${'code'}                 | ${undefined}
  `('$name.$field with $values → $expected', ({ schema, values, field, expected }) => {
    expect(messageFor(schema as AnySchema, values, field)).toBe(expected);
  });

  it('validateForm gives every invalid field its first message key (what the server sends)', () => {
    expect(validateForm(loginSchema, {})).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
    expect(validateForm(loginSchema, { email: ' a@b.co ', password: 'x', twoFaCode: ' 123456 ' })).toEqual(
      {},
    );
    expect(
      validateForm(changePasswordSchema, { oldPassword: 'short', newPassword: '', confirmationPassword: '' }),
    ).toEqual({
      oldPassword: 'passwordCase',
      newPassword: 'newPasswordRequired',
      confirmationPassword: 'confirmationRequired',
    });
    expect(validateForm(twoFaSchema, { code: 123456 })).toEqual({});
    expect(errorTexts(validateForm(forgotPasswordSchema, { email: 'x@y' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    // White space alone is blank in trimmed fields, but a (bad) password in password fields.
    expect(validateForm(forgotPasswordSchema, { email: '   ' })).toEqual({ email: 'emailRequired' });
    expect(
      validateForm(resetPasswordSchema, { newPassword: '        ', confirmationPassword: '        ' }),
    ).toEqual({ newPassword: 'passwordCase' });
  });

  it('the react-hook-form resolver reports validation.<key> and submits trimmed values', async () => {
    const resolve = formResolver(loginSchema);
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolve>[2];
    const invalid = await resolve({ email: 'nope', password: '', twoFaCode: '' }, undefined, options);
    expect(invalid.values).toEqual({});
    expect(Object.fromEntries(Object.entries(invalid.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      email: 'validation.emailInvalid',
      password: 'validation.passwordRequired',
    });
    const valid = await resolve(
      { email: ' a@b.co ', password: ' pw ', twoFaCode: ' 123456 ' },
      undefined,
      options,
    );
    expect(valid.errors).toEqual({});
    expect(valid.values).toEqual({ email: 'a@b.co', password: ' pw ', twoFaCode: '123456' });
  });

  it('translateMessage leaves server texts unchanged', () => {
    expect(translateMessage('validation.emailRequired')).toBe('Email is required');
    expect(translateMessage('Old password is incorrect')).toBe('Old password is incorrect');
    expect(translateMessage(undefined)).toBeUndefined();
  });
});
