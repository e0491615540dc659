/**
 * Dates, numbers and amounts in the user's language, through Intl (no library).
 *
 * The Intl locale is the browser's own tag for the chosen language when it has one (`de-AT` or
 * `de-CH` for a German user in Austria or Switzerland, `en-US` for an English one in the US), so the
 * user's regional conventions hold; otherwise `en-GB` (the dashboard's English is British) or
 * `de-DE`. Every function takes `locale` to override it (tests, a fixed format).
 *
 * Amounts are decimal strings (docs/architecture.md#stack: never a float): formatAmount groups the integer
 * part with Intl (as a BigInt, exact at any size) and writes the fraction digits itself.
 */
import { CURRENCY_SEED, type Currency } from '../domain/currencies';
import { browserLanguages, getLocale, type Locale } from './locale';

const FALLBACK_TAGS: Readonly<Record<Locale, string>> = { en: 'en-GB', de: 'de-DE' };

function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The Intl locale tag for a language: the browser's tag of that language, else the fallback. */
export function intlLocale(
  locale: Locale = getLocale(),
  languages: readonly string[] = browserLanguages(),
): string {
  for (const tag of languages) {
    const language = tag.split('-')[0].toLowerCase();
    const valid = language === locale && tag.includes('-') ? canonical(tag) : undefined;
    if (valid) return valid;
  }
  return FALLBACK_TAGS[locale];
}

export interface FormatOptions {
  /** An Intl locale tag (default: intlLocale() of the current language). */
  locale?: string;
  /** An IANA time zone (dates; default: the browser's). */
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function formatInstant(
  value: Date | string | number,
  style: Intl.DateTimeFormatOptions,
  { locale = intlLocale(), timeZone }: FormatOptions,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  // A calendar date ('2025-03-14') is midnight UTC: shown in UTC it stays the same day everywhere.
  const zone = timeZone ?? (typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : undefined);
  return dateFormat(locale, zone ? { ...style, timeZone: zone } : style).format(date);
}

/** A calendar date: '14 Mar 2025' (en-GB), '14.03.2025' (de-DE). An invalid value is shown as it is. */
export function formatDate(value: Date | string | number, options: FormatOptions = {}): string {
  return formatInstant(value, { dateStyle: 'medium' }, options);
}

/** A date and time: '14 Mar 2025, 15:04' (en-GB), '14.03.2025, 15:04' (de-DE). */
export function formatDateTime(value: Date | string | number, options: FormatOptions = {}): string {
  return formatInstant(value, { dateStyle: 'medium', timeStyle: 'short' }, options);
}

/**
 * An instant with the time zone named, for transaction timestamps (ISO 8601 UTC from the API):
 * '21 Nov 2026, 14:05 CET' (en-GB in Berlin), '21. Nov. 2026, 14:05 MEZ' (de-DE). The browser's time
 * zone unless `timeZone` is given; an invalid value is shown as it is.
 */
export function formatTimestamp(value: Date | string | number, options: FormatOptions = {}): string {
  const { locale = intlLocale(), timeZone } = options;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const style: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  return dateFormat(locale, timeZone ? { ...style, timeZone } : style).format(date);
}

/** A number (counts, percentages…): '12,345.6' (en-GB), '12.345,6' (de-DE). Not for amounts. */
export function formatNumber(
  value: number | bigint,
  { locale = intlLocale(), ...options }: Intl.NumberFormatOptions & { locale?: string } = {},
): string {
  return numberFormat(locale, options).format(value);
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

function part(locale: string, value: number, type: Intl.NumberFormatPartTypes, fallback: string): string {
  return (
    numberFormat(locale)
      .formatToParts(value)
      .find((p) => p.type === type)?.value ?? fallback
  );
}

/**
 * An amount of a currency from its decimal string, with the currency's precision (digits after the
 * point) and its code: '1,234.50 EUR' (en), '1.234,50 EUR' (de), '0.00012345 BTC'. A longer fraction
 * is rounded half up at the last shown digit, in decimal; never through a float. The code follows the
 * number after a no-break space (crypto codes like USDT are no ISO currencies Intl would accept).
 * A string that is not a plain decimal is shown as it is.
 */
export function formatAmount(
  amount: string,
  currency: string,
  precision: number,
  { locale = intlLocale() }: { locale?: string } = {},
): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match || !Number.isInteger(precision) || precision < 0) return `${amount}\u00a0${currency}`.trim();
  const [, sign, integer, fraction = ''] = match;
  const scale = 10n ** BigInt(precision);
  let units = BigInt(integer) * scale + BigInt(fraction.slice(0, precision).padEnd(precision, '0') || '0');
  if (fraction.length > precision && fraction[precision] >= '5') units += 1n;
  const whole = numberFormat(locale).format(units / scale);
  const digits =
    precision > 0 ? part(locale, 1.5, 'decimal', '.') + String(units % scale).padStart(precision, '0') : '';
  const minus = sign === '-' && units !== 0n ? part(locale, -1, 'minusSign', '-') : '';
  return `${minus}${whole}${digits}\u00a0${currency}`.trim();
}

/**
 * The digits after the point an amount of a currency is shown with: fiat at its minor unit (2; the
 * yen has none), crypto at the currency's precision (8 for BTC, 6 for USDT…), both from the currency
 * data (the session's list when given, else the reference table); an unknown code at 8.
 */
export function amountDecimals(
  currency: string,
  known: readonly Pick<Currency, 'abbreviation' | 'precision'>[] = [],
): number {
  const precision = (known.find((c) => c.abbreviation === currency) ?? currencyOf(currency))?.precision;
  return Number.isInteger(precision) && precision! >= 0 ? precision! : UNKNOWN_PRECISION;
}

const UNKNOWN_PRECISION = 8;
const currencyOf = (code: string) => CURRENCY_SEED.find((c) => c.abbreviation === code);

/** An amount at its currency's precision (amountDecimals): '1,234.50 EUR', '0.01539448 BTC'. */
export function formatMoney(amount: string, currency: string, options: { locale?: string } = {}): string {
  return formatAmount(amount, currency, amountDecimals(currency), options);
}

/**
 * Significant digits a rate keeps, at most (issue 33 §4: no more than 6 wherever a rate is shown;
 * exports and the record's raw values keep the API's full precision). An integer part of more digits
 * is kept whole.
 */
export const RATE_SIGNIFICANT_DIGITS = 6;

/**
 * The decimals a rate (or any ratio) is shown with: RATE_SIGNIFICANT_DIGITS significant digits
 * ('59884.2592592592' → 1: '59,884.3'; '1.0834512' → 5: '1.08345'; '0.0000166987' → 10:
 * '0.0000166987'; '1234567.891' → 0).
 */
export function rateDecimals(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) return 0;
  const integer = match[2].replace(/^0+/, '');
  const fraction = match[3] ?? '';
  const leadingZeros = integer === '' ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  return Math.max(0, RATE_SIGNIFICANT_DIGITS - integer.length + leadingZeros);
}

/**
 * A rate from its decimal string at sensible precision (rateDecimals), grouped, rounded half up in
 * decimal, trailing zeros dropped: '59,884.3' (en), '59.884,3' (de), '0,921296' (de); with its unit
 * when given ('59,884.3 EUR/BTC').
 */
export function formatRate(
  value: string,
  unit = '',
  { locale = intlLocale() }: { locale?: string } = {},
): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return `${value}\u00a0${unit}`.trim();
  const decimals = rateDecimals(value);
  let text = formatAmount(value, '', decimals, { locale });
  const point = part(locale, 1.5, 'decimal', '.');
  const at = text.lastIndexOf(point);
  if (at >= 0) {
    let end = text.length;
    while (end > at + 1 && text[end - 1] === '0') end -= 1;
    text = text.slice(0, end === at + 1 ? at : end);
  }
  return `${text}\u00a0${unit}`.trim();
}
