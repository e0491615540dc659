/**
 * A histogram of one kind of transaction per UTC day: bars of the day's volume in the settlement
 * currency, the day's count and volume in the tooltip. Drawn as plain SVG (docs/decisions.md: a
 * chart library cost the statistics page 100 kB gzip for one bar chart), in a lazy chunk of the
 * statistics view.
 *
 * The chart is drawn for the eye: its container is an image named by a summary, and the same figures
 * are a table behind 'Show as table' (keyboard and screen-reader users read that), so the SVG is
 * hidden from assistive technology and takes no focus; the tooltip follows the pointer.
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { Box, Paper, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { chartNumber, orderedVolumes, type HistogramBucket } from '../../domain/statistics';
import { formatDate, formatMoney, formatNumber, intlLocale } from '../../i18n/format';
import { CoinSwatch } from './CoinSwatch';

interface Point {
  date: string;
  value: number;
  count: number;
  volume: string;
  volumes: Readonly<Record<string, string>>;
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

/** The plot's margins and the y axis' width, in px (the top holds the axis' unit). */
const MARGIN = { top: 24, right: 8, bottom: 24, left: 56 };
const FONT_SIZE = 12;
/** Room between two x-axis labels, in px. */
const TICK_GAP = 16;

/** Ticks of the value axis: 0 and about four round steps (1, 2, 2.5 or 5 × 10^n) up to the top value. */
export function valueTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let i = 0; i * step < max + step / 2 && ticks.length <= count + 1; i++) ticks.push(i * step);
  if (ticks[ticks.length - 1] < max) ticks.push(ticks.length * step);
  return ticks;
}

/** The width of the element, followed as it changes (0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A day's figures: its count, its volume in the settlement currency and each coin's own volume. */
function DayTooltip({ point, currency }: { point: Point; currency: string }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1, fontVariantNumeric: 'tabular-nums' }}>
      <Typography variant="subtitle2">{formatDate(point.date)}</Typography>
      <Typography variant="body2">
        {translate('pages.statistics.table.count')}: {formatNumber(point.count)}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {translate('pages.statistics.axis', { currency })}: {formatMoney(point.volume, currency)}
      </Typography>
      {orderedVolumes(point.volumes).map(({ currency: coin, amount }) => (
        <Typography
          key={coin}
          variant="body2"
          sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}
        >
          <CoinSwatch currency={coin} />
          {formatMoney(amount, coin)}
        </Typography>
      ))}
    </Paper>
  );
}

export default function HistogramChart({ series, currency, height }: HistogramChartProps) {
  const theme = useTheme();
  const translate = useTranslate();
  const data = useMemo<Point[]>(
    () =>
      series.map((bucket) => ({
        date: bucket.date,
        value: chartNumber(bucket.settlementVolume),
        count: bucket.count,
        volume: bucket.settlementVolume,
        volumes: bucket.volumes ?? {},
      })),
    [series],
  );
  const shortDay = useMemo(() => shortDayFormat(), []);
  const [ref, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);

  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const ticks = valueTicks(Math.max(0, ...data.map((p) => p.value)));
  const top = ticks[ticks.length - 1];
  const y = (value: number) => MARGIN.top + plotHeight - (Math.max(0, value) / top) * plotHeight;
  const band = data.length ? plotWidth / data.length : 0;
  const barWidth = band * 0.8;
  // Every n-th day is labelled, so that the labels (about 0.6 em a character) keep their gap.
  const labels = data.map((p) => shortDay(p.date));
  const labelWidth = Math.max(0, ...labels.map((l) => l.length * FONT_SIZE * 0.6)) + TICK_GAP;
  const every = band > 0 ? Math.max(1, Math.ceil(labelWidth / band)) : 1;
  const text = { fill: theme.palette.text.secondary, fontSize: FONT_SIZE };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left - MARGIN.left;
    const index = Math.floor(x / band);
    setActive(band > 0 && index >= 0 && index < data.length ? index : null);
  };
  const point = active === null ? undefined : data[active];

  return (
    <Box ref={ref} sx={{ position: 'relative', width: '100%', height }}>
      {width > 0 && (
        <svg
          width={width}
          height={height}
          aria-hidden
          focusable="false"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
        >
          {/* The value axis' unit: the settlement currency. */}
          <text x={0} y={FONT_SIZE} {...text}>
            {translate('pages.statistics.axis', { currency })}
          </text>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke={theme.palette.divider}
              />
              <text x={MARGIN.left - 8} y={y(tick)} dy="0.355em" textAnchor="end" {...text}>
                {formatNumber(tick, { notation: 'compact', maximumFractionDigits: 1 })}
              </text>
            </g>
          ))}
          {point && active !== null && (
            <rect
              x={MARGIN.left + active * band}
              y={MARGIN.top}
              width={band}
              height={plotHeight}
              fill={theme.palette.action.hover}
            />
          )}
          {data.map((p, i) => (
            <rect
              key={p.date}
              x={MARGIN.left + i * band + (band - barWidth) / 2}
              y={y(p.value)}
              width={barWidth}
              height={MARGIN.top + plotHeight - y(p.value)}
              fill={theme.palette.primary.main}
            />
          ))}
          <line
            x1={MARGIN.left}
            x2={MARGIN.left + plotWidth}
            y1={MARGIN.top + plotHeight}
            y2={MARGIN.top + plotHeight}
            stroke={theme.palette.text.secondary}
          />
          {labels.map((label, i) =>
            i % every === 0 ? (
              <text
                key={data[i].date}
                x={MARGIN.left + (i + 0.5) * band}
                y={MARGIN.top + plotHeight + 8}
                dy="0.71em"
                textAnchor="middle"
                {...text}
              >
                {label}
              </text>
            ) : null,
          )}
        </svg>
      )}
      {point && active !== null && (
        <Box
          sx={{
            position: 'absolute',
            top: MARGIN.top,
            pointerEvents: 'none',
            zIndex: 1,
            // Beside the bar: right of it in the left half, left of it in the right half.
            ...(active < data.length / 2
              ? { left: MARGIN.left + (active + 1) * band + 8 }
              : { right: width - MARGIN.left - active * band + 8 }),
          }}
        >
          <DayTooltip point={point} currency={currency} />
        </Box>
      )}
    </Box>
  );
}
