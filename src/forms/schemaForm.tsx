/**
 * The public screens' form state: what they used of react-hook-form (values, a schema's errors, a
 * server's field error, focus on the first refused field, "submitting"), in a few lines, so the login
 * page loads no form library (react-hook-form was a tenth of its scripts). The admin's forms keep
 * react-hook-form (react-admin's <Form> is built on it) through ./FormTextField.tsx.
 *
 * It behaves as react-hook-form's defaults did: nothing is checked before the first submit; a submit
 * checks every field (errors carry `validation.<key>`), focuses the first refused one and calls
 * `onValid` with the normalised values (trimmed where the schema says so) only when all pass; after a
 * submit, a field is checked again as it changes.
 */
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { normaliseForm, validateField, validateForm, type FormSchema } from '../domain/forms';
import { VALIDATION_PREFIX } from './resolver';
import { TextInput, type TextInputOptions } from './TextInput';

/** One field as its text field shows it (the same object until the field changes). */
interface FieldSnapshot {
  value: string;
  error?: string;
}

/**
 * The form's values and errors, outside React: each text field subscribes to its own (a keystroke
 * re-renders one field, not the form).
 */
export interface SchemaFormControl<V extends Record<string, string>> {
  field: (name: keyof V & string) => FieldSnapshot;
  subscribe: (listener: () => void) => () => void;
  change: (name: keyof V & string, value: string) => void;
  register: (name: keyof V & string) => (element: HTMLInputElement | null) => void;
}

export interface SchemaForm<V extends Record<string, string>> {
  control: SchemaFormControl<V>;
  handleSubmit: (onValid: (values: V) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
  /** A server's refusal of one field: shown under it (and focused). */
  setError: (
    name: keyof V & string,
    error: { type?: string; message: string },
    options?: { shouldFocus?: boolean },
  ) => void;
  formState: { isSubmitting: boolean };
}

function createForm<V extends Record<string, string>>(schema: FormSchema<V>, defaultValues: V) {
  type Name = keyof V & string;
  let values: V = { ...defaultValues };
  const errors: Partial<Record<Name, string>> = {};
  const snapshots = new Map<Name, FieldSnapshot>();
  const listeners = new Set<() => void>();
  const elements = new Map<Name, HTMLInputElement>();
  let submitted = false;

  const notify = () => listeners.forEach((listener) => listener());
  const setFieldError = (name: Name, error: string | undefined) => {
    errors[name] = error;
    snapshots.delete(name);
  };

  const control: SchemaFormControl<V> = {
    field: (name) => {
      let snapshot = snapshots.get(name);
      if (!snapshot) snapshots.set(name, (snapshot = { value: values[name] ?? '', error: errors[name] }));
      return snapshot;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change: (name, value) => {
      values = { ...values, [name]: value };
      snapshots.delete(name);
      // After a submit, a field is checked again as it changes.
      if (submitted) {
        const key = validateField(schema, name, values);
        setFieldError(name, key ? `${VALIDATION_PREFIX}${key}` : undefined);
      }
      notify();
    },
    register: (name) => (element) => {
      if (element) elements.set(name, element);
      else elements.delete(name);
    },
  };

  return {
    control,
    /** Checks every field: the names of the refused ones, in the schema's order (none: all pass). */
    validate(): Name[] {
      submitted = true;
      const found = validateForm(schema, values);
      const refused = (Object.keys(schema) as Name[]).filter((name) => found[name]);
      for (const name of Object.keys(schema) as Name[])
        setFieldError(name, found[name] ? `${VALIDATION_PREFIX}${found[name]}` : undefined);
      notify();
      return refused;
    },
    values: () => normaliseForm(schema, values),
    setError(name: Name, message: string) {
      setFieldError(name, message);
      notify();
    },
    focus: (name: Name) => elements.get(name)?.focus(),
  };
}

export function useSchemaForm<V extends Record<string, string>>(
  schema: FormSchema<V>,
  defaultValues: V,
): SchemaForm<V> {
  const [form] = useState(() => createForm(schema, defaultValues));
  const [isSubmitting, setSubmitting] = useState(false);

  const handleSubmit: SchemaForm<V>['handleSubmit'] = (onValid) => async (event) => {
    event?.preventDefault();
    const refused = form.validate();
    if (refused.length > 0) {
      form.focus(refused[0]);
      return;
    }
    setSubmitting(true);
    try {
      await onValid(form.values());
    } finally {
      setSubmitting(false);
    }
  };

  const setError: SchemaForm<V>['setError'] = (name, { message }, options) => {
    form.setError(name, message);
    if (options?.shouldFocus) form.focus(name);
  };

  return { control: form.control, handleSubmit, setError, formState: { isSubmitting } };
}

export interface SchemaTextFieldProps<V extends Record<string, string>> extends TextInputOptions {
  name: keyof V & string;
  control: SchemaFormControl<V>;
}

const noop = () => {};

/** The form kit's text field bound to useSchemaForm. */
export function SchemaTextField<V extends Record<string, string>>({
  name,
  control,
  ...options
}: SchemaTextFieldProps<V>) {
  // The same on the server (the build's prerendered login card) as in the browser.
  const snapshot = () => control.field(name);
  const { value, error } = useSyncExternalStore(control.subscribe, snapshot, snapshot);
  return (
    <TextInput
      name={name}
      value={value}
      onChange={(event) => control.change(name, event.target.value)}
      onBlur={noop}
      inputRef={control.register(name)}
      error={error}
      {...options}
    />
  );
}
