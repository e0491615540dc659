/**
 * The bank-account form (create and edit; MANAGE_BANK_ACCOUNTS): currency → payment method → the
 * bank fields that pair needs, read from GET /v1/bank-accounts/metadata (docs/decisions.md 143–146).
 * The rules are the API's own (`validateBankAccount`, src/domain/bankAccounts.ts); a refusal of the
 * server lands on its fields. A user with 2FA on gives the code with the account. Details → overview
 * → saved, like the other forms (MultiStepForm).
 */
import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useCreate, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import {
  BANK_ACCOUNT_METADATA,
  BANK_COMMON_FIELDS,
  BANK_CURRENCIES,
  BANK_FIELD_MAX_LENGTH,
  groupByFour,
  validateBankAccount,
  type BankAccountField,
  type BankDetailField,
} from '../../domain/bankAccounts';
import { ERROR_TEXTS } from '../../domain/errors';
import { useSession } from '../../authProvider/SessionContext';
import { FormTextField } from '../../forms';
import { twoFaCodeProblem } from '../../forms/TwoFaCodeField';
import { MultiStepForm } from '../../forms/MultiStepForm';
import { Page } from '../../layout';
import { BANK_ACCOUNT_QUERY_KEYS, useBankAccountApi, type BankAccountMetadata } from './api';
import type { BankAccountRecord } from './BankAccountList';
import { AuditTimeline } from '../../layout/AuditTimeline';

type Values = Record<BankAccountField | 'twoFaCode', string>;

const ALL_FIELDS: readonly BankAccountField[] = [
  ...BANK_COMMON_FIELDS,
  'accountCurrency',
  'paymentMethod',
  'iban',
  'accountNumber',
  'sortCode',
  'routingNumber',
  'swiftCode',
  'bankName',
  'bankAddress',
  'intermediaryBankName',
  'intermediaryBankAddress',
  'bankEmail',
];

/** The metadata the form goes by: the API's, or (refused or failed) the same table from src/domain. */
type FieldTable = Record<string, Record<string, readonly BankDetailField[]>>;

const DOMAIN_TABLE: FieldTable = BANK_ACCOUNT_METADATA as FieldTable;

function tableOf(metadata: BankAccountMetadata | undefined): FieldTable {
  if (!metadata) return DOMAIN_TABLE;
  return Object.fromEntries(
    metadata.currencies.map((c) => [
      c.currency,
      Object.fromEntries(c.paymentMethods.map((m) => [m.paymentMethod, m.fields])),
    ]),
  );
}

const fieldsOf = (table: FieldTable, currency: string, method: string): readonly BankDetailField[] =>
  table[currency]?.[method] ?? [];

const label = (name: string) => `resources.bank-accounts.fields.${name}`;

function emptyValues(): Values {
  return Object.fromEntries([...ALL_FIELDS, 'twoFaCode'].map((name) => [name, ''])) as Values;
}

function valuesOf(record: BankAccountRecord): Values {
  const values = emptyValues();
  for (const name of ALL_FIELDS) values[name] = String((record as Record<string, unknown>)[name] ?? '');
  return values;
}

/** A select bound to the form (currency, payment method). */
function SelectField({
  name,
  options,
  disabled,
  onChosen,
}: {
  name: 'accountCurrency' | 'paymentMethod';
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
  onChosen?: (value: string) => void;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useController<Values>({ name });
  const error = fieldState.error?.message;
  return (
    <TextField
      select
      id={`bank-${name}`}
      name={field.name}
      label={translate(label(name))}
      value={field.value ?? ''}
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
      helperText={error ?? ' '}
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

const CODE_FIELDS: readonly BankDetailField[] = [
  'iban',
  'accountNumber',
  'sortCode',
  'routingNumber',
  'swiftCode',
];

function BankFields({ table, twoFa }: { table: FieldTable; twoFa: boolean }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<Values>();
  const currency = useWatch<Values>({ name: 'accountCurrency' }) as string;
  const method = useWatch<Values>({ name: 'paymentMethod' }) as string;
  const methods = Object.keys(table[currency] ?? {});
  const details = fieldsOf(table, currency, method);
  const text = (name: BankAccountField, options: { email?: boolean } = {}) => (
    <FormTextField<Values>
      key={name}
      name={name}
      label={label(name)}
      required
      margin="dense"
      maxLength={BANK_FIELD_MAX_LENGTH}
      type={options.email ? 'email' : 'text'}
      autoComplete="off"
      inputMode={name === 'routingNumber' || name === 'sortCode' ? 'numeric' : undefined}
    />
  );
  return (
    <>
      {text('accountLabel')}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
        <SelectField
          name="accountCurrency"
          options={BANK_CURRENCIES.filter((c) => c in table).map((c) => ({ value: c, label: c }))}
          onChosen={(next) => {
            // A method the new currency does not offer is dropped.
            if (!(getValues('paymentMethod') in (table[next] ?? {}))) setValue('paymentMethod', '');
          }}
        />
        <SelectField
          name="paymentMethod"
          disabled={methods.length === 0}
          options={methods.map((m) => ({
            value: m,
            label: translate(`resources.bank-accounts.methods.${m}`),
          }))}
        />
      </Stack>
      <Section title="resources.bank-accounts.form.holder">
        {text('holderName')}
        {text('holderAddress')}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          {text('holderCity')}
          {text('holderCountry')}
        </Stack>
      </Section>
      <Section title="resources.bank-accounts.form.bank">
        {details.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.bank-accounts.form.chooseCurrency')}
          </Typography>
        ) : (
          details.map((name) => text(name, { email: name === 'bankEmail' }))
        )}
      </Section>
      {twoFa ? (
        <Box sx={{ mt: 2, maxWidth: 240 }}>
          <FormTextField<Values>
            name="twoFaCode"
            label={label('twoFaCode')}
            helperText="resources.bank-accounts.form.twoFaHelp"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Box>
      ) : null}
    </>
  );
}

function Overview({ values, table }: { values: Values; table: FieldTable }) {
  const translate = useTranslate();
  const shown: BankAccountField[] = [
    'accountLabel',
    'accountCurrency',
    'paymentMethod',
    'holderName',
    'holderAddress',
    'holderCity',
    'holderCountry',
    ...fieldsOf(table, values.accountCurrency, values.paymentMethod),
  ];
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {shown.map((name) => (
        <Box key={name}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(label(name))}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              mb: 1,
              wordBreak: 'break-word',
              fontFamily: CODE_FIELDS.includes(name as BankDetailField) ? 'monospace' : undefined,
            }}
          >
            {name === 'paymentMethod'
              ? translate(`resources.bank-accounts.methods.${values.paymentMethod}`)
              : name === 'iban'
                ? groupByFour(values.iban)
                : values[name]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Loading() {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography variant="body2">{translate('app.loading')}</Typography>
    </Box>
  );
}

export function BankAccountForm({ recordId }: { recordId?: string }) {
  const editing = recordId !== undefined;
  const translate = useTranslate();
  const notify = useNotify();
  const api = useBankAccountApi();
  const twoFa = useSession().authentication === true;
  const [create] = useCreate<BankAccountRecord>();
  const [update] = useUpdate<BankAccountRecord>();

  const metadata = useQuery({
    queryKey: BANK_ACCOUNT_QUERY_KEYS.metadata,
    queryFn: () => api.getBankAccountMetadata(),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const record = useGetOne<BankAccountRecord>(
    'bank-accounts',
    { id: (recordId ?? '') as unknown as BankAccountRecord['id'] },
    { enabled: editing, retry: false, refetchOnWindowFocus: false },
  );
  useEffect(() => {
    if (record.isError) notify('resources.bank-accounts.errors.accountFailed', { type: 'error' });
  }, [record.isError, notify]);

  const table = useMemo(() => tableOf(metadata.data), [metadata.data]);
  const resolver = useMemo<Resolver<Values>>(
    () => (values) => {
      const problems: Record<string, string> = {};
      for (const [name, key] of Object.entries(validateBankAccount(values)))
        problems[name] = translate(`resources.bank-accounts.validation.${key}`);
      const code = twoFaCodeProblem(values.twoFaCode, twoFa);
      if (code) problems.twoFaCode = translate(code);
      if (Object.keys(problems).length === 0) return { values, errors: {} };
      const errors = Object.fromEntries(
        Object.entries(problems).map(([name, message]) => [name, { type: 'validate', message }]),
      );
      return { values: {}, errors: errors as FieldErrors<Values> };
    },
    [translate, twoFa],
  );

  const title = editing
    ? 'resources.bank-accounts.form.editTitle'
    : 'resources.bank-accounts.form.createTitle';
  if (metadata.isPending || (editing && record.isPending)) {
    return (
      <Page title={title} maxWidth="form">
        <Loading />
      </Page>
    );
  }
  if (editing && !record.data) {
    return (
      <Page title={title} maxWidth="form">
        <Typography sx={{ mb: 2 }}>{translate('resources.bank-accounts.errors.accountFailed')}</Typography>
        <Button component={Link} to="/bank-accounts">
          {translate('resources.bank-accounts.form.goToList')}
        </Button>
      </Page>
    );
  }
  const account = record.data;

  const submit = async (values: Values) => {
    const needed = new Set<string>([
      ...BANK_COMMON_FIELDS,
      'accountCurrency',
      'paymentMethod',
      ...fieldsOf(table, values.accountCurrency, values.paymentMethod),
    ]);
    const data = Object.fromEntries(ALL_FIELDS.filter((name) => needed.has(name)).map((n) => [n, values[n]]));
    const meta = twoFa ? { twoFaCode: values.twoFaCode.trim() } : undefined;
    try {
      return account
        ? await update(
            'bank-accounts',
            { id: account.id, data, previousData: account, meta },
            { mutationMode: 'pessimistic', returnPromise: true },
          )
        : await create('bank-accounts', { data, meta }, { returnPromise: true });
    } catch (error) {
      // A wrong or reused code belongs on its field (the session goes on).
      const message = (error as { message?: string })?.message;
      if (twoFa && message === ERROR_TEXTS.invalidTwoFaCode)
        throw { message, body: { message, errors: { twoFaCode: message } } };
      throw error;
    }
  };

  return (
    <Page title={title} maxWidth="form">
      <MultiStepForm<Values, BankAccountRecord | void>
        defaultValues={account ? valuesOf(account) : emptyValues()}
        resolver={resolver}
        fields={<BankFields table={table} twoFa={twoFa} />}
        overview={(values) => <Overview values={values} table={table} />}
        submit={submit}
        cancelTo="/bank-accounts"
        result={() => (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="success">
              {translate(
                editing ? 'resources.bank-accounts.form.updated' : 'resources.bank-accounts.form.created',
              )}
            </Alert>
            <Button component={Link} to="/bank-accounts" variant="contained">
              {translate('resources.bank-accounts.form.goToList')}
            </Button>
          </Stack>
        )}
        labels={{
          form: 'resources.bank-accounts.form.details',
          overview: 'resources.bank-accounts.form.overview',
          result: 'resources.bank-accounts.form.done',
          next: 'resources.bank-accounts.form.verify',
          submit: editing ? 'resources.bank-accounts.form.save' : 'resources.bank-accounts.form.add',
        }}
      />
      {editing ? <AuditTimeline entityType="bank-account" id={recordId} /> : null}
    </Page>
  );
}
