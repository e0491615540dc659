import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSessionController } from '../authProvider/SessionContext';
import { isApiError } from '../api/apiError';
import { ERROR_TEXTS, errorText } from '../domain/errors';
import { loginSchema, type LoginValues } from '../domain/schemas';
import { translate } from '../i18n/translate';
import { FormTextField, formResolver } from '../forms';
import { PublicForm } from './PublicForm';
import { followLink } from './navigation';
import { PublicCard } from './PublicCard';

/** What the login form shows for a failed login (spec section 8). */
export function loginErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return ERROR_TEXTS.rateLimited;
    if (error.status === 429) return error.message || ERROR_TEXTS.rateLimited;
  }
  return errorText(error, ERROR_TEXTS.loginFailed);
}

export function LoginPage() {
  const controller = useSessionController();
  // The notice of a forced logout is shown once: read it at mount, then clear it in the controller.
  const [notice] = useState(() => controller.getState().notice);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (notice) controller.clearNotice();
  }, [controller, notice]);

  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<LoginValues>({
    resolver: formResolver(loginSchema),
    defaultValues: { email: '', password: '', twoFaCode: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    try {
      await controller.login({
        email: values.email,
        password: values.password,
        twoFaCode: values.twoFaCode || undefined,
      });
    } catch (error) {
      setFailure(loginErrorText(error));
    }
  };

  return (
    <PublicCard title={translate('app.login.title')}>
      {notice && !failure && (
        <Alert severity="warning" role="status">
          {translate(`app.notice.${notice}`)}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <PublicForm
        onSubmit={handleSubmit(onSubmit)}
        submitting={isSubmitting}
        submitLabel="app.login.submit"
        submittingLabel="app.login.submitting"
      >
        <FormTextField
          control={control}
          name="email"
          label="app.login.email"
          type="email"
          autoComplete="username"
          required
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          label="app.login.password"
          type="password"
          autoComplete="current-password"
          required
        />
        <FormTextField
          control={control}
          name="twoFaCode"
          label="app.login.twoFaCode"
          helperText="app.login.twoFaCodeHelp"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
      </PublicForm>
      <Link href="/forgot-password" onClick={followLink} align="center" variant="body2">
        {translate('app.login.forgotPassword')}
      </Link>
    </PublicCard>
  );
}
