/**
 * The role select of the user forms: the built-in roles and the organisation's own (GET /v1/roles, which
 * needs MANAGE_ROLES — the 'Manage users and roles' group holds it with CREATE_USER). A role holding
 * a permission the acting user lacks is refused by the API with its text.
 */
import { Alert, MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { errorMessageText } from '../../forms';

export interface RoleOption {
  id: number;
  name: string;
  permissions: string[];
}

/** The organisation's roles as the select lists them (one query: the edit page reads it too). */
export const useRoles = () =>
  useGetList<RoleOption>('user-roles', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });

export function RoleSelect() {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'roleId' });
  const { data: roles, error } = useRoles();
  if (error) return <Alert severity="error">{translate('resources.users.rolesFailed')}</Alert>;
  const message = errorMessageText(fieldState.error?.message, translate);
  return (
    <TextField
      select
      fullWidth
      required
      margin="dense"
      label={translate('resources.users.fields.roleName')}
      name={field.name}
      value={roles ? (field.value ?? '') : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? ' '}
    >
      {(roles ?? []).map((role) => (
        <MenuItem key={role.id} value={String(role.id)}>
          {role.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The role field's problem key, if any. */
export const roleIdProblem = (value: unknown) =>
  value === undefined || value === null || value === '' ? 'validation.user.roleRequired' : undefined;
