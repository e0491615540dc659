/**
 * The API key form's fields, shared by the create and edit pages: name, business (create only),
 * scopes (the key scopes the user holds, as checkboxes in a fieldset), the IP allow list (one entry a
 * line) and the last day the key works. The form's resolver checks them with ./rules.ts.
 */
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController, type FieldValues, type Resolver } from 'react-hook-form';
import { useSession } from '../../authProvider';
import { FormTextField, errorMessageText } from '../../forms';
import { TWO_FA_FIELD, twoFaCodeProblem } from '../../forms/TwoFaCodeField';
import { DayField } from '../../layout/DayField';
import type { KeyBusiness } from './api';
import { apiKeyProblems, grantableScopes, type ApiKeyFormValues } from './rules';

/** The resolver of the key form: the key rules, then the 2FA code when the user needs one. */
export function apiKeyResolver(creating: boolean, needsCode: boolean): Resolver<FieldValues> {
  return (raw) => {
    const values = raw as unknown as ApiKeyFormValues;
    const problems: Record<string, string> = Object.fromEntries(
      Object.entries(apiKeyProblems(values, { creating, nowMs: Date.now() })).map(([field, key]) => [
        field,
        `validation.apiKey.${key}`,
      ]),
    );
    const code = twoFaCodeProblem(values.twoFaCode, needsCode);
    if (code) problems[TWO_FA_FIELD] = code;
    const names = Object.keys(problems);
    if (names.length === 0) return { values: raw, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(names.map((n) => [n, { type: 'validate', message: problems[n] }])),
    };
  };
}

function useFieldError(name: string) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name });
  return { field, error: errorMessageText(fieldState.error?.message, translate) };
}

export function BusinessSelect({ businesses }: { businesses: readonly KeyBusiness[] }) {
  const translate = useTranslate();
  const { field, error } = useFieldError('businessId');
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      required
      label={translate('resources.api-keys.fields.businessName')}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? ' '}
    >
      {businesses.map((business) => (
        <MenuItem key={business.id} value={String(business.id)}>
          {business.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ScopesField({
  keep = [],
}: {
  /** Scopes the key has that the user does not hold. */ keep?: readonly string[];
}) {
  const translate = useTranslate();
  const { permissions } = useSession();
  const { field, error } = useFieldError('scopes');
  const offered = grantableScopes(permissions);
  const selected = (field.value ?? []) as string[];
  const toggle = (scope: string, on: boolean) =>
    field.onChange(on ? [...selected, scope] : selected.filter((s) => s !== scope));
  return (
    <FormControl component="fieldset" error={Boolean(error)} margin="dense" required fullWidth>
      <FormLabel component="legend">{translate('resources.api-keys.fields.scopes')}</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>{translate('resources.api-keys.form.scopesHelp')}</FormHelperText>
      <FormGroup>
        {offered.map((scope, index) => (
          <FormControlLabel
            key={scope}
            control={
              <Checkbox
                checked={selected.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
                inputRef={index === 0 ? field.ref : undefined}
                name="scopes"
                value={scope}
              />
            }
            label={`${translate(`resources.api-keys.scopes.${scope}`)} (${scope})`}
          />
        ))}
        {keep.map((scope) => (
          <FormControlLabel
            key={scope}
            control={<Checkbox checked disabled name="scopes" value={scope} />}
            label={`${translate(`resources.api-keys.scopes.${scope}`)} (${scope})`}
          />
        ))}
      </FormGroup>
      {offered.length === 0 ? (
        <FormHelperText>{translate('resources.api-keys.form.noScopes')}</FormHelperText>
      ) : null}
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

export function ExpiryField() {
  const translate = useTranslate();
  const { field, error } = useFieldError('expiresOn');
  return (
    <DayField
      fullWidth
      margin="dense"
      label={translate('resources.api-keys.fields.expiresOn')}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? translate('resources.api-keys.form.expiryHelp')}
    />
  );
}

export function NameAndIpFields({ ip }: { ip: boolean }) {
  return ip ? (
    <FormTextField<ApiKeyFormValues>
      name="ipAllowList"
      label="resources.api-keys.fields.ipAllowList"
      helperText="resources.api-keys.form.ipHelp"
      multiline
      minRows={2}
      margin="dense"
    />
  ) : (
    <FormTextField<ApiKeyFormValues>
      name="name"
      label="resources.api-keys.fields.name"
      helperText=" "
      required
      maxLength={100}
      margin="dense"
    />
  );
}
