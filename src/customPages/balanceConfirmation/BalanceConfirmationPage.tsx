import { useMemo, useState, type ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { useSession } from '../../authProvider';
import {
  balanceConfirmationForm,
  LETTER_ADDRESS_MAX,
  LETTER_TEXT_MAX,
  REPORT_LOCALES,
  reportFileName,
  utcToday,
  type BalanceConfirmationDates,
  type ReportLocale,
} from '../../domain/reportForms';
import { formResolver, FormTextField } from '../../forms';
import { FormDateField, ReportPage, useBusinessChoices } from '../../layout/DownloadForm';
import { useBalanceConfirmationApi } from './api';

interface Values {
  /** '' for every business of the organisation. */
  businessId: string;
  asOf: string;
  /** The letter's optional texts ('' for none). */
  addresseeName: string;
  addresseeAddress: string;
  signatoryName: string;
  signatoryTitle: string;
}

const LETTER_FIELDS = ['addresseeName', 'addresseeAddress', 'signatoryName', 'signatoryTitle'] as const;

/** A group of the form's optional fields under its heading. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack component="section" spacing={1} sx={{ pt: 1.5 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {children}
    </Stack>
  );
}

/** The rules with the UTC day of the moment they run (a page left open overnight moves on with it). */
const resolver = ((...args: Parameters<Resolver<BalanceConfirmationDates>>) =>
  formResolver(balanceConfirmationForm(utcToday()))(...args)) as unknown as Resolver<Values>;

/**
 * /balance-confirmation (GET_BALANCES): pick all businesses or one and a day (today by default, never
 * in the future), optionally the addressee (the auditor's name and address) and who signs (name and
 * title), then download the PDF letter the API writes in the interface's language (POST
 * /v1/reports/balance-confirmation).
 */
export default function BalanceConfirmationPage() {
  const api = useBalanceConfirmationApi();
  const { organisationName } = useSession();
  const businesses = useBusinessChoices();
  const [locale] = useLocaleState();
  const [today] = useState(utcToday);
  const defaultValues = useMemo<Values>(
    () => ({
      businessId: '',
      asOf: today,
      addresseeName: '',
      addresseeAddress: '',
      signatoryName: '',
      signatoryTitle: '',
    }),
    [today],
  );

  const download = (values: Values) => {
    const { businessId, asOf } = values;
    const business = businesses.choices.find((b) => b.id === businessId);
    const fallback = reportFileName(
      'balance-confirmation',
      { organisation: organisationName, business: business?.name },
      [asOf],
      'pdf',
    );
    // The texts as the rules saw them (trimmed); an empty one is left out.
    const texts = Object.fromEntries(
      LETTER_FIELDS.map((name) => [name, values[name].trim()]).filter(([, text]) => text !== ''),
    );
    return api.downloadBalanceConfirmation(
      {
        ...(businessId ? { businessId: Number(businessId) } : {}),
        asOf,
        ...(REPORT_LOCALES.includes(locale as ReportLocale) ? { locale: locale as ReportLocale } : {}),
        ...texts,
      },
      fallback,
    );
  };

  return (
    <ReportPage<Values>
      texts="pages.balanceConfirmation"
      businesses={businesses}
      defaultValues={defaultValues}
      resolver={resolver}
      download={download}
    >
      <FormDateField
        name="asOf"
        label="pages.balanceConfirmation.asOf"
        helperText="pages.balanceConfirmation.asOfHelp"
        max={today}
        required
      />
      <Group title="pages.balanceConfirmation.addressee">
        <FormTextField<Values>
          name="addresseeName"
          label="pages.balanceConfirmation.addresseeName"
          helperText="pages.balanceConfirmation.addresseeNameHelp"
          maxLength={LETTER_TEXT_MAX}
          autoComplete="organization"
        />
        <FormTextField<Values>
          name="addresseeAddress"
          label="pages.balanceConfirmation.addresseeAddress"
          helperText="pages.balanceConfirmation.addresseeAddressHelp"
          maxLength={LETTER_ADDRESS_MAX}
          autoComplete="off"
          multiline
        />
      </Group>
      <Group title="pages.balanceConfirmation.signature">
        <FormTextField<Values>
          name="signatoryName"
          label="pages.balanceConfirmation.signatoryName"
          helperText="pages.balanceConfirmation.signatoryNameHelp"
          maxLength={LETTER_TEXT_MAX}
          autoComplete="name"
        />
        <FormTextField<Values>
          name="signatoryTitle"
          label="pages.balanceConfirmation.signatoryTitle"
          helperText="pages.balanceConfirmation.signatoryTitleHelp"
          maxLength={LETTER_TEXT_MAX}
          autoComplete="organization-title"
        />
      </Group>
    </ReportPage>
  );
}
