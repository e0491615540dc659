import { useMemo, useRef } from 'react';
import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { transferAmountProblem, TRANSFER_MESSAGES } from '../../domain/transfers';
import { transferBalanceProblem } from '../../domain/fiatMovements';
import { FormAmountField } from '../../forms';
import { MultiStepForm } from '../../forms/MultiStepForm';
import { TwoFaCodeField, twoFaCodeProblem, useTwoFaNeeded } from '../../forms/TwoFaCodeField';
import { formatMoney } from '../../i18n/format';
import { useBusinessChoices } from '../../layout/DownloadForm';
import {
  AvailableBalance,
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
import { useInternalTransferApi, type CreatedTransfer } from './api';

interface Values {
  fromBusinessId: string;
  toBusinessId: string;
  currency: string;
  amount: string;
  twoFaCode: string;
}

const T = 'pages.internalTransfer';
const KEY_FIELDS = ['fromBusinessId', 'toBusinessId', 'currency', 'amount'] as const;
const BUSINESS_FIELDS = [
  ['fromBusinessId', `${T}.from`],
  ['toBusinessId', `${T}.to`],
] as const;

/**
 * /internal-transfer (CREATE_INTERNAL_TRANSFER): from and to business, currency, amount (the source's
 * available balance beside it, 'Insufficient balance' before the call), the 2FA code when the user has
 * 2FA on; overview, transfer, and the response dialog (POST /v1/payment/internal-transfers).
 */
export default function InternalTransferPage() {
  const translate = useTranslate();
  const api = useInternalTransferApi();
  const businesses = useBusinessChoices();
  const precisionOf = usePrecisionOf();
  const ruleText = useRuleText();
  const twoFa = useTwoFaNeeded();
  const refresh = useRefreshAfterMovement();
  const { call, dialog, show } = useMovementCall();
  const available = useRef<string | undefined>(undefined);
  const nameOf = (id: string) => businesses.choices.find((b) => b.id === id)?.name ?? id;
  const defaultValues = useMemo<Values>(
    () => ({ fromBusinessId: '', toBusinessId: '', currency: 'EUR', amount: '', twoFaCode: '' }),
    [],
  );

  const resolver: Resolver<Values> = (values) => {
    const problems: Partial<Record<keyof Values, string>> = {};
    const required = translate(`${MOVEMENT_TEXTS}.validation.businessRequired`);
    if (!values.fromBusinessId) problems.fromBusinessId = required;
    if (!values.toBusinessId) problems.toBusinessId = required;
    else if (values.toBusinessId === values.fromBusinessId)
      problems.toBusinessId = ruleText(TRANSFER_MESSAGES.sameBusiness);
    if (!values.currency) problems.currency = translate(`${MOVEMENT_TEXTS}.validation.currencyRequired`);
    const amount =
      transferAmountProblem(values.amount, precisionOf(values.currency)) ??
      transferBalanceProblem(values.amount, available.current);
    if (amount) problems.amount = ruleText(amount);
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
        api.createInternalTransfer(
          {
            fromBusinessId: Number(values.fromBusinessId),
            toBusinessId: Number(values.toBusinessId),
            currency: values.currency,
            amount: values.amount,
          },
          { idempotencyKey, twoFaCode: twoFa ? values.twoFaCode.trim() : undefined },
        ),
      values.currency,
    ).then((created) => {
      refresh(['internal-transfers']);
      return created;
    });

  return (
    <MovementPage texts={T} businessesFailed={businesses.failed}>
      <MultiStepForm<Values, CreatedTransfer>
        defaultValues={defaultValues}
        resolver={resolver}
        keyFields={KEY_FIELDS}
        fields={
          <Stack>
            <BusinessCurrencyFields businesses={businesses.choices} businessFields={BUSINESS_FIELDS} />
            <FormAmountField<Values> name="amount" label={`${MOVEMENT_TEXTS}.amount`} />
            <AvailableBalance
              businessField="fromBusinessId"
              currencyField="currency"
              onBalance={(value) => (available.current = value)}
            />
            <TwoFaCodeField />
          </Stack>
        }
        overview={(values) => (
          <Summary
            rows={[
              { label: `${T}.from`, value: nameOf(values.fromBusinessId) },
              { label: `${T}.to`, value: nameOf(values.toBusinessId) },
              {
                label: `${MOVEMENT_TEXTS}.amount`,
                value: formatMoney(values.amount, values.currency),
                total: true,
              },
            ]}
          />
        )}
        submit={submit}
        result={(created, values, restart) => (
          <MovementResult
            message={translate(`${T}.done`, {
              amount: formatMoney(created.amount, created.currency),
              from: nameOf(values.fromBusinessId),
              to: nameOf(values.toBusinessId),
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
