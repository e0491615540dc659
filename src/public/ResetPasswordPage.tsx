import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../api/apiError';
import type { FetchFn } from '../api/transport';
import { errorText } from '../domain/errors';
import { resetPasswordSchema, type ResetPasswordValues } from '../domain/schemas';
import { translate } from '../i18n/translate';
import { FormTextField, formResolver } from '../forms';
import { PublicForm } from './PublicForm';
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
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (location.hash) navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [location.hash, location.pathname, location.search]);

  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: formResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmationPassword: '' },
  });

  const onSubmit = async (values: ResetPasswordValues) => {
    setFailure(null);
    try {
      await postPublic(apiUrl, 'auth/reset-password', { token, newPassword: values.newPassword }, fetch);
      setDone(true);
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.body?.errors : undefined;
      if (fieldErrors?.newPassword) setError('newPassword', { message: fieldErrors.newPassword });
      setFailure(errorText(error));
    }
  };

  const title = translate('app.resetPassword.title');
  if (!token) {
    return (
      <PublicCard title={title}>
        <Alert severity="error" role="alert">
          {translate('app.resetPassword.missingToken')}
        </Alert>
        <Link href="/forgot-password" onClick={followLink} align="center" variant="body2">
          {translate('app.resetPassword.requestNewLink')}
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
        <FormTextField
          control={control}
          name="newPassword"
          label="app.resetPassword.newPassword"
          type="password"
          autoComplete="new-password"
          required
          autoFocus
        />
        <FormTextField
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
