/**
 * /statistics (GET_STATISTICS and GET_BALANCES; the landing page of most staff): key figures against
 * the previous period, the histograms per UTC day and the top coins of a period (7, 30 — the default —
 * or 90 days, or custom), for every visible business or the one chosen in the business filter; the URL
 * keeps both (`?period=7&businessId=3`), so a view can be reloaded, shared and gone back to. The view
 * and its period live in src/features/statistics.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useSession } from '../../authProvider';
import type { Business } from '../../domain/business';
import { all, satisfies } from '../../domain/requirements';
import { Page, useAccessContext } from '../../layout';
import { StatisticsPeriodView } from '../../features/statistics/StatisticsView';

/** The business of `?businessId=`, or undefined for every business (anything else is ignored). */
export function businessIdOf(value: string | null): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** Every business of the organisation, by name, as the filter's options. */
function BusinessFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const translate = useTranslate();
  const { data, error } = useGetList<Business>('businesses', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const businesses = data ?? [];
  const known = value === undefined || businesses.some((b) => Number(b.id) === value);
  return (
    <TextField
      select
      size="small"
      label={translate('pages.statistics.filter.business')}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => onChange(businessIdOf(event.target.value))}
      helperText={error ? translate('pages.statistics.filter.loadFailed') : undefined}
      error={Boolean(error)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
    >
      <option value="">{translate('pages.statistics.filter.all')}</option>
      {businesses.map((business) => (
        <option key={business.id} value={String(business.id)}>
          {business.businessName}
        </option>
      ))}
      {known ? null : <option value={String(value)}>{`#${value}`}</option>}
    </TextField>
  );
}

export default function StatisticsPage() {
  const [params, setParams] = useSearchParams();
  const businessId = businessIdOf(params.get('businessId'));
  const access = useAccessContext();
  const { supportedCurrencies } = useSession();
  const nameOf = useMemo(() => {
    const names = new Map(supportedCurrencies.map((c) => [c.abbreviation, c.name]));
    return (currency: string) => names.get(currency);
  }, [supportedCurrencies]);

  const choose = (id: number | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete('businessId');
        else next.set('businessId', String(id));
        return next;
      },
      { replace: true },
    );

  return (
    <Page title="pages.statistics.title" maxWidth="full">
      <StatisticsPeriodView
        businessId={businessId}
        nameOf={nameOf}
        filter={
          // Without GET_BUSINESSES there is nothing to choose from: every business it is.
          satisfies(all('GET_BUSINESSES'), access) ? (
            <BusinessFilter value={businessId} onChange={choose} />
          ) : null
        }
      />
    </Page>
  );
}
