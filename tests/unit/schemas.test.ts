import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  twoFaSchema,
} from '../../src/domain/schemas';
import { translate, translateMessage } from '../../src/i18n/translate';

/** The translated message of one field, or undefined when it is valid. */
function messageFor(
  schema: ObjectSchema<AnyObject>,
  values: Record<string, unknown>,
  field: string,
): string | undefined {
  try {
    schema.validateSyncAt(field, values);
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return translate(error.message);
  }
}

// Note: the confirmation rule uses yup's oneOf, which runs before `required`, so an empty string ('')
// gives "Password doesn't match"; the public forms submit blanks as missing values (see
// src/public/fields.tsx blankAsMissing) and the reset-page test checks the required text end to end.
describe('field messages (spec section 5) through translate', () => {
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
    expect(messageFor(schema, values, field)).toBe(expected);
  });

  it('translateMessage leaves server texts unchanged', () => {
    expect(translateMessage('validation.emailRequired')).toBe('Email is required');
    expect(translateMessage('Old password is incorrect')).toBe('Old password is incorrect');
    expect(translateMessage(undefined)).toBeUndefined();
  });
});
