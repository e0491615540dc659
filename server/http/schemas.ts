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

/**
 * The product's rule of a request field: its message for a value (given the whole body), or null when
 * the product takes it (or leaves the value to the schema: TextRule). A field whose schema carries one (withRule) is answered with the rule's
 * message when the schema refuses it (fieldErrors, server/http/validation.ts), the text the service or
 * the form would have answered, never Ajv's.
 */
export type FieldRule = (value: unknown, body: Readonly<Record<string, unknown>>) => string | null;
/** A rule of a text field: other values (a number where a text belongs) keep the schema's message. */
export type TextRule = (value: string, body: Readonly<Record<string, unknown>>) => string | null;
export const textRule =
  (rule: TextRule): FieldRule =>
  (value, body) =>
    typeof value === 'string' ? rule(value, body) : null;
const FIELD_RULE = Symbol('fieldRule');

/** `schema` with the product's rule of its field (kept through TypeBox's Optional and Object). */
export function withRule<S extends object>(schema: S, rule: FieldRule): S {
  return Object.assign(schema, { [FIELD_RULE]: rule });
}

/**
 * The product's rule of a request object checked as a whole (a form): every field's message, keyed by
 * field. When the schema refuses a field of an object carrying one (withObjectRule), the answer holds
 * the rule's messages for all its fields, as the service would have answered them at once, not only
 * for the fields the schema refused.
 */
export type ObjectRule = (values: Readonly<Record<string, unknown>>) => Partial<Record<string, string>>;
const OBJECT_RULE = Symbol('objectRule');

/** `schema` (an object) with the product's rule of the whole object. */
export function withObjectRule<S extends object>(schema: S, rule: ObjectRule): S {
  return Object.assign(schema, { [OBJECT_RULE]: rule });
}

/**
 * A request amount: a decimal string whose pattern documents its shape, while the service keeps the
 * precise rules (more than 0, the currency's decimals, the movement's minimum and maximum). The pattern
 * is loose on purpose (a sign, leading zeros): every value the service takes matches it. A value that
 * does not match is answered with `rule`'s message ('Amount must be a number', 'Amount is required'…),
 * the one the service would have answered. `open`: empty is a value too (a payment's open amount).
 */
export function RequestDecimal(rule: TextRule, options: { description: string; open?: boolean }) {
  const schema = Type.String({
    maxLength: 64,
    pattern: options.open ? OPEN_DECIMAL_PATTERN : DECIMAL_PATTERN,
    description: `${options.description} A decimal string (digits, an optional fraction); the service checks the amount's rules and answers their messages.`,
  });
  return withRule(schema, textRule(rule));
}

/**
 * The product's message for a body field the schema refused (`field` dotted: `originator.type`), when
 * its schema in `bodySchema` (the route's body schema as declared) carries a rule and the value is a
 * text the rule refuses; undefined otherwise.
 */
/**
 * The product's messages (dotted field → text) of the objects with a rule (withObjectRule) that hold a
 * field the schema refused, `bodySchema` the route's body schema as declared.
 */
export function objectRuleMessages(
  fields: readonly string[],
  bodySchema: unknown,
  body: unknown,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const field of fields) {
    let schema = bodySchema as { properties?: Record<string, unknown> } | undefined;
    let value: unknown = body;
    const path: string[] = [];
    for (const key of ['', ...field.split('.')]) {
      if (key) {
        schema = schema?.properties?.[key] as typeof schema;
        value =
          value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
        path.push(key);
      }
      const rule = (schema as { [OBJECT_RULE]?: ObjectRule } | undefined)?.[OBJECT_RULE];
      if (!rule || value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const prefix = path.map((p) => `${p}.`).join('');
      for (const [name, text] of Object.entries(rule(value as Record<string, unknown>)))
        if (text) messages[`${prefix}${name}`] = text;
    }
  }
  return messages;
}

export function fieldRuleMessage(field: string, bodySchema: unknown, body: unknown): string | undefined {
  let schema = bodySchema as { properties?: Record<string, unknown> } | undefined;
  let values: unknown = undefined;
  let value: unknown = body;
  for (const key of field.split('.')) {
    schema = schema?.properties?.[key] as typeof schema;
    values = value;
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  const rule = (schema as { [FIELD_RULE]?: FieldRule } | undefined)?.[FIELD_RULE];
  if (!rule || value === undefined) return undefined;
  return rule(value, values as Record<string, unknown>) ?? undefined;
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
