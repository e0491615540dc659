/**
 * The multi-step form of the money pages and the business wizard: form → overview → submit → result,
 * with Back. Built on react-admin's <Form>, so a rejected submit's field errors (`errors` of the /v1
 * error body, docs/architecture.md#the-v1-contract) land on their fields through react-admin's own mechanism: the form
 * steps back to the fields, marks them and focuses the first one. Any other failure stays on the
 * overview with its text, so the user can retry with the same idempotency key (a retry of a money
 * movement must not move the money twice); only changed values draw a new key.
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

export interface SubmitContext {
  /** One key per set of values: the same on a retry (also after Back), a new one for changed values. */
  idempotencyKey: string;
}

export interface MultiStepFormProps<V extends FieldValues, R> {
  defaultValues: V;
  /** Client-side rules (the same schema the server applies, where the rule is the same). */
  resolver?: Resolver<V>;
  validate?: ValidateForm;
  /** Step 1: the fields. */
  fields: ReactNode;
  /** Step 2: what will be submitted, read-only. */
  overview: (values: V) => ReactNode;
  /** Step 3: the call. Rejects with the API's error (HttpError-like: message, status, body). */
  submit: (values: V, context: SubmitContext) => Promise<R>;
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

export function MultiStepForm<V extends FieldValues, R>({
  defaultValues,
  resolver,
  validate,
  fields,
  overview,
  submit,
  result,
  labels: customLabels,
  cancelTo,
  newKey = () => globalThis.crypto.randomUUID(),
}: MultiStepFormProps<V, R>) {
  const translate = useTranslate();
  const labels = { ...DEFAULT_LABELS, ...customLabels };
  const [step, setStep] = useState<Step>('form');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ result: R; values: V } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const key = useRef<{ value: string; of: string } | null>(null);

  const restart = () => {
    setOutcome(null);
    setFailure(null);
    setStep('form');
    setFormKey((k) => k + 1);
  };

  const onSubmit = async (values: FieldValues) => {
    if (step === 'form') {
      // The same values keep their key: a submit whose answer was lost must not move money twice.
      const of = JSON.stringify(values);
      if (key.current?.of !== of) key.current = { value: newKey(), of };
      setFailure(null);
      setStep('overview');
      return undefined;
    }
    if (step !== 'overview' || pending) return undefined;
    setPending(true);
    setFailure(null);
    try {
      const answer = await submit(values as V, { idempotencyKey: key.current?.value ?? newKey() });
      key.current = null; // done: the next entry, even with the same values, is a new movement
      setOutcome({ result: answer, values: values as V });
      setStep('result');
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length > 0) {
        setStep('form');
        setFocusRequest((n) => n + 1);
        return errors; // react-admin's Form sets them on the fields
      }
      setFailure(errorText(error, ERROR_TEXTS.default));
      return undefined;
    } finally {
      setPending(false);
    }
  };

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
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained">
              {translate(labels.next)}
            </Button>
            {cancel}
          </Stack>
        </Box>
      ) : (
        <Box key="overview">
          <StepIndicator current="overview" />
          <StepHeading>{translate(labels.overview)}</StepHeading>
          <Overview<V> render={overview} />
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button onClick={() => setStep('form')} disabled={pending}>
              {translate(labels.back)}
            </Button>
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
