import { TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/** A text field bound to react-hook-form, whose error messages are i18n keys (or server text). */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}) {
  const translate = useTranslate();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <TextField
            {...field}
            value={field.value ?? ''}
            inputRef={field.ref}
            label={translate(label)}
            type={type}
            autoComplete={autoComplete}
            error={!!message}
            helperText={message ? translate(message, { _: message }) : ' '}
            fullWidth
            margin="dense"
            required
            slotProps={{ htmlInput: { inputMode, maxLength } }}
          />
        );
      }}
    />
  );
}
