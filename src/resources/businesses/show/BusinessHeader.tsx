/**
 * The business page's header (issue 32 §3, the merchant's home): the settlement currency, the
 * balances per currency with what withdrawals awaiting approval hold, the last 30 days' volume per
 * currency, and the callbacks' health (the share delivered of those tried in the last 24 h, how many
 * are failing now), from GET /v1/businesses/{id}/overview in one call. A part the caller may not read
 * (the API answers null for it) is left out, not an error; skeletons hold the place while it loads;
 * a failed read says so in place, with Retry, and the rest of the page works on.
 *
 * The overview reads again when the business's balances, payments, withdrawals or callbacks change
 * (live events: the balances' through its key, the others through its `meta.staleOn`).
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Link as MuiLink, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useSession } from '../../../authProvider';
import { byCurrencyName } from '../../../domain/currencies';
import { ERROR_TEXTS } from '../../../domain/errors';
import type { BusinessOverview } from '../../../domain/records';
import { formatMoney, formatNumber, formatTimestamp } from '../../../i18n/format';
import { messageOf, type StaleOn } from '../../../layout';
import { BUSINESS_QUERY_KEYS, useBusinessApi } from '../api';

const T = 'resources.businesses.overview';

/** What the overview shows besides the balances (which the businesses' own key covers). */
export const OVERVIEW_LIVE_RESOURCES = ['payments', 'crypto-withdrawals', 'callbacks'];

/**
 * The overview's own rule for live events (its `meta.staleOn`): a change of this business's payments,
 * withdrawals or callbacks (an event of no one business too) reads it again.
 */
export const overviewStaleOn =
  (businessId: number): StaleOn =>
  (event) =>
    (event.businessId === null || event.businessId === businessId) &&
    event.resources.some((resource) => OVERVIEW_LIVE_RESOURCES.includes(resource));

export function useBusinessOverview(businessId: number) {
  const api = useBusinessApi();
  return useQuery<BusinessOverview>({
    queryKey: BUSINESS_QUERY_KEYS.overview(businessId),
    queryFn: ({ signal }) => api.getBusinessOverview(businessId, signal),
    meta: { staleOn: overviewStaleOn(businessId) },
    enabled: Number.isSafeInteger(businessId),
  });
}

/** One part of the header: a titled card. */
function Part({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: 1.5, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Typography id={id} component="h2" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A label-value table of one row per currency: the code left, the figures right. */
function CurrencyRows({ rows }: { rows: { currency: string; main: string; detail?: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        alignItems: 'baseline',
      }}
    >
      {rows.map((row) => (
        <Box key={row.currency} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {row.currency}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {row.main}
            {row.detail ? (
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                {row.detail}
              </Box>
            ) : null}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const isZero = (amount: string) => /^[+-]?0*(\.0*)?$/.test(amount.trim());

function Balances({ balances }: { balances: NonNullable<BusinessOverview['balances']> }) {
  const translate = useTranslate();
  const byName = byCurrencyName(useSession().supportedCurrencies);
  if (balances.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.noBalances`)}
      </Typography>
    );
  const rows = [...balances]
    .sort((a, b) => byName(a.currency, b.currency))
    .map((balance) => ({
      currency: balance.currency,
      main: formatMoney(balance.available, balance.currency),
      detail: isZero(balance.held)
        ? undefined
        : translate(`${T}.held`, { amount: formatMoney(balance.held, balance.currency) }),
    }));
  return <CurrencyRows rows={rows} />;
}

function Volume({ volume }: { volume: NonNullable<BusinessOverview['volume30d']> }) {
  const translate = useTranslate();
  const byName = byCurrencyName(useSession().supportedCurrencies);
  if (volume.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.noVolume`)}
      </Typography>
    );
  const rows = [...volume]
    .sort((a, b) => byName(a.currency, b.currency))
    .map((line) => ({
      currency: line.currency,
      main: translate(`${T}.in`, { amount: formatMoney(line.deposits, line.currency) }),
      detail: translate(`${T}.outAndCount`, {
        amount: formatMoney(line.withdrawals, line.currency),
        count: formatNumber(line.count),
        smart_count: line.count,
      }),
    }));
  return <CurrencyRows rows={rows} />;
}

function CallbackHealth({
  health,
  callbacksPath,
}: {
  health: NonNullable<BusinessOverview['callbacks']>;
  callbacksPath?: string;
}) {
  const translate = useTranslate();
  const share =
    health.deliveredShare === null
      ? null
      : formatNumber(health.deliveredShare, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Stack spacing={0.5}>
      <Typography variant="h6" component="p" sx={{ lineHeight: 1.3 }}>
        {share === null ? translate(`${T}.noCallbacks24h`) : translate(`${T}.deliveredShare`, { share })}
      </Typography>
      {share !== null ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.deliveredOf`, {
            delivered: formatNumber(health.delivered24h),
            total: formatNumber(health.total24h),
          })}
        </Typography>
      ) : null}
      <Typography variant="body2" data-failing={health.failingNow}>
        {health.failingNow > 0 && callbacksPath ? (
          <MuiLink component={Link} to={callbacksPath}>
            {translate(`${T}.failingNow`, {
              count: formatNumber(health.failingNow),
              smart_count: health.failingNow,
            })}
          </MuiLink>
        ) : (
          translate(`${T}.failingNow`, {
            count: formatNumber(health.failingNow),
            smart_count: health.failingNow,
          })
        )}
      </Typography>
      {health.lastFailureAt ? (
        <Typography variant="caption" color="text.secondary">
          {translate(`${T}.lastFailure`, { time: formatTimestamp(health.lastFailureAt) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

const GRID = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
  },
  mb: 2,
} as const;

export function BusinessHeader({
  businessId,
  callbacksPath,
}: {
  businessId: number;
  /** The Callbacks tab, when the user may see it (the failing count links there). */
  callbacksPath?: string;
}) {
  const translate = useTranslate();
  const { data, error, isPending, refetch, isFetching } = useBusinessOverview(businessId);

  if (error && !data)
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            {translate(`${T}.retry`)}
          </Button>
        }
      >
        {translate(`${T}.loadFailed`)} {messageOf(error, ERROR_TEXTS.default)}
      </Alert>
    );

  if (isPending || !data)
    return (
      <Box sx={GRID} aria-busy="true" aria-label={translate(`${T}.loading`)} role="status">
        {[0, 1, 2].map((n) => (
          <Paper key={n} variant="outlined" sx={{ p: 1.5 }}>
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="80%" />
            <Skeleton variant="text" width="65%" />
          </Paper>
        ))}
      </Box>
    );

  const parts: ReactNode[] = [];
  if (data.balances)
    parts.push(
      <Part key="balances" id="business-overview-balances" title={translate(`${T}.balances`)}>
        <Balances balances={data.balances} />
      </Part>,
    );
  if (data.volume30d)
    parts.push(
      <Part key="volume" id="business-overview-volume" title={translate(`${T}.volume30d`)}>
        <Volume volume={data.volume30d} />
      </Part>,
    );
  if (data.callbacks)
    parts.push(
      <Part key="callbacks" id="business-overview-callbacks" title={translate(`${T}.callbacks`)}>
        <CallbackHealth health={data.callbacks} callbacksPath={callbacksPath} />
      </Part>,
    );
  if (parts.length === 0) return null;
  return (
    <Box sx={GRID} aria-label={translate(`${T}.label`)} role="group">
      {parts}
    </Box>
  );
}

/** The settlement currency, beside the business id (from the overview, or the business record). */
export function SettlementCurrency({ currency }: { currency: string }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" component="p">
      {translate(`${T}.settlementCurrency`)}{' '}
      <Box component="strong" sx={{ color: 'text.primary' }}>
        {currency}
      </Box>
    </Typography>
  );
}
