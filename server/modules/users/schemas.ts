/** Wire shapes of /v1/users (the caller's own account). */
import { Type } from 'typebox';
import { STRICT_BODY, Text } from '../../http/schemas';

export const TwoFaState = Type.Object({
  enabled: Type.Boolean(),
  secret: Type.Optional(Type.String({ maxLength: 128, pattern: '^[A-Z2-7]+=*$', description: 'base32' })),
  otpauthUri: Type.Optional(Type.String({ maxLength: 1024, pattern: '^otpauth://totp/' })),
});

export const TwoFaUpdateBody = Type.Object(
  {
    enabled: Type.Boolean(),
    code: Text({ minLength: 1, maxLength: 16 }),
  },
  STRICT_BODY,
);
export const TwoFaUpdateResponse = Type.Object({ enabled: Type.Boolean() });

export const ChangePasswordBody = Type.Object(
  {
    oldPassword: Text({ minLength: 1, maxLength: 1024 }),
    newPassword: Text({ minLength: 1, maxLength: 1024 }),
  },
  STRICT_BODY,
);
