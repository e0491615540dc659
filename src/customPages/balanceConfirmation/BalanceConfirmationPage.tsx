import { useMemo, useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { useSession } from '../../authProvider';
import {
  balanceConfirmationForm,
  reportFileName,
  utcToday,
  type BalanceConfirmationDates,
} from '../../domain/reportForms';
import { formResolver } from '../../forms';
import { Page } from '../../layout';
import { DownloadForm, FormDateField, FormSelectField, useBusinessChoices } from '../../layout/DownloadForm';
import { useBalanceConfirmationApi } from './api';

interface Values {
  /** '' for every business of the organisation. */
  businessId: string;
  asOf: string;
}

/** The rules with the UTC day of the moment they run (a page left open overnight moves on with it). */
const resolver = ((...args: Parameters<Resolver<BalanceConfirmationDates>>) =>
  formResolver(balanceConfirmationForm(utcToday()))(...args)) as unknown as Resolver<Values>;

/**
 * /balance-confirmation (GET_BALANCES): pick all businesses or one and a day (today by default, never
 * in the future), then download the PDF the API writes (POST /v1/reports/balance-confirmation).
 */
export default function BalanceConfirmationPage() {
  const translate = useTranslate();
  const api = useBalanceConfirmationApi();
  const { organisationName } = useSession();
  const businesses = useBusinessChoices();
  const [today] = useState(utcToday);
  const defaultValues = useMemo<Values>(() => ({ businessId: '', asOf: today }), [today]);

  const download = ({ businessId, asOf }: Values) => {
    const business = businesses.choices.find((b) => b.id === businessId);
    const fallback = reportFileName(
      'balance-confirmation',
      { organisation: organisationName, business: business?.name },
      [asOf],
      'pdf',
    );
    return api.downloadBalanceConfirmation(
      { ...(businessId ? { businessId: Number(businessId) } : {}), asOf },
      fallback,
    );
  };

  return (
    <Page title="pages.balanceConfirmation.title" maxWidth="form">
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('pages.balanceConfirmation.intro')}
          </Typography>
          <DownloadForm<Values>
            defaultValues={defaultValues}
            resolver={resolver}
            download={download}
            labels={{
              submit: 'pages.balanceConfirmation.submit',
              running: 'pages.balanceConfirmation.running',
              done: 'pages.balanceConfirmation.done',
            }}
          >
            <FormSelectField
              name="businessId"
              label="pages.balanceConfirmation.business"
              helperText={businesses.failed ? 'pages.balanceConfirmation.businessesFailed' : undefined}
              options={[
                { value: '', label: translate('pages.balanceConfirmation.allBusinesses') },
                ...businesses.choices.map((b) => ({ value: b.id, label: b.name })),
              ]}
            />
            <FormDateField
              name="asOf"
              label="pages.balanceConfirmation.asOf"
              helperText="pages.balanceConfirmation.asOfHelp"
              max={today}
              required
            />
          </DownloadForm>
        </CardContent>
      </Card>
    </Page>
  );
}
