/** Wire shapes of /v1/users (the caller's own account). */
import { Type } from 'typebox';

export const TwoFaState = Type.Object({
  enabled: Type.Boolean(),
  secret: Type.Optional(Type.String()),
  otpauthUri: Type.Optional(Type.String()),
});

export const TwoFaUpdateBody = Type.Object({
  enabled: Type.Boolean(),
  code: Type.String({ minLength: 1, maxLength: 16 }),
});
export const TwoFaUpdateResponse = Type.Object({ enabled: Type.Boolean() });

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
});
