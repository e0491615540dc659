import { PublicAlert as Alert } from './PublicAlert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FetchFn } from '../api/transport';
import { isApiError } from '../api/apiError';
import { ERROR_TEXTS } from '../domain/errors';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../domain/schemas';
import { normaliseEmail } from '../domain/validation';
import { translate } from '../i18n/translate';
import { SchemaTextField, useSchemaForm } from '../forms/schemaForm';
import { failureText, PublicForm } from './PublicForm';
import { postPublic } from './publicApi';
import { followLink } from './navigation';
import { PublicCard } from './PublicCard';

export function ForgotPasswordPage({ apiUrl, fetch }: { apiUrl: string; fetch?: FetchFn }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(forgotPasswordSchema, { email: '' });

  const onSubmit = async (values: ForgotPasswordValues) => {
    setResult(null);
    try {
      const { json } = await postPublic<{ message?: string }>(
        apiUrl,
        'auth/forgot-password',
        { email: normaliseEmail(values.email) },
        fetch,
      );
      setResult({ ok: true, text: json?.message || ERROR_TEXTS.forgotPasswordAccepted });
    } catch (error) {
      // One rule on every form: a refused field is marked and focused, the alert is for the outcome.
      const fieldError = isApiError(error) ? error.body?.errors?.email : undefined;
      if (fieldError) setError('email', { type: 'server', message: fieldError }, { shouldFocus: true });
      else setResult({ ok: false, text: failureText(error) });
    }
  };

  return (
    <PublicCard title={translate('app.forgotPassword.title')}>
      <Typography variant="body2">{translate('app.forgotPassword.intro')}</Typography>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      )}
      <PublicForm
        onSubmit={handleSubmit(onSubmit)}
        submitting={isSubmitting}
        submitLabel="app.forgotPassword.submit"
        submittingLabel="app.forgotPassword.submitting"
      >
        <SchemaTextField
          control={control}
          name="email"
          label="app.forgotPassword.email"
          type="email"
          autoComplete="email"
          required
          autoFocus
        />
      </PublicForm>
      <Link href="/" onClick={followLink} align="center" variant="body2">
        {translate('app.forgotPassword.backToLogin')}
      </Link>
    </PublicCard>
  );
}
