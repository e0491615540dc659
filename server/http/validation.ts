/** Maps schema-validation errors onto the field messages of spec section 5 (src/domain/validation). */
import type { FastifySchemaValidationError } from 'fastify';
import { MESSAGES } from '../../src/domain/validation';
import { SERVER_TEXTS } from './errors';
import { TEXT_PATTERNS } from './schemas';

const REQUIRED: Record<string, string> = {
  email: MESSAGES.emailRequired,
  password: MESSAGES.passwordRequired,
  oldPassword: MESSAGES.oldPasswordRequired,
  newPassword: MESSAGES.newPasswordRequired,
  code: MESSAGES.twoFaRequired,
  twoFaCode: MESSAGES.twoFaRequired,
};

const INVALID: Record<string, string> = {
  email: MESSAGES.emailInvalid,
  code: MESSAGES.twoFaDigits,
  twoFaCode: MESSAGES.twoFaDigits,
};

export const UNKNOWN_PARAMETER = 'is not a known parameter';
export const UNKNOWN_FIELD = 'is not a known field';

export function fieldErrors(
  validation: FastifySchemaValidationError[],
  context?: string,
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
    const isEmpty = missing !== undefined || (e.keyword === 'minLength' && params.limit === 1);
    const isControl = e.keyword === 'pattern' && TEXT_PATTERNS.includes(params.pattern ?? '');
    errors[field] =
      (isEmpty ? REQUIRED[field] : INVALID[field]) ??
      (isControl ? SERVER_TEXTS.controlCharacters : undefined) ??
      e.message ??
      'is invalid';
  }
  return errors;
}
