import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useState, type FormEventHandler, type ReactNode } from 'react';
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

/** The form of a public screen: its fields, then a submit button that shows progress while submitting. */
export function PublicForm({
  onSubmit,
  submitting,
  submitLabel,
  submittingLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** Message keys of the button, idle and while submitting. */
  submitLabel: string;
  submittingLabel: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {translate(submitting ? submittingLabel : submitLabel)}
      </Button>
    </Box>
  );
}
