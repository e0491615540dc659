/**
 * /api-keys/create (CREATE_API_CREDENTIALS; legacy /create-api-keys): name, business, scopes (the key
 * scopes the user holds), IP allow list and an optional last day. The answer's secret is shown once,
 * with a copy button and 'This key will not be shown again.'; it is kept in this page's state only
 * (never in react-admin's cache, a URL or storage) and gone when the page is left.
 */
import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Form, useRefresh, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormSubmitButton } from '../../forms/FormSubmitButton';
import { TwoFaCodeField, twoFaFieldError, useTwoFaNeeded } from '../../forms/TwoFaCodeField';
import { CodeValue, messageOf, Page } from '../../layout';
import { useApiKeyApi } from './api';
import { apiKeyResolver, BusinessSelect, ExpiryField, NameAndIpFields, ScopesField } from './ApiKeyFields';
import { createBody, formFieldErrors, type ApiKeyFormValues } from './rules';

const EMPTY: ApiKeyFormValues = {
  name: '',
  businessId: '',
  scopes: [],
  ipAllowList: '',
  expiresOn: '',
  twoFaCode: '',
};

function SecretPanel({ name, secret }: { name: string; secret: string }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {translate('resources.api-keys.created.title', { name })}
          </Alert>
          <div>
            <Typography variant="subtitle2" component="p" id="api-key-secret-label">
              {translate('resources.api-keys.created.secret')}
            </Typography>
            <Typography component="div" sx={{ wordBreak: 'break-all' }} data-testid="api-key-secret">
              <CodeValue value={secret} label={translate('resources.api-keys.created.secret')} />
            </Typography>
          </div>
          <Alert severity="warning">{translate('resources.api-keys.created.once')}</Alert>
          <div>
            <Button component={Link} to="/api-keys" variant="contained">
              {translate('resources.api-keys.created.done')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function ApiKeyCreate() {
  const translate = useTranslate();
  const api = useApiKeyApi();
  const refresh = useRefresh();
  const needsCode = useTwoFaNeeded();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const businesses = useQuery({
    queryKey: ['api-keys', 'businesses'],
    queryFn: () => api.getKeyBusinesses(),
  });

  const submit = async (raw: FieldValues) => {
    const values = raw as ApiKeyFormValues;
    setFailure(null);
    try {
      const answer = await api.createApiKey(
        createBody(values),
        needsCode ? values.twoFaCode?.trim() : undefined,
      );
      setCreated({ name: answer.apiKey.name, secret: answer.secret });
      refresh();
    } catch (error) {
      const errors = { ...formFieldErrors(fieldErrorsOf(error)), ...twoFaFieldError(error) };
      if (Object.keys(errors).length > 0) return errors;
      setFailure(messageOf(error, ERROR_TEXTS.default));
    }
    return undefined;
  };

  return (
    <Page title="resources.api-keys.create.title" maxWidth="form">
      {created ? (
        <SecretPanel name={created.name} secret={created.secret} />
      ) : (
        <Card>
          <CardContent>
            <Form
              defaultValues={EMPTY}
              resolver={apiKeyResolver(true, needsCode)}
              noValidate
              disableInvalidFormNotification
              onSubmit={submit}
            >
              <FocusServerErrors />
              <NameAndIpFields ip={false} />
              {businesses.error ? (
                <Alert severity="error">{translate('resources.api-keys.errors.businessesFailed')}</Alert>
              ) : (
                <BusinessSelect businesses={businesses.data ?? []} />
              )}
              <ScopesField />
              <NameAndIpFields ip />
              <ExpiryField />
              <TwoFaCodeField />
              {failure ? (
                <Alert severity="error" role="alert" sx={{ my: 1 }}>
                  {failure}
                </Alert>
              ) : null}
              <FormSubmitButton label="resources.api-keys.create.submit" />
            </Form>
          </CardContent>
        </Card>
      )}
    </Page>
  );
}
