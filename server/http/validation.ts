/**
 * Maps schema-validation errors onto field messages: a field of the route's form (config.form, the
 * shared rules of src/domain/schemas.ts) gets the form's text of docs/product.md#validation-rules-and-messages; other fields get a
 * short technical text.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { SERVER_TEXTS } from './errors';
import { formMessage, type AnyForm } from './forms';
import { TEXT_PATTERNS } from './schemas';

export const UNKNOWN_PARAMETER = 'is not a known parameter';
export const UNKNOWN_FIELD = 'is not a known field';

export function fieldErrors(
  validation: FastifySchemaValidationError[],
  context?: string,
  form?: { rules: AnyForm; body: unknown },
): Record<string, string> {
  const errors: Record<string, string> = {};
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
    if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      errors[field] = `must be one of: ${params.allowedValues.join(', ')}`;
      continue;
    }
    const isControl = e.keyword === 'pattern' && TEXT_PATTERNS.includes(params.pattern ?? '');
    errors[field] =
      (context === 'body' ? formMessage(form?.rules, field, form?.body) : undefined) ??
      (isControl ? SERVER_TEXTS.controlCharacters : undefined) ??
      e.message ??
      'is invalid';
  }
  return errors;
}
