/** TypeBox schemas shared by the routes; they mirror src/domain/api.ts. */
import { Type, type TSchema } from 'typebox';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    rejection: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { description: 'ApiErrorBody' },
);

export function errors(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((c) => [c, ErrorBody]));
}

export const Empty = Type.Object({}, { additionalProperties: false });

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const LoginResponse = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    role: Type.String(),
    twoFaEnabled: Type.Boolean(),
    permissions: Type.Array(Type.String()),
    organisationId: Type.Integer(),
  }),
  sessionId: Type.String(),
  organisations: Type.Record(Type.String(), Type.String(), { description: 'organisation id → name' }),
});

export const authed = { security: [{ web: [] }] };
