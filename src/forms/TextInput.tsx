/**
 * The one text field of the dashboard's forms (public screens and admin pages alike), as a view: an
 * outlined MUI field whose label, helper text and schema messages are translated through the form
 * kit's context (no react-admin import: the login chunk uses it). It knows no form library:
 * ./FormTextField.tsx binds it to react-hook-form (the admin's forms), ./schemaForm.tsx to the public
 * screens' small form state (the login page loads no react-hook-form).
 *
 * Built from FormControl, InputLabel, OutlinedInput and FormHelperText rather than MUI's TextField,
 * which also imports Select, Menu, Popover and Modal for its `select` mode (a third of the login
 * page's form code); the DOM and classes are TextField's outlined variant.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useId, useState, type ChangeEventHandler, type Ref } from 'react';
import { errorMessageText, useFormTranslate } from './FormKitContext';

/** What a form binding passes to the view: the field's value, its handlers and its error. */
export interface TextInputBinding {
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** The field's error: a schema's `validation.<key>` or a server's text. */
  error?: string;
}

/** The field's look and texts, whatever form state it is bound to. */
export interface TextInputOptions {
  /** Message key of the label. */
  label: string;
  /** Message key of the text under the field while it has no error (' ' keeps the line's space). */
  helperText?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  /** A password field's show / hide button (on by default for `type="password"`). */
  passwordToggle?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
  maxLength?: number;
  margin?: 'none' | 'dense' | 'normal';
  id?: string;
  /** A text of several lines (a textarea growing from `minRows`, 3 by default). */
  multiline?: boolean;
  minRows?: number;
}

const isBlank = (text: string | undefined) => !text || text.trim() === '';

export function TextInput({
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  error: errorMessage,
  label,
  helperText,
  type = 'text',
  passwordToggle = type === 'password',
  autoComplete,
  autoFocus,
  required = false,
  disabled,
  inputMode,
  maxLength,
  margin = 'none',
  id: idProp,
  multiline,
  minRows = 3,
}: TextInputBinding & TextInputOptions) {
  const translate = useFormTranslate();
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const error = errorMessageText(errorMessage, translate);
  const helper = error ?? (isBlank(helperText) ? helperText : translate(helperText as string));
  const helperId = helper ? `${id}-helper-text` : undefined;
  const labelText = translate(label);
  const toggle = passwordToggle && type === 'password';

  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth
      margin={margin}
      required={required}
      disabled={disabled}
      error={Boolean(error)}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {labelText}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        label={labelText}
        type={toggle && visible ? 'text' : type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={helperId}
        multiline={multiline}
        minRows={multiline ? minRows : undefined}
        inputProps={{ inputMode, maxLength }}
        endAdornment={
          toggle ? (
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
          ) : undefined
        }
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
