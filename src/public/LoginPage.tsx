import { PublicAlert as Alert } from './PublicAlert';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { useSessionController } from '../authProvider/SessionContext';
import { isApiError } from '../api/apiError';
import { ERROR_TEXTS } from '../domain/errors';
import { loginSchema, type LoginValues } from '../domain/schemas';
import { translate } from '../i18n/translate';
import { SchemaTextField, useSchemaForm } from '../forms/schemaForm';
import { failureText, PublicForm } from './PublicForm';
import { followLink } from './navigation';
import { PublicCard } from './PublicCard';

/**
 * What the login form shows for a failed login (docs/product.md#error-catalogue): no answer is the rate-limit text and
 * a hint at the connection; a 429 the rate-limit text with the wait from Retry-After (src/api).
 */
export function loginErrorText(error: unknown): string {
  return failureText(error, ERROR_TEXTS.loginFailed);
}

/** The server asks for the code: 401 'Invalid or expired 2FA verification code.' from the login. */
function isCodeRefused(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.body?.message === ERROR_TEXTS.invalidTwoFaCode;
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
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(loginSchema, { email: '', password: '', twoFaCode: '' });

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    try {
      await controller.login({
        email: values.email,
        password: values.password,
        twoFaCode: values.twoFaCode || undefined,
      });
    } catch (error) {
      // A missing or wrong code is the code field's error (marked and focused), not the form's.
      if (isCodeRefused(error)) {
        const message = values.twoFaCode
          ? ERROR_TEXTS.invalidTwoFaCode
          : translate('app.login.twoFaCodeNeeded');
        setError('twoFaCode', { type: 'server', message }, { shouldFocus: true });
      } else setFailure(loginErrorText(error));
    }
  };

  return (
    <PublicCard title={translate('app.login.title')}>
      {notice && !failure && (
        <Alert severity="warning" role="status">
          {translate(`app.notice.${notice}`)}
          {/* Forced out because a call got no answer: it may be the connection. */}
          {notice === 'rateLimited' && ` ${translate('app.login.checkConnection')}`}
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
        <SchemaTextField
          control={control}
          name="email"
          label="app.login.email"
          type="email"
          autoComplete="username"
          required
          autoFocus
        />
        <SchemaTextField
          control={control}
          name="password"
          label="app.login.password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SchemaTextField
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
