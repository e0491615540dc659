import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Title, useTranslate } from 'react-admin';
import { twoFaSchema, type TwoFaValues } from '../../domain/schemas';
import { ERROR_TEXTS } from '../../domain/errors';
import { useAuthenticationApi } from './api';
import { useSession, useSessionController } from '../../authProvider';
import { messageOf, useResponseDialog } from '../../layout';
import { FormTextField, formResolver } from '../../forms';
import { qrCodeDataUrl } from './qr';

interface CodeFormProps {
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => void;
}

/** The 6-digit code (twoFaSchema) and the Enable or Disable button. */
function CodeForm({ submitLabel, pending, onSubmit }: CodeFormProps) {
  const translate = useTranslate();
  const { control, handleSubmit } = useForm<TwoFaValues>({
    resolver: formResolver(twoFaSchema),
    defaultValues: { code: '' },
    mode: 'onTouched',
  });
  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onSubmit(code.trim()))}>
      <Box sx={{ maxWidth: 240 }}>
        <FormTextField
          control={control}
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
      <Button type="submit" variant="contained" disabled={pending} sx={{ mt: 1 }}>
        {translate(submitLabel)}
      </Button>
    </form>
  );
}

/**
 * While 2FA is off: a new secret as a QR code and as text, then the code form. Mounted only while
 * off, so its queries (gcTime 0) are dropped once 2FA is on and a fresh secret is fetched next time.
 */
function Setup({ pending, onSubmit }: Omit<CodeFormProps, 'submitLabel'>) {
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
      <Typography
        component="code"
        data-testid="two-fa-secret"
        sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere', mb: 2 }}
      >
        {setup.data.secret}
      </Typography>
      <CodeForm submitLabel="pages.authentication.enable" pending={pending} onSubmit={onSubmit} />
    </>
  );
}

/**
 * /authentication (open to every logged-in user): two-factor setup. Off: the setup and Enable.
 * On: a code and Disable. A wrong code shows the server's text ('Invalid or expired 2FA verification
 * code.'); the data provider never logs out on it.
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
    onError: (error) => show('failure', messageOf(error, ERROR_TEXTS.default)),
  });
  const submit = (enable: boolean) => (code: string) => mutation.mutate({ enable, code });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="pages.authentication.title" />
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
              <CodeForm
                key="disable"
                submitLabel="pages.authentication.disable"
                pending={mutation.isPending}
                onSubmit={submit(false)}
              />
            </>
          ) : (
            <Setup pending={mutation.isPending} onSubmit={submit(true)} />
          )}
        </CardContent>
      </Card>
      {dialog}
    </Box>
  );
}
