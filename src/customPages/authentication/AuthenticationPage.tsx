import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Form, useNotify, useTranslate } from 'react-admin';
import { twoFaSchema, type TwoFaValues } from '../../domain/schemas';
import { ERROR_TEXTS } from '../../domain/errors';
import { useAuthenticationApi } from './api';
import { useSession, useSessionController } from '../../authProvider';
import { fieldErrorsOf, messageOf, Page, useResponseDialog } from '../../layout';
import { FormTextField, formResolver } from '../../forms';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormSubmitButton } from '../../forms/FormSubmitButton';
import { qrCodeDataUrl } from '../../layout/qr';

/** What a submit of the code answers: field errors for react-admin's <Form>, or nothing. */
type CodeSubmit = (code: string) => Promise<Record<string, string> | undefined>;

interface CodeFormProps {
  submitLabel: string;
  onSubmit: CodeSubmit;
}

/**
 * The 6-digit code (twoFaSchema) and the Enable or Disable button, on react-admin's <Form>: a code the
 * server refuses is the field's error (marked and focused), like any other field error.
 */
function CodeForm({ submitLabel, onSubmit }: CodeFormProps) {
  return (
    <Form
      defaultValues={{ code: '' }}
      resolver={formResolver(twoFaSchema) as unknown as Resolver<FieldValues>}
      mode="onTouched"
      noValidate
      disableInvalidFormNotification
      onSubmit={(values: FieldValues) => onSubmit(String((values as TwoFaValues).code).trim())}
    >
      <FocusServerErrors />
      <Box sx={{ maxWidth: 240 }}>
        <FormTextField<TwoFaValues>
          margin="dense"
          helperText=" "
          required
          name="code"
          label="pages.authentication.code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
      </Box>
      <FormSubmitButton label={submitLabel} />
    </Form>
  );
}

/** The secret in blocks of four (easier to type and compare) and a button that copies it whole. */
function SecretKey({ secret }: { secret: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify('pages.authentication.copied', { type: 'success' });
    } catch {
      notify('pages.authentication.copyFailed', { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {/* The blocks are spaced by CSS, not by spaces: selecting and copying gives the key as it is. */}
      <Typography
        component="code"
        data-testid="two-fa-secret"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 1,
          fontFamily: 'monospace',
          fontSize: '1.125rem',
        }}
      >
        {(secret.match(/.{1,4}/g) ?? []).map((block, index) => (
          <span key={index}>{block}</span>
        ))}
      </Typography>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {translate('pages.authentication.copy')}
      </Button>
    </Box>
  );
}

/**
 * While 2FA is off: a new secret as a QR code and as text, then the code form. Mounted only while
 * off, so its queries (gcTime 0) are dropped once 2FA is on and a fresh secret is fetched next time.
 */
function Setup({ onSubmit }: Omit<CodeFormProps, 'submitLabel'>) {
  const translate = useTranslate();
  const dataProvider = useAuthenticationApi();
  const setup = useQuery({
    queryKey: ['twoFa', 'setup'],
    queryFn: () => dataProvider.getTwoFaSetup(),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const otpauthUri = setup.data?.otpauthUri;
  const qr = useQuery({
    queryKey: ['twoFa', 'qr', otpauthUri],
    queryFn: () => qrCodeDataUrl(otpauthUri as string),
    enabled: !!otpauthUri,
    gcTime: 0,
    staleTime: Infinity,
  });

  if (setup.isPending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography variant="body2">{translate('pages.authentication.loading')}</Typography>
      </Box>
    );
  }
  if (setup.isError || !setup.data.secret) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void setup.refetch()}>
            {translate('pages.authentication.retry')}
          </Button>
        }
      >
        {setup.isError
          ? messageOf(setup.error, translate('pages.authentication.loadFailed'))
          : translate('pages.authentication.loadFailed')}
      </Alert>
    );
  }
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('pages.authentication.setupHeading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('pages.authentication.setupInstructions')}
      </Typography>
      <Box sx={{ width: 200, height: 200, mb: 2, bgcolor: '#fff' }}>
        {qr.data ? (
          <img src={qr.data} alt={translate('pages.authentication.qrAlt')} width={200} height={200} />
        ) : null}
      </Box>
      <Typography variant="body2" component="p">
        {translate('pages.authentication.secret')}
      </Typography>
      <SecretKey secret={setup.data.secret} />
      <CodeForm submitLabel="pages.authentication.enable" onSubmit={onSubmit} />
    </>
  );
}

/**
 * /authentication (open to every logged-in user): two-factor setup. Off: the setup and Enable.
 * On: a code and Disable. A wrong code ('Invalid or expired 2FA verification code.', which never logs
 * out) is the code field's error; the response dialog reports the outcome: enabled, disabled, or a
 * failure that is no field's (a rate limit with its wait, a server error).
 */
export default function AuthenticationPage() {
  const translate = useTranslate();
  const dataProvider = useAuthenticationApi();
  const session = useSession();
  const controller = useSessionController();
  const { dialog, show } = useResponseDialog();
  const enabled = session.authentication;

  const mutation = useMutation({
    // The target state travels with the call: the session (and this render) may change before onSuccess.
    mutationFn: ({ enable, code }: { enable: boolean; code: string }) =>
      dataProvider.updateTwoFa({ enabled: enable, code }),
    onSuccess: async (_result, { enable }) => {
      // The http client has already stored the rotated token (X-Identity-Token); make sure the flag follows.
      const current = controller.getState().session;
      if (current && current.authentication !== enable) {
        await controller.replaceToken(current.token, { authentication: enable });
      }
      show('success', translate(enable ? 'pages.authentication.enabled' : 'pages.authentication.disabled'));
    },
  });
  const submit =
    (enable: boolean): CodeSubmit =>
    async (code) => {
      try {
        await mutation.mutateAsync({ enable, code });
        return undefined;
      } catch (error) {
        if (isRefusedCode(error)) return { code: ERROR_TEXTS.invalidTwoFaCode };
        const errors = fieldErrorsOf(error);
        if (Object.keys(errors).length > 0) return errors;
        show('failure', messageOf(error, ERROR_TEXTS.default));
        return undefined;
      }
    };

  return (
    <Page title="pages.authentication.title" maxWidth="text">
      <Card>
        <CardContent>
          <Typography variant="body1" sx={{ mb: 2 }}>
            {translate(enabled ? 'pages.authentication.statusOn' : 'pages.authentication.statusOff')}
          </Typography>
          {enabled ? (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('pages.authentication.disableInstructions')}
              </Typography>
              <CodeForm key="disable" submitLabel="pages.authentication.disable" onSubmit={submit(false)} />
            </>
          ) : (
            <Setup onSubmit={submit(true)} />
          )}
        </CardContent>
      </Card>
      {dialog}
    </Page>
  );
}

/** The server refused the code: 401 'Invalid or expired 2FA verification code.' (no logout). */
function isRefusedCode(error: unknown): boolean {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { message?: unknown } };
  return status === 401 && body?.message === ERROR_TEXTS.invalidTwoFaCode;
}
