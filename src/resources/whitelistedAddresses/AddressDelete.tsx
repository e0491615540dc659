/**
 * /whitelisted-addresses/{id}/delete (legacy /whitelisted-addresses/delete/{id}): what is about to be
 * removed, and a confirmation — with the 2FA code when the user has 2FA on (a wrong or reused code is
 * the code field's error, without logging out). Another organisation's id or a removed one shows the
 * not-found text.
 */
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useDelete, useGetOne, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { ERROR_TEXTS } from '../../domain/errors';
import { isTwoFaCode } from '../../domain/validation';
import { useSession } from '../../authProvider';
import { FormTextField, VALIDATION_PREFIX } from '../../forms';
import { CodeValue, messageOf, Page } from '../../layout';
import { isRefusedCode } from './AddressCreate';
import { networkName, type WhitelistedAddressRecord } from './AddressList';

interface CodeValues {
  twoFaCode: string;
}

const codeResolver =
  (twoFaOn: boolean): Resolver<CodeValues> =>
  (raw): ResolverResult<CodeValues> => {
    const code = (raw.twoFaCode ?? '').trim();
    const key = !twoFaOn
      ? undefined
      : code === ''
        ? 'twoFaRequired'
        : !isTwoFaCode(code)
          ? 'twoFaDigits'
          : undefined;
    if (!key) return { values: { twoFaCode: code }, errors: {} };
    const errors = { twoFaCode: { type: 'validate', message: `${VALIDATION_PREFIX}${key}` } };
    return { values: {}, errors: errors as FieldErrors<CodeValues> };
  };

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, mb: 1.5, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

export default function AddressDelete() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const twoFaOn = useSession().authentication;
  const { data, isPending, error } = useGetOne<WhitelistedAddressRecord>(
    'whitelisted-addresses',
    { id: id ?? '' },
    { enabled: Boolean(id), retry: false },
  );
  const form = useForm<CodeValues>({ defaultValues: { twoFaCode: '' }, resolver: codeResolver(twoFaOn) });
  const [remove] = useDelete();
  const field = (name: string) => translate(`resources.whitelisted-addresses.fields.${name}`);

  const submit = form.handleSubmit(async ({ twoFaCode }) => {
    try {
      await remove(
        'whitelisted-addresses',
        { id: id!, previousData: data, meta: twoFaOn ? { twoFaCode } : undefined },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('resources.whitelisted-addresses.remove.done', { type: 'success' });
      navigate('/whitelisted-addresses');
    } catch (failure) {
      if (isRefusedCode(failure)) {
        form.setError(
          'twoFaCode',
          { type: 'server', message: translate('resources.whitelisted-addresses.invalidCode') },
          { shouldFocus: true },
        );
        return;
      }
      notify(messageOf(failure, ERROR_TEXTS.default), { type: 'error' });
    }
  });

  return (
    <Page title={'resources.whitelisted-addresses.remove.title'} maxWidth="form">
      <Card>
        <CardContent>
          {isPending && id ? null : error || !data ? (
            <Alert severity="error">{messageOf(error, ERROR_TEXTS.notFound)}</Alert>
          ) : (
            <FormProvider {...form}>
              <Box
                component="form"
                noValidate
                onSubmit={submit}
                aria-label={translate('resources.whitelisted-addresses.remove.title')}
              >
                <Box component="dl" sx={{ m: 0 }}>
                  <Detail term={field('label')}>{data.label}</Detail>
                  <Detail term={field('currency')}>
                    {data.currency} · {networkName(data.network)}
                  </Detail>
                  <Detail term={field('address')}>
                    <CodeValue value={data.address} label={field('address')} />
                  </Detail>
                  {data.destinationTag ? (
                    <Detail term={field('destinationTag')}>{data.destinationTag}</Detail>
                  ) : null}
                </Box>
                <Alert severity="warning" sx={{ my: 2 }}>
                  {translate('resources.whitelisted-addresses.remove.confirm')}
                </Alert>
                {twoFaOn ? (
                  <FormTextField<CodeValues>
                    name="twoFaCode"
                    label={'resources.whitelisted-addresses.fields.twoFaCode'}
                    required
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    helperText={'resources.whitelisted-addresses.twoFaHelp'}
                  />
                ) : null}
                <Stack direction="row" spacing={1} sx={{ mt: 2 }} justifyContent="flex-end">
                  <Button component={Link} to="/whitelisted-addresses">
                    {translate('resources.whitelisted-addresses.cancel')}
                  </Button>
                  <Button
                    type="submit"
                    variant="contained"
                    color="error"
                    disabled={form.formState.isSubmitting}
                  >
                    {translate('resources.whitelisted-addresses.remove.submit')}
                  </Button>
                </Stack>
              </Box>
            </FormProvider>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
