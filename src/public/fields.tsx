import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import type { FieldError, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { translate, translateMessage } from '../i18n/translate';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  name: Path<T>;
  register: UseFormRegister<T>;
  error?: FieldError;
};

/** An MUI TextField bound to react-hook-form; the yup message key is translated into the helper text. */
export function FormTextField<T extends FieldValues>({
  name,
  register,
  error,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { ref, ...field } = register(name);
  return (
    <TextField
      {...props}
      {...field}
      inputRef={ref}
      error={Boolean(error)}
      helperText={translateMessage(error?.message) ?? helperText}
      fullWidth
    />
  );
}

/** A password field with a show / hide toggle. */
export function PasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(visible ? 'app.login.hidePassword' : 'app.login.showPassword')}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
