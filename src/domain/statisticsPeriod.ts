/**
 * The period of the statistics landing page (docs/decisions.md, 108): presets of 7, 30 and 90 whole
 * UTC days ending today (30 by default), or a custom range of UTC days, kept in the URL
 * (`?period=7`, `?period=custom&from=2026-10-01&to=2026-10-31`) so a view can be reloaded and shared;
 * the window the API is asked for; the period just before it, of the same length, and the change of
 * a figure against it. Decimal strings through big.js. Plain TypeScript.
 */
import Big from 'big.js';
import { decimal } from './statistics';

export const PERIOD_PRESETS = [7, 30, 90] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const DEFAULT_PERIOD: PeriodPreset = 30;
/** The oldest day a custom range may start: the API answers at most 366 days back. */
export const CUSTOM_DAYS_MAX = 366;

export type Period = { kind: 'preset'; days: PeriodPreset } | { kind: 'custom'; from: string; to: string };

/** A statistics window: [after, before) as ISO date-times, `days` UTC days long. */
export interface PeriodWindow {
  after: string;
  /** Absent: up to the end of today (the API's default). */
  before?: string;
  days: number;
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 'YYYY-MM-DD' as UTC midnight in ms, or undefined when it is no real day. */
function dayMs(day: string | null | undefined): number | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? undefined : ms;
}
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period of the URL's parameters: `period` 7, 30 or 90, or `custom` with `from` and `to`, UTC days
 * with from ≤ to ≤ today and from at most CUSTOM_DAYS_MAX − 1 days ago. Anything else is the default.
 */
export function periodFromParams(params: URLSearchParams, today: string): Period {
  const value = params.get('period');
  if (value === 'custom') {
    const from = dayMs(params.get('from'));
    const to = dayMs(params.get('to'));
    const end = dayMs(today)!;
    if (
      from !== undefined &&
      to !== undefined &&
      from <= to &&
      to <= end &&
      end - from < CUSTOM_DAYS_MAX * DAY_MS
    )
      return { kind: 'custom', from: isoDay(from), to: isoDay(to) };
  }
  const days = PERIOD_PRESETS.find((n) => String(n) === value);
  return { kind: 'preset', days: days ?? DEFAULT_PERIOD };
}

/** The URL's parameters with the period written in (the default leaves none); others are kept. */
export function periodToParams(period: Period, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['period', 'from', 'to']) next.delete(key);
  if (period.kind === 'custom') {
    next.set('period', 'custom');
    next.set('from', period.from);
    next.set('to', period.to);
  } else if (period.days !== DEFAULT_PERIOD) next.set('period', String(period.days));
  return next;
}

/** The window of a period: N whole UTC days ending with today, or the custom days (the last included). */
export function periodWindow(period: Period, today: string): PeriodWindow {
  const end = dayMs(today)!;
  if (period.kind === 'preset') {
    return { after: new Date(end - (period.days - 1) * DAY_MS).toISOString(), days: period.days };
  }
  const from = dayMs(period.from)!;
  const to = dayMs(period.to)!;
  const days = Math.round((to - from) / DAY_MS) + 1;
  return {
    after: new Date(from).toISOString(),
    ...(to < end ? { before: new Date(to + DAY_MS).toISOString() } : {}),
    days,
  };
}

/**
 * The period just before a window, of the same length: it ends where the window starts. Undefined
 * when it would start more than CUSTOM_DAYS_MAX days before today (older than the API answers).
 */
export function previousWindow(window: PeriodWindow, today: string): PeriodWindow | undefined {
  const start = Date.parse(window.after);
  const after = start - window.days * DAY_MS;
  if (dayMs(today)! - after > (CUSTOM_DAYS_MAX - 1) * DAY_MS) return undefined;
  return { after: new Date(after).toISOString(), before: new Date(start).toISOString(), days: window.days };
}

/** The first and last UTC day of a window ('YYYY-MM-DD'). */
export function windowDays(window: PeriodWindow, today: string): { from: string; to: string } {
  const from = window.after.slice(0, 10);
  const to = window.before ? isoDay(Date.parse(window.before) - DAY_MS) : today;
  return { from, to };
}

/** A figure against the same figure of the previous period. */
export interface Change {
  /** current − previous, a decimal string. */
  delta: string;
  /** The change in percent of the previous figure, 1 decimal, half up; null when that was zero. */
  percent: string | null;
  direction: 'up' | 'down' | 'same';
}

/** The change of `current` against `previous` (decimal strings or counts), exact. */
export function changeOf(current: string | number, previous: string | number): Change {
  const now = decimal(String(current));
  const before = decimal(String(previous));
  const delta = now.minus(before);
  const direction = delta.gt(0) ? 'up' : delta.lt(0) ? 'down' : 'same';
  const percent = before.eq(0) ? null : delta.times(100).div(before.abs()).toFixed(1, Big.roundHalfUp);
  return { delta: delta.toFixed(), percent, direction };
}

/** Net flow: what came in minus what went out, in the settlement currency (a decimal string). */
export function netFlow(deposits: string, withdrawals: string): string {
  return decimal(deposits).minus(decimal(withdrawals)).toFixed();
}
