import { useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { changePasswordSchema, type ChangePasswordValues } from '../../domain/schemas';
import { ERROR_TEXTS } from '../../domain/errors';
import { FormTextField, formResolver } from '../../forms';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormSubmitButton } from '../../forms/FormSubmitButton';
import { fieldErrorsOf, messageOf, Page, useResponseDialog } from '../../layout';
import { useChangePasswordApi } from './api';

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmationPassword: '' };

/**
 * /change-password (open to every logged-in user): old password, new password and its confirmation.
 * Field errors stay on their fields (a wrong old password included: react-admin's <Form> puts the
 * answer's `errors` there); the response dialog reports the outcome of the change.
 */
export default function ChangePasswordPage() {
  const translate = useTranslate();
  const api = useChangePasswordApi();
  const { dialog, show } = useResponseDialog();
  // A new key after a success: a fresh, empty form.
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: FieldValues) => {
    const { oldPassword, newPassword } = values as ChangePasswordValues;
    try {
      await api.changePassword({ oldPassword, newPassword });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length > 0) return errors;
      show('failure', messageOf(error, ERROR_TEXTS.default));
      return undefined;
    }
    setFormKey((k) => k + 1);
    show('success', translate('pages.changePassword.success'));
    return undefined;
  };

  return (
    <Page title="pages.changePassword.title" maxWidth="form">
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('pages.changePassword.intro')}
          </Typography>
          <Form
            key={formKey}
            defaultValues={EMPTY}
            resolver={formResolver(changePasswordSchema) as unknown as Resolver<FieldValues>}
            mode="onTouched"
            noValidate
            disableInvalidFormNotification
            onSubmit={submit}
          >
            <FocusServerErrors />
            <FormTextField<ChangePasswordValues>
              margin="dense"
              helperText=" "
              required
              name="oldPassword"
              label="pages.changePassword.oldPassword"
              type="password"
              autoComplete="current-password"
            />
            <FormTextField<ChangePasswordValues>
              margin="dense"
              helperText=" "
              required
              name="newPassword"
              label="pages.changePassword.newPassword"
              type="password"
              autoComplete="new-password"
            />
            <FormTextField<ChangePasswordValues>
              margin="dense"
              helperText=" "
              required
              name="confirmationPassword"
              label="pages.changePassword.confirmationPassword"
              type="password"
              autoComplete="new-password"
            />
            <FormSubmitButton label="pages.changePassword.submit" />
          </Form>
        </CardContent>
      </Card>
      {dialog}
    </Page>
  );
}
