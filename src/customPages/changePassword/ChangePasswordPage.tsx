import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Title, useTranslate } from 'react-admin';
import { changePasswordSchema, type ChangePasswordValues } from '../../domain/schemas';
import { ERROR_TEXTS } from '../../domain/errors';
import { useChangePasswordApi } from './api';
import { fieldErrorsOf, messageOf, useResponseDialog } from '../../layout';
import { FormTextField } from '../FormTextField';

const FIELDS = ['oldPassword', 'newPassword', 'confirmationPassword'] as const;

/** /change-password (open to every logged-in user): old password, new password and its confirmation. */
export default function ChangePasswordPage() {
  const translate = useTranslate();
  const dataProvider = useChangePasswordApi();
  const { dialog, show } = useResponseDialog();
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordValues>({
    resolver: yupResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmationPassword: '' },
    mode: 'onTouched',
  });

  const mutation = useMutation({
    mutationFn: ({ oldPassword, newPassword }: ChangePasswordValues) =>
      dataProvider.changePassword({ oldPassword, newPassword }),
    onSuccess: () => {
      reset();
      show('success', translate('pages.changePassword.success'));
    },
    onError: (error) => {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as (typeof FIELDS)[number], { type: 'server', message });
        }
      }
      show('failure', messageOf(error, ERROR_TEXTS.default));
    },
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 520 }}>
      <Title title="pages.changePassword.title" />
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('pages.changePassword.intro')}
          </Typography>
          <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
            <FormTextField
              control={control}
              name="oldPassword"
              label="pages.changePassword.oldPassword"
              type="password"
              autoComplete="current-password"
            />
            <FormTextField
              control={control}
              name="newPassword"
              label="pages.changePassword.newPassword"
              type="password"
              autoComplete="new-password"
            />
            <FormTextField
              control={control}
              name="confirmationPassword"
              label="pages.changePassword.confirmationPassword"
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ mt: 1 }}>
              {translate('pages.changePassword.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
      {dialog}
    </Box>
  );
}
