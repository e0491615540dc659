/**
 * Declarative field rules for forms, shared by the dashboard and the reference API (plain TypeScript,
 * no dependencies). A form schema lists, per field, whether its text is trimmed and its rules in
 * order; the first rule that fails gives the field's message key (src/domain/validation.ts).
 *
 * - The dashboard binds a schema to react-hook-form with `formResolver` (src/forms/resolver.ts),
 *   which reports `validation.<key>` for the translator.
 * - The server calls `validateForm(schema, body)` and answers `{ errors: { field: MESSAGES[key] } }`.
 */
import { MESSAGES, type MessageKey } from './validation';

/** One check of a field: `test` gets the field's (normalised) text and the whole form's texts. */
export interface Rule {
  readonly message: MessageKey;
  readonly test: (value: string, values: Readonly<Record<string, string>>) => boolean;
}

export interface FieldRules {
  /** Leading and trailing white space is dropped before the rules run (and from the submitted value). */
  readonly trim?: boolean;
  readonly rules: readonly Rule[];
}

/** A form's fields, each a string field; `V` is the shape of its values. */
export type FormSchema<V extends Record<string, string>> = { readonly [K in keyof V]-?: FieldRules };

export type FormErrors<V extends Record<string, string>> = Partial<Record<keyof V & string, MessageKey>>;

/** Values of a schema (for `type LoginValues = ValuesOf<typeof loginSchema>`). */
export type ValuesOf<S> = S extends FormSchema<infer V> ? V : never;

/** Declares a form schema, keeping its field names in the type. */
export function defineForm<K extends string>(fields: { readonly [F in K]: FieldRules }): FormSchema<
  Record<K, string>
> {
  return fields as FormSchema<Record<K, string>>;
}

/** The named fields of a schema: what an API request carries of a form (no confirmation field). */
export function pick<V extends Record<string, string>, K extends keyof V & string>(
  schema: FormSchema<V>,
  ...names: K[]
): FormSchema<Pick<V, K>> {
  return Object.fromEntries(names.map((name) => [name, schema[name]])) as unknown as FormSchema<Pick<V, K>>;
}

/** A field: its rules in the order they are checked. */
export function field(...rules: Rule[]): FieldRules {
  return { rules };
}

/** A field whose text is trimmed before its rules run. */
export function trimmed(...rules: Rule[]): FieldRules {
  return { trim: true, rules };
}

/** Fails on an empty text (after trimming, for a trimmed field). */
export function required(message: MessageKey): Rule {
  return { message, test: (value) => value.length > 0 };
}

/** A rule that only checks a text that is present: an empty field passes (it is `required`'s job). */
export function when(
  message: MessageKey,
  accept: (value: string, values: Readonly<Record<string, string>>) => boolean,
): Rule {
  return { message, test: (value, values) => value === '' || accept(value, values) };
}

/** At least `length` characters (an empty text fails too). */
export function minLength(length: number, message: MessageKey): Rule {
  return { message, test: (value) => value.length >= length };
}

/** Equal to another field of the form (an empty text passes: pair it with `required`). */
export function sameAs(other: string, message: MessageKey): Rule {
  return when(message, (value, values) => value === values[other]);
}

/** The text of one raw value: missing values are '', numbers are written out, anything else is ''. */
function textOf(raw: unknown, trim: boolean | undefined): string {
  const text =
    typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  return trim ? text.trim() : text;
}

/** The form's values as the rules see them (and as they are submitted): strings, trimmed where declared. */
export function normaliseForm<V extends Record<string, string>>(
  schema: FormSchema<V>,
  values: Readonly<Record<string, unknown>>,
): V {
  const out: Record<string, string> = {};
  for (const [name, rules] of Object.entries<FieldRules>(schema))
    out[name] = textOf(values[name], rules.trim);
  return out as V;
}

/** The message key of the first failing rule of one field, or undefined when it is valid. */
export function validateField<V extends Record<string, string>>(
  schema: FormSchema<V>,
  name: keyof V & string,
  values: Readonly<Record<string, unknown>>,
): MessageKey | undefined {
  const normalised = normaliseForm(schema, values);
  const spec: FieldRules = schema[name];
  return spec.rules.find((rule) => !rule.test(normalised[name], normalised))?.message;
}

/** Every invalid field with the message key of its first failing rule; `{}` when the form is valid. */
export function validateForm<V extends Record<string, string>>(
  schema: FormSchema<V>,
  values: Readonly<Record<string, unknown>>,
): FormErrors<V> {
  const normalised = normaliseForm(schema, values);
  const errors: Record<string, MessageKey> = {};
  for (const [name, spec] of Object.entries<FieldRules>(schema)) {
    const failed = spec.rules.find((rule) => !rule.test(normalised[name], normalised));
    if (failed) errors[name] = failed.message;
  }
  return errors as FormErrors<V>;
}

/** The texts of docs/product.md#validation-rules-and-messages for a result of validateForm (what the API sends in `errors`). */
export function errorTexts<V extends Record<string, string>>(
  errors: FormErrors<V>,
): Partial<Record<keyof V & string, string>> {
  return Object.fromEntries(
    Object.entries<MessageKey>(errors as Record<string, MessageKey>).map(([name, key]) => [
      name,
      MESSAGES[key],
    ]),
  ) as Partial<Record<keyof V & string, string>>;
}
