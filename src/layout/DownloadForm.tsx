/**
 * A form whose submit downloads a file (the report pages): react-admin's <Form> on the form kit's
 * rules, a download button that is disabled and shows a spinner while the server produces the file,
 * then the file saved under the server's name (src/api/download.ts). A refusal field by field lands on
 * the fields and focuses the first (docs/decisions.md 53); any other failure is the error catalogue's
 * text (docs/product.md#error-catalogue) in the app's notification. Also the fields such a form is made of: a date, a
 * native select, the organisation's businesses and the session's currencies.
 *
 * Imported by its path (not from ./index): only the pages that download load it.
 */
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Form, useGetList, useNotify, useTranslate } from 'react-admin';
import { useController, useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import { saveFile, type DownloadedFile } from '../api/download';
import { useSession } from '../authProvider';
import { lookAlikeIds } from '../domain/business';
import { sortCurrencies } from '../domain/currencies';
import { ERROR_TEXTS, fieldErrorsOf } from '../domain/errors';
import { all, satisfies } from '../domain/requirements';
import { errorMessageText } from '../forms';
import { FocusServerErrors } from '../forms/FocusServerErrors';
import { useAccessContext } from './access';
import { messageOf } from './errors';
import { DayField } from './DayField';
import { Page } from './Page';

export interface DownloadFormProps<V extends FieldValues> {
  /** Every field of the form with its first value (a server error for another name is no field's). */
  defaultValues: V;
  resolver: Resolver<V>;
  /** Produces the file from the (validated) values. */
  download: (values: V) => Promise<DownloadedFile>;
  /** Message keys: the button, the button while the file is produced, the notice after (`%{filename}`). */
  labels: { submit: string; running: string; done: string };
  children: ReactNode;
}

export function DownloadForm<V extends FieldValues>({
  defaultValues,
  resolver,
  download,
  labels,
  children,
}: DownloadFormProps<V>) {
  const notify = useNotify();

  const submit = async (values: FieldValues) => {
    try {
      const file = await download(values as V);
      saveFile(file);
      notify(labels.done, { type: 'success', messageArgs: { filename: file.filename } });
    } catch (error) {
      const onFields = Object.fromEntries(
        Object.entries(fieldErrorsOf(error)).filter(([name]) => name in defaultValues),
      );
      // react-admin's <Form> puts what onSubmit returns on the fields (type 'server').
      if (Object.keys(onFields).length > 0) return onFields;
      const message = messageOf(error, ERROR_TEXTS.default);
      // A text, not a key: `_` is what the translator shows for it.
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
    return undefined;
  };

  return (
    <Form
      defaultValues={defaultValues}
      resolver={resolver as unknown as Resolver<FieldValues>}
      mode="onTouched"
      noValidate
      disableInvalidFormNotification
      onSubmit={submit}
    >
      <FocusServerErrors />
      <Stack spacing={0.5}>{children}</Stack>
      <DownloadButton labels={labels} />
    </Form>
  );
}

function DownloadButton({ labels }: { labels: DownloadFormProps<FieldValues>['labels'] }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  // A disabled button loses the focus: give it back when the work is done, unless something else took
  // it meanwhile (a refused field, the notification), so a keyboard user stays where they were.
  useEffect(() => {
    if (isSubmitting || !hadFocus.current) return;
    hadFocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus();
  }, [isSubmitting]);
  return (
    <>
      <Button
        ref={button}
        onClick={() => {
          hadFocus.current = document.activeElement === button.current;
        }}
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
        startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
        sx={{ mt: 1, alignSelf: 'flex-start' }}
      >
        {translate(isSubmitting ? labels.running : labels.submit)}
      </Button>
      {/* Said once by screen readers when the work starts (the button's new name is not announced). */}
      <Box role="status" sx={visuallyHidden}>
        {isSubmitting ? translate(labels.running) : ''}
      </Box>
    </>
  );
}

interface FieldProps {
  name: string;
  /** Message keys. */
  label: string;
  helperText?: string;
}

/** The text under a field: its error (a rule's key translated, a server's text as it is), else the help. */
function useHelper(name: string, helperText: string | undefined, deps?: string | string[]) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name, rules: deps ? { deps } : undefined });
  const error = errorMessageText(fieldState.error?.message, translate);
  return { field, error, helper: error ?? (helperText ? translate(helperText) : ' ') };
}

/** A calendar day ('YYYY-MM-DD') in the user's format; `min` / `max` limit the calendar (the rules decide). */
export function FormDateField({
  name,
  label,
  helperText,
  min,
  max,
  required,
  deps,
}: FieldProps & {
  min?: string;
  max?: string;
  required?: boolean;
  /** Fields whose rules read this one (checked again when it changes). */
  deps?: string | string[];
}) {
  const translate = useTranslate();
  const { field, error, helper } = useHelper(name, helperText, deps);
  return (
    <DayField
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={translate(label)}
      required={required}
      error={Boolean(error)}
      helperText={helper}
      min={min}
      max={max}
      margin="dense"
      fullWidth
    />
  );
}

export interface SelectOption {
  value: string;
  /** Shown as it is (already translated). */
  label: string;
}

/** A native select: the platform's own keyboard and screen-reader behaviour, and a phone's picker. */
export function FormSelectField({
  name,
  label,
  helperText,
  options,
  required,
}: FieldProps & {
  options: readonly SelectOption[];
  /** The marker of a field the server requires (MUI's asterisk; the rules decide). */
  required?: boolean;
}) {
  const translate = useTranslate();
  const id = useId();
  const { field, error, helper } = useHelper(name, helperText);
  return (
    <TextField
      id={id}
      select
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={translate(label)}
      required={required}
      error={Boolean(error)}
      helperText={helper}
      margin="dense"
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

export interface BusinessChoice {
  /** The business id as the select's value. */
  id: string;
  name: string;
}

/**
 * The businesses the user may pick (GET /v1/businesses through the data provider, by name, the first
 * 100), only with GET_BUSINESSES; `failed` when the list could not be loaded.
 */
export function useBusinessChoices(): { choices: BusinessChoice[]; failed: boolean } {
  const access = useAccessContext();
  const allowed = satisfies(all('GET_BUSINESSES'), access);
  const { data, error } = useGetList<{ id: number; businessName: string }>(
    'businesses',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: allowed },
  );
  const translate = useTranslate();
  const choices = useMemo(() => {
    const listed = (data ?? []).map((b) => ({ id: String(b.id), name: b.businessName }));
    const alike = lookAlikeIds(listed);
    // Names that differ only by case or spacing (an ADMIN sees a hidden business too): their ids tell them apart.
    return listed.map((b) =>
      alike.has(b.id) ? { ...b, name: translate('layout.business.withId', { name: b.name, id: b.id }) } : b,
    );
  }, [data, translate]);
  return { choices, failed: Boolean(error) };
}

/** The session's currencies (docs/product.md#constants-and-limits order) as options: 'Bitcoin (BTC)'. */
export function useCurrencyOptions(): SelectOption[] {
  const { supportedCurrencies } = useSession();
  return sortCurrencies(supportedCurrencies).map((c) => ({
    value: c.abbreviation,
    label: c.name && c.name !== c.abbreviation ? `${c.name} (${c.abbreviation})` : c.abbreviation,
  }));
}

/**
 * A report page (the Reporting section): the page frame with its title and intro, and its download
 * form opening with the business choice (every business, or one). `texts` is the page's message
 * prefix (`pages.balanceConfirmation`): its title, intro, business, allBusinesses, businessesFailed,
 * submit, running and done.
 */
export function ReportPage<V extends FieldValues>({
  texts,
  businesses,
  children,
  ...form
}: Omit<DownloadFormProps<V>, 'labels'> & {
  texts: string;
  businesses: ReturnType<typeof useBusinessChoices>;
}) {
  const translate = useTranslate();
  return (
    <Page title={`${texts}.title`} maxWidth="form">
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate(`${texts}.intro`)}
          </Typography>
          <DownloadForm<V>
            {...form}
            labels={{ submit: `${texts}.submit`, running: `${texts}.running`, done: `${texts}.done` }}
          >
            <FormSelectField
              name="businessId"
              label={`${texts}.business`}
              helperText={businesses.failed ? `${texts}.businessesFailed` : undefined}
              options={[
                { value: '', label: translate(`${texts}.allBusinesses`) },
                ...businesses.choices.map((b) => ({ value: b.id, label: b.name })),
              ]}
            />
            {children}
          </DownloadForm>
        </CardContent>
      </Card>
    </Page>
  );
}
