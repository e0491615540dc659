/**
 * The rules of the filter bar (./FilterBar.tsx), apart from React: what a list filter declares, which
 * of its values are active, the date presets as calendar days, and calendar days in the user's
 * format (docs/decisions.md, decisions 112–115).
 *
 * A date range is two calendar days of the browser's time zone ('2026-11-21'), both inclusive, in the
 * filter keys the list names (`from`, `to`): the URL keeps them as they are, and the list's data
 * provider turns them into instants (for the transaction lists: dateRangeQuery in
 * src/domain/transactions.ts, the start of `from` and the start of the day after `to`).
 */

/** One value a choice filter offers: its filter value and its (translated) name. */
export interface FilterChoice {
  id: string;
  name: string;
}

/** A filter of one value from a list (status, currency): the URL key `source`. */
export interface ChoiceFilter {
  type: 'choice';
  source: string;
  /** The translated name ('Status'). */
  label: string;
  choices: readonly FilterChoice[];
}

/** A range of calendar days: the URL keys `from` and `to` (both optional, both inclusive). */
export interface DateRangeFilter {
  type: 'dateRange';
  from: string;
  to: string;
  /** The translated name ('Date'). */
  label: string;
}

export type FilterSpec = ChoiceFilter | DateRangeFilter;

export type FilterValues = Record<string, unknown>;

/** A stable key per filter (its first URL key). */
export function filterKey(spec: FilterSpec): string {
  return spec.type === 'choice' ? spec.source : spec.from;
}

/** The URL keys a filter sets. */
export function filterSources(spec: FilterSpec): string[] {
  return spec.type === 'choice' ? [spec.source] : [spec.from, spec.to];
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether the filter has a value in `values`. */
export function isActive(spec: FilterSpec, values: FilterValues): boolean {
  return filterSources(spec).some((source) => filled(values[source]));
}

/** `values` without the filter's keys (the other filters untouched). */
export function withoutFilter(values: FilterValues, spec: FilterSpec): FilterValues {
  const next = { ...values };
  for (const source of filterSources(spec)) delete next[source];
  return next;
}

/** `values` without any key the bar sets (the search and every filter): 'Clear all'. */
export function withoutAll(
  values: FilterValues,
  specs: readonly FilterSpec[],
  search?: string,
): FilterValues {
  let next = { ...values };
  for (const spec of specs) next = withoutFilter(next, spec);
  if (search) delete next[search];
  return next;
}

/** `values` with `key` set, or removed when `value` is empty (the URL keeps no empty keys). */
export function withValue(values: FilterValues, key: string, value: unknown): FilterValues {
  const next = { ...values };
  if (filled(value)) next[key] = value;
  else delete next[key];
  return next;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written as 'YYYY-MM-DD'. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of an instant in the browser's time zone: '2026-11-21'. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date presets, in the order the menu shows them. */
export const DATE_PRESETS = ['today', 'last7', 'last30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** How many calendar days each preset spans, today included. */
export const PRESET_DAYS: Readonly<Record<DatePreset, number>> = { today: 1, last7: 7, last30: 30 };

/**
 * A preset as calendar days of the browser's zone, today included: 'Last 7 days' on 21 Nov is
 * 15 Nov–21 Nov (seven days, of which today is the last).
 */
export function presetRange(preset: DatePreset, now: Date = new Date()): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (PRESET_DAYS[preset] - 1));
  return { from: dayOf(start), to: dayOf(now) };
}

/** The preset a range is today, if any (the menu marks it). */
export function presetOf(from: unknown, to: unknown, now: Date = new Date()): DatePreset | undefined {
  return DATE_PRESETS.find((preset) => {
    const range = presetRange(preset, now);
    return range.from === from && range.to === to;
  });
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: string): Intl.DateTimeFormat {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  return format;
}

/** A calendar day in the locale's numeric format: '21.11.2026' (de-DE), '21/11/2026' (en-GB). */
export function formatDay(day: string, locale: string): string {
  if (!isDay(day)) return day;
  const [year, month, date] = day.split('-').map(Number);
  return dayFormat(locale).format(new Date(Date.UTC(year, month - 1, date)));
}

/**
 * The same format as a pattern for the date fields (day.js tokens): 'DD.MM.YYYY' (de-DE),
 * 'DD/MM/YYYY' (en-GB), 'MM/DD/YYYY' (en-US), so what is typed reads like what the chips show.
 */
export function dayPattern(locale: string): string {
  const tokens: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
    day: 'DD',
    month: 'MM',
    year: 'YYYY',
  };
  return dayFormat(locale)
    .formatToParts(new Date(Date.UTC(2026, 10, 21)))
    .map((part) => tokens[part.type] ?? part.value)
    .join('');
}

/** The texts a date range's value is written with (from the catalogue). */
export interface RangeTexts {
  /** Both days: '%{from} – %{to}'. */
  range: (from: string, to: string) => string;
  /** From a day on: 'from %{date}'. */
  since: (date: string) => string;
  /** Up to a day: 'until %{date}'. */
  until: (date: string) => string;
}

/**
 * What a date range's chip shows after its name: one day ('21.11.2026'), both ends
 * ('15.11.2026 – 21.11.2026'), or one end ('from 15.11.2026', 'until 21.11.2026'); a value that is
 * not a day (a hand-edited URL) is shown as it is.
 */
export function rangeValue(from: unknown, to: unknown, locale: string, texts: RangeTexts): string {
  const show = (day: unknown) => (typeof day === 'string' ? formatDay(day, locale) : String(day));
  const hasFrom = filled(from);
  const hasTo = filled(to);
  if (hasFrom && hasTo) return from === to ? show(from) : texts.range(show(from), show(to));
  if (hasFrom) return texts.since(show(from));
  if (hasTo) return texts.until(show(to));
  return '';
}

/** What a choice filter's chip shows after its name: the chosen value's name (or the raw value). */
export function choiceValue(spec: ChoiceFilter, value: unknown): string {
  return spec.choices.find((choice) => choice.id === value)?.name ?? String(value);
}
