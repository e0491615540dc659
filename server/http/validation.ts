/**
 * Maps schema-validation errors onto field messages: a field of the route's form (config.form, the
 * shared rules of src/domain/schemas.ts) gets the form's text of docs/product.md#validation-rules-and-messages; a text over its
 * maxLength the product's 'must be at most N characters' (maxLengthText), not Ajv's 'must NOT have
 * more than N characters'; a field with the product's rule (withRule: request amounts, closed sets)
 * the rule's message, the one the service would answer, and an object checked as a whole (withObjectRule)
 * every message of its rule; other fields get a short technical text.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { maxLengthText } from '../../src/domain/validation';
import { SERVER_TEXTS } from './errors';
import { formMessage, type AnyForm } from './forms';
import { fieldRuleMessage, objectRuleMessages, TEXT_PATTERNS } from './schemas';

export const UNKNOWN_PARAMETER = 'is not a known parameter';
export const UNKNOWN_FIELD = 'is not a known field';

export function fieldErrors(
  validation: FastifySchemaValidationError[],
  context?: string,
  form?: { rules: AnyForm; body: unknown },
  request?: { bodySchema: unknown; body: unknown },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const outOfSet = new Set<string>();
  for (const e of validation) {
    const params = (e.params ?? {}) as {
      missingProperty?: string;
      additionalProperty?: string;
      allowedValues?: unknown[];
      limit?: number;
      pattern?: string;
    };
    const missing = params.missingProperty;
    const unknown = e.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
    const field =
      missing ?? unknown ?? (e.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'body');
    if (errors[field]) continue;
    if (unknown !== undefined) {
      errors[field] = context === 'querystring' ? UNKNOWN_PARAMETER : UNKNOWN_FIELD;
      continue;
    }
    // A field with the product's rule (withRule: request amounts, closed sets) answers the rule's text,
    // in a body or a query (`request` is then the query's schema and values).
    const ruleMessage =
      context === 'body' || context === 'querystring'
        ? fieldRuleMessage(field, request?.bodySchema, request?.body)
        : undefined;
    if (ruleMessage) {
      errors[field] = ruleMessage;
      continue;
    }
    if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      errors[field] = `must be one of: ${params.allowedValues.join(', ')}`;
      outOfSet.add(field);
      continue;
    }
    const isControl = e.keyword === 'pattern' && TEXT_PATTERNS.includes(params.pattern ?? '');
    errors[field] =
      (context === 'body' ? formMessage(form?.rules, field, form?.body) : undefined) ??
      (isControl ? SERVER_TEXTS.controlCharacters : undefined) ??
      (e.keyword === 'maxLength' && typeof params.limit === 'number'
        ? maxLengthText(params.limit)
        : undefined) ??
      e.message ??
      'is invalid';
  }
  // An object checked as a whole (withObjectRule: a form) answers its fields' messages at once: its
  // text for a value out of a closed set, and the fields the schema did not refuse.
  if (context !== 'body') return errors;
  const whole = objectRuleMessages(Object.keys(errors), request?.bodySchema, request?.body);
  for (const [field, text] of Object.entries(whole))
    if (!errors[field] || outOfSet.has(field)) errors[field] = text;
  return errors;
}

/** What a query or path value may be converted into; anything else stays a string for the schema to refuse. */
const STRICT_FORMS: Record<string, { pattern: RegExp; convert: (text: string) => unknown }> = {
  integer: { pattern: /^-?\d+$/, convert: Number },
  number: { pattern: /^-?\d+(\.\d+)?$/, convert: Number },
  boolean: { pattern: /^(true|false)$/, convert: (text) => text === 'true' },
};

/**
 * Query strings and path parameters arrive as text: their numbers and booleans are converted here,
 * strictly (an integer is digits, with an optional minus; a boolean is `true` or `false`), before the
 * schema checks them. Ajv itself coerces nothing (bodies are taken as sent: `12345` is no name,
 * `"EUR"` no list, `null` no number), so `2 `, `0x2`, `2e0` or a repeated parameter stay what they are
 * and the schema refuses them on their field.
 */
export function convertStrictly(schema: unknown, values: unknown): void {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  if (!properties || values === null || typeof values !== 'object') return;
  const record = values as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    const type = properties[key]?.type;
    const form = typeof type === 'string' ? STRICT_FORMS[type] : undefined;
    if (form && typeof value === 'string' && form.pattern.test(value)) record[key] = form.convert(value);
  }
}
