/**
 * The form kit's text field bound to react-hook-form (the admin's forms: react-admin's <Form> and
 * useForm); the field itself is ./TextInput.tsx.
 */
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextInput, type TextInputOptions } from './TextInput';

export interface FormTextFieldProps<T extends FieldValues> extends TextInputOptions {
  name: Path<T>;
  /** The form's control; optional inside a react-hook-form FormProvider (e.g. react-admin's <Form>). */
  control?: Control<T>;
}

export function FormTextField<T extends FieldValues>({ name, control, ...options }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      {...options}
    />
  );
}
