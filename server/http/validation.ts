/** Maps schema-validation errors onto the field messages of spec section 5 (src/domain/validation). */
import type { FastifySchemaValidationError } from 'fastify';
import { MESSAGES } from '../../src/domain/validation';

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

export function fieldErrors(
  validation: FastifySchemaValidationError[],
  context?: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const e of validation) {
    const missing = (e.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = missing ?? (e.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'body');
    if (errors[field]) continue;
    const isEmpty =
      missing !== undefined || (e.keyword === 'minLength' && (e.params as { limit?: number }).limit === 1);
    errors[field] = (isEmpty ? REQUIRED[field] : INVALID[field]) ?? e.message ?? 'is invalid';
  }
  return errors;
}
