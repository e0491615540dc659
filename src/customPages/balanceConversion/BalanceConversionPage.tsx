/**
 * /balance-conversion (CREATE_BALANCE_CONVERSION): converts part of a business's balance into another
 * currency (docs/product.md, docs/decisions.md 180–182). The fields show the indicative figures as the
 * user types (debounced, never an older answer over a newer one); Continue creates a quote (2FA), the
 * overview shows it with a countdown to its expiry and New quote, Confirm executes it (2FA again: a code
 * works once) and the spec's response dialog says how it went. An expired quote (or the server's 409)
 * offers a new quote. 'Convert from' offers only the currencies the business holds.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useSession } from '../../authProvider';
import { formatMoney, formatRate } from '../../i18n/format';
import {
  conversionAmountProblem,
  conversionMessageKey,
  countdownText,
  holdsToConvert,
  type AmountCurrencyType,
  type ConversionFigures,
} from '../../domain/conversions';
import { ERROR_TEXTS, errorText, fieldErrorsOf } from '../../domain/errors';
import { FormAmountField, FormTextField } from '../../forms';
import { MultiStepForm } from '../../forms/MultiStepForm';
import {
  TwoFaCodeField,
  twoFaCodeProblem,
  twoFaFieldError,
  useTwoFaNeeded,
} from '../../forms/TwoFaCodeField';
import {
  FormSelectField,
  useBusinessChoices,
  useCurrencyOptions,
  type SelectOption,
} from '../../layout/DownloadForm';
import { ResponseDialog } from '../../layout/ResponseDialog';
import {
  MovementPage,
  Summary,
  useBusinessBalances,
  type SummaryRow,
} from '../../features/movements/MovementKit';
import { useBalanceConversionApi, type ConversionQuote, type ConversionRequest } from './api';
import { useCountdown, useDebouncedQuery } from './hooks';

interface Values {
  businessId: string;
  debitCurrency: string;
  creditCurrency: string;
  amountCurrencyType: AmountCurrencyType;
  amount: string;
  /** The code of the quote's creation. */
  twoFaCode: string;
  /** The code of its execution (a code works once). */
  executeCode: string;
}

const KEY_FIELDS = ['businessId', 'debitCurrency', 'creditCurrency', 'amountCurrencyType', 'amount'] as const;
const T = 'pages.balanceConversion';

type Problems = Partial<Record<keyof Values, string>>;

/** The fields' problems as message keys (of this page's `validation` tree or the shared one). */
function problemsOf(values: Values, precisionOf: (currency: string) => number): Problems {
  const problems: Problems = {};
  if (!values.businessId) problems.businessId = `${T}.validation.businessRequired`;
  if (!values.debitCurrency) problems.debitCurrency = `${T}.validation.currencyRequired`;
  if (!values.creditCurrency) problems.creditCurrency = `${T}.validation.currencyRequired`;
  else if (values.creditCurrency === values.debitCurrency)
    problems.creditCurrency = `${T}.validation.sameCurrency`;
  const currency = values.amountCurrencyType === 'CREDIT' ? values.creditCurrency : values.debitCurrency;
  const amount = conversionAmountProblem(values.amount, precisionOf(currency));
  if (amount) problems.amount = `${T}.validation.${conversionMessageKey(amount) ?? 'amountNotNumber'}`;
  return problems;
}

/** The request of valid values, or null. */
function requestOf(values: Values, precisionOf: (currency: string) => number): ConversionRequest | null {
  if (Object.keys(problemsOf(values, precisionOf)).length > 0) return null;
  return {
    businessId: Number(values.businessId),
    amountCurrencyType: values.amountCurrencyType,
    debitCurrency: values.debitCurrency,
    creditCurrency: values.creditCurrency,
    amount: values.amount,
  };
}

/** The figures of a quote or of the indicative answer, as the movements' summary (what is debited, what credited). */
function Figures({
  figures,
  debit,
  credit,
  caption,
}: {
  figures: ConversionFigures;
  debit: string;
  credit: string;
  caption?: ReactNode;
}) {
  // Amounts at their currency's precision (fiat at 2 decimals), the rate at its significant digits.
  const rows: SummaryRow[] = [
    {
      label: `${T}.rate`,
      value: `1 ${debit} = ${formatRate(figures.rate)} ${credit}`,
      testId: 'figure-rate',
    },
    { label: `${T}.fee`, value: formatMoney(figures.fee, debit), amount: true, testId: 'figure-fee' },
    {
      label: `${T}.debitAmount`,
      value: formatMoney(figures.debitAmount, debit),
      total: true,
      testId: 'figure-debitAmount',
    },
    {
      label: `${T}.creditAmount`,
      value: formatMoney(figures.creditAmount, credit),
      total: true,
      testId: 'figure-creditAmount',
    },
  ];
  return <Summary rows={rows} caption={caption} />;
}

/** The indicative figures of the values being typed. */
function Indicative({ precisionOf }: { precisionOf: (currency: string) => number }) {
  const translate = useTranslate();
  const api = useBalanceConversionApi();
  const values = useWatch() as Values;
  const request = requestOf(values, precisionOf);
  const { data, error, pending } = useDebouncedQuery(request, (input, signal) =>
    api.getIndicativeConversion(input, signal),
  );
  if (!request) return null;
  return (
    <Box sx={{ mt: 2 }} aria-live="polite" data-testid="indicative">
      <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate(`${T}.indicative`)}
        {pending ? ` — ${translate(`${T}.updating`)}` : ''}
      </Typography>
      {error ? (
        <Alert severity="warning">{errorText(error, ERROR_TEXTS.default)}</Alert>
      ) : data ? (
        <Figures figures={data} debit={request.debitCurrency} credit={request.creditCurrency} />
      ) : null}
    </Box>
  );
}

/**
 * The currencies to convert from: those the chosen business holds (a positive available balance), in
 * the currency list's order; every currency while its balances are unknown (no business yet, no
 * GET_BALANCES, or they could not be read: the server still checks the balance). A currency chosen
 * before that the business no longer offers is cleared.
 */
function useDebitOptions(currencies: readonly SelectOption[]): {
  options: readonly SelectOption[];
  none: boolean;
} {
  const { setValue, getValues } = useFormContext<Values>();
  const businessId = (useWatch<Values, 'businessId'>({ name: 'businessId' }) as string) ?? '';
  const { balances } = useBusinessBalances(businessId);
  const options = useMemo(
    () => (balances ? currencies.filter((c) => holdsToConvert(balances[c.value])) : currencies),
    [balances, currencies],
  );
  useEffect(() => {
    const chosen = getValues('debitCurrency');
    if (chosen && !options.some((o) => o.value === chosen)) setValue('debitCurrency', '');
  }, [options, getValues, setValue]);
  return { options, none: balances !== undefined && options.length === 0 };
}

function Fields({ precisionOf }: { precisionOf: (currency: string) => number }) {
  const translate = useTranslate();
  const businesses = useBusinessChoices();
  const currencies = useCurrencyOptions();
  const debit = useDebitOptions(currencies);
  const none = { value: '', label: translate(`${T}.choose`) };
  return (
    <Stack spacing={0.5}>
      <FormSelectField
        name="businessId"
        label={`${T}.business`}
        options={[none, ...businesses.choices.map((b) => ({ value: b.id, label: b.name }))]}
        required
      />
      <FormSelectField
        name="debitCurrency"
        label={`${T}.debitCurrency`}
        helperText={debit.none ? `${T}.nothingToConvert` : undefined}
        options={[none, ...debit.options]}
        required
      />
      <FormSelectField
        name="creditCurrency"
        label={`${T}.creditCurrency`}
        options={[none, ...currencies]}
        required
      />
      <FormSelectField
        name="amountCurrencyType"
        label={`${T}.amountCurrencyType`}
        helperText={`${T}.amountCurrencyTypeHelp`}
        required
        options={[
          { value: 'DEBIT', label: translate(`${T}.types.DEBIT`) },
          { value: 'CREDIT', label: translate(`${T}.types.CREDIT`) },
        ]}
      />
      <FormAmountField<Values> name="amount" label={`${T}.amount`} helperText={`${T}.amountHelp`} />
      <TwoFaCodeField />
      <Indicative precisionOf={precisionOf} />
    </Stack>
  );
}

/** What the quote is for: the business and the pair (the caption of the quote's figures). */
function Overview({ values }: { values: Values }) {
  const translate = useTranslate();
  const businesses = useBusinessChoices();
  const name = businesses.choices.find((b) => b.id === values.businessId)?.name ?? values.businessId;
  return (
    <span data-testid="conversion-overview">
      {translate(`${T}.overview`, {
        business: name,
        debit: values.debitCurrency,
        credit: values.creditCurrency,
      })}
    </span>
  );
}

/**
 * The overview of a quote: what it is for and its figures in one summary, the time left, and (2FA on)
 * the code of its execution.
 */
function QuoteView({ quote, values, twoFa }: { quote: ConversionQuote; values: Values; twoFa: boolean }) {
  const translate = useTranslate();
  const left = useCountdown(quote.expiresAt);
  return (
    <Stack spacing={1.5} data-testid="quote">
      <Figures
        figures={quote}
        debit={quote.debitCurrency}
        credit={quote.creditCurrency}
        caption={<Overview values={values} />}
      />
      {left > 0 ? (
        <Typography variant="body2" data-testid="quote-countdown">
          {translate(`${T}.expiresIn`, { time: countdownText(left) })}
        </Typography>
      ) : (
        <Alert severity="warning" data-testid="quote-expired">
          {translate(`${T}.expired`)}
        </Alert>
      )}
      {twoFa ? (
        <FormTextField<Values>
          name="executeCode"
          label="app.login.twoFaCode"
          helperText={`${T}.executeCodeHelp`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          margin="dense"
          required
        />
      ) : null}
    </Stack>
  );
}

/** The execution's refused code, on its own field of the overview. */
const EXECUTE_CODE_REFUSED = { executeCode: ERROR_TEXTS.invalidTwoFaCode };

/** A call's refusal with a refused 2FA code on its field (the creation's code). */
function withCodeField(error: unknown): unknown {
  const code = twoFaFieldError(error);
  if (!code) return error;
  return { ...(error as object), body: { message: ERROR_TEXTS.invalidTwoFaCode, errors: code } };
}

export default function BalanceConversionPage() {
  const translate = useTranslate();
  const api = useBalanceConversionApi();
  const twoFa = useTwoFaNeeded();
  const businesses = useBusinessChoices();
  const { supportedCurrencies } = useSession();
  // The dialog keeps its kind and text while it closes (its fade-out shows what it showed).
  const [dialog, setDialog] = useState<{ open: boolean; kind: 'success' | 'failure'; message: string }>({
    open: false,
    kind: 'success',
    message: '',
  });
  const precisionOf = useMemo(() => {
    const precisions = new Map(supportedCurrencies.map((c) => [c.abbreviation, c.precision]));
    return (currency: string) => precisions.get(currency) ?? 18;
  }, [supportedCurrencies]);

  const resolver = useMemo<Resolver<Values>>(
    () => (values) => {
      const problems: Record<string, string> = {};
      for (const [name, key] of Object.entries(problemsOf(values, precisionOf)))
        problems[name] = translate(key);
      const code = twoFaCodeProblem(values.twoFaCode, twoFa);
      if (code) problems.twoFaCode = translate(code);
      if (Object.keys(problems).length === 0) return { values, errors: {} };
      const errors = Object.fromEntries(
        Object.entries(problems).map(([name, message]) => [name, { type: 'validate', message }]),
      );
      return { values: {}, errors: errors as FieldErrors<Values> };
    },
    [translate, twoFa, precisionOf],
  );

  const execute = async (values: Values, context: { idempotencyKey: string; quote?: ConversionQuote }) => {
    const code = values.executeCode.trim();
    const problem = twoFaCodeProblem(code, twoFa);
    if (problem) throw { body: { message: translate(problem) } };
    try {
      const done = await api.executeConversion(context.quote!.id, {
        idempotencyKey: context.idempotencyKey,
        twoFaCode: twoFa ? code : undefined,
      });
      setDialog({ open: true, kind: 'success', message: translate(`${T}.executed`) });
      return done;
    } catch (error) {
      // A refused code goes on the execution's code field, on the overview (the user stays signed in);
      // other field errors (the balance no longer covers it) go back to the form; anything else stays on
      // the overview with its text, where New quote is.
      if (twoFaFieldError(error))
        throw {
          ...(error as object),
          body: { message: ERROR_TEXTS.invalidTwoFaCode, errors: EXECUTE_CODE_REFUSED },
        };
      if (Object.keys(fieldErrorsOf(error)).length === 0)
        setDialog({ open: true, kind: 'failure', message: errorText(error, ERROR_TEXTS.default) });
      throw error;
    }
  };

  return (
    <MovementPage texts={T} businessesFailed={businesses.failed} failedText={`${T}.businessesFailed`}>
      <MultiStepForm<Values, ConversionQuote, ConversionQuote>
        defaultValues={{
          businessId: '',
          debitCurrency: '',
          creditCurrency: '',
          amountCurrencyType: 'DEBIT',
          amount: '',
          twoFaCode: '',
          executeCode: '',
        }}
        resolver={resolver}
        keyFields={KEY_FIELDS}
        overviewFields={['executeCode']}
        fields={<Fields precisionOf={precisionOf} />}
        // The quote's summary says what it is for (QuoteView).
        overview={() => null}
        quote={{
          create: async (values, { idempotencyKey }) => {
            try {
              return await api.createConversion(requestOf(values, precisionOf)!, {
                idempotencyKey,
                twoFaCode: twoFa ? values.twoFaCode.trim() : undefined,
              });
            } catch (error) {
              throw withCodeField(error);
            }
          },
          show: (quote, values) => <QuoteView quote={quote} values={values} twoFa={twoFa} />,
        }}
        submit={execute}
        result={(done, _values, restart) => (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="conversion-result">
            <Alert severity="success">{translate(`${T}.executed`)}</Alert>
            <Figures figures={done} debit={done.debitCurrency} credit={done.creditCurrency} />
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={restart}>
                {translate(`${T}.another`)}
              </Button>
              <Button component={Link} to={`/businesses/${done.businessId}/show/balance-conversions`}>
                {translate(`${T}.toConversions`)}
              </Button>
            </Stack>
          </Stack>
        )}
        labels={{ next: `${T}.getQuote`, submit: `${T}.execute` }}
      />
      <ResponseDialog
        open={dialog.open}
        kind={dialog.kind}
        message={dialog.message}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </MovementPage>
  );
}
