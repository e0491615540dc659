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

/**
 * An amount on the wire: a plain decimal string, digits with an optional fraction (never a float, never
 * exponent notation). Answers carry it (`Decimal`, server/modules/transactions/schemas.ts) and so do
 * request amounts (`RequestDecimal`).
 */
export const DECIMAL_PATTERN = '^-?[0-9]+(\\.[0-9]+)?$';
/** The same, or empty: a payment's open amount. */
export const OPEN_DECIMAL_PATTERN = '^(-?[0-9]+(\\.[0-9]+)?)?$';
const REQUEST_DECIMAL_PATTERNS: readonly string[] = [DECIMAL_PATTERN, OPEN_DECIMAL_PATTERN];

/** The product's rule of a request amount: its message for a value (and the request's other fields), or null. */
export type DecimalRule = (value: string, body: Readonly<Record<string, unknown>>) => string | null;
const DECIMAL_RULE = Symbol('decimalRule');

/**
 * A request amount: a decimal string whose pattern documents its shape, while the service keeps the
 * precise rules (more than 0, the currency's decimals, the movement's minimum and maximum). The pattern
 * is loose on purpose (a sign, leading zeros): every value the service takes matches it. A value that
 * does not match is answered with the product's message for the field, `rule`'s (what the service would
 * have answered: 'Amount must be a number', 'Amount is required'…), not Ajv's (fieldErrors,
 * server/http/validation.ts). `open`: empty is a value too (a payment's open amount).
 */
export function RequestDecimal(rule: DecimalRule, options: { description: string; open?: boolean }) {
  const schema = Type.String({
    maxLength: 64,
    pattern: options.open ? OPEN_DECIMAL_PATTERN : DECIMAL_PATTERN,
    description: `${options.description} A decimal string (digits, an optional fraction); the service checks the amount's rules and answers their messages.`,
  });
  return Object.assign(schema, { [DECIMAL_RULE]: rule });
}

/**
 * The product's message for a request amount that does not match its pattern (a RequestDecimal field
 * of `bodySchema`, the route's body schema as declared), or undefined for any other pattern or field.
 */
export function requestDecimalMessage(
  pattern: string | undefined,
  field: string,
  bodySchema: unknown,
  body: unknown,
): string | undefined {
  if (!REQUEST_DECIMAL_PATTERNS.includes(pattern ?? '')) return undefined;
  const properties = (bodySchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const rule = (properties?.[field] as { [DECIMAL_RULE]?: DecimalRule } | undefined)?.[DECIMAL_RULE];
  const values = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const value = values[field];
  return rule && typeof value === 'string' ? (rule(value, values) ?? undefined) : undefined;
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
