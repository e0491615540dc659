import { useMemo, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useSession } from '../../authProvider';
import {
  balanceConfirmationForm,
  reportFileName,
  utcToday,
  type BalanceConfirmationDates,
} from '../../domain/reportForms';
import { formResolver } from '../../forms';
import { FormDateField, ReportPage, useBusinessChoices } from '../../layout/DownloadForm';
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
    </ReportPage>
  );
}
