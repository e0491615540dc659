/** TypeBox schemas shared by the routes; they mirror src/domain/api.ts. */
import { Type, type TSchema, type TStringOptions } from 'typebox';

/**
 * The pattern of `Text`: no C0 or C1 control character (U+0000–U+001F, U+007F–U+009F) and no lone
 * surrogate. Ajv compiles patterns with the `u` flag, so a well-formed surrogate pair is one code point
 * (an emoji passes) while a lone half is refused. `TEXT_PATTERN_MULTILINE` also lets tab, LF and CR through.
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';
export const TEXT_PATTERN_MULTILINE =
  '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';
export const TEXT_PATTERNS: readonly string[] = [TEXT_PATTERN, TEXT_PATTERN_MULTILINE];

/**
 * A string field of user input: a required `maxLength`, and no control characters (a 400 with
 * 'must not contain control characters', never a database error). `multiline` allows tab, LF and CR.
 */
export function Text(options: TStringOptions & { maxLength: number; multiline?: boolean }) {
  const { multiline, ...rest } = options;
  return Type.String({ ...rest, pattern: multiline ? TEXT_PATTERN_MULTILINE : TEXT_PATTERN });
}

/** Integers on the wire are int32 with bounds (OpenAPI `format`; ids and counts fit PostgreSQL integer). */
export const INT32_MAX = 2_147_483_647;
export const Int32 = (options: {
  minimum: number;
  maximum: number;
  description?: string;
  default?: number;
}) => Type.Integer({ format: 'int32', ...options });

/** A permission name as stored in a role (src/domain/permissions.ts's PERMISSIONS are of this form). */
export const PermissionName = Type.String({ maxLength: 64, pattern: '^[A-Z][A-Z0-9_]*$' });
/** At most this many permissions in a role (the known ones are fewer). */
export const PERMISSIONS_MAX = 100;
/** An e-mail address as the server answers it (stored lower-case, checked when it was set). */
export const EmailAddress = Type.String({ maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' });
/** The name of something (a role, an organisation, a currency): one line of text. */
export const Name = Text({ maxLength: 200 });

export const ErrorBody = Type.Object(
  {
    message: Text({ maxLength: 1000 }),
    rejection: Type.Optional(Text({ maxLength: 1000 })),
    errors: Type.Optional(
      Type.Record(Type.String({ maxLength: 200 }), Text({ maxLength: 1000 }), {
        maxProperties: 1000,
        description: 'field → message',
      }),
    ),
  },
  { description: 'ApiErrorBody' },
);

export function errors(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((c) => [c, ErrorBody]));
}

export const Empty = Type.Object({}, { additionalProperties: false });

export const Id = Int32({ minimum: 1, maximum: INT32_MAX });

export const LoginResponse = Type.Object({
  user: Type.Object({
    id: Id,
    email: EmailAddress,
    role: Name,
    twoFaEnabled: Type.Boolean(),
    permissions: Type.Array(PermissionName, { maxItems: PERMISSIONS_MAX }),
    organisationId: Id,
  }),
  sessionId: Type.String({
    maxLength: 64,
    pattern: '^[A-Za-z0-9-]{1,64}$',
    description: 'Opaque (a UUID here)',
  }),
  organisations: Type.Record(Type.String({ maxLength: 10 }), Name, {
    maxProperties: 1000,
    description: 'organisation id → name',
  }),
});

export const authed = { security: [{ web: [] }] };

/** Request bodies refuse fields they do not declare (400 'is not a known field'), never ignore them. */
export const STRICT_BODY = { additionalProperties: false } as const;
