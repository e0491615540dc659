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
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
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
  useTheme,
} from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { coinColor } from '../../domain/coinColors';
import { ERROR_TEXTS } from '../../domain/errors';
import {
  dailySeries,
  isQuiet,
  orderedVolumes,
  seriesTotals,
  settlementBalanceRows,
  topCoins,
  uniformTotal,
  type Histogram,
  type HistogramBucket,
  type StatisticsKind,
  type StatisticsQuery,
  type StatisticsTotals,
  type TopCoinRow,
} from '../../domain/statistics';
import { changeOf, netFlow, type Change } from '../../domain/statisticsPeriod';
import { formatAmount, formatDate, formatMoney, formatNumber } from '../../i18n/format';
import { messageOf } from '../../layout';
import { useStatisticsApi } from './api';
import { CoinSwatch } from './CoinSwatch';
import { PeriodPicker, PeriodText, useStatisticsPeriod } from './PeriodPicker';

/** The chart module (plain SVG): its own chunk, loaded only where a chart is shown. */
const HistogramChart = lazy(() => import('./HistogramChart'));

/** The charts' height in px (the skeleton keeps it, so nothing moves when the chunk arrives). */
export const CHART_HEIGHT = 240;

/**
 * An amount on the statistics page: fiat at 2 decimals, crypto at its precision (issue 14's rule,
 * docs/decisions.md 109).
 */
export const statisticsAmount = (amount: string, currency: string) => formatMoney(amount, currency);

const percentText = (percent: string) => formatAmount(percent, '%', 2);

const t = (translate: ReturnType<typeof useTranslate>) => (key: string, options?: object) =>
  translate(`pages.statistics.${key}`, options);

/** The React Query key of one statistics call (an organisation switch clears every cached query). */
const statisticsKey = (call: string, query: StatisticsQuery) => [
  'statistics',
  call,
  query.after,
  query.before ?? 'today',
  query.businessId ?? 'all',
];

/** The totals of the previous period (disabled when there is none to compare with). */
function usePreviousTotals(query: StatisticsQuery | undefined) {
  const api = useStatisticsApi();
  const key = query ?? { after: 'none' };
  return {
    deposits: useQuery({
      queryKey: statisticsKey('depositsStatistics', key),
      queryFn: () => api.getDepositsStatistics(query!),
      enabled: query !== undefined,
    }),
    withdrawals: useQuery({
      queryKey: statisticsKey('withdrawalsStatistics', key),
      queryFn: () => api.getWithdrawalsStatistics(query!),
      enabled: query !== undefined,
    }),
  };
}

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

/** A figure in large type, its currency code (after the no-break space) smaller beside it. */
function FigureText({ text }: { text: string }) {
  const at = text.lastIndexOf('\u00a0');
  if (at < 0) return <>{text}</>;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(0, at)}
      </Box>{' '}
      <Box component="span" sx={{ fontSize: '1rem', fontWeight: 500, whiteSpace: 'nowrap' }}>
        {text.slice(at + 1)}
      </Box>
    </>
  );
}

/** One key figure: its name, the figure in large type, its change against the previous period. */
function FigureTile({
  name,
  label,
  value,
  previous,
  text,
  days,
}: {
  name: string;
  label: string;
  /** The figure (a decimal string or a count), or undefined while loading. */
  value: string | number | undefined;
  /** The previous period's figure; null: no comparison; undefined: loading. */
  previous: string | number | null | undefined;
  text: (value: string | number) => string;
  days: number;
}) {
  const tr = t(useTranslate());
  const change: Change | undefined =
    value !== undefined && previous !== undefined && previous !== null
      ? changeOf(value, previous)
      : undefined;
  const Arrow =
    change?.direction === 'up'
      ? ArrowUpwardIcon
      : change?.direction === 'down'
        ? ArrowDownwardIcon
        : RemoveIcon;
  const signed = (c: Change) =>
    c.percent === null ? text(c.delta.replace(/^-/, '')) : formatAmount(c.percent.replace(/^-/, ''), '%', 1);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={label}
      data-testid={`figure-${name}`}
      data-value={value === undefined ? undefined : String(value)}
      data-previous={previous === undefined || previous === null ? undefined : String(previous)}
      data-change={change?.percent ?? undefined}
      sx={{ minWidth: 0 }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography component="h3" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {value === undefined ? (
          <Skeleton variant="text" sx={{ fontSize: '2rem' }} />
        ) : (
          <Typography
            sx={{
              fontSize: '1.5rem',
              fontWeight: 600,
              lineHeight: 1.25,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            <FigureText text={text(value)} />
          </Typography>
        )}
        {previous === null ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {tr('figures.noPrevious')}
          </Typography>
        ) : change === undefined || previous === undefined ? (
          <Skeleton variant="text" width="80%" />
        ) : (
          <>
            <Typography
              variant="body2"
              sx={{
                mt: 0.5,
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              <Arrow fontSize="inherit" aria-hidden />
              {change.percent === null && change.direction !== 'same'
                ? tr('figures.new', { days })
                : tr(`figures.${change.direction}`, { change: signed(change), days })}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {tr('figures.previous', { days, value: text(previous) })}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The key figures of the period as tiles: deposit and withdrawal volume in the settlement currency,
 * their counts and the net flow, each with its change against the previous period of the same length.
 */
function KeyFigures({
  current,
  previous,
  days,
}: {
  current: { deposits: UseQueryResult<StatisticsTotals>; withdrawals: UseQueryResult<StatisticsTotals> };
  /** Undefined: no previous period to compare with. */
  previous:
    { deposits: UseQueryResult<StatisticsTotals>; withdrawals: UseQueryResult<StatisticsTotals> } | undefined;
  days: number;
}) {
  const translate = useTranslate();
  const tr = t(translate);
  const failed = [current.deposits, current.withdrawals].find((q) => q.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  const d = current.deposits.data;
  const w = current.withdrawals.data;
  const pd = previous ? (previous.deposits.isError ? null : previous.deposits.data) : null;
  const pw = previous ? (previous.withdrawals.isError ? null : previous.withdrawals.data) : null;
  const currency = d?.settlementCurrency ?? w?.settlementCurrency ?? '';
  const money = (value: string | number) => statisticsAmount(String(value), currency);
  const count = (value: string | number) => formatNumber(Number(value));
  const pick = <T,>(totals: StatisticsTotals | null | undefined, f: (x: StatisticsTotals) => T) =>
    totals === null ? null : totals === undefined ? undefined : f(totals);
  const both = <T,>(
    f: (a: StatisticsTotals, b: StatisticsTotals) => T,
    a?: StatisticsTotals | null,
    b?: StatisticsTotals | null,
  ) => (a === null || b === null ? null : a === undefined || b === undefined ? undefined : f(a, b));
  const net = (a: StatisticsTotals, b: StatisticsTotals) => netFlow(a.settlementVolume, b.settlementVolume);
  return (
    <Box
      role="group"
      aria-label={tr('figures.title')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))' },
      }}
    >
      <FigureTile
        name="depositVolume"
        label={tr('figures.depositVolume')}
        value={d?.settlementVolume}
        previous={pick(pd, (x) => x.settlementVolume)}
        text={money}
        days={days}
      />
      <FigureTile
        name="withdrawalVolume"
        label={tr('figures.withdrawalVolume')}
        value={w?.settlementVolume}
        previous={pick(pw, (x) => x.settlementVolume)}
        text={money}
        days={days}
      />
      <FigureTile
        name="netFlow"
        label={tr('figures.netFlow')}
        value={both(net, d, w) ?? undefined}
        previous={both(net, pd, pw)}
        text={money}
        days={days}
      />
      <FigureTile
        name="depositCount"
        label={tr('figures.depositCount')}
        value={d?.count}
        previous={pick(pd, (x) => x.count)}
        text={count}
        days={days}
      />
      <FigureTile
        name="withdrawalCount"
        label={tr('figures.withdrawalCount')}
        value={w?.count}
        previous={pick(pw, (x) => x.count)}
        text={count}
        days={days}
      />
    </Box>
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
  lastDay,
}: {
  kind: StatisticsKind;
  query: UseQueryResult<Histogram>;
  after: string;
  /** The last UTC day of the window ('YYYY-MM-DD'). */
  lastDay: string;
}) {
  const translate = useTranslate();
  const tr = t(translate);
  const [asTable, setAsTable] = useState(false);
  const title = tr(`charts.${kind}`);
  const series = useMemo(
    () => (query.data ? dailySeries(query.data.buckets ?? [], after, lastDay) : []),
    [query.data, after, lastDay],
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

/** The coins' shares as one bar of their colours (the table beside it carries the figures). */
function ShareBar({ rows }: { rows: readonly TopCoinRow[] }) {
  const mode = useTheme().palette.mode;
  return (
    <Box aria-hidden sx={{ display: 'flex', height: 12, borderRadius: 1, overflow: 'hidden', mb: 1.5 }}>
      {rows.map((row) => (
        <Box
          key={row.currency ?? 'other'}
          sx={{ width: `${row.percent}%`, bgcolor: coinColor(row.currency, mode), minWidth: 0 }}
        />
      ))}
    </Box>
  );
}

/** Bold, in the text colour (a table footer is grey by default): the total row of a table. */
const TOTAL = { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } as const;
/** A column a phone leaves out (its figure moves under the row's name: stacked rows). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** What a phone shows under the row's name instead. */
const NARROW_ONLY = { display: { xs: 'block', sm: 'none' }, overflowWrap: 'break-word' } as const;
/** An amount that may wrap between its figure and its code (in a narrow stacked cell). */
const wrappable = (text: string) => text.replace(/\u00a0/g, ' ');
/** Narrower cells on a phone, so the figures that stay fit 375 px. */
const COMPACT = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;

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
          const volume = (row: TopCoinRow) =>
            row.volume !== null && row.currency ? statisticsAmount(row.volume, row.currency) : '—';
          return (
            <>
              <ShareBar rows={rows} />
              <ScrollingTable label={title}>
                <Table size="small" aria-label={title} sx={COMPACT}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{tr('topCoins.coin')}</TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {tr('topCoins.count')}
                      </TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {tr('topCoins.volume')}
                      </TableCell>
                      <TableCell align="right">{tr('topCoins.settlementVolume', { currency })}</TableCell>
                      <TableCell align="right">{tr('topCoins.percent')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.currency ?? 'other'}>
                        <TableCell component="th" scope="row">
                          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                            <CoinSwatch currency={row.currency} />
                            {row.currency ?? tr('topCoins.other')}
                          </Box>
                          {row.currency === null ? (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {row.others.join(', ')}
                            </Typography>
                          ) : (
                            <Typography variant="caption" color="text.secondary" sx={NARROW_ONLY}>
                              {wrappable(volume(row))}
                            </Typography>
                          )}
                          <Typography variant="caption" color="text.secondary" sx={NARROW_ONLY}>
                            {`${tr('topCoins.count')}: ${formatNumber(row.count)}`}
                          </Typography>
                        </TableCell>
                        <TableCell align="right" sx={WIDE_ONLY}>
                          {formatNumber(row.count)}
                        </TableCell>
                        <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                          {volume(row)}
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
                  <TableFooter>
                    <TableRow>
                      <TableCell component="th" scope="row" sx={TOTAL}>
                        {tr('totalRow')}
                      </TableCell>
                      <TableCell align="right" sx={{ ...TOTAL, ...WIDE_ONLY }}>
                        {formatNumber(totals.count)}
                      </TableCell>
                      <TableCell sx={WIDE_ONLY} />
                      <TableCell align="right" sx={{ ...TOTAL, whiteSpace: 'nowrap' }}>
                        {statisticsAmount(totals.settlementVolume, currency)}
                      </TableCell>
                      <TableCell align="right" sx={{ ...TOTAL, whiteSpace: 'nowrap' }}>
                        {percentText('100')}
                      </TableCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              </ScrollingTable>
            </>
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
              <Table size="small" aria-label={title} sx={COMPACT}>
                <TableHead>
                  <TableRow>
                    <TableCell>{tr('balances.currency')}</TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {tr('balances.amount')}
                    </TableCell>
                    <TableCell align="right">{tr('balances.uniform', { currency })}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.currency}>
                      <TableCell component="th" scope="row">
                        {row.currency}
                        <Typography variant="caption" color="text.secondary" sx={NARROW_ONLY}>
                          {wrappable(statisticsAmount(row.amount, row.currency))}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
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
                    <TableCell component="th" scope="row" sx={TOTAL}>
                      {tr('balances.total', { currency })}
                    </TableCell>
                    <TableCell sx={WIDE_ONLY} />
                    <TableCell align="right" sx={{ ...TOTAL, whiteSpace: 'nowrap' }}>
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
  /** The period just before, of the same length (none: no comparison). */
  previous?: StatisticsQuery;
  /** The window's length in days and its last UTC day. */
  days: number;
  lastDay: string;
  /** Show the settlement balances (the business detail shows its own balances table instead). */
  showBalances?: boolean;
  /** A currency's name, for ordering the balances (default: the currency table's). */
  nameOf?: (currency: string) => string | undefined;
}

export function StatisticsView({
  query,
  previous,
  days,
  lastDay,
  showBalances = true,
  nameOf,
}: StatisticsViewProps) {
  const { histograms, totals } = useStatistics(query);
  const before = usePreviousTotals(previous);
  return (
    <Stack spacing={2}>
      <KeyFigures current={totals} previous={previous ? before : undefined} days={days} />
      <Columns>
        <HistogramCard kind="deposits" query={histograms.deposits} after={query.after} lastDay={lastDay} />
        <HistogramCard
          kind="withdrawals"
          query={histograms.withdrawals}
          after={query.after}
          lastDay={lastDay}
        />
      </Columns>
      <TopCoinsCard kind="deposits" query={totals.deposits} />
      <TopCoinsCard kind="withdrawals" query={totals.withdrawals} />
      {showBalances ? <BalancesCard query={totals.deposits} nameOf={nameOf} /> : null}
    </Stack>
  );
}

/**
 * The statistics landing view: the period (presets and custom, in the URL), what it covers, any
 * filter the page adds beside it (the business), and the view of that period compared with the one
 * before it. The /statistics page and the business detail's statistics child both show it.
 */
export function StatisticsPeriodView({
  businessId,
  filter,
  showBalances,
  nameOf,
}: {
  businessId?: number;
  filter?: ReactNode;
  showBalances?: boolean;
  nameOf?: (currency: string) => string | undefined;
}) {
  const { period, today, choose, current, previous, days } = useStatisticsPeriod();
  const query = useMemo(
    () => ({ after: current.after, before: current.before, businessId }),
    [current, businessId],
  );
  const previousQuery = useMemo(
    () => (previous ? { after: previous.after, before: previous.before, businessId } : undefined),
    [previous, businessId],
  );
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ gap: 2, alignItems: { xs: 'stretch', md: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={1}>
          <PeriodPicker key={period.kind} period={period} today={today} onChange={choose} />
          <PeriodText from={days.from} to={days.to} />
        </Stack>
        {filter}
      </Stack>
      <StatisticsView
        query={query}
        previous={previousQuery}
        days={current.days}
        lastDay={days.to}
        showBalances={showBalances}
        nameOf={nameOf}
      />
    </Stack>
  );
}
