/** Wire shapes of /v1/auth (spec sections 3 and 7). */
import { Type } from 'typebox';
import { Id } from '../../http/schemas';

export { LoginResponse } from '../../http/schemas';

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  twoFaCode: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 999_999 }), Type.Null()])),
});

export const SwitchParams = Type.Object({ orgId: Id });

export const ForgotPasswordBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) });
export const ForgotPasswordResponse = Type.Object({ message: Type.String() });

export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
});
