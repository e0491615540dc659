/**
 * /crypto-withdrawal (CREATE_WITHDRAWAL; docs/decisions.md 175–177): business, currency and network
 * (those of the organisation's whitelisted addresses), one of the whitelisted addresses of that network
 * (its destination tag shown, read-only, where the network needs one), the amount with the available
 * balance beside it ('Insufficient balance' before the server says it), and the 2FA code when 2FA is on.
 * Form → overview → submit → result, on MultiStepForm: a retry keeps its Idempotency-Key, a refused
 * code returns to its field without logging out, and the outcome shows in the response dialog.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { ERROR_TEXTS, errorText } from '../../domain/errors';
import { chainOf, CHAIN_NAMES, needsDestinationTag } from '../../domain/addresses';
import {
  exceedsAvailable,
  WITHDRAWAL_MESSAGES,
  withdrawalAmountProblem,
  type WithdrawalStatus,
} from '../../domain/withdrawals';
import { errorMessageText, FormAmountField } from '../../forms';
import { checkResolver } from '../../forms/checkResolver';
import { MultiStepForm } from '../../forms/MultiStepForm';
import {
  TWO_FA_FIELD,
  twoFaCodeProblem,
  TwoFaCodeField,
  twoFaFieldError,
  useTwoFaNeeded,
} from '../../forms/TwoFaCodeField';
import { formatMoney } from '../../i18n/format';
import { CodeValue } from '../../layout';
import { useBusinessChoices } from '../../layout/DownloadForm';
import { useResponseDialog } from '../../layout/ResponseDialog';
import {
  MovementPage,
  Summary,
  useAvailableBalance,
  useBusinessBalance,
  type SummaryRow,
} from '../../features/movements/MovementKit';
import { useCryptoWithdrawalApi, type CreatedWithdrawal, type Destination } from './api';

interface Values {
  businessId: string;
  /** `currency:network` */
  pair: string;
  whitelistedAddressId: string;
  amount: string;
  twoFaCode: string;
}

const EMPTY: Values = { businessId: '', pair: '', whitelistedAddressId: '', amount: '', twoFaCode: '' };
const KEY_FIELDS = ['businessId', 'pair', 'whitelistedAddressId', 'amount'] as const;

const messageKey = (text: string) => {
  const key = (Object.keys(WITHDRAWAL_MESSAGES) as (keyof typeof WITHDRAWAL_MESSAGES)[]).find(
    (k) => WITHDRAWAL_MESSAGES[k] === text,
  );
  return key ? `validation.withdrawal.${key}` : text;
};

const splitPair = (pair: string) => {
  const [currency = '', network = ''] = pair.split(':');
  return { currency, network };
};

/** A native select bound to the form (the platform's own keyboard and screen-reader handling). */
function SelectField({
  name,
  label,
  placeholder,
  options,
  disabled,
  onPicked,
}: {
  name: keyof Values;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
  onPicked?: () => void;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useController<Values>({ name });
  const error = errorMessageText(fieldState.error?.message, translate);
  return (
    <TextField
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      id={`withdrawal-${name}`}
      name={field.name}
      label={translate(label)}
      required
      value={field.value}
      onChange={(event) => {
        field.onChange(event.target.value);
        onPicked?.();
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? ' '}
      disabled={disabled}
      fullWidth
      margin="dense"
    >
      <option value="">{translate(placeholder)}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

function Fields({
  destinations,
  businesses,
}: {
  destinations: readonly Destination[];
  businesses: { id: string; name: string }[];
}) {
  const translate = useTranslate();
  const { setValue } = useFormContext<Values>();
  const [businessId, pair, addressId] = useWatch<Values, ['businessId', 'pair', 'whitelistedAddressId']>({
    name: ['businessId', 'pair', 'whitelistedAddressId'],
  });
  const { currency, network } = splitPair(pair);
  const pairs = [...new Set(destinations.map((d) => `${d.currency}:${d.network}`))];
  const addresses = destinations.filter((d) => d.currency === currency && d.network === network);
  const chosen = addresses.find((d) => String(d.id) === addressId);
  const chain = chainOf(currency, network);
  const { balance, failed } = useBusinessBalance(businessId, currency);
  const available = balance?.amount;
  // Withdrawals awaiting approval already hold this much of it (not in the available amount).
  const held = balance?.held;

  useEffect(() => {
    // One address of the network: chosen for the user.
    if (addresses.length === 1 && addressId !== String(addresses[0].id))
      setValue('whitelistedAddressId', String(addresses[0].id));
  }, [addresses, addressId, setValue]);

  if (destinations.length === 0)
    return <Alert severity="info">{translate('pages.cryptoWithdrawal.noAddresses')}</Alert>;
  return (
    <Stack spacing={0.5}>
      <SelectField
        name="businessId"
        label={'pages.cryptoWithdrawal.business'}
        placeholder={'pages.cryptoWithdrawal.pickBusiness'}
        options={businesses.map((b) => ({ value: b.id, label: b.name }))}
      />
      <SelectField
        name="pair"
        label={'pages.cryptoWithdrawal.pair'}
        placeholder={'pages.cryptoWithdrawal.pickPair'}
        options={pairs.map((p) => {
          const { currency: c, network: n } = splitPair(p);
          const ch = chainOf(c, n);
          return { value: p, label: `${c} — ${ch ? CHAIN_NAMES[ch] : n}` };
        })}
        onPicked={() => setValue('whitelistedAddressId', '')}
      />
      <SelectField
        name="whitelistedAddressId"
        label={'pages.cryptoWithdrawal.address'}
        placeholder={pair ? 'pages.cryptoWithdrawal.pickAddress' : 'pages.cryptoWithdrawal.pickPairFirst'}
        options={addresses.map((d) => ({ value: String(d.id), label: `${d.label} — ${d.address}` }))}
        disabled={!pair}
      />
      {chosen && needsDestinationTag(chain) && chosen.destinationTag ? (
        <Box sx={{ pb: 1 }}>
          <Typography variant="body2" color="text.secondary" component="span" sx={{ mr: 1 }}>
            {translate('pages.cryptoWithdrawal.destinationTag')}:
          </Typography>
          <CodeValue
            value={chosen.destinationTag}
            label={translate('pages.cryptoWithdrawal.destinationTag')}
          />
          <Typography variant="caption" color="text.secondary" component="p">
            {translate('pages.cryptoWithdrawal.destinationTagHelp')}
          </Typography>
        </Box>
      ) : null}
      <FormAmountField<Values> name="amount" label={'pages.cryptoWithdrawal.amount'} />
      {available !== undefined ? (
        <Typography variant="body2" color="text.secondary" data-testid="available-balance">
          {held
            ? translate('pages.cryptoWithdrawal.availableHeld', {
                amount: formatMoney(available, currency),
                held: formatMoney(held, currency),
              })
            : translate('pages.cryptoWithdrawal.available', { amount: formatMoney(available, currency) })}
        </Typography>
      ) : failed ? (
        <Typography variant="body2" color="text.secondary">
          {translate('pages.cryptoWithdrawal.availableUnknown')}
        </Typography>
      ) : null}
      <TwoFaCodeField />
    </Stack>
  );
}

export default function CryptoWithdrawalPage() {
  const translate = useTranslate();
  const api = useCryptoWithdrawalApi();
  const businesses = useBusinessChoices();
  const twoFaNeeded = useTwoFaNeeded();
  const response = useResponseDialog();
  const destinations = useQuery({
    queryKey: ['whitelisted-addresses', 'destinations'],
    queryFn: () => api.withdrawalDestinations(),
  });
  const precisions = useQuery({
    queryKey: ['withdrawals-metadata'],
    queryFn: () => api.withdrawalPrecisions(),
  });
  /** The chosen business's available balance of the chosen currency (BalanceRule keeps it). */
  // Read by the rules when they run, never while rendering.
  const [available] = useState(() => new Map<'amount', string | undefined>());
  const list = useMemo(() => destinations.data ?? [], [destinations.data]);

  const resolver = checkResolver<Values>((v) => {
    const errors: Record<string, string> = {};
    if (!v.businessId) errors.businessId = 'ra.validation.required';
    if (!v.pair) errors.pair = 'ra.validation.required';
    if (!v.whitelistedAddressId)
      errors.whitelistedAddressId = messageKey(WITHDRAWAL_MESSAGES.addressRequired);
    const { currency, network } = splitPair(v.pair);
    const precision = precisions.data?.find(
      (c) => c.currency === currency && c.network === network,
    )?.precision;
    const problem = withdrawalAmountProblem(v.amount ?? '', precision ?? 18);
    if (problem) errors.amount = messageKey(problem);
    else if (exceedsAvailable(v.amount, available.get('amount')))
      errors.amount = messageKey(WITHDRAWAL_MESSAGES.insufficientBalance);
    const code = twoFaCodeProblem(v[TWO_FA_FIELD], twoFaNeeded);
    if (code) errors[TWO_FA_FIELD] = code;
    return errors;
  });

  return (
    <MovementPage texts="pages.cryptoWithdrawal">
      {destinations.isError ? (
        <Alert severity="error">{translate('pages.cryptoWithdrawal.loadFailed')}</Alert>
      ) : null}
      {destinations.isSuccess ? (
        <MultiStepForm<Values, CreatedWithdrawal>
          defaultValues={EMPTY}
          resolver={resolver}
          keyFields={KEY_FIELDS}
          labels={{ submit: 'pages.cryptoWithdrawal.submit' }}
          fields={
            <FieldsWithBalance
              destinations={list}
              businesses={businesses.choices}
              onAvailable={(value) => available.set('amount', value)}
            />
          }
          overview={(values) => {
            const { currency, network } = splitPair(values.pair);
            const address = list.find((d) => String(d.id) === values.whitelistedAddressId);
            const tag: SummaryRow[] = address?.destinationTag
              ? [{ label: 'pages.cryptoWithdrawal.destinationTag', value: address.destinationTag }]
              : [];
            return (
              <Summary
                rows={[
                  {
                    label: 'pages.cryptoWithdrawal.business',
                    value: businesses.choices.find((b) => b.id === values.businessId)?.name ?? '',
                  },
                  { label: 'pages.cryptoWithdrawal.pair', value: `${currency} — ${network}` },
                  {
                    label: 'pages.cryptoWithdrawal.address',
                    value: address ? `${address.label} — ${address.address}` : '',
                  },
                  ...tag,
                  {
                    label: 'pages.cryptoWithdrawal.amount',
                    value: formatMoney(values.amount, currency),
                    total: true,
                  },
                ]}
              />
            );
          }}
          submit={async (values, { idempotencyKey }) => {
            const { currency, network } = splitPair(values.pair);
            try {
              const created = await api.createCryptoWithdrawal(
                {
                  businessId: Number(values.businessId),
                  currency,
                  network,
                  amount: values.amount,
                  whitelistedAddressId: Number(values.whitelistedAddressId),
                },
                { idempotencyKey, twoFaCode: twoFaNeeded ? values.twoFaCode.trim() : undefined },
              );
              const amount = formatMoney(created.amount, created.currency);
              response.show(
                'success',
                translate(
                  created.status === ('APPROVED' satisfies WithdrawalStatus)
                    ? 'pages.cryptoWithdrawal.approved'
                    : 'pages.cryptoWithdrawal.created',
                  {
                    id: created.id,
                    amount,
                  },
                ),
              );
              return created;
            } catch (error) {
              const codeError = twoFaFieldError(error);
              // A refused code goes back to its field (no logout); the rest to the form's own handling.
              if (codeError)
                throw Object.assign(new Error(ERROR_TEXTS.invalidTwoFaCode), {
                  status: 401,
                  body: { errors: codeError },
                });
              const { status } = (error ?? {}) as { status?: number };
              if (status !== 400) response.show('failure', errorText(error, ERROR_TEXTS.default));
              throw error;
            }
          }}
          result={(created, _values, restart) => (
            <Stack spacing={2}>
              <Typography>
                {translate(
                  created.status === 'APPROVED'
                    ? 'pages.cryptoWithdrawal.approved'
                    : 'pages.cryptoWithdrawal.created',
                  {
                    id: created.id,
                    amount: formatMoney(created.amount, created.currency),
                  },
                )}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={restart}>
                  {translate('pages.cryptoWithdrawal.another')}
                </Button>
                <Button component={Link} to="/withdrawal-approvals">
                  {translate('pages.cryptoWithdrawal.toApprovals')}
                </Button>
              </Stack>
            </Stack>
          )}
        />
      ) : null}
      {response.dialog}
    </MovementPage>
  );
}

/** The fields, with the amount's balance rule (it needs the chosen business's balance). */
function FieldsWithBalance({
  onAvailable,
  ...props
}: {
  destinations: readonly Destination[];
  businesses: { id: string; name: string }[];
  onAvailable: (available: string | undefined) => void;
}) {
  return (
    <>
      <Fields {...props} />
      <BalanceRule onAvailable={onAvailable} />
    </>
  );
}

/** 'Insufficient balance' on the amount as soon as it exceeds the available balance. */
function BalanceRule({ onAvailable }: { onAvailable: (available: string | undefined) => void }) {
  const { setError, clearErrors, getFieldState } = useFormContext<Values>();
  const [businessId, pair, amount] = useWatch<Values, ['businessId', 'pair', 'amount']>({
    name: ['businessId', 'pair', 'amount'],
  });
  const { currency } = splitPair(pair);
  const available = useAvailableBalance(businessId, currency);
  const over = exceedsAvailable(amount ?? '', available);
  useEffect(() => {
    onAvailable(available);
  }, [available, onAvailable]);
  useEffect(() => {
    const current = getFieldState('amount').error;
    const key = messageKey(WITHDRAWAL_MESSAGES.insufficientBalance);
    if (over && current?.message !== key) setError('amount', { type: 'balance', message: key });
    if (!over && current?.type === 'balance') clearErrors('amount');
  }, [over, setError, clearErrors, getFieldState]);
  return null;
}
