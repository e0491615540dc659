/**
 * The statistics of the last month (docs/product.md#screens-and-routes, #entities-and-their-fields and #constants-and-limits), for the whole organisation or one
 * business: the totals of deposits and withdrawals, a histogram of each per UTC day (plain SVG, in a
 * lazy chunk of its own, with a table of the same figures behind 'Show as table'), the top coins of
 * each (5 and 'Other') and, where asked for, the settlement balances. Each part loads, fails (the error
 * catalogue's text and 'Try again') and is empty on its own, so one failed call hides nothing else.
 *
 * Shown by the /statistics page (src/customPages/statistics) and by the business detail's statistics
 * child (src/resources/businesses/show): it lives here, below both, because a resource and a custom
 * page may not import each other (eslint.config.js, LAYERS). Its texts are the page's
 * (`pages.statistics.*`), merged into the catalogue by the page's declaration.
 */
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { ERROR_TEXTS } from '../../domain/errors';
import {
  dailySeries,
  isQuiet,
  orderedVolumes,
  seriesTotals,
  settlementBalanceRows,
  statisticsDecimals,
  topCoins,
  uniformTotal,
  utcDay,
  type Histogram,
  type HistogramBucket,
  type StatisticsKind,
  type StatisticsQuery,
  type StatisticsTotals,
} from '../../domain/statistics';
import { formatAmount, formatDate, formatNumber } from '../../i18n/format';
import { messageOf } from '../../layout';
import { useStatisticsApi } from './api';

/** The chart module (plain SVG): its own chunk, loaded only where a chart is shown. */
const HistogramChart = lazy(() => import('./HistogramChart'));

/** The charts' height in px (the skeleton keeps it, so nothing moves when the chunk arrives). */
export const CHART_HEIGHT = 240;

/** An amount on the statistics page: 4 decimals, EUR as money (docs/product.md#constants-and-limits). */
export const statisticsAmount = (amount: string, currency: string) =>
  formatAmount(amount, currency, statisticsDecimals(currency));

const percentText = (percent: string) => formatAmount(percent, '%', 2);

const t = (translate: ReturnType<typeof useTranslate>) => (key: string, options?: object) =>
  translate(`pages.statistics.${key}`, options);

/** The React Query key of one statistics call (an organisation switch clears every cached query). */
const statisticsKey = (call: string, query: StatisticsQuery) => [
  'statistics',
  call,
  query.after,
  query.businessId ?? 'all',
];

/** The four calls of the view, each its own query. */
export function useStatistics(query: StatisticsQuery) {
  const api = useStatisticsApi();
  return {
    histograms: {
      deposits: useQuery({
        queryKey: statisticsKey('depositsHistogram', query),
        queryFn: () => api.getDepositsHistogram(query),
      }),
      withdrawals: useQuery({
        queryKey: statisticsKey('withdrawalsHistogram', query),
        queryFn: () => api.getWithdrawalsHistogram(query),
      }),
    },
    totals: {
      deposits: useQuery({
        queryKey: statisticsKey('depositsStatistics', query),
        queryFn: () => api.getDepositsStatistics(query),
      }),
      withdrawals: useQuery({
        queryKey: statisticsKey('withdrawalsStatistics', query),
        queryFn: () => api.getWithdrawalsStatistics(query),
      }),
    },
  };
}

/** A failed part: the error catalogue's text (the server's when it sent one) and a way to try again. */
function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('app.action.retry')}
        </Button>
      }
    >
      {messageOf(error, ERROR_TEXTS.default)}
    </Alert>
  );
}

/** A part that is loading: its skeleton, announced once as 'Loading statistics'. */
function Loading({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={t(translate)('loading')} aria-busy>
      <Box aria-hidden>{children}</Box>
    </Box>
  );
}

function Part<T>({
  query,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading>{skeleton}</Loading>;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => <Skeleton key={i} variant="text" />);

/** A table that scrolls sideways on a narrow screen, reachable by keyboard when it does. */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // `contain: inline-size`: the table's width never widens the layout (react-admin's layout is as
    // wide as its content), so at 375 px the table scrolls inside its box instead of the page.
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ overflowX: 'auto', maxWidth: '100%', contain: 'inline-size' }}
    >
      {children}
    </Box>
  );
}

function SectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
        >
          <Typography id={headingId} component="h2" variant="h6">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Two columns on a wide screen, one on a phone. */
function Columns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** The totals of one kind: how many, and their volume in the settlement currency. */
function TotalsCard({ kind, query }: { kind: StatisticsKind; query: UseQueryResult<StatisticsTotals> }) {
  const tr = t(useTranslate());
  return (
    <SectionCard title={tr(`totals.${kind}`)}>
      <Part query={query} skeleton={lines(2)}>
        {(totals) => (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            <Typography component="dt" color="text.secondary">
              {tr('totals.count')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(totals.count)}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {tr('totals.volume', { currency: totals.settlementCurrency })}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {statisticsAmount(totals.settlementVolume, totals.settlementCurrency)}
            </Typography>
          </Box>
        )}
      </Part>
    </SectionCard>
  );
}

/** The per-day figures of a histogram as a table: the chart's alternative. */
function DayTable({
  title,
  series,
  currency,
}: {
  title: string;
  series: readonly HistogramBucket[];
  currency: string;
}) {
  const tr = t(useTranslate());
  return (
    <ScrollingTable label={title}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{tr('table.date')}</TableCell>
            <TableCell align="right">{tr('table.count')}</TableCell>
            <TableCell align="right">{tr('table.volume', { currency })}</TableCell>
            <TableCell>{tr('table.byCurrency')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {series.map((bucket) => (
            <TableRow key={bucket.date}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(bucket.date)}
              </TableCell>
              <TableCell align="right">{formatNumber(bucket.count)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {statisticsAmount(bucket.settlementVolume, currency)}
              </TableCell>
              <TableCell>
                {orderedVolumes(bucket.volumes)
                  .map((v) => statisticsAmount(v.amount, v.currency))
                  .join(', ') || '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollingTable>
  );
}

/**
 * One histogram: the chart (an image named by its summary) or, behind 'Show as table', the same days
 * as a table; 'No deposits in this period' when the month was quiet.
 */
function HistogramCard({
  kind,
  query,
  after,
}: {
  kind: StatisticsKind;
  query: UseQueryResult<Histogram>;
  after: string;
}) {
  const translate = useTranslate();
  const tr = t(translate);
  const [asTable, setAsTable] = useState(false);
  const title = tr(`charts.${kind}`);
  const series = useMemo(
    () => (query.data ? dailySeries(query.data.buckets ?? [], after, utcDay(new Date())) : []),
    [query.data, after],
  );
  const quiet = query.isSuccess && isQuiet(series);
  const toggle =
    query.isSuccess && !quiet ? (
      <Button size="small" variant="outlined" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
        {tr('showTable')}
      </Button>
    ) : null;

  return (
    <SectionCard title={title} action={toggle}>
      <Box component="figure" aria-label={title} sx={{ m: 0 }}>
        <Part query={query} skeleton={<Skeleton variant="rectangular" height={CHART_HEIGHT} />}>
          {(histogram) => {
            if (quiet) return <Typography color="text.secondary">{tr(`empty.${kind}`)}</Typography>;
            const currency = histogram.settlementCurrency;
            if (asTable) return <DayTable title={title} series={series} currency={currency} />;
            const sums = seriesTotals(series);
            const summary = tr('chartSummary', {
              title,
              from: formatDate(series[0].date),
              to: formatDate(series[series.length - 1].date),
              count: formatNumber(sums.count),
              volume: statisticsAmount(sums.settlementVolume, currency),
            });
            return (
              <Box role="img" aria-label={summary} sx={{ height: CHART_HEIGHT, minWidth: 0 }}>
                <Suspense fallback={<Skeleton variant="rectangular" height={CHART_HEIGHT} />}>
                  <HistogramChart series={series} currency={currency} height={CHART_HEIGHT} />
                </Suspense>
              </Box>
            );
          }}
        </Part>
      </Box>
    </SectionCard>
  );
}

/** The top coins of one kind: 5 coins and 'Other', with their share of the settlement volume. */
function TopCoinsCard({ kind, query }: { kind: StatisticsKind; query: UseQueryResult<StatisticsTotals> }) {
  const tr = t(useTranslate());
  const title = tr(`topCoins.${kind}`);
  return (
    <SectionCard title={title}>
      <Part query={query} skeleton={lines(5)}>
        {(totals) => {
          const rows = topCoins(totals.coins ?? []);
          if (rows.length === 0) return <Typography color="text.secondary">{tr(`empty.${kind}`)}</Typography>;
          const currency = totals.settlementCurrency;
          return (
            <ScrollingTable label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{tr('topCoins.coin')}</TableCell>
                    <TableCell align="right">{tr('topCoins.count')}</TableCell>
                    <TableCell align="right">{tr('topCoins.volume')}</TableCell>
                    <TableCell align="right">{tr('topCoins.settlementVolume', { currency })}</TableCell>
                    <TableCell align="right">{tr('topCoins.percent')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.currency ?? 'other'}>
                      <TableCell component="th" scope="row">
                        {row.currency ?? tr('topCoins.other')}
                        {row.currency === null ? (
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {row.others.join(', ')}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right">{formatNumber(row.count)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {row.volume !== null && row.currency
                          ? statisticsAmount(row.volume, row.currency)
                          : '—'}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {statisticsAmount(row.settlementVolume, currency)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {percentText(row.percent)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollingTable>
          );
        }}
      </Part>
    </SectionCard>
  );
}

/** The settlement balances by currency name, each with its value in the settlement currency. */
function BalancesCard({
  query,
  nameOf,
}: {
  query: UseQueryResult<StatisticsTotals>;
  nameOf?: (currency: string) => string | undefined;
}) {
  const tr = t(useTranslate());
  const title = tr('balances.title');
  return (
    <SectionCard title={title}>
      <Part query={query} skeleton={lines(4)}>
        {(totals) => {
          const rows = settlementBalanceRows(totals, nameOf);
          if (rows.length === 0)
            return <Typography color="text.secondary">{tr('balances.empty')}</Typography>;
          const currency = totals.settlementCurrency;
          return (
            <ScrollingTable label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{tr('balances.currency')}</TableCell>
                    <TableCell align="right">{tr('balances.amount')}</TableCell>
                    <TableCell align="right">{tr('balances.uniform', { currency })}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.currency}>
                      <TableCell component="th" scope="row">
                        {row.currency}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {statisticsAmount(row.amount, row.currency)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {row.uniform === null ? '—' : statisticsAmount(row.uniform, currency)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell component="th" scope="row" colSpan={2}>
                      {tr('balances.total', { currency })}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {statisticsAmount(uniformTotal(rows), currency)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </ScrollingTable>
          );
        }}
      </Part>
    </SectionCard>
  );
}

export interface StatisticsViewProps {
  /** The window and the business (none: every visible business). */
  query: StatisticsQuery;
  /** Show the settlement balances (the business detail shows its own balances table instead). */
  showBalances?: boolean;
  /** A currency's name, for ordering the balances (default: the currency table's). */
  nameOf?: (currency: string) => string | undefined;
}

export function StatisticsView({ query, showBalances = true, nameOf }: StatisticsViewProps) {
  const { histograms, totals } = useStatistics(query);
  return (
    <Stack spacing={2}>
      <Columns>
        <TotalsCard kind="deposits" query={totals.deposits} />
        <TotalsCard kind="withdrawals" query={totals.withdrawals} />
      </Columns>
      <Columns>
        <HistogramCard kind="deposits" query={histograms.deposits} after={query.after} />
        <HistogramCard kind="withdrawals" query={histograms.withdrawals} after={query.after} />
      </Columns>
      <Columns>
        <TopCoinsCard kind="deposits" query={totals.deposits} />
        <TopCoinsCard kind="withdrawals" query={totals.withdrawals} />
      </Columns>
      {showBalances ? <BalancesCard query={totals.deposits} nameOf={nameOf} /> : null}
    </Stack>
  );
}
