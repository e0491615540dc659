/**
 * A histogram of one kind of transaction per UTC day: bars of the day's volume in the settlement
 * currency, the day's count and volume in the tooltip. The only module that imports recharts, loaded
 * with React.lazy by the statistics view, so recharts stays out of the login page, the shell and the
 * lists (docs/architecture.md#stack and #performance-budgets).
 *
 * The chart is drawn for the eye: its container is an image named by a summary, and the same figures
 * are a table behind 'Show as table' (keyboard and screen-reader users read that), so recharts'
 * keyboard layer is off and the SVG takes no focus.
 */
import { useMemo } from 'react';
import { Paper, Typography, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import { chartNumber, statisticsDecimals, type HistogramBucket } from '../../domain/statistics';
import { formatAmount, formatDate, formatNumber, intlLocale } from '../../i18n/format';

interface Point {
  date: string;
  value: number;
  count: number;
  volume: string;
}

export interface HistogramChartProps {
  series: readonly HistogramBucket[];
  /** The settlement currency of the volumes. */
  currency: string;
  height: number;
}

/** '21 Nov' (en-GB), '21. Nov.' (de-DE): an axis tick of a UTC day. */
function shortDayFormat(): (day: string) => string {
  const format = new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : format.format(date);
  };
}

function DayTooltip({
  active,
  payload,
  currency,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
  currency: string;
}) {
  const translate = useTranslate();
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1 }}>
      <Typography variant="subtitle2">{formatDate(point.date)}</Typography>
      <Typography variant="body2">
        {translate('pages.statistics.table.count')}: {formatNumber(point.count)}
      </Typography>
      <Typography variant="body2">
        {formatAmount(point.volume, currency, statisticsDecimals(currency))}
      </Typography>
    </Paper>
  );
}

export default function HistogramChart({ series, currency, height }: HistogramChartProps) {
  const theme = useTheme();
  const data = useMemo<Point[]>(
    () =>
      series.map((bucket) => ({
        date: bucket.date,
        value: chartNumber(bucket.settlementVolume),
        count: bucket.count,
        volume: bucket.settlementVolume,
      })),
    [series],
  );
  const shortDay = useMemo(() => shortDayFormat(), []);
  const axis = { fill: theme.palette.text.secondary, fontSize: 12 };
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={data}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke={theme.palette.divider} />
      <XAxis dataKey="date" tickFormatter={shortDay} tick={axis} minTickGap={16} tickLine={false} />
      <YAxis
        width={56}
        tick={axis}
        tickLine={false}
        axisLine={false}
        tickFormatter={(value: number) =>
          formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 })
        }
      />
      <Tooltip
        cursor={{ fill: theme.palette.action.hover }}
        content={({ active, payload }) => (
          <DayTooltip active={active} payload={payload} currency={currency} />
        )}
      />
      <Bar dataKey="value" fill={theme.palette.primary.main} isAnimationActive={false} />
    </BarChart>
  );
}
