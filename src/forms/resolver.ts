/** react-hook-form's resolver for a form schema of src/domain/forms.ts (instead of yup + @hookform/resolvers). */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { normaliseForm, validateForm, type FormSchema } from '../domain/forms';

/** The prefix of a message key in the catalogue: errors carry `validation.<key>`, translated by the field. */
export const VALIDATION_PREFIX = 'validation.';

/**
 * Validates with the schema; errors carry `validation.<key>` (one per field, the first failing rule)
 * and the submitted values are the normalised ones (trimmed where the schema says so).
 */
export function formResolver<V extends Record<string, string>>(schema: FormSchema<V>): Resolver<V> {
  return (values, _context, options) => {
    const errors = validateForm(schema, values);
    const names = Object.keys(errors) as Array<keyof V & string>;
    if (names.length === 0) {
      return { values: { ...values, ...normaliseForm(schema, values) }, errors: {} };
    }
    const fieldErrors: Record<string, { type: string; message: string; ref?: unknown }> = {};
    for (const name of names) {
      fieldErrors[name] = {
        type: 'validate',
        message: `${VALIDATION_PREFIX}${errors[name]}`,
        ref: options.fields[name]?.ref,
      };
    }
    return { values: {}, errors: fieldErrors as FieldErrors<V> };
  };
}
