/**
 * /crypto-deposit (CREATE_PAYMENT): a payment request on MultiStepForm (details → overview → submit →
 * result). The business is one of the user's, the currency and network only those the business
 * accepts; the amount (optional: an open amount), the expiration and the optional mail follow the
 * API's own rules (src/domain/paymentRequests.ts), and a refusal of the server lands on its fields.
 *
 * The result shows the deposit address with a QR code of the payment URI, the time left counting
 * down, the link with copy, and the request's status read through react-admin's data hooks on the
 * `payments` resource: live updates of that resource refresh it, and while the request is open it is
 * also read again every STATUS_REFRESH_MS until it is final (docs/decisions.md 174).
 */
import { useCallback, useMemo, useState } from 'react';
import { Box, Button, Link as MuiLink, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch, useFormContext, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import { NETWORK_LABELS, type Network } from '../../domain/currencies';
import { errorText, fieldErrorsOf } from '../../domain/errors';
import { recordPagePath } from '../../domain/recordPaths';
import {
  EXPIRATION_MAX_MINUTES,
  PAYMENT_REQUEST_MESSAGES,
  PAYMENT_TEXT_MAX,
  REDIRECT_URL_MAX,
  SENDER_FIELDS,
  expirationProblem,
  extrasProblems,
  isOpenAmount,
  paymentAmountProblem,
  type PaymentSender,
} from '../../domain/paymentRequests';
import { precisionOf, receivedAmountPerCurrency, type PaymentDeposit } from '../../domain/transactions';
import { FormTextField } from '../../forms';
import { MultiStepForm } from '../../forms/MultiStepForm';
import { CodeValue } from '../../layout';
import { qrCodeDataUrl } from '../../layout/qr';
import { ResponseDialog, type ResponseKind } from '../../layout/ResponseDialog';
import { StatusChip } from '../../layout/StatusChip';
import { MovementPage, Summary, type SummaryRow } from '../../features/movements/MovementKit';
import { useCryptoDepositApi, type PaymentRequest, type PaymentRequestBody } from './api';
import { Countdown } from './Countdown';

/** How often an open request's status is read again while the page shows it. */
export const STATUS_REFRESH_MS = 5000;

type Sender = Record<keyof PaymentSender, string>;

export interface Values {
  businessId: string;
  currency: string;
  network: string;
  amount: string;
  expirationMinutes: string;
  paymentId: string;
  redirectUrl: string;
  recipientEmail: string;
  mailSubject: string;
  sender: Sender;
}

const EMPTY_SENDER: Sender = { name: '', address: '', city: '', country: '', email: '', signatureName: '' };

const DEFAULT_VALUES: Values = {
  businessId: '',
  currency: '',
  network: '',
  amount: '',
  expirationMinutes: '60',
  paymentId: '',
  redirectUrl: '',
  recipientEmail: '',
  mailSubject: '',
  sender: EMPTY_SENDER,
};

interface BusinessRecord {
  id: number;
  businessName: string;
  supportedDepositCurrenciesWithNetworks?: Record<string, string[]>;
}

const T = (key: string) => `pages.cryptoDeposit.${key}`;
const SENDER_LABELS: Record<keyof PaymentSender, string> = {
  name: 'senderName',
  address: 'senderAddress',
  city: 'senderCity',
  country: 'senderCountry',
  email: 'senderEmail',
  signatureName: 'senderSignatureName',
};

/** The message key of a rule text (the domain's English) for the catalogue. */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(PAYMENT_REQUEST_MESSAGES).map(([key, text]) => [text, `validation.paymentRequest.${key}`]),
);

const senderGiven = (sender: Sender) => SENDER_FIELDS.some((field) => sender[field].trim() !== '');

/** The API's body of the form's values: optional texts only when given, trimmed. */
export function bodyOf(values: Values): PaymentRequestBody {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const sender: PaymentSender | undefined = senderGiven(values.sender)
    ? {
        name: values.sender.name.trim(),
        address: values.sender.address.trim(),
        city: values.sender.city.trim(),
        country: values.sender.country.trim(),
        email: values.sender.email.trim(),
        signatureName: values.sender.signatureName.trim(),
      }
    : undefined;
  const body: PaymentRequestBody = {
    businessId: Number(values.businessId),
    currency: values.currency,
    network: values.network,
    expirationMinutes: Number(values.expirationMinutes.trim()),
  };
  const optional = {
    amount: text(values.amount),
    paymentId: text(values.paymentId),
    redirectUrl: text(values.redirectUrl),
    recipientEmail: text(values.recipientEmail),
    mailSubject: text(values.mailSubject),
    sender,
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) Object.assign(body, { [key]: value });
  return body;
}

/** Every problem of the values, by field path, in the domain's English (the server's own rules). */
export function problemsOf(values: Values): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.businessId) problems.businessId = PAYMENT_REQUEST_MESSAGES.businessRequired;
  if (!values.currency) problems.currency = PAYMENT_REQUEST_MESSAGES.currencyRequired;
  if (!values.network) problems.network = PAYMENT_REQUEST_MESSAGES.networkRequired;
  // The currency's precision here; the server holds each network's and answers on the field.
  const amount = paymentAmountProblem(values.amount.trim(), precisionOf(values.currency));
  if (amount) problems.amount = amount;
  const expiration = expirationProblem(values.expirationMinutes);
  if (expiration) problems.expirationMinutes = expiration;
  const body = bodyOf(values);
  Object.assign(problems, extrasProblems(body));
  return problems;
}

function SelectField({
  name,
  options,
  disabled,
  helperText,
  onChosen,
}: {
  name: 'businessId' | 'currency' | 'network';
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
  helperText?: string;
  onChosen?: (value: string) => void;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useController<Values>({ name });
  const error = fieldState.error?.message;
  return (
    <TextField
      select
      id={`crypto-deposit-${name}`}
      name={field.name}
      label={translate(T(name === 'businessId' ? 'business' : name))}
      value={options.some((o) => o.value === field.value) ? field.value : ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        onChosen?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required
      fullWidth
      margin="dense"
      error={Boolean(error)}
      helperText={error ?? helperText ?? ' '}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

function Fields({ businesses }: { businesses: readonly BusinessRecord[] }) {
  const translate = useTranslate();
  const { setValue } = useFormContext<Values>();
  const businessId = useWatch<Values>({ name: 'businessId' }) as string;
  const currency = useWatch<Values>({ name: 'currency' }) as string;
  const enabled =
    businesses.find((b) => String(b.id) === businessId)?.supportedDepositCurrenciesWithNetworks ?? {};
  const currencies = Object.keys(enabled).sort();
  const networks = enabled[currency] ?? [];
  // Conditional rules carry the marker while they apply: the subject of a mail, the whole sender.
  const mailed = (useWatch<Values>({ name: 'recipientEmail' }) as string).trim() !== '';
  const sender = useWatch<Values>({ name: 'sender' }) as Sender;
  const text = (name: keyof Values | `sender.${keyof PaymentSender}`, label: string, options = {}) => (
    <FormTextField<Values>
      key={name}
      name={name}
      label={T(label)}
      margin="dense"
      autoComplete="off"
      {...options}
    />
  );
  return (
    <>
      <SelectField
        name="businessId"
        options={businesses.map((b) => ({ value: String(b.id), label: b.businessName }))}
        onChosen={() => {
          setValue('currency', '');
          setValue('network', '');
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
        <SelectField
          name="currency"
          options={currencies.map((c) => ({ value: c, label: c }))}
          disabled={currencies.length === 0}
          helperText={
            businessId === ''
              ? translate(T('chooseBusiness'))
              : currencies.length === 0
                ? translate(T('noCurrencies'))
                : undefined
          }
          onChosen={(next) => {
            const only = enabled[next] ?? [];
            setValue('network', only.length === 1 ? only[0] : '');
          }}
        />
        <SelectField
          name="network"
          options={networks.map((n) => ({ value: n, label: NETWORK_LABELS[n as Network] ?? n }))}
          disabled={networks.length === 0}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
        {text('amount', 'amount', { helperText: T('amountHelp'), inputMode: 'decimal', maxLength: 64 })}
        {text('expirationMinutes', 'expirationMinutes', {
          helperText: T('expirationHelp'),
          inputMode: 'numeric',
          maxLength: String(EXPIRATION_MAX_MINUTES).length,
          required: true,
        })}
      </Stack>
      {text('paymentId', 'paymentId', { helperText: T('paymentIdHelp'), maxLength: PAYMENT_TEXT_MAX })}
      {text('redirectUrl', 'redirectUrl', {
        helperText: T('redirectUrlHelp'),
        type: 'url',
        maxLength: REDIRECT_URL_MAX,
      })}
      <Section title={T('mail')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          {text('recipientEmail', 'recipientEmail', { type: 'email', maxLength: 320 })}
          {text('mailSubject', 'mailSubject', { maxLength: PAYMENT_TEXT_MAX, required: mailed })}
        </Stack>
        <Typography component="h4" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate(T('sender'))}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {SENDER_FIELDS.map((field) =>
            text(`sender.${field}`, SENDER_LABELS[field], {
              type: field === 'email' ? 'email' : 'text',
              maxLength: field === 'email' ? 320 : PAYMENT_TEXT_MAX,
              required: senderGiven(sender),
            }),
          )}
        </Box>
      </Section>
    </>
  );
}

function Overview({ values, businesses }: { values: Values; businesses: readonly BusinessRecord[] }) {
  const translate = useTranslate();
  const body = bodyOf(values);
  const row = (label: string, value: string): SummaryRow => ({ label: T(label), value });
  const rows: SummaryRow[] = [
    row(
      'business',
      businesses.find((b) => String(b.id) === values.businessId)?.businessName ?? values.businessId,
    ),
    row('currency', body.currency),
    row('network', NETWORK_LABELS[body.network as Network] ?? body.network),
    row('expirationMinutes', String(body.expirationMinutes)),
  ];
  if (body.paymentId) rows.push(row('paymentId', body.paymentId));
  if (body.redirectUrl) rows.push(row('redirectUrl', body.redirectUrl));
  if (body.recipientEmail)
    rows.push(row('recipientEmail', body.recipientEmail), row('mailSubject', body.mailSubject ?? ''));
  if (body.sender)
    for (const field of SENDER_FIELDS) rows.push(row(SENDER_LABELS[field], body.sender[field]));
  rows.push({
    ...row('requestedAmount', body.amount ? `${body.amount} ${body.currency}` : translate(T('anyAmount'))),
    total: true,
  });
  return <Summary rows={rows} />;
}

interface PaymentRecord {
  id: number;
  status: string;
  deposits?: PaymentDeposit[];
}

/** The request's status through the `payments` resource, read again while it is open. */
function PaymentStatus({ id }: { id: number }) {
  const translate = useTranslate();
  const { data, error } = useGetOne<PaymentRecord>(
    'payments',
    { id },
    {
      refetchInterval: (query) => {
        const status = (query.state.data as PaymentRecord | undefined)?.status;
        return status === undefined || status === 'PENDING' ? STATUS_REFRESH_MS : false;
      },
      retry: false,
    },
  );
  const status = data?.status;
  const pending = data?.deposits?.find((d) => d.status === 'PENDING');
  const received = Object.entries(receivedAmountPerCurrency(data?.deposits));
  return (
    <Stack
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      data-testid="payment-status"
      data-status={status ?? ''}
    >
      {status ? (
        <StatusChip status={status} label={status === 'PENDING' ? translate(T('statusOpen')) : undefined} />
      ) : null}
      {error ? <Typography variant="body2">{translate(T('statusFailed'))}</Typography> : null}
      {status === 'PENDING' ? (
        <Typography variant="body2" role="status">
          {pending
            ? translate(T('confirmations'), { smart_count: pending.confirmations ?? 0 })
            : translate(T('waitingDeposit'))}
        </Typography>
      ) : null}
      {received.length > 0 ? (
        <Typography variant="body2">
          {translate(T('deposits'))}:{' '}
          {received.map(([currency, amount]) => `${amount} ${currency}`).join(', ')}
        </Typography>
      ) : null}
    </Stack>
  );
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography component="h3" variant="body2" color="text.secondary">
        {translate(T(label))}
      </Typography>
      {children}
    </Box>
  );
}

export function PaymentRequestResult({ payment, restart }: { payment: PaymentRequest; restart: () => void }) {
  const translate = useTranslate();
  const qr = useQuery({
    queryKey: ['payments', 'qr', payment.paymentUri],
    queryFn: () => qrCodeDataUrl(payment.paymentUri),
    staleTime: Infinity,
  });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="payment-request">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, flexShrink: 0 }}>
          {qr.data ? (
            <img
              src={qr.data}
              alt={translate(T('qrAlt'), { uri: payment.paymentUri })}
              width={200}
              height={200}
              data-testid="payment-qr"
            />
          ) : null}
        </Box>
        <Stack spacing={2}>
          <Labelled label="status">
            <PaymentStatus id={payment.id} />
          </Labelled>
          <Labelled label="timeLeft">
            <Countdown expiresAt={payment.expiresAt} />
          </Labelled>
          <Labelled label="requestedAmount">
            <Typography>
              {isOpenAmount(payment.priceAmount)
                ? translate(T('anyAmount'))
                : `${payment.priceAmount} ${payment.priceCurrency}`}
            </Typography>
          </Labelled>
        </Stack>
      </Stack>
      <Labelled label="address">
        <Box data-testid="payment-address">
          <CodeValue value={payment.address} label={translate(T('address'))} />
        </Box>
      </Labelled>
      <Labelled label="link">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <MuiLink
            href={payment.link}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ wordBreak: 'break-all' }}
          >
            {payment.link}
          </MuiLink>
        </Stack>
      </Labelled>
      <Labelled label="reference">
        <CodeValue value={payment.reference} label={translate(T('reference'))} />
      </Labelled>
      <CopyLink link={payment.link} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {/* Its life from here on: deposits, confirmations, callbacks (the record's page). */}
        <Button component={Link} to={recordPagePath('payments', payment.id)} variant="outlined">
          {translate(T('openRecord'))}
        </Button>
        <Button onClick={restart} variant="outlined">
          {translate(T('another'))}
        </Button>
      </Stack>
    </Stack>
  );
}

function CopyLink({ link }: { link: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant="contained"
        onClick={() => {
          void navigator.clipboard?.writeText(link).then(() => setCopied(true));
        }}
      >
        {translate(T('copyLink'))}
      </Button>
      <Typography variant="body2" role="status">
        {copied ? translate(T('copied')) : ''}
      </Typography>
    </Stack>
  );
}

/** react-hook-form's errors of problems by path ('sender.city' → { sender: { city } }). */
function errorsOf(problems: Record<string, string>, translate: (key: string) => string): FieldErrors<Values> {
  const errors: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(problems)) {
    const key = MESSAGE_KEYS.get(text);
    const error = { type: 'validate', message: key ? translate(key) : text };
    const [head, tail] = path.split('.');
    if (tail) errors[head] = { ...((errors[head] as object) ?? {}), [tail]: error };
    else errors[head] = error;
  }
  return errors as FieldErrors<Values>;
}

export default function CryptoDepositPage() {
  const translate = useTranslate();
  const api = useCryptoDepositApi();
  const [dialog, setDialog] = useState<{ kind: ResponseKind; message: string } | null>(null);
  const list = useGetList<BusinessRecord>('businesses', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const businesses = useMemo(() => list.data ?? [], [list.data]);

  const resolver = useMemo<Resolver<Values>>(
    () => (values) => {
      const problems = problemsOf(values);
      if (Object.keys(problems).length === 0) return { values, errors: {} };
      return { values: {}, errors: errorsOf(problems, translate) };
    },
    [translate],
  );

  const submit = useCallback(
    async (values: Values, { idempotencyKey }: { idempotencyKey: string }) => {
      try {
        const payment = await api.createPaymentRequest(bodyOf(values), idempotencyKey);
        setDialog({ kind: 'success', message: translate(T('created')) });
        return payment;
      } catch (error) {
        // Field errors land on their fields; any other refusal shows the server's text.
        if (Object.keys(fieldErrorsOf(error)).length === 0)
          setDialog({ kind: 'failure', message: errorText(error) });
        throw error;
      }
    },
    [api, translate],
  );

  return (
    <MovementPage
      texts="pages.cryptoDeposit"
      businessesFailed={Boolean(list.error)}
      failedText={T('businessesFailed')}
    >
      <MultiStepForm<Values, PaymentRequest>
        defaultValues={DEFAULT_VALUES}
        resolver={resolver}
        fields={<Fields businesses={businesses} />}
        overview={(values) => <Overview values={values} businesses={businesses} />}
        submit={submit}
        result={(payment, _values, restart) => <PaymentRequestResult payment={payment} restart={restart} />}
        labels={{
          form: T('details'),
          overview: T('overview'),
          result: T('done'),
          next: T('verify'),
          submit: T('submit'),
        }}
      />
      <ResponseDialog
        open={dialog !== null}
        kind={dialog?.kind ?? 'success'}
        message={dialog?.message ?? ''}
        onClose={() => setDialog(null)}
      />
    </MovementPage>
  );
}
