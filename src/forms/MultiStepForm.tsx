/**
 * The multi-step form of the money pages and the business wizard: form → overview → submit → result,
 * with Back. Built on react-admin's <Form>, so a rejected submit's field errors (`errors` of the /v1
 * error body, docs/architecture.md#the-v1-contract) land on their fields through react-admin's own mechanism: the form
 * steps back to the fields, marks them and focuses the first one. Any other failure stays on the
 * overview with its text, so the user can retry with the same idempotency key (a retry of a money
 * movement must not move the money twice); only changed values draw a new key.
 *
 * The key follows the movement's own fields (`keyFields`, or every value but the 2FA code of
 * `codeField`): a retry with a new 2FA code is the same movement and keeps its key, never a second
 * movement. A form with a `quote` (a conversion) creates the quote when the user continues (its own
 * key, from the same fields), shows it on the overview with a New quote action, and executes it on
 * Confirm with a key of that quote (create → show → execute).
 *
 * Every step shows where the user is (StepIndicator: details → overview → done, the current one marked
 * with aria-current="step"), and the first two a Cancel that leaves for `cancelTo` without saving.
 *
 * Admin chunk only (react-admin). The caller renders the fields, the overview and the result.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  Step as MuiStep,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { Form, useTranslate, type ValidateForm } from 'react-admin';
import { useFormContext, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { ERROR_TEXTS, errorText, fieldErrorsOf } from '../domain/errors';

export type Step = 'form' | 'overview' | 'result';

export interface SubmitContext<Q = unknown> {
  /** One key per set of values: the same on a retry (also after Back), a new one for changed values. */
  idempotencyKey: string;
  /** The quote the submit executes (forms with a `quote` step). */
  quote?: Q;
}

/** The asynchronous step of a quote: created when the user continues, shown on the overview, executed on Confirm. */
export interface QuoteStep<V extends FieldValues, Q> {
  /** Creates the quote (its key: one per set of the movement's fields). Rejects like `submit`. */
  create: (values: V, context: { idempotencyKey: string }) => Promise<Q>;
  /** The quote on the overview (its figures, a countdown to its expiry). */
  show: (quote: Q, values: V) => ReactNode;
}

/** The 2FA code's field by default: never part of the idempotency key. */
export const CODE_FIELD = 'twoFaCode';

/** JSON with object keys sorted, for comparing sets of values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What the idempotency key follows: the movement's own fields (`keyFields`, or every value but the
 * code's), never the 2FA code, so a new code keeps the key and a changed amount draws a new one.
 */
export function keyedValues(
  values: FieldValues,
  options: { keyFields?: readonly string[]; codeField?: string } = {},
): string {
  const code = options.codeField ?? CODE_FIELD;
  const names = (options.keyFields ?? Object.keys(values)).filter((name) => name !== code);
  return canonical(Object.fromEntries(names.map((name) => [name, values[name] ?? null])));
}

export interface MultiStepFormProps<V extends FieldValues, R, Q = never> {
  defaultValues: V;
  /** Client-side rules (the same schema the server applies, where the rule is the same). */
  resolver?: Resolver<V>;
  validate?: ValidateForm;
  /** Step 1: the fields. */
  fields: ReactNode;
  /** Step 2: what will be submitted, read-only. */
  overview: (values: V) => ReactNode;
  /** Step 3: the call. Rejects with the API's error (HttpError-like: message, status, body). */
  submit: (values: V, context: SubmitContext<Q>) => Promise<R>;
  /** The movement's own fields its idempotency key follows (default: every value but `codeField`). */
  keyFields?: readonly (keyof V & string)[];
  /** The field of the 2FA code, never part of the key (default 'twoFaCode'). */
  codeField?: string;
  /**
   * Fields the overview shows (a quote's execution code): a refusal that names only them stays on the
   * overview, on those fields, instead of stepping back to the form.
   */
  overviewFields?: readonly string[];
  /** A quote created between the fields and the overview, executed by `submit` (create → show → execute). */
  quote?: QuoteStep<V, Q>;
  /** Step 4: the outcome. `restart` empties the form for another entry. */
  result: (result: R, values: V, restart: () => void) => ReactNode;
  /** Message keys of the step headings and buttons (defaults under app.form.*). */
  labels?: Partial<Record<'form' | 'overview' | 'result' | 'next' | 'back' | 'submit', string>>;
  /** Where Cancel leads (the list the form came from); no Cancel without it. */
  cancelTo?: string;
  newKey?: () => string;
}

/** The steps in order, with the indicator's short names (app.form.steps.*). */
export const STEPS: readonly { step: Step; label: string }[] = [
  { step: 'form', label: 'app.form.steps.details' },
  { step: 'overview', label: 'app.form.steps.overview' },
  { step: 'result', label: 'app.form.steps.done' },
];

/**
 * Where the user is in the form: an ordered list of the three steps, the finished ones ticked, the
 * current one marked (aria-current="step"). Shared by every multi-step form (the business form, the
 * money movements to come).
 */
export function StepIndicator({ current }: { current: Step }) {
  const translate = useTranslate();
  const active = STEPS.findIndex(({ step }) => step === current);
  return (
    <Box component="nav" aria-label={translate('app.form.progress')} sx={{ mb: 2 }}>
      {/* An ordered list of steps: MUI's connectors (no list items) give way to a line drawn by each step. */}
      <Stepper
        activeStep={active}
        component="ol"
        connector={null}
        sx={{ listStyle: 'none', m: 0, p: 0, gap: 1 }}
        data-testid="step-indicator"
      >
        {STEPS.map(({ step, label }, index) => (
          <MuiStep
            key={step}
            component="li"
            completed={index < active || current === 'result'}
            aria-current={index === active ? 'step' : undefined}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 0,
              '&:not(:last-of-type)': { flex: 1 },
              '&:not(:last-of-type)::after': {
                content: '""',
                flex: 1,
                minWidth: 16,
                borderTop: 1,
                borderColor: 'divider',
              },
            }}
          >
            <StepLabel>{translate(label)}</StepLabel>
          </MuiStep>
        ))}
      </Stepper>
    </Box>
  );
}

const DEFAULT_LABELS = {
  form: 'app.form.details',
  overview: 'app.form.overview',
  result: 'app.form.result',
  next: 'app.form.next',
  back: 'app.form.back',
  submit: 'app.form.submit',
};

function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // A new step moves the focus to its heading, so a screen reader announces where the user is.
  useEffect(() => ref.current?.focus(), []);
  return (
    <Typography ref={ref} tabIndex={-1} component="h2" variant="h6" sx={{ mb: 2, outline: 'none' }}>
      {children}
    </Typography>
  );
}

function Overview<V extends FieldValues>({ render }: { render: (values: V) => ReactNode }) {
  const values = useWatch() as V;
  return <>{render(values)}</>;
}

function QuoteView<V extends FieldValues, Q>({
  quote,
  show,
}: {
  quote: Q;
  show: (quote: Q, values: V) => ReactNode;
}) {
  const values = useWatch() as V;
  return <>{show(quote, values)}</>;
}

/** New quote: the form's current values, quoted again. */
function NewQuoteButton({
  onClick,
  disabled,
}: {
  onClick: (values: FieldValues) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  return (
    <Button onClick={() => onClick(getValues())} disabled={disabled}>
      {translate('app.form.newQuote')}
    </Button>
  );
}

/**
 * After the server refused fields, focuses the first of them once they are back on screen. (A failed
 * client-side check needs no help: react-hook-form focuses its first error itself.)
 */
function FocusServerError({ request }: { request: number }) {
  const { setFocus, getFieldState, formState } = useFormContext();
  const fields = Object.keys(formState.errors);
  useEffect(() => {
    if (request === 0) return;
    const first = fields.find((name) => getFieldState(name).error?.type === 'server');
    if (first) setFocus(first);
    // Only when a new request comes in, not on every change of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  return null;
}

export function MultiStepForm<V extends FieldValues, R, Q = never>({
  defaultValues,
  resolver,
  validate,
  fields,
  overview,
  submit,
  result,
  labels: customLabels,
  cancelTo,
  keyFields,
  codeField,
  overviewFields,
  quote,
  newKey = () => globalThis.crypto.randomUUID(),
}: MultiStepFormProps<V, R, Q>) {
  const translate = useTranslate();
  const labels = { ...DEFAULT_LABELS, ...customLabels };
  const [step, setStep] = useState<Step>('form');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ result: R; values: V } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const key = useRef<{ value: string; of: string } | null>(null);
  /** The quote on the overview and the key of its execution (one per quote). */
  const [quoted, setQuoted] = useState<{ quote: Q; key: string } | null>(null);

  const restart = () => {
    setOutcome(null);
    setFailure(null);
    setQuoted(null);
    setStep('form');
    setFormKey((k) => k + 1);
  };

  /**
   * The refusal of a call: field errors back on their fields (answered to react-admin: on the form, or
   * on the overview when they are all its own fields), else the text.
   */
  const refusal = (error: unknown) => {
    const errors = fieldErrorsOf(error);
    const names = Object.keys(errors);
    if (names.length > 0) {
      const onOverview = step === 'overview' && names.every((name) => overviewFields?.includes(name));
      if (!onOverview) setStep('form');
      setFocusRequest((n) => n + 1);
      return errors; // react-admin's Form sets them on the fields
    }
    setFailure(errorText(error, ERROR_TEXTS.default));
    return undefined;
  };

  /** Creates the quote of the values (under `idempotencyKey`) and shows it on the overview. */
  const createQuote = async (values: FieldValues, idempotencyKey: string) => {
    if (!quote) return undefined;
    setPending(true);
    setFailure(null);
    try {
      const created = await quote.create(values as V, { idempotencyKey });
      setQuoted({ quote: created, key: newKey() });
      setStep('overview');
      return undefined;
    } catch (error) {
      return refusal(error);
    } finally {
      setPending(false);
    }
  };

  const onSubmit = async (values: FieldValues) => {
    if (step === 'form') {
      if (pending) return undefined;
      // The same movement keeps its key (a submit whose answer was lost must not move money twice);
      // the key follows the movement's fields, never the 2FA code.
      const of = keyedValues(values, { keyFields, codeField });
      if (key.current?.of !== of) key.current = { value: newKey(), of };
      setFailure(null);
      if (quote) return createQuote(values, key.current.value);
      setStep('overview');
      return undefined;
    }
    if (step !== 'overview' || pending) return undefined;
    setPending(true);
    setFailure(null);
    try {
      const context: SubmitContext<Q> = quoted
        ? { idempotencyKey: quoted.key, quote: quoted.quote }
        : { idempotencyKey: key.current?.value ?? newKey() };
      const answer = await submit(values as V, context);
      key.current = null; // done: the next entry, even with the same values, is a new movement
      setQuoted(null);
      setOutcome({ result: answer, values: values as V });
      setStep('result');
      return undefined;
    } catch (error) {
      return refusal(error);
    } finally {
      setPending(false);
    }
  };

  /** New quote: the same fields quoted again, under a new key (the old quote's key would answer it). */
  const requote = (values: FieldValues) => {
    const of = keyedValues(values, { keyFields, codeField });
    key.current = { value: newKey(), of };
    void createQuote(values, key.current.value);
  };

  const failureAlert = failure ? (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {failure}
    </Alert>
  ) : null;

  const cancel = cancelTo ? (
    <Button component={Link} to={cancelTo} disabled={pending}>
      {translate('app.form.cancel')}
    </Button>
  ) : null;

  if (step === 'result' && outcome) {
    return (
      <Box>
        <StepIndicator current="result" />
        <StepHeading>{translate(labels.result)}</StepHeading>
        {result(outcome.result, outcome.values, restart)}
      </Box>
    );
  }

  return (
    <Form
      key={formKey}
      defaultValues={defaultValues}
      resolver={resolver as Resolver<FieldValues> | undefined}
      validate={validate}
      onSubmit={onSubmit}
      noValidate
      disableInvalidFormNotification
      mode="onTouched"
    >
      {step === 'form' ? (
        <Box key="form">
          <StepIndicator current="form" />
          <FocusServerError request={focusRequest} />
          <StepHeading>{translate(labels.form)}</StepHeading>
          {fields}
          {failureAlert}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {translate(labels.next)}
            </Button>
            {cancel}
          </Stack>
        </Box>
      ) : (
        <Box key="overview">
          <StepIndicator current="overview" />
          <FocusServerError request={focusRequest} />
          <StepHeading>{translate(labels.overview)}</StepHeading>
          <Overview<V> render={overview} />
          {quote && quoted ? <QuoteView<V, Q> quote={quoted.quote} show={quote.show} /> : null}
          {failureAlert}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              onClick={() => {
                setFailure(null);
                setStep('form');
              }}
              disabled={pending}
            >
              {translate(labels.back)}
            </Button>
            {quote ? <NewQuoteButton onClick={requote} disabled={pending} /> : null}
            <Button
              type="submit"
              variant="contained"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {translate(labels.submit)}
            </Button>
            {cancel}
          </Stack>
        </Box>
      )}
    </Form>
  );
}
