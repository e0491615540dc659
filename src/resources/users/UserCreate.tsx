/**
 * /users/create (CREATE_USER; legacy /create-user): e-mail, password and its confirmation with the
 * emailUser, userPassword and confirmationPassword rules and messages (createUserSchema, which the API
 * applies too), and the role. An e-mail that already has an account joins the organisation and keeps
 * its password. Field refusals land on their fields; others (a role wider than the user's own) show
 * as the server's text.
 */
import { useState } from 'react';
import { Card, CardContent } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { Form, useCreate, useNotify } from 'react-admin';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import { createUserSchema, type CreateUserValues } from '../../domain/schemas';
import { FormTextField, formResolver } from '../../forms';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormActions } from '../../forms/FormActions';
import { messageOf, Page } from '../../layout';
import { RoleSelect, roleIdProblem } from './RoleSelect';
import type { UserRecord } from './UserList';

type Values = CreateUserValues & { roleId: string };

const EMPTY: Values = { email: '', password: '', confirmationPassword: '', roleId: '' };

const accountResolver = formResolver(createUserSchema) as unknown as Resolver<FieldValues>;

/** The account rules (createUserSchema), then the role. */
const resolver: Resolver<FieldValues> = async (values, context, options) => {
  const result = await accountResolver(values, context, options);
  const role = roleIdProblem(values.roleId);
  if (!role) return result;
  const errors = { ...result.errors, roleId: { type: 'validate', message: role } } as FieldErrors;
  return { values: {}, errors };
};

export default function UserCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate<UserRecord>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (raw: FieldValues) => {
    const values = raw as Values;
    setFailure(null);
    try {
      await create(
        'users',
        {
          data: {
            email: values.email,
            password: values.password,
            confirmationPassword: values.confirmationPassword,
            roleId: Number(values.roleId),
          },
        },
        { returnPromise: true },
      );
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length > 0) return errors;
      setFailure(messageOf(error, ERROR_TEXTS.default));
      return undefined;
    }
    notify('resources.users.created', { type: 'success', messageArgs: { email: values.email } });
    navigate('/users');
    return undefined;
  };

  return (
    <Page title="resources.users.createTitle" maxWidth="form">
      <Card>
        <CardContent>
          <Form
            defaultValues={EMPTY}
            resolver={resolver}
            noValidate
            disableInvalidFormNotification
            onSubmit={submit}
          >
            <FocusServerErrors />
            <FormTextField<Values>
              name="email"
              label="resources.users.fields.email"
              type="email"
              autoComplete="off"
              helperText=" "
              required
              margin="dense"
            />
            <FormTextField<Values>
              name="password"
              label="resources.users.fields.password"
              type="password"
              autoComplete="new-password"
              helperText="resources.users.passwordHelp"
              required
              margin="dense"
            />
            <FormTextField<Values>
              name="confirmationPassword"
              label="resources.users.fields.confirmationPassword"
              type="password"
              autoComplete="new-password"
              helperText=" "
              required
              margin="dense"
            />
            <RoleSelect />
            <FormActions failure={failure} submit="resources.users.create" back="/users" />
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
