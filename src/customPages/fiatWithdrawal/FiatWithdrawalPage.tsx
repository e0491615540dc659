import { useMemo, useRef } from 'react';
import { Alert, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  FIAT_MESSAGES,
  REFERENCE_MAX_LENGTH,
  referenceProblem,
  settlementAmountProblem,
} from '../../domain/fiatMovements';
import { FormAmountField, FormTextField } from '../../forms';
import { MultiStepForm } from '../../forms/MultiStepForm';
import { TwoFaCodeField, twoFaCodeProblem, useTwoFaNeeded } from '../../forms/TwoFaCodeField';
import { formatMoney } from '../../i18n/format';
import { useBusinessChoices } from '../../layout/DownloadForm';
import {
  AvailableBalance,
  BusinessCurrencyFields,
  FormSelectField,
  MOVEMENT_TEXTS,
  MovementPage,
  MovementResult,
  Summary,
  useMovementCall,
  usePrecisionOf,
  useRefreshAfterMovement,
  useRuleText,
} from '../../features/movements/MovementKit';
import { useFiatWithdrawalApi, type CreatedFiatWithdrawal } from './api';

interface Values {
  businessId: string;
  currency: string;
  bankAccountId: string;
  amount: string;
  reference: string;
  twoFaCode: string;
}

interface BankAccount {
  id: number;
  accountLabel: string;
  accountCurrency: string;
}

const T = 'pages.fiatWithdrawal';
const KEY_FIELDS = ['businessId', 'currency', 'bankAccountId', 'amount', 'reference'] as const;

/** The bank accounts of the chosen currency; none chosen when the currency changes away from it. */
function BankAccountSelect({ accounts }: { accounts: readonly BankAccount[] }) {
  const translate = useTranslate();
  const currency = useWatch({ name: 'currency' }) as string;
  const mine = accounts.filter((a) => a.accountCurrency === currency);
  if (mine.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }} role="status">
        {translate(`${T}.noBankAccounts`)}
      </Typography>
    );
  return (
    <FormSelectField
      name="bankAccountId"
      label={`${T}.bankAccount`}
      required
      options={[
        { value: '', label: translate(`${T}.chooseBankAccount`) },
        ...mine.map((a) => ({ value: String(a.id), label: a.accountLabel })),
      ]}
    />
  );
}

/**
 * /fiat-withdrawal (CREATE_FIAT_WITHDRAWAL): business, currency (fiat), one of the organisation's bank
 * accounts of that currency, amount (the available balance beside it; 'Amount is less than minimum',
 * 'Exceeded maximum amount' and 'Insufficient balance'), reference, the 2FA code when the user has 2FA
 * on; overview, withdraw, and the response dialog (POST /v1/payment/withdrawals/fiat).
 */
export default function FiatWithdrawalPage() {
  const translate = useTranslate();
  const api = useFiatWithdrawalApi();
  const businesses = useBusinessChoices();
  const precisionOf = usePrecisionOf();
  const ruleText = useRuleText();
  const twoFa = useTwoFaNeeded();
  const refresh = useRefreshAfterMovement();
  const { call, dialog, show } = useMovementCall();
  const available = useRef<string | undefined>(undefined);
  const bankAccounts = useGetList<BankAccount>(
    'bank-accounts',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'accountLabel', order: 'ASC' } },
    { retry: false },
  );
  const accounts = bankAccounts.data ?? [];
  const nameOf = (id: string) => businesses.choices.find((b) => b.id === id)?.name ?? id;
  const accountOf = (id: string) => accounts.find((a) => String(a.id) === id)?.accountLabel ?? id;
  const defaultValues = useMemo<Values>(
    () => ({ businessId: '', currency: 'EUR', bankAccountId: '', amount: '', reference: '', twoFaCode: '' }),
    [],
  );

  const resolver: Resolver<Values> = (values) => {
    const problems: Partial<Record<keyof Values, string>> = {};
    if (!values.businessId) problems.businessId = translate(`${MOVEMENT_TEXTS}.validation.businessRequired`);
    if (!values.currency) problems.currency = translate(`${MOVEMENT_TEXTS}.validation.currencyRequired`);
    const account = accounts.find((a) => String(a.id) === values.bankAccountId);
    if (!account) problems.bankAccountId = ruleText(FIAT_MESSAGES.bankAccountRequired);
    else if (account.accountCurrency !== values.currency)
      problems.bankAccountId = ruleText(FIAT_MESSAGES.bankAccountCurrency);
    const amount = settlementAmountProblem(
      values.amount,
      precisionOf(values.currency),
      undefined,
      available.current,
    );
    if (amount) problems.amount = ruleText(amount);
    const reference = referenceProblem(values.reference);
    if (reference) problems.reference = ruleText(reference);
    const code = twoFaCodeProblem(values.twoFaCode, twoFa);
    if (code) problems.twoFaCode = translate(code);
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(problems).map(([name, message]) => [name, { type: 'validate', message }]),
    );
    return { values: {}, errors: errors as FieldErrors<Values> };
  };

  const submit = (values: Values, { idempotencyKey }: { idempotencyKey: string }) =>
    call(
      () =>
        api.createFiatWithdrawal(
          {
            businessId: Number(values.businessId),
            bankAccountId: Number(values.bankAccountId),
            currency: values.currency,
            amount: values.amount,
            reference: values.reference.trim(),
          },
          { idempotencyKey, twoFaCode: twoFa ? values.twoFaCode.trim() : undefined },
        ),
      values.currency,
    ).then((created) => {
      refresh(['settlements']);
      return created;
    });

  return (
    <MovementPage texts={T} businessesFailed={businesses.failed}>
      {bankAccounts.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(`${T}.bankAccountsFailed`)}
        </Alert>
      ) : null}
      <MultiStepForm<Values, CreatedFiatWithdrawal>
        defaultValues={defaultValues}
        resolver={resolver}
        keyFields={KEY_FIELDS}
        fields={
          <Stack>
            <BusinessCurrencyFields businesses={businesses.choices} fiatOnly />
            <BankAccountSelect accounts={accounts} />
            <FormAmountField<Values> name="amount" label={`${MOVEMENT_TEXTS}.amount`} />
            <AvailableBalance
              businessField="businessId"
              currencyField="currency"
              onBalance={(value) => (available.current = value)}
            />
            <FormTextField<Values>
              name="reference"
              label={`${MOVEMENT_TEXTS}.reference`}
              required
              autoComplete="off"
              maxLength={REFERENCE_MAX_LENGTH}
              margin="dense"
            />
            <TwoFaCodeField />
          </Stack>
        }
        overview={(values) => (
          <Summary
            rows={[
              { label: `${MOVEMENT_TEXTS}.business`, value: nameOf(values.businessId) },
              { label: `${T}.bankAccount`, value: accountOf(values.bankAccountId) },
              { label: `${MOVEMENT_TEXTS}.reference`, value: values.reference },
              {
                label: `${MOVEMENT_TEXTS}.amount`,
                value: formatMoney(values.amount, values.currency),
                total: true,
              },
            ]}
          />
        )}
        submit={submit}
        result={(created, _values, restart) => (
          <MovementResult
            message={translate(`${T}.done`, {
              amount: formatMoney(created.amount, created.currency),
              account: created.bankAccountLabel,
            })}
            again={`${T}.again`}
            onAgain={restart}
            show={show}
          />
        )}
        labels={{ next: `${T}.next`, submit: `${T}.submit` }}
      />
      {dialog}
    </MovementPage>
  );
}
