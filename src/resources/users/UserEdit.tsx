/**
 * /users/:id (CREATE_USER as the page's guard; the call needs UPDATE_USER; legacy /edit-user/:id): a
 * member's role. The API refuses changing one's own role, demoting the last ADMIN and granting a
 * role wider than one's own, each with its text, shown here.
 */
import { useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { Form, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormActions } from '../../forms/FormActions';
import { messageOf, Page } from '../../layout';
import { RoleSelect, roleIdProblem } from './RoleSelect';
import type { UserRecord } from './UserList';
import { AuditTimeline } from '../../layout/AuditTimeline';
import { LoadedRecord } from '../../layout/LoadedRecord';

const resolver: Resolver<FieldValues> = (values) => {
  const problem = roleIdProblem(values.roleId);
  if (!problem) return { values, errors: {} };
  const errors: FieldErrors = { roleId: { type: 'validate', message: problem } };
  return { values: {}, errors };
};

function RoleForm({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [update] = useUpdate<UserRecord>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: FieldValues) => {
    setFailure(null);
    const roleId = Number(values.roleId);
    if (roleId !== user.roleId) {
      try {
        await update(
          'users',
          { id: user.id, data: { roleId }, previousData: user },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (Object.keys(errors).length > 0) return errors;
        setFailure(messageOf(error, ERROR_TEXTS.default));
        return undefined;
      }
    }
    notify('resources.users.saved', { type: 'success', messageArgs: { email: user.email } });
    navigate('/users');
    return undefined;
  };

  return (
    <Form
      defaultValues={{ roleId: String(user.roleId) }}
      resolver={resolver}
      noValidate
      disableInvalidFormNotification
      onSubmit={submit}
    >
      <FocusServerErrors />
      <Typography variant="body1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {translate('resources.users.editing', { email: user.email })}
      </Typography>
      <RoleSelect />
      <FormActions failure={failure} submit="resources.users.save" back="/users" />
    </Form>
  );
}

export default function UserEdit() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: user, error } = useGetOne<UserRecord>('users', { id: Number(id) });
  return (
    <Page title="resources.users.editTitle" maxWidth="form">
      <Card>
        <CardContent>
          <LoadedRecord error={error} record={user}>
            {(loaded) => <RoleForm key={loaded.id} user={loaded} />}
          </LoadedRecord>
        </CardContent>
      </Card>
      <AuditTimeline key={user?.roleId} entityType="user" id={user?.id} />
    </Page>
  );
}
