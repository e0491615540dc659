/**
 * /api-keys/:id (UPDATE_API_CREDENTIALS; legacy /edit-api-key/:id): a key's name, scopes, IP allow
 * list and last day; its business is fixed. Only what changed is sent (a PATCH of one field), so a
 * key holding a scope the user lacks keeps it unless the scopes are changed (shown checked and
 * disabled). An expired or revoked key is dead (the API answers its PATCH with 409, decision 226):
 * the page shows it read-only with the reason and no Save.
 */
import { useState } from 'react';
import { Alert, Card, CardContent, TextField, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { Form, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useSession } from '../../authProvider';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormActions } from '../../forms/FormActions';
import { TwoFaCodeField, twoFaFieldError, useTwoFaNeeded } from '../../forms/TwoFaCodeField';
import { formatTimestamp } from '../../i18n/format';
import { messageOf, Page } from '../../layout';
import type { ApiKeyRecord } from './ApiKeyList';
import { apiKeyResolver, ExpiryField, NameAndIpFields, ScopesField } from './ApiKeyFields';
import { changeBody, formFieldErrors, grantableScopes, valuesOfKey, type ApiKeyFormValues } from './rules';
import { AuditTimeline } from '../../layout/AuditTimeline';
import { LoadedRecord } from '../../layout/LoadedRecord';

function EditForm({ apiKey }: { apiKey: ApiKeyRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const needsCode = useTwoFaNeeded();
  const [update] = useUpdate<ApiKeyRecord>();
  const [failure, setFailure] = useState<string | null>(null);
  const offered = grantableScopes(permissions) as string[];
  const keep = apiKey.scopes.filter((scope) => !offered.includes(scope));
  const values = valuesOfKey(apiKey);
  values.scopes = values.scopes.filter((scope) => offered.includes(scope));

  const submit = async (raw: FieldValues) => {
    const form = raw as ApiKeyFormValues;
    setFailure(null);
    const body = changeBody(apiKey, { ...form, scopes: [...form.scopes, ...keep] });
    if (Object.keys(body).length > 0) {
      try {
        await update(
          'api-keys',
          {
            id: apiKey.id,
            data: body,
            previousData: apiKey,
            meta: needsCode ? { twoFaCode: form.twoFaCode?.trim() } : undefined,
          },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } catch (error) {
        const errors = { ...formFieldErrors(fieldErrorsOf(error)), ...twoFaFieldError(error) };
        if (Object.keys(errors).length > 0) return errors;
        setFailure(messageOf(error, ERROR_TEXTS.default));
        return undefined;
      }
    }
    notify('resources.api-keys.edit.saved', { type: 'success', messageArgs: { name: form.name.trim() } });
    navigate('/api-keys');
    return undefined;
  };

  return (
    <Form
      defaultValues={{ ...values, scopes: values.scopes }}
      resolver={apiKeyResolver(false, needsCode)}
      noValidate
      disableInvalidFormNotification
      onSubmit={submit}
    >
      <FocusServerErrors />
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('resources.api-keys.edit.business', { name: apiKey.businessName })}
      </Typography>
      <NameAndIpFields ip={false} />
      <ScopesField keep={keep} />
      <NameAndIpFields ip />
      <ExpiryField />
      <TwoFaCodeField />
      <FormActions failure={failure} submit="resources.api-keys.edit.submit" back="/api-keys" />
    </Form>
  );
}

/** An expired or revoked key, read-only: why it cannot be changed, what it was, and the way back. */
function DeadKey({ apiKey }: { apiKey: ApiKeyRecord }) {
  const translate = useTranslate();
  const field = (name: string, value: string, multiline = false) => (
    <TextField
      fullWidth
      disabled
      multiline={multiline}
      margin="dense"
      label={translate(`resources.api-keys.fields.${name}`)}
      value={value}
    />
  );
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(`resources.api-keys.edit.${apiKey.status}`, { name: apiKey.name })}
      </Alert>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('resources.api-keys.edit.business', { name: apiKey.businessName })}
      </Typography>
      {field('name', apiKey.name)}
      {field(
        'scopes',
        apiKey.scopes.map((scope) => translate(`resources.api-keys.scopes.${scope}`)).join(', '),
      )}
      {field('ipAllowList', apiKey.ipAllowList.join('\n'), true)}
      {field(
        'expiresAt',
        apiKey.expiresAt ? formatTimestamp(apiKey.expiresAt) : translate('resources.api-keys.noExpiry'),
      )}
      <FormActions back="/api-keys" backLabel="resources.api-keys.edit.back" />
    </>
  );
}

export default function ApiKeyEdit() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: apiKey, error } = useGetOne<ApiKeyRecord>('api-keys', { id });
  const dead = apiKey !== undefined && apiKey.status !== 'active';
  return (
    <Page
      title={dead ? 'resources.api-keys.edit.viewTitle' : 'resources.api-keys.edit.title'}
      maxWidth="form"
    >
      <Card>
        <CardContent>
          <LoadedRecord error={error} record={apiKey}>
            {(loaded) =>
              loaded.status === 'active' ? (
                <EditForm key={loaded.id} apiKey={loaded} />
              ) : (
                <DeadKey apiKey={loaded} />
              )
            }
          </LoadedRecord>
        </CardContent>
      </Card>
      <AuditTimeline entityType="api-key" id={apiKey?.id} />
    </Page>
  );
}
