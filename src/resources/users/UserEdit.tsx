/**
 * /users/:id (CREATE_USER as the page's guard; the call needs UPDATE_USER; legacy /edit-user/:id): a
 * member's role. A member the session may not change (itself, an ADMIN for a non-ADMIN, a member whose
 * role holds a permission the session lacks: the API's rule, src/domain/users.ts) opens read-only with
 * the reason, told from the session and the member's role in the roles list the select reads anyway
 * (decision 223; ./memberRefusal.ts, which the list's row actions read too). The API refuses the
 * rest — demoting the last ADMIN, granting a role wider than one's own — each with its text, shown here.
 */
import { useState } from 'react';
import { Alert, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { Form, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import type { MemberRefusal } from '../../domain/users';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormActions } from '../../forms/FormActions';
import { messageOf, Page } from '../../layout';
import { useMemberRefusal } from './memberRefusal';
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

/** The member, read-only, and why the session may not change it. */
function ReadOnlyMember({ user, refusal }: { user: UserRecord; refusal: MemberRefusal }) {
  const translate = useTranslate();
  const permissions = refusal.reason === 'widerMember' ? refusal.permissions.join(', ') : '';
  return (
    <>
      <Typography variant="body1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {translate('resources.users.editing', { email: user.email })}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(`resources.users.readOnly.${refusal.reason}`, { permissions })}
      </Alert>
      <TextField
        fullWidth
        disabled
        margin="dense"
        label={translate('resources.users.fields.roleName')}
        value={user.roleName}
      />
      <FormActions back="/users" backLabel="resources.users.back" />
    </>
  );
}

export default function UserEdit() {
  const translate = useTranslate();
  const { id = '' } = useParams<{ id: string }>();
  const { data: user, error } = useGetOne<UserRecord>('users', { id: Number(id) });
  const refusal = useMemberRefusal(user);
  return (
    <Page title={refusal ? 'resources.users.viewTitle' : 'resources.users.editTitle'} maxWidth="form">
      <Card>
        <CardContent>
          <LoadedRecord error={error} record={user}>
            {(loaded) =>
              refusal === undefined ? (
                <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
              ) : refusal ? (
                <ReadOnlyMember user={loaded} refusal={refusal} />
              ) : (
                <RoleForm key={loaded.id} user={loaded} />
              )
            }
          </LoadedRecord>
        </CardContent>
      </Card>
      <AuditTimeline key={user?.roleId} entityType="user" id={user?.id} />
    </Page>
  );
}
