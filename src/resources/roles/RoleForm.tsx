/**
 * /user-roles/create and /user-roles/:id (MANAGE_ROLES; legacy /user-roles/edit/:id): the role name and
 * each permission group of docs/product.md#roles-and-permission-groups at 'Full access', 'View access'
 * or 'No access' — a radio group per group (a fieldset with its legend: arrow keys move within it, Tab
 * between groups). Mapped with permissionsForGroups / groupsOf (src/domain/roles.ts). A built-in role
 * is shown read-only. Server refusals (a taken name, a permission the user lacks) show as its text.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { Form, useCreate, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useController, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import { PERMISSION_GROUPS, type GroupAccess, type PermissionGroup } from '../../domain/permissions';
import { groupsOf, type GroupChoice } from '../../domain/roles';
import { FormTextField } from '../../forms';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormActions } from '../../forms/FormActions';
import { messageOf, Page } from '../../layout';
import { accessKey, levelsOf, roleNameProblem, rolePermissions } from './rules';
import { AuditTimeline } from '../../layout/AuditTimeline';
import { LoadedRecord } from '../../layout/LoadedRecord';

export interface RoleRecord {
  id: number;
  name: string;
  permissions: string[];
  builtIn: boolean;
  userCount: number;
}

interface RoleValues {
  name: string;
  groups: Record<string, GroupAccess>;
}

const resolver: Resolver<FieldValues> = (values) => {
  const problem = roleNameProblem(String(values.name ?? ''));
  if (!problem) return { values, errors: {} };
  const errors: FieldErrors = { name: { type: 'validate', message: `validation.role.${problem}` } };
  return { values: {}, errors };
};

function GroupField({ group, readOnly }: { group: PermissionGroup; readOnly: boolean }) {
  const translate = useTranslate();
  const { field } = useController({ name: `groups.${group.key}` });
  const legendId = `role-group-${group.key}`;
  return (
    <FormControl component="fieldset" margin="dense" disabled={readOnly} sx={{ display: 'block' }}>
      <FormLabel component="legend" id={legendId}>
        {translate(`resources.user-roles.groups.${group.key}`)}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={legendId}
        name={field.name}
        value={field.value ?? 'No access'}
        onChange={(event) => field.onChange(event.target.value)}
      >
        {levelsOf(group).map((level) => (
          <FormControlLabel
            key={level}
            value={level}
            control={<Radio inputRef={level === 'Full access' ? field.ref : undefined} />}
            label={translate(`resources.user-roles.access.${accessKey(level)}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function RoleFields({ role }: { role?: RoleRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate<RoleRecord>();
  const [update] = useUpdate<RoleRecord>();
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = Boolean(role?.builtIn);
  const before: GroupChoice = groupsOf(role?.permissions ?? []);

  const submit = async (raw: FieldValues) => {
    const values = raw as RoleValues;
    setFailure(null);
    const name = values.name.trim();
    const permissions = rolePermissions(
      values.groups,
      role ? { permissions: role.permissions, before } : undefined,
    );
    try {
      if (role) {
        await update(
          'user-roles',
          { id: role.id, data: { name, permissions }, previousData: role },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } else {
        await create('user-roles', { data: { name, permissions } }, { returnPromise: true });
      }
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length > 0) return errors;
      setFailure(messageOf(error, ERROR_TEXTS.default));
      return undefined;
    }
    notify(role ? 'resources.user-roles.saved' : 'resources.user-roles.created', {
      type: 'success',
      messageArgs: { name },
    });
    navigate('/user-roles');
    return undefined;
  };

  return (
    <Form
      defaultValues={{ name: role?.name ?? '', groups: before }}
      resolver={resolver}
      noValidate
      disableInvalidFormNotification
      onSubmit={submit}
    >
      <FocusServerErrors />
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.user-roles.builtInReadOnly', { name: role?.name })}
        </Alert>
      ) : null}
      <FormTextField
        name="name"
        label="resources.user-roles.fields.name"
        helperText=" "
        required
        disabled={readOnly}
        maxLength={100}
        margin="dense"
      />
      <Box component="section" aria-label={translate('resources.user-roles.fields.permissions')}>
        {PERMISSION_GROUPS.map((group) => (
          <GroupField key={group.key} group={group} readOnly={readOnly} />
        ))}
      </Box>
      <FormActions
        failure={failure}
        submit={readOnly ? undefined : role ? 'resources.user-roles.save' : 'resources.user-roles.create'}
        back="/user-roles"
        backLabel={readOnly ? 'resources.user-roles.back' : undefined}
      />
    </Form>
  );
}

export function RoleCreatePage() {
  return (
    <Page title="resources.user-roles.createTitle" maxWidth="text">
      <Card>
        <CardContent>
          <RoleFields />
        </CardContent>
      </Card>
    </Page>
  );
}

export function RoleEditPage({ id }: { id: string }) {
  const { data: role, error } = useGetOne<RoleRecord>('user-roles', { id: Number(id) });
  return (
    <Page
      title={role?.builtIn ? 'resources.user-roles.viewTitle' : 'resources.user-roles.editTitle'}
      maxWidth="text"
    >
      <Card>
        <CardContent>
          <LoadedRecord error={error} record={role}>
            {(loaded) => <RoleFields key={loaded.id} role={loaded} />}
          </LoadedRecord>
        </CardContent>
      </Card>
      {role?.builtIn ? null : <AuditTimeline entityType="role" id={role?.id} />}
    </Page>
  );
}
