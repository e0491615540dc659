/**
 * /whitelisted-addresses/create: label, currency, then one of its networks, the address, and the
 * destination tag where the network takes one (XRP, Stellar); the 2FA code when the user has 2FA on.
 * The address is checked as the API checks it (format and checksum, the message naming the network);
 * the API's refusals land on their fields — a wrong or reused 2FA code on the code, without logging out.
 */
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  useWatch,
  type Control,
} from 'react-hook-form';
import { useSession } from '../../authProvider';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import type { Currency } from '../../domain/currencies';
import { errorMessageText, FormTextField } from '../../forms';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { messageOf, Page } from '../../layout';
import { networkName } from './AddressList';
import {
  addressCurrencies,
  addressResolver,
  EMPTY_ADDRESS,
  takesTag,
  toBody,
  type AddressFormValues,
} from './form';

/** The API refused the 2FA code: 401 'Invalid or expired 2FA verification code.' (no logout). */
export function isRefusedCode(error: unknown): boolean {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { message?: unknown } };
  return status === 401 && body?.message === ERROR_TEXTS.invalidTwoFaCode;
}

interface SelectProps {
  name: 'currency' | 'network';
  control: Control<AddressFormValues>;
  options: { value: string; label: string }[];
  placeholder: string;
  disabled?: boolean;
  onPicked?: (value: string) => void;
}

/** A native select (keyboard and screen readers get the platform's own) bound to the form. */
function SelectField({ name, control, options, placeholder, disabled, onPicked }: SelectProps) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name, control });
  const error = errorMessageText(fieldState.error?.message, translate);
  return (
    <TextField
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      id={`address-${name}`}
      name={field.name}
      label={translate(`resources.whitelisted-addresses.fields.${name}`)}
      required
      value={field.value}
      onChange={(event) => {
        field.onChange(event.target.value);
        onPicked?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? ' '}
      disabled={disabled}
      fullWidth
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

function AddressFields({ currencies, twoFaOn }: { currencies: readonly Currency[]; twoFaOn: boolean }) {
  const translate = useTranslate();
  const form = useFormContextOf();
  const [currency, network] = useWatch({ control: form.control, name: ['currency', 'network'] });
  const chosen = currencies.find((c) => c.abbreviation === currency);
  const networks = chosen?.supportedNetworks ?? [];
  const pickCurrency = (code: string) => {
    const next = currencies.find((c) => c.abbreviation === code);
    const list = next?.supportedNetworks ?? [];
    // One network, or the currency's default: chosen for the user; otherwise they pick.
    const preset =
      list.length === 1
        ? list[0]
        : next?.defaultNetwork && list.includes(next.defaultNetwork)
          ? next.defaultNetwork
          : '';
    form.setValue('network', preset, { shouldValidate: form.formState.isSubmitted });
  };
  return (
    <Stack spacing={1}>
      <FormTextField<AddressFormValues>
        name="label"
        label={'resources.whitelisted-addresses.fields.label'}
        required
        maxLength={100}
        helperText=" "
      />
      <SelectField
        name="currency"
        control={form.control}
        placeholder={translate('resources.whitelisted-addresses.fields.currency')}
        options={currencies.map((c) => ({ value: c.abbreviation, label: `${c.abbreviation} — ${c.name}` }))}
        onPicked={pickCurrency}
      />
      <SelectField
        name="network"
        control={form.control}
        placeholder={translate(
          chosen
            ? 'resources.whitelisted-addresses.fields.network'
            : 'resources.whitelisted-addresses.networkFirst',
        )}
        options={networks.map((n) => ({ value: n, label: networkName(n) }))}
        disabled={!chosen}
      />
      <FormTextField<AddressFormValues>
        name="address"
        label={'resources.whitelisted-addresses.fields.address'}
        required
        maxLength={128}
        helperText=" "
      />
      {takesTag({ currency, network }) ? (
        <FormTextField<AddressFormValues>
          name="destinationTag"
          label={'resources.whitelisted-addresses.fields.destinationTag'}
          required
          inputMode="numeric"
          maxLength={20}
          helperText={'resources.whitelisted-addresses.tagHelp'}
        />
      ) : null}
      {twoFaOn ? (
        <FormTextField<AddressFormValues>
          name="twoFaCode"
          label={'resources.whitelisted-addresses.fields.twoFaCode'}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          helperText={'resources.whitelisted-addresses.twoFaHelp'}
        />
      ) : null}
    </Stack>
  );
}

// The form's methods inside its provider (typed).
const useFormContextOf = () => useFormContext<AddressFormValues>();

export default function AddressCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const twoFaOn = session.authentication;
  const currencies = useMemo(
    () => addressCurrencies(session.supportedCurrencies),
    [session.supportedCurrencies],
  );
  const resolver = useMemo(() => addressResolver(currencies, twoFaOn), [currencies, twoFaOn]);
  const form = useForm<AddressFormValues>({ defaultValues: EMPTY_ADDRESS, resolver });
  const [create] = useCreate();

  const submit = form.handleSubmit(async (values) => {
    try {
      await create(
        'whitelisted-addresses',
        { data: toBody(values), meta: twoFaOn ? { twoFaCode: values.twoFaCode } : undefined },
        { returnPromise: true },
      );
      notify('resources.whitelisted-addresses.create.done', { type: 'success' });
      navigate('/whitelisted-addresses');
    } catch (error) {
      if (isRefusedCode(error)) {
        form.setError(
          'twoFaCode',
          { type: 'server', message: translate('resources.whitelisted-addresses.invalidCode') },
          { shouldFocus: true },
        );
        return;
      }
      const errors = fieldErrorsOf(error);
      const names = Object.keys(errors).filter(
        (name) => name in EMPTY_ADDRESS,
      ) as (keyof AddressFormValues)[];
      if (names.length > 0) {
        for (const name of names) form.setError(name, { type: 'server', message: errors[name] });
        return;
      }
      notify(messageOf(error, translate('resources.whitelisted-addresses.errors.saveFailed')), {
        type: 'error',
      });
    }
  });

  return (
    <Page title={'resources.whitelisted-addresses.create.title'} maxWidth="form">
      <Card>
        <CardContent>
          <FormProvider {...form}>
            <Box
              component="form"
              noValidate
              onSubmit={submit}
              aria-label={translate('resources.whitelisted-addresses.create.title')}
            >
              <FocusServerErrors />
              <AddressFields currencies={currencies} twoFaOn={twoFaOn} />
              <Stack direction="row" spacing={1} sx={{ mt: 2 }} justifyContent="flex-end">
                <Button component={Link} to="/whitelisted-addresses">
                  {translate('resources.whitelisted-addresses.cancel')}
                </Button>
                <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                  {translate('resources.whitelisted-addresses.create.save')}
                </Button>
              </Stack>
            </Box>
          </FormProvider>
        </CardContent>
      </Card>
    </Page>
  );
}
