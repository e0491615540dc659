/**
 * The forms' own rules on the server (src/domain/schemas.ts, shared with the dashboard): a request
 * field the form declares gets the form's message, whether the type check (TypeBox) or the rules
 * refused it, so the client and the API cannot disagree on a text.
 */
import { errorTexts, validateField, validateForm, type FormSchema } from '../../src/domain/forms';
import { validationError } from './errors';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm = FormSchema<any>;

/** 400 with the form's messages for every field that breaks its rules; nothing when all hold. */
export function checkForm(form: AnyForm, values: Readonly<Record<string, unknown>>): void {
  const errors = errorTexts(validateForm(form, values));
  if (Object.keys(errors).length > 0) throw validationError(errors as Record<string, string>);
}

/** The form's message for a field the type check refused, or undefined when the form has no rule for it. */
export function formMessage(form: AnyForm | undefined, field: string, body: unknown): string | undefined {
  if (!form || !Object.hasOwn(form, field)) return undefined;
  const values = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const key = validateField(form, field, values);
  return key ? errorTexts({ [field]: key } as never)[field as never] : undefined;
}
