/**
 * Create and edit business (docs/product.md#screens-and-routes, #states-and-transitions, #validation-rules-and-messages, #error-catalogue and #constants-and-limits): one form in three steps on the form kit's
 * MultiStepForm — the fields, the overview (reached with 'Verify'), then the call and the success
 * state with 'Go to businesses'; Back returns from the overview to the fields.
 *
 * - String fields follow businessFormSchema; the other rules are businessProblems (src/domain/business.ts),
 *   both also applied by the API. A failed Verify without a display or a deposit currency also says
 *   'Please fill in all required fields' in a snackbar.
 * - The toggles and the payload are the pure rules of ./rules.ts.
 * - A refused submit: field errors land on their fields (the form steps back to them); any other
 *   failure shows its text in an overlay for 3 seconds, then the form returns with the same values.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCreate, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import {
  useController,
  useFormContext,
  useFormState,
  useWatch,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';
import {
  BLOCKCHAIN_FEE_PAYERS,
  OVERPAYMENT_POLICIES,
  businessFormSchema,
  businessProblems,
  type Business,
  type BusinessProblemField,
  type DepositCurrencies,
  type OrganisationMetadata,
} from '../../domain/business';
import { sortCurrencies, type Currency } from '../../domain/currencies';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import { businessPath } from '../../domain/recordPaths';
import { useSession } from '../../authProvider';
import { errorMessageText, FormTextField, formResolver, useFormTranslate } from '../../forms';
import { MultiStepForm } from '../../forms/MultiStepForm';
import { AuditTimeline } from '../../layout/AuditTimeline';
import { formatNumber } from '../../i18n/format';
import { messageOf, Page } from '../../layout';
import { BUSINESS_QUERY_KEYS, useBusinessApi } from './api';
import { CallbackSecretRotation, forgetSecret, NewCallbackSecret, type Created } from './CallbackSecret';
import { DepositCurrencyDialog, networkLabel } from './DepositCurrencyPanel';
import {
  currencyLabel,
  depegSliderRange,
  emptyBusinessValues,
  feeSliderRange,
  mayAdjustFeeDistribution,
  missingRequiredCurrencies,
  panelCurrencies,
  refundFollowUpLocked,
  toPayload,
  valuesFromBusiness,
  withFeeDistribution,
  withOneToOneRates,
  withOverpaymentPolicy,
  type BusinessEditorValues,
  type PanelCurrency,
} from './rules';

/** How long a failed submit's message stays (docs/product.md#constants-and-limits: failure overlay 3000 ms). */
export const FAILURE_OVERLAY_MS = 3000;

/** businessProblems' fields (the API's names) → the form's fields. */
const FORM_FIELD: Record<BusinessProblemField, keyof BusinessEditorValues> = {
  supportedDisplayCurrencies: 'supportedDisplayCurrencies',
  supportedDepositCurrenciesWithNetworks: 'supportedDepositCurrenciesWithNetworks',
  stableCryptoCurrencyDepegThreshold: 'depegThreshold',
  userServiceFeeDistributionPercentage: 'feeDistributionPercentage',
  refundFollowUpDepositsForOneTimePayments: 'refundFollowUpDepositsForOneTimePayments',
};

/** A server's field errors under the form's names (`stableCryptoCurrencyDepegThreshold` → `depegThreshold`). */
function withFormFieldNames(error: unknown): unknown {
  const errors = fieldErrorsOf(error);
  if (Object.keys(errors).length === 0) return error;
  const renamed = Object.fromEntries(
    Object.entries(errors).map(([name, text]) => [FORM_FIELD[name as BusinessProblemField] ?? name, text]),
  );
  const { body } = error as { body?: Record<string, unknown> };
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as object, error, {
    body: { ...body, errors: renamed },
  });
}

/** What the form knows of the organisation and the platform's currencies. */
interface FormContextData {
  metadata: OrganisationMetadata | undefined;
  currencies: readonly Currency[];
}

/** The string schema, then businessProblems for the rest (message keys under `validation.`). */
function businessResolver({ metadata, currencies }: FormContextData): Resolver<BusinessEditorValues> {
  const strings = formResolver(businessFormSchema) as unknown as Resolver<BusinessEditorValues>;
  return async (values, context, options) => {
    const base = await strings(values, context, options);
    const errors: Record<string, { type: string; message: string; ref?: unknown }> = {
      ...(base.errors as Record<string, { type: string; message: string }>),
    };
    const rules = {
      // Without the organisation's metadata the API has the last word on what it allows.
      enabledCryptoCurrencies:
        metadata?.enabledCryptoCurrencies ?? Object.keys(values.supportedDepositCurrenciesWithNetworks),
      allowServiceFeeDistribution: metadata?.allowServiceFeeDistribution ?? false,
      feeDistributionLimit: metadata?.feeDistributionLimit ?? 0,
    };
    const problems = businessProblems(toPayload(values, metadata), rules, currencies);
    for (const [field, key] of Object.entries(problems)) {
      const name = FORM_FIELD[field as BusinessProblemField];
      if (!errors[name])
        errors[name] = { type: 'validate', message: `validation.${key}`, ref: options.fields[name]?.ref };
    }
    if (Object.keys(errors).length > 0)
      return { values: {}, errors: errors as unknown as FieldErrors<BusinessEditorValues> };
    return { values: { ...values, ...base.values }, errors: {} };
  };
}

// ---------------------------------------------------------------------------------------------
// Fields

function useApply() {
  const { setValue } = useFormContext<BusinessEditorValues>();
  return (patch: Partial<BusinessEditorValues>) => {
    for (const [name, value] of Object.entries(patch))
      setValue(name as keyof BusinessEditorValues, value as never, { shouldDirty: true });
  };
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  const translate = useFormTranslate();
  const text = errorMessageText(message, translate);
  return text ? (
    <FormHelperText id={id} error>
      {text}
    </FormHelperText>
  ) : null;
}

/** After a Verify refused for a missing display or deposit currency: the spec's snackbar. */
function RequiredFieldsNotice() {
  const notify = useNotify();
  const { getValues } = useFormContext<BusinessEditorValues>();
  const { submitCount, isSubmitSuccessful } = useFormState<BusinessEditorValues>();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    if (!isSubmitSuccessful && missingRequiredCurrencies(getValues()))
      notify('validation.requiredFields', { type: 'error' });
  }, [submitCount, isSubmitSuccessful, getValues, notify]);
  return null;
}

function DisplayCurrencies({ fiat }: { fiat: readonly string[] }) {
  const translate = useTranslate();
  const errorId = useId();
  const { field, fieldState } = useController<BusinessEditorValues, 'supportedDisplayCurrencies'>({
    name: 'supportedDisplayCurrencies',
  });
  const selected = field.value ?? [];
  const toggle = (code: string, on: boolean) =>
    field.onChange(
      on ? fiat.filter((c) => c === code || selected.includes(c)) : selected.filter((c) => c !== code),
    );
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} required margin="dense">
      <FormLabel component="legend">{translate('resources.businesses.form.displayCurrencies')}</FormLabel>
      <FormGroup row aria-describedby={fieldState.error ? errorId : undefined}>
        {fiat.map((code, index) => (
          <FormControlLabel
            key={code}
            control={
              <Checkbox
                checked={selected.includes(code)}
                onChange={(event) => toggle(code, event.target.checked)}
                onBlur={field.onBlur}
                inputRef={index === 0 ? field.ref : undefined}
              />
            }
            label={code}
          />
        ))}
      </FormGroup>
      <ErrorText id={errorId} message={fieldState.error?.message} />
    </FormControl>
  );
}

function DepositCurrencies({
  currencies,
}: {
  currencies: (selection: DepositCurrencies) => PanelCurrency[];
}) {
  const translate = useTranslate();
  const errorId = useId();
  const labelId = useId();
  const [open, setOpen] = useState(false);
  const {
    field: { value, onChange, onBlur, ref: focusRef },
    fieldState,
  } = useController<BusinessEditorValues, 'supportedDepositCurrenciesWithNetworks'>({
    name: 'supportedDepositCurrenciesWithNetworks',
  });
  const selection = value ?? {};
  const available = currencies(selection);
  const chosen = available.filter((c) => (selection[c.abbreviation]?.length ?? 0) > 0);
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} required margin="dense" fullWidth>
      <FormLabel component="legend" id={labelId}>
        {translate('resources.businesses.form.depositCurrencies')}
      </FormLabel>
      {chosen.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {chosen.map((c) => (
            <li key={c.abbreviation}>
              <Chip
                size="small"
                label={`${currencyLabel(c)}: ${selection[c.abbreviation].map(networkLabel).join(', ')}`}
              />
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.businesses.form.noDepositCurrencies')}
        </Typography>
      )}
      <Box sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          ref={focusRef}
          onClick={() => setOpen(true)}
          aria-describedby={fieldState.error ? errorId : undefined}
        >
          {translate('resources.businesses.form.chooseDepositCurrencies')}
        </Button>
      </Box>
      <ErrorText id={errorId} message={fieldState.error?.message} />
      <DepositCurrencyDialog
        open={open}
        onClose={() => {
          setOpen(false);
          onBlur();
        }}
        currencies={available}
        selection={selection}
        onChange={onChange}
      />
    </FormControl>
  );
}

function RadioField<N extends 'blockchainFeePaidBy' | 'overpaymentPolicy'>({
  name,
  label,
  options,
  optionLabel,
  onSelect,
}: {
  name: N;
  label: string;
  options: readonly string[];
  optionLabel: (option: string) => string;
  onSelect?: (value: string) => void;
}) {
  const translate = useTranslate();
  const labelId = useId();
  const { field } = useController<BusinessEditorValues, N>({ name });
  return (
    <FormControl margin="dense">
      <FormLabel id={labelId}>{translate(label)}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => (onSelect ? onSelect(event.target.value) : field.onChange(event.target.value))}
      >
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={optionLabel(option)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

const percentText = (value: number) =>
  formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A percentage as typed ('1,5' or '1.5'), or null when it is no plain non-negative number. */
export function parsePercent(text: string): number | null {
  const normal = text.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

/**
 * A percentage as a number field with the slider beside it, both on the same form value: typing moves
 * the slider, sliding rewrites the number. A typed value outside the slider's range is kept as typed
 * and refused by the same rules as today (businessProblems), with the same texts.
 */
function PercentSlider({
  name,
  label,
  range,
  disabled,
}: {
  name: 'depegThreshold' | 'feeDistributionPercentage';
  label: string;
  range: { min: number; max: number; step: number };
  disabled: boolean;
}) {
  const translate = useTranslate();
  const labelId = useId();
  const errorId = useId();
  const { field, fieldState } = useController<BusinessEditorValues, typeof name>({ name });
  const text = (value: number) =>
    translate('resources.businesses.form.percent', { value: percentText(value) });
  // What the user is typing; the form's value follows whenever it reads as a number.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? percentText(field.value);
  return (
    <Box sx={{ pl: 1 }}>
      <Typography id={labelId} variant="body2" color={disabled ? 'text.disabled' : undefined}>
        {translate(label)}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          value={shown}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          onChange={(event) => {
            setDraft(event.target.value);
            const value = parsePercent(event.target.value);
            if (value !== null) field.onChange(value);
          }}
          onBlur={() => {
            setDraft(null);
            field.onBlur();
          }}
          sx={{ width: 120, flexShrink: 0 }}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: {
              // Named as the slider's label says, the unit too (the label above names both).
              'aria-label': translate('resources.businesses.form.percentField', { label: translate(label) }),
              inputMode: 'decimal',
              'aria-describedby': fieldState.error ? errorId : undefined,
              style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
            },
          }}
        />
        <Slider
          value={Math.min(Math.max(field.value, range.min), range.max)}
          min={range.min}
          max={range.max}
          step={range.step}
          disabled={disabled}
          onChange={(_, value) => {
            setDraft(null);
            field.onChange(value as number);
          }}
          onBlur={field.onBlur}
          aria-labelledby={labelId}
          aria-describedby={fieldState.error ? errorId : undefined}
          getAriaValueText={text}
          valueLabelDisplay="auto"
          valueLabelFormat={text}
          slotProps={{ input: { ref: field.ref } }}
          sx={{ mr: 2 }}
        />
      </Stack>
      <ErrorText id={errorId} message={fieldState.error?.message} />
    </Box>
  );
}

function OptionalFeatures({ metadata }: { metadata: OrganisationMetadata | undefined }) {
  const translate = useTranslate();
  const apply = useApply();
  const values = useWatch<BusinessEditorValues>() as BusinessEditorValues;
  const feeAllowed = mayAdjustFeeDistribution(metadata);
  return (
    <FormControl component="fieldset" margin="dense" fullWidth>
      <FormLabel component="legend">{translate('resources.businesses.form.optionalFeatures')}</FormLabel>
      <FormControlLabel
        control={
          <Switch
            checked={values.oneToOneRates}
            onChange={(event) => apply(withOneToOneRates(values, event.target.checked))}
          />
        }
        label={translate('resources.businesses.form.oneToOneRates')}
      />
      <PercentSlider
        name="depegThreshold"
        label={'resources.businesses.form.depegThreshold'}
        range={depegSliderRange(values)}
        disabled={!values.oneToOneRates}
      />
      {feeAllowed ? (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={values.feeDistribution}
                onChange={(event) => apply(withFeeDistribution(event.target.checked))}
              />
            }
            label={translate('resources.businesses.form.feeDistribution')}
          />
          <PercentSlider
            name="feeDistributionPercentage"
            label={'resources.businesses.form.feeDistributionPercentage'}
            range={feeSliderRange(metadata)}
            disabled={!values.feeDistribution}
          />
        </>
      ) : null}
    </FormControl>
  );
}

function RefundFollowUp() {
  const translate = useTranslate();
  const policy = useWatch<BusinessEditorValues, 'overpaymentPolicy'>({ name: 'overpaymentPolicy' });
  const { field } = useController<BusinessEditorValues, 'refundFollowUpDepositsForOneTimePayments'>({
    name: 'refundFollowUpDepositsForOneTimePayments',
  });
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={field.value}
          disabled={refundFollowUpLocked({ overpaymentPolicy: policy })}
          onChange={(event) => field.onChange(event.target.checked)}
          inputRef={field.ref}
        />
      }
      label={translate('resources.businesses.form.refundFollowUp')}
    />
  );
}

/** A titled group of the form (and of its overview): a section named by its heading. */
function FormGroupSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        pt: 1.5,
        mt: 1.5,
        '&:first-of-type': { borderTop: 0, mt: 0, pt: 0 },
      }}
    >
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const CALLBACK_FIELDS = [
  'depositReceivedCallbackUrl',
  'withdrawalCallbackUrl',
  'withdrawalApprovalCallbackUrl',
] as const;

function BusinessFields({
  businessId,
  settlementCurrency,
  fiat,
  depositCurrencies,
  metadata,
}: {
  /** The business edited (none while creating one). */
  businessId?: number;
  settlementCurrency: string;
  fiat: readonly string[];
  depositCurrencies: (selection: DepositCurrencies) => PanelCurrency[];
  metadata: OrganisationMetadata | undefined;
}) {
  const translate = useTranslate();
  const apply = useApply();
  const { getValues } = useFormContext<BusinessEditorValues>();
  return (
    <Stack spacing={1}>
      <RequiredFieldsNotice />
      <FormGroupSection title="resources.businesses.form.groups.identity">
        <FormTextField<BusinessEditorValues>
          name="businessName"
          label={'resources.businesses.form.businessName'}
          required
          margin="dense"
          helperText=" "
          maxLength={100}
        />
      </FormGroupSection>
      <FormGroupSection title="resources.businesses.form.groups.currencies">
        <TextField
          label={translate('resources.businesses.form.settlementCurrency')}
          value={settlementCurrency}
          helperText={translate('resources.businesses.form.settlementCurrencyHelp')}
          margin="dense"
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
        <DisplayCurrencies fiat={fiat} />
        <DepositCurrencies currencies={depositCurrencies} />
      </FormGroupSection>
      <FormGroupSection title="resources.businesses.form.groups.callbacks">
        {CALLBACK_FIELDS.map((name) => (
          <FormTextField<BusinessEditorValues>
            key={name}
            name={name}
            label={`resources.businesses.form.${name}`}
            type="url"
            inputMode="url"
            margin="dense"
            helperText={'resources.businesses.form.callbackHelp'}
            maxLength={2000}
          />
        ))}
        {businessId !== undefined ? <CallbackSecretRotation businessId={businessId} /> : null}
      </FormGroupSection>
      <FormGroupSection title="resources.businesses.form.groups.fees">
        <RadioField
          name="blockchainFeePaidBy"
          label={'resources.businesses.form.blockchainFeePaidBy'}
          options={BLOCKCHAIN_FEE_PAYERS}
          optionLabel={(option) => translate(`resources.businesses.form.feePayers.${option}`)}
        />
        <RadioField
          name="overpaymentPolicy"
          label={'resources.businesses.form.overpaymentPolicy'}
          options={OVERPAYMENT_POLICIES}
          optionLabel={(option) => translate(`resources.businesses.form.policies.${option}`)}
          onSelect={(value) =>
            apply(withOverpaymentPolicy(getValues(), value as BusinessEditorValues['overpaymentPolicy']))
          }
        />
        <RefundFollowUp />
        <OptionalFeatures metadata={metadata} />
      </FormGroupSection>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Overview, result, failure overlay

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

function BusinessOverview({
  values,
  settlementCurrency,
  currencies,
  metadata,
}: {
  values: BusinessEditorValues;
  settlementCurrency: string;
  currencies: readonly PanelCurrency[];
  metadata: OrganisationMetadata | undefined;
}) {
  const translate = useTranslate();
  const none = translate('resources.businesses.form.none');
  const payload = toPayload(values, metadata);
  const nameOf = (code: string) => {
    const c = currencies.find((x) => x.abbreviation === code);
    return c ? currencyLabel(c) : code;
  };
  const percent = (fraction: number) =>
    translate('resources.businesses.form.percent', { value: percentText(fraction * 100) });
  const dl = { m: 0 } as const;
  return (
    <Box>
      <FormGroupSection title="resources.businesses.form.groups.identity">
        <Box component="dl" sx={dl}>
          <Row label={translate('resources.businesses.form.businessName')}>{payload.businessName}</Row>
        </Box>
      </FormGroupSection>
      <FormGroupSection title="resources.businesses.form.groups.currencies">
        <Box component="dl" sx={dl}>
          <Row label={translate('resources.businesses.form.settlementCurrency')}>{settlementCurrency}</Row>
          <Row label={translate('resources.businesses.form.displayCurrencies')}>
            {payload.supportedDisplayCurrencies.join(', ')}
          </Row>
          <Row label={translate('resources.businesses.form.depositCurrencies')}>
            {Object.entries(payload.supportedDepositCurrenciesWithNetworks).map(([code, networks]) => (
              <Box component="span" key={code} sx={{ display: 'block' }}>
                {`${nameOf(code)}: ${networks.map(networkLabel).join(', ')}`}
              </Box>
            ))}
          </Row>
        </Box>
      </FormGroupSection>
      <FormGroupSection title="resources.businesses.form.groups.callbacks">
        <Box component="dl" sx={dl}>
          {CALLBACK_FIELDS.map((name) => (
            <Row key={name} label={translate(`resources.businesses.form.${name}`)}>
              {payload[name] ?? none}
            </Row>
          ))}
        </Box>
      </FormGroupSection>
      <FormGroupSection title="resources.businesses.form.groups.fees">
        <Box component="dl" sx={dl}>
          <Row label={translate('resources.businesses.form.blockchainFeePaidBy')}>
            {translate(`resources.businesses.form.feePayers.${payload.blockchainFeePaidBy}`)}
          </Row>
          <Row label={translate('resources.businesses.form.overpaymentPolicy')}>
            {translate(`resources.businesses.form.policies.${payload.overpaymentPolicy}`)}
          </Row>
          <Row label={translate('resources.businesses.form.refundFollowUp')}>
            {translate(
              payload.refundFollowUpDepositsForOneTimePayments
                ? 'resources.businesses.form.yes'
                : 'resources.businesses.form.no',
            )}
          </Row>
          <Row label={translate('resources.businesses.form.oneToOneRates')}>
            {payload.stableCryptoCurrencyDepegThreshold === null
              ? translate('resources.businesses.form.off')
              : `${translate('resources.businesses.form.depegThreshold')}: ${percent(payload.stableCryptoCurrencyDepegThreshold)}`}
          </Row>
          {mayAdjustFeeDistribution(metadata) ? (
            <Row label={translate('resources.businesses.form.feeDistribution')}>
              {payload.userServiceFeeDistributionPercentage > 0
                ? percent(payload.userServiceFeeDistributionPercentage)
                : translate('resources.businesses.form.off')}
            </Row>
          ) : null}
        </Box>
      </FormGroupSection>
    </Box>
  );
}

/**
 * A refused save's text over the page for FAILURE_OVERLAY_MS (docs/product.md#error-catalogue). Not MUI's Backdrop,
 * which hides its content from assistive technology: this alert is announced.
 */
function FailureOverlay({ message }: { message: string | null }) {
  const translate = useTranslate();
  if (message === null) return null;
  return (
    <Box
      data-testid="failure-overlay"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'rgba(0, 0, 0, 0.5)',
      }}
    >
      <Alert severity="error" role="alert" variant="filled" sx={{ maxWidth: 480 }}>
        <AlertTitle>{translate('resources.businesses.form.failed')}</AlertTitle>
        {message}
      </Alert>
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

// ---------------------------------------------------------------------------------------------

export interface BusinessFormProps {
  /** The business to edit (the route's id); none to create one. */
  recordId?: string;
}

export function BusinessForm({ recordId }: BusinessFormProps) {
  const editing = recordId !== undefined;
  const translate = useTranslate();
  const notify = useNotify();
  const api = useBusinessApi();
  const { supportedCurrencies } = useSession();
  const [create] = useCreate<Business>();
  const queryClient = useQueryClient();
  const [update] = useUpdate<Business>();
  const [overlay, setOverlay] = useState<string | null>(null);
  // A remount of the steps (after the overlay): back to the fields with the values that failed.
  const [restart, setRestart] = useState<{ key: number; values?: BusinessEditorValues }>({ key: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const metadata = useQuery({
    queryKey: BUSINESS_QUERY_KEYS.organisationMetadata,
    queryFn: () => api.getOrganisationMetadata(),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const record = useGetOne<Business>(
    'businesses',
    // The route's id is a string; the API's ids are numbers (the path is the same).
    { id: (recordId ?? '') as unknown as Business['id'] },
    { enabled: editing, retry: false, refetchOnWindowFocus: false },
  );
  useEffect(() => {
    if (metadata.isError) notify('resources.businesses.errors.organisationFailed', { type: 'error' });
  }, [metadata.isError, notify]);
  useEffect(() => {
    if (record.isError) notify('resources.businesses.errors.loadFailed', { type: 'error' });
  }, [record.isError, notify]);

  const currencies = supportedCurrencies;
  const fiat = useMemo(() => {
    const list = sortCurrencies(currencies.filter((c) => c.isFiat)).map((c) => c.abbreviation);
    const extra = (record.data?.supportedDisplayCurrencies ?? []).filter((code) => !list.includes(code));
    return [...list, ...extra];
  }, [currencies, record.data]);
  const enabledCrypto = metadata.data?.enabledCryptoCurrencies;
  const depositCurrencies = useMemo(
    () => (selection: DepositCurrencies) => panelCurrencies(currencies, enabledCrypto ?? [], selection),
    [currencies, enabledCrypto],
  );
  const resolver = useMemo(
    () => businessResolver({ metadata: metadata.data, currencies }),
    [metadata.data, currencies],
  );

  const title = editing ? 'resources.businesses.form.editTitle' : 'resources.businesses.form.createTitle';
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
        <Typography sx={{ mb: 2 }}>{translate('resources.businesses.errors.loadFailed')}</Typography>
        <Button component={Link} to="/businesses">
          {translate('resources.businesses.form.goToBusinesses')}
        </Button>
      </Page>
    );
  }

  const business = record.data;
  const settlementCurrency =
    (editing ? business?.settlementCurrency : metadata.data?.settlementCurrency) ?? '';
  const defaultValues = restart.values ?? (business ? valuesFromBusiness(business) : emptyBusinessValues());

  const save = (values: BusinessEditorValues) => {
    const payload = toPayload(values, metadata.data);
    return business
      ? update(
          'businesses',
          { id: business.id, data: payload, previousData: business },
          { mutationMode: 'pessimistic', returnPromise: true },
        )
      : create('businesses', { data: payload }, { returnPromise: true }).then((created) => {
          forgetSecret(queryClient, created || undefined);
          return created;
        });
  };

  const submit = async (values: BusinessEditorValues) => {
    try {
      return await save(values);
    } catch (error) {
      const renamed = withFormFieldNames(error);
      if (Object.keys(fieldErrorsOf(renamed)).length > 0) throw renamed;
      setOverlay(messageOf(error, ERROR_TEXTS.default));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setOverlay(null);
        setRestart((r) => ({ key: r.key + 1, values }));
      }, FAILURE_OVERLAY_MS);
      throw error;
    }
  };

  return (
    <Page title={title} maxWidth="form">
      <MultiStepForm<BusinessEditorValues, Business | void>
        key={restart.key}
        defaultValues={defaultValues}
        resolver={resolver}
        fields={
          <BusinessFields
            businessId={business?.id}
            settlementCurrency={settlementCurrency}
            fiat={fiat}
            depositCurrencies={depositCurrencies}
            metadata={metadata.data}
          />
        }
        overview={(values) => (
          <BusinessOverview
            values={values}
            settlementCurrency={settlementCurrency}
            currencies={depositCurrencies(values.supportedDepositCurrenciesWithNetworks)}
            metadata={metadata.data}
          />
        )}
        submit={submit}
        cancelTo="/businesses"
        result={(saved, values) => {
          // The business just saved, at its own page (the answer's id; on an edit the route's).
          const id = (saved || undefined)?.id ?? business?.id;
          const name = (saved || undefined)?.businessName ?? values.businessName;
          // A new business's signing secret: in its create answer, shown here this once.
          const secret = editing ? undefined : (saved as Created | undefined)?.callbackSecret;
          return (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity="success">
                {translate(
                  editing ? 'resources.businesses.form.updated' : 'resources.businesses.form.created',
                )}
              </Alert>
              {secret ? (
                <NewCallbackSecret answer={secret} title="resources.businesses.secret.createdTitle" />
              ) : null}
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                {id !== undefined ? (
                  <Button component={Link} to={businessPath(id)} variant="contained">
                    {translate('resources.businesses.form.openBusiness', { name })}
                  </Button>
                ) : null}
                <Button
                  component={Link}
                  to="/businesses"
                  variant={id !== undefined ? 'outlined' : 'contained'}
                >
                  {translate('resources.businesses.form.goToBusinesses')}
                </Button>
              </Stack>
            </Stack>
          );
        }}
        labels={{
          form: 'resources.businesses.form.details',
          overview: 'resources.businesses.form.overview',
          result: 'resources.businesses.form.done',
          next: 'resources.businesses.form.verify',
          submit: editing ? 'resources.businesses.form.save' : 'resources.businesses.form.create',
        }}
      />
      <FailureOverlay message={overlay} />
      {/* The business's history (remounted, so read again, when a save changes the record). */}
      {business ? <AuditTimeline key={business.updatedAt} entityType="business" id={business.id} /> : null}
    </Page>
  );
}
