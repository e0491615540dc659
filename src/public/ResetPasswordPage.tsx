import { PublicAlert as Alert } from './PublicAlert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { isApiError } from '../api/apiError';
import type { FetchFn } from '../api/transport';
import { ERROR_TEXTS } from '../domain/errors';
import { resetPasswordSchema, type ResetPasswordValues } from '../domain/schemas';
import { translate } from '../i18n/translate';
import { SchemaTextField, useSchemaForm } from '../forms/schemaForm';
import { failureText, PublicForm } from './PublicForm';
import { postPublic } from './publicApi';
import { followLink, navigate, useLocation } from './navigation';
import { PublicCard } from './PublicCard';

/** The reset token from the URL fragment (`#token=...`), which never reaches a server log. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token : null;
}

export function ResetPasswordPage({ apiUrl, fetch }: { apiUrl: string; fetch?: FetchFn }) {
  const location = useLocation();
  // Read once; the fragment is then removed from the address bar (history.replaceState via the router).
  const [token] = useState(() => tokenFromHash(location.hash));
  const [done, setDone] = useState(false);
  // The server refused the link itself (unknown, used or expired): the invalid-link screen.
  const [refused, setRefused] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (location.hash) navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [location.hash, location.pathname, location.search]);

  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(resetPasswordSchema, { newPassword: '', confirmationPassword: '' });

  const onSubmit = async (values: ResetPasswordValues) => {
    setFailure(null);
    try {
      await postPublic(apiUrl, 'auth/reset-password', { token, newPassword: values.newPassword }, fetch);
      setDone(true);
    } catch (error) {
      // One rule on every form: a refused field is marked and focused (no alert besides it); the
      // alert is for the outcome (an invalid or expired link, a rate limit, no answer).
      const fieldErrors = isApiError(error) ? error.body?.errors : undefined;
      if (fieldErrors?.newPassword) {
        setError('newPassword', { type: 'server', message: fieldErrors.newPassword }, { shouldFocus: true });
      } else if (isApiError(error) && error.body?.message === ERROR_TEXTS.resetTokenInvalid) setRefused(true);
      else setFailure(failureText(error));
    }
  };

  const title = translate('app.resetPassword.title');
  if (!token || refused) {
    return (
      <PublicCard title={title}>
        <Alert severity="error" role="alert">
          {translate('app.resetPassword.missingToken')}
        </Alert>
        <Link href="/forgot-password" onClick={followLink} align="center" variant="body2">
          {translate('app.resetPassword.requestNewLink')}
        </Link>
        <Link href="/" onClick={followLink} align="center" variant="body2">
          {translate('app.resetPassword.backToLogin')}
        </Link>
      </PublicCard>
    );
  }
  if (done) {
    return (
      <PublicCard title={title}>
        <Alert severity="success" role="status">
          {translate('app.resetPassword.success')}
        </Alert>
        <Button href="/" onClick={followLink} variant="contained">
          {translate('app.resetPassword.backToLogin')}
        </Button>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={title}>
      <Typography variant="body2">{translate('app.resetPassword.intro')}</Typography>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <PublicForm
        onSubmit={handleSubmit(onSubmit)}
        submitting={isSubmitting}
        submitLabel="app.resetPassword.submit"
        submittingLabel="app.resetPassword.submitting"
      >
        <SchemaTextField
          control={control}
          name="newPassword"
          label="app.resetPassword.newPassword"
          type="password"
          autoComplete="new-password"
          required
          autoFocus
        />
        <SchemaTextField
          control={control}
          name="confirmationPassword"
          label="app.resetPassword.confirmationPassword"
          type="password"
          autoComplete="new-password"
          required
        />
      </PublicForm>
      <Link href="/" onClick={followLink} align="center" variant="body2">
        {translate('app.resetPassword.backToLogin')}
      </Link>
    </PublicCard>
  );
}
