/** Wire shapes of /v1/auth (docs/product.md#entities-and-their-fields and #calls). */
import { Type } from 'typebox';
import { Id, STRICT_BODY, Text } from '../../http/schemas';

export { LoginResponse } from '../../http/schemas';

export const LoginBody = Type.Object(
  {
    email: Text({ minLength: 1, maxLength: 320 }),
    password: Text({ minLength: 1, maxLength: 1024 }),
    // A number, or the six digits as a string (which keeps a leading zero): both declared, as bodies
    // are not coerced.
    twoFaCode: Type.Optional(
      Type.Union([
        Type.Integer({ minimum: 0, maximum: 999_999, format: 'int32' }),
        Type.String({ maxLength: 6, pattern: '^[0-9]{6}$' }),
        Type.Null(),
      ]),
    ),
  },
  STRICT_BODY,
);

export const SwitchParams = Type.Object({ orgId: Id });

export const ForgotPasswordBody = Type.Object({ email: Text({ minLength: 1, maxLength: 320 }) }, STRICT_BODY);
export const ForgotPasswordResponse = Type.Object({ message: Text({ maxLength: 200 }) });

export const ResetPasswordBody = Type.Object(
  {
    token: Text({ minLength: 1, maxLength: 200 }),
    newPassword: Text({ minLength: 1, maxLength: 1024 }),
  },
  STRICT_BODY,
);
