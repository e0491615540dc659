import { useMemo, useState } from 'react';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useController, type Resolver } from 'react-hook-form';
import { useSession } from '../../authProvider';
import {
  addMonths,
  LEDGER_FORMATS,
  REPORT_LOCALES,
  reportFileName,
  transactionLedgerForm,
  utcToday,
  type LedgerFormat,
  type ReportLocale,
  type TransactionLedgerDates,
} from '../../domain/reportForms';
import { formResolver } from '../../forms';
import {
  ReportPage,
  FormDateField,
  FormSelectField,
  useBusinessChoices,
  useCurrencyOptions,
} from '../../layout/DownloadForm';
import { useTransactionLedgerApi } from './api';

interface Values {
  /** '' for every business of the organisation. */
  businessId: string;
  from: string;
  to: string;
  /** '' for every currency. */
  currency: string;
  format: LedgerFormat;
}

const FORMAT_LABELS: Record<LedgerFormat, string> = {
  csv: 'pages.transactionLedger.formats.csv',
  xlsx: 'pages.transactionLedger.formats.xlsx',
};

/** The rules with the UTC day of the moment they run (as the balance confirmation's). */
const resolver = ((...args: Parameters<Resolver<TransactionLedgerDates>>) =>
  formResolver(transactionLedgerForm(utcToday()))(...args)) as unknown as Resolver<Values>;

function FormatField() {
  const translate = useTranslate();
  const { field } = useController<Values, 'format'>({ name: 'format' });
  const labelId = 'transaction-ledger-format-label';
  return (
    <FormControl component="fieldset" margin="dense">
      <FormLabel component="legend" id={labelId}>
        {translate('pages.transactionLedger.format')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
      >
        {LEDGER_FORMATS.map((format) => (
          <FormControlLabel
            key={format}
            value={format}
            control={<Radio inputRef={format === field.value ? field.ref : undefined} />}
            label={translate(FORMAT_LABELS[format])}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * /transaction-ledger (GET_BALANCES): all businesses or one, a window of days (the last month by
 * default, at most 366 days, from ≤ to), optionally one currency, CSV or XLSX (its words in the
 * interface's language); then download the file the API writes (POST /v1/reports/transaction-ledger).
 */
export default function TransactionLedgerPage() {
  const translate = useTranslate();
  const api = useTransactionLedgerApi();
  const { organisationName } = useSession();
  const businesses = useBusinessChoices();
  const currencies = useCurrencyOptions();
  const [locale] = useLocaleState();
  const [today] = useState(utcToday);
  const defaultValues = useMemo<Values>(
    () => ({ businessId: '', from: addMonths(today, -1), to: today, currency: '', format: 'csv' }),
    [today],
  );

  const download = ({ businessId, from, to, currency, format }: Values) => {
    const business = businesses.choices.find((b) => b.id === businessId);
    const fallback = reportFileName(
      'transaction-ledger',
      { organisation: organisationName, business: business?.name },
      [from, to],
      format,
    );
    return api.downloadTransactionLedger(
      {
        ...(businessId ? { businessId: Number(businessId) } : {}),
        from,
        to,
        ...(currency ? { currency } : {}),
        format,
        // The spreadsheet's words in the interface's language.
        ...(REPORT_LOCALES.includes(locale as ReportLocale) ? { locale: locale as ReportLocale } : {}),
      },
      fallback,
    );
  };

  return (
    <ReportPage<Values>
      texts="pages.transactionLedger"
      businesses={businesses}
      defaultValues={defaultValues}
      resolver={resolver}
      download={download}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <FormDateField
          name="from"
          label="pages.transactionLedger.from"
          helperText="pages.transactionLedger.fromHelp"
          required
          deps="to"
        />
        <FormDateField
          name="to"
          label="pages.transactionLedger.to"
          helperText="pages.transactionLedger.toHelp"
          required
        />
      </Stack>
      <FormSelectField
        name="currency"
        label="pages.transactionLedger.currency"
        options={[{ value: '', label: translate('pages.transactionLedger.allCurrencies') }, ...currencies]}
      />
      <FormatField />
    </ReportPage>
  );
}
