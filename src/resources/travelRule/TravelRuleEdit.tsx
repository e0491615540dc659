/**
 * /travel-rule/:id (UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE): the originator of one deposit — a natural or
 * legal person, name, address, city, country (ISO 3166-1 alpha-2, named in the user's language) and a
 * national identifier with its type — checked with originatorSchema, the rules the API applies too.
 * Saved, the list and the sidebar's badge read again (react-admin's cache, no reload) and the user is
 * back on the list; a field the server refuses shows its message under the field.
 */
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useGetOne, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import { FormProvider, useController, useForm, type Control } from 'react-hook-form';
import { ERROR_TEXTS, fieldErrorsOf } from '../../domain/errors';
import {
  countryOptions,
  NATIONAL_IDENTIFIER_TYPES,
  ORIGINATOR_TYPES,
  originatorSchema,
  TRAVEL_RULE_MESSAGES,
  type OriginatorValues,
} from '../../domain/travelRule';
import { errorMessageText, FormTextField, formResolver } from '../../forms';
import { FocusServerErrors } from '../../forms/FocusServerErrors';
import { FormSubmitButton } from '../../forms/FormSubmitButton';
import { formatMoney, formatTimestamp } from '../../i18n/format';
import { messageOf, Page } from '../../layout';
import { refreshTravelRule, TRAVEL_RULE_RESOURCE } from './api';
import type { TravelRuleRecord } from './TravelRuleList';

const EMPTY: OriginatorValues = {
  type: '',
  name: '',
  address: '',
  city: '',
  country: '',
  nationalIdentifierType: '',
  nationalIdentifier: '',
};

/** A server's field text back to its message key, so it shows in the user's language. */
const KEY_OF_TEXT = new Map(Object.entries(TRAVEL_RULE_MESSAGES).map(([key, text]) => [text, key]));
export const localisedServerText = (text: string) => {
  const key = KEY_OF_TEXT.get(text as never);
  return key ? `validation.${key}` : text;
};

/** A select of the form (country, identifier type): a native one, light with 249 options. */
function SelectField({
  name,
  label,
  options,
  control,
}: {
  name: keyof OriginatorValues;
  label: string;
  options: readonly { value: string; label: string }[];
  control: Control<OriginatorValues>;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name, control });
  const error = errorMessageText(fieldState.error?.message, translate);
  return (
    <TextField
      select
      required
      fullWidth
      margin="dense"
      id={`travel-rule-${name}`}
      label={translate(label)}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" />
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

function TypeField({ control }: { control: Control<OriginatorValues> }) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'type', control });
  const error = errorMessageText(fieldState.error?.message, translate);
  return (
    <FormControl component="fieldset" required error={Boolean(error)} margin="dense">
      <FormLabel component="legend">{translate('resources.travel-rule.form.type')}</FormLabel>
      <RadioGroup
        row
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        aria-describedby={error ? 'travel-rule-type-error' : undefined}
      >
        {ORIGINATOR_TYPES.map((type, i) => (
          <FormControlLabel
            key={type}
            value={type}
            control={<Radio inputRef={i === 0 ? field.ref : undefined} />}
            label={translate(`resources.travel-rule.form.types.${type}`)}
          />
        ))}
      </RadioGroup>
      {error ? <FormHelperText id="travel-rule-type-error">{error}</FormHelperText> : null}
    </FormControl>
  );
}

function OriginatorForm({ deposit }: { deposit: TravelRuleRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const [update] = useUpdate<TravelRuleRecord>();
  const form = useForm<OriginatorValues>({
    defaultValues: { ...EMPTY, ...(deposit.originator ?? {}) },
    resolver: formResolver(originatorSchema),
  });
  const countries = useMemo(
    () => countryOptions(locale).map((c) => ({ value: c.code, label: c.name })),
    [locale],
  );
  const identifierTypes = NATIONAL_IDENTIFIER_TYPES.map((type) => ({
    value: type,
    label: translate(`resources.travel-rule.form.identifierTypes.${type}`),
  }));

  const submit = form.handleSubmit(async (values) => {
    try {
      await update(
        TRAVEL_RULE_RESOURCE,
        { id: deposit.id, data: { originator: values }, previousData: deposit },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      const fields = Object.entries(fieldErrorsOf(error));
      for (const [name, text] of fields) {
        const field = name.replace(/^originator\./, '') as keyof OriginatorValues;
        if (field in EMPTY) form.setError(field, { type: 'server', message: localisedServerText(text) });
      }
      if (fields.length === 0) notify(messageOf(error, ERROR_TEXTS.default), { type: 'error' });
      return;
    }
    await refreshTravelRule(queryClient);
    notify('resources.travel-rule.form.saved', { type: 'success' });
    navigate(`/${TRAVEL_RULE_RESOURCE}`);
  });

  const { control } = form;
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="react-admin-title">
        <FocusServerErrors />
        <TypeField control={control} />
        <FormTextField<OriginatorValues>
          name="name"
          label="resources.travel-rule.form.name"
          required
          autoComplete="off"
          maxLength={100}
        />
        <FormTextField<OriginatorValues>
          name="address"
          label="resources.travel-rule.form.address"
          required
          autoComplete="off"
          maxLength={200}
        />
        <FormTextField<OriginatorValues>
          name="city"
          label="resources.travel-rule.form.city"
          required
          autoComplete="off"
          maxLength={100}
        />
        <SelectField
          name="country"
          label="resources.travel-rule.form.country"
          options={countries}
          control={control}
        />
        <SelectField
          name="nationalIdentifierType"
          label="resources.travel-rule.form.nationalIdentifierType"
          options={identifierTypes}
          control={control}
        />
        <FormTextField<OriginatorValues>
          name="nationalIdentifier"
          label="resources.travel-rule.form.nationalIdentifier"
          required
          autoComplete="off"
          maxLength={35}
        />
        <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'baseline' }}>
          <FormSubmitButton label="resources.travel-rule.form.save" />
          <Button component={Link} to={`/${TRAVEL_RULE_RESOURCE}`}>
            {translate('resources.travel-rule.form.cancel')}
          </Button>
        </Stack>
      </Box>
    </FormProvider>
  );
}

export default function TravelRuleEdit() {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<TravelRuleRecord>(
    TRAVEL_RULE_RESOURCE,
    { id: id as unknown as number },
    { retry: false, refetchOnWindowFocus: false },
  );
  const title = 'resources.travel-rule.form.title';
  if (isPending) {
    return (
      <Page title={title} maxWidth="form">
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{translate('app.loading')}</Typography>
        </Box>
      </Page>
    );
  }
  if (error || !data) {
    return (
      <Page title={title} maxWidth="form">
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(error, translate('resources.travel-rule.errors.depositFailed'))}
        </Alert>
        <Button component={Link} to={`/${TRAVEL_RULE_RESOURCE}`}>
          {translate('resources.travel-rule.form.cancel')}
        </Button>
      </Page>
    );
  }
  return (
    <Page title={title} maxWidth="form">
      <Typography variant="subtitle2" component="h2">
        {translate('resources.travel-rule.form.deposit')}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="travel-rule-deposit">
        {translate('resources.travel-rule.form.depositSummary', {
          amount: formatMoney(data.amount, data.currency),
          network: data.network,
          business: data.businessName,
          receivedAt: formatTimestamp(data.receivedAt),
        })}
      </Typography>
      {data.originator ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.travel-rule.form.alreadyProvided')}
        </Alert>
      ) : null}
      <OriginatorForm key={data.id} deposit={data} />
    </Page>
  );
}
