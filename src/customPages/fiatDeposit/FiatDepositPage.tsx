import { useMemo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { expectedAmountProblem, REFERENCE_MAX_LENGTH, referenceProblem } from '../../domain/fiatMovements';
import { groupByFour } from '../../domain/bankAccounts';
import { all, satisfies } from '../../domain/requirements';
import { FormAmountField, FormTextField } from '../../forms';
import { MultiStepForm } from '../../forms/MultiStepForm';
import { formatMoney } from '../../i18n/format';
import { CodeValue, useAccessContext } from '../../layout';
import { StatusChip } from '../../layout/StatusChip';
import { useBusinessChoices } from '../../layout/DownloadForm';
import {
  BusinessCurrencyFields,
  MOVEMENT_TEXTS,
  MovementPage,
  MovementResult,
  Summary,
  useMovementCall,
  usePrecisionOf,
  useRefreshAfterMovement,
  useRuleText,
} from '../../features/movements/MovementKit';
import { useFiatDepositApi, type CreatedFiatDeposit } from './api';

interface Values {
  businessId: string;
  currency: string;
  expectedAmount: string;
  reference: string;
}

const T = 'pages.fiatDeposit';

/** The answer's status and the stored one while it waits for the money ('EXPECTED' / 'PENDING'). */
const WAITING = new Set(['EXPECTED', 'PENDING']);

/**
 * The deposit's status as it is now: the record through the `fiat-deposits` resource, for whoever may
 * read the fiat deposits (GET_FIAT_DEPOSITS), so a live event of that resource (src/layout/liveEvents.ts;
 * the event reaches the same permission) reads it again and it turns Completed when the money arrives.
 * Without that permission, the status of the answer.
 */
function DepositStatus({ deposit }: { deposit: CreatedFiatDeposit }) {
  const translate = useTranslate();
  const readable = satisfies(all('GET_FIAT_DEPOSITS'), useAccessContext());
  const { data } = useGetOne<{ id: number; status: string }>(
    'fiat-deposits',
    { id: deposit.id },
    { enabled: readable, retry: false },
  );
  const status = data?.status ?? deposit.status;
  return WAITING.has(status) ? (
    <StatusChip status="PENDING" label={translate(`${T}.expected`)} />
  ) : (
    <StatusChip status={status} />
  );
}

/** How to pay the deposit: each detail with a copy button. */
function Instructions({ deposit }: { deposit: CreatedFiatDeposit }) {
  const translate = useTranslate();
  const rows: [string, string, string][] = [
    ['beneficiary', deposit.instructions.beneficiary, deposit.instructions.beneficiary],
    ['iban', groupByFour(deposit.instructions.iban), deposit.instructions.iban],
    ['bic', deposit.instructions.bic, deposit.instructions.bic],
    ['paymentReference', deposit.instructions.reference, deposit.instructions.reference],
  ];
  return (
    <Box component="section" aria-labelledby="fiat-deposit-instructions">
      <Typography
        id="fiat-deposit-instructions"
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        {translate(`${T}.instructions`)}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map(([key, shown, copied]) => (
          <Box key={key} sx={{ mb: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`${T}.${key}`)}
            </Typography>
            <Box component="dd" sx={{ m: 0 }} data-testid={`instruction-${key}`} data-value={copied}>
              {key === 'beneficiary' ? (
                <Typography variant="body2">{shown}</Typography>
              ) : (
                <CodeValue value={copied} label={translate(`${T}.${key}`)} />
              )}
            </Box>
          </Box>
        ))}
        <Typography component="dt" variant="body2" color="text.secondary">
          {translate(`${T}.status`)}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          <DepositStatus deposit={deposit} />
        </Box>
      </Box>
    </Box>
  );
}

/**
 * /fiat-deposit (CREATE_FIAT_DEPOSIT where the brand allows fiat deposits): business, currency (fiat),
 * expected amount ('Minimum amount is 0.01 EUR.'), reference; overview, then the instructions to pay
 * it (beneficiary, IBAN, BIC, payment reference, each to copy) and the response dialog (POST
 * /v1/payment/deposits/fiat). The balance is credited when the money arrives, and the instructions'
 * status follows the deposit (DepositStatus).
 */
export default function FiatDepositPage() {
  const translate = useTranslate();
  const api = useFiatDepositApi();
  const businesses = useBusinessChoices();
  const precisionOf = usePrecisionOf();
  const ruleText = useRuleText();
  const refresh = useRefreshAfterMovement();
  const { call, dialog, show } = useMovementCall();
  const nameOf = (id: string) => businesses.choices.find((b) => b.id === id)?.name ?? id;
  const defaultValues = useMemo<Values>(
    () => ({ businessId: '', currency: 'EUR', expectedAmount: '', reference: '' }),
    [],
  );

  const resolver: Resolver<Values> = (values) => {
    const problems: Partial<Record<keyof Values, string>> = {};
    if (!values.businessId) problems.businessId = translate(`${MOVEMENT_TEXTS}.validation.businessRequired`);
    if (!values.currency) problems.currency = translate(`${MOVEMENT_TEXTS}.validation.currencyRequired`);
    const amount = expectedAmountProblem(
      values.expectedAmount,
      precisionOf(values.currency),
      values.currency,
    );
    if (amount) problems.expectedAmount = ruleText(amount, { currency: values.currency });
    const reference = referenceProblem(values.reference);
    if (reference) problems.reference = ruleText(reference);
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(problems).map(([name, message]) => [name, { type: 'validate', message }]),
    );
    return { values: {}, errors: errors as FieldErrors<Values> };
  };

  const submit = (values: Values, { idempotencyKey }: { idempotencyKey: string }) =>
    call(
      () =>
        api.createFiatDeposit(
          {
            businessId: Number(values.businessId),
            currency: values.currency,
            expectedAmount: values.expectedAmount,
            reference: values.reference.trim(),
          },
          { idempotencyKey },
        ),
      values.currency,
    ).then((created) => {
      refresh(['fiat-deposits']);
      return created;
    });

  return (
    <MovementPage texts={T} businessesFailed={businesses.failed}>
      <MultiStepForm<Values, CreatedFiatDeposit>
        defaultValues={defaultValues}
        resolver={resolver}
        fields={
          <Stack>
            <BusinessCurrencyFields businesses={businesses.choices} fiatOnly />
            <FormAmountField<Values> name="expectedAmount" label={`${T}.expectedAmount`} />
            <FormTextField<Values>
              name="reference"
              label={`${MOVEMENT_TEXTS}.reference`}
              required
              autoComplete="off"
              maxLength={REFERENCE_MAX_LENGTH}
              margin="dense"
            />
          </Stack>
        }
        overview={(values) => (
          <Summary
            rows={[
              { label: `${MOVEMENT_TEXTS}.business`, value: nameOf(values.businessId) },
              { label: `${MOVEMENT_TEXTS}.reference`, value: values.reference },
              {
                label: `${T}.expectedAmount`,
                value: formatMoney(values.expectedAmount, values.currency),
                total: true,
              },
            ]}
          />
        )}
        submit={submit}
        result={(created, _values, restart) => (
          <MovementResult
            message={translate(`${T}.done`, {
              amount: formatMoney(created.expectedAmount, created.currency),
            })}
            details={<Instructions deposit={created} />}
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
