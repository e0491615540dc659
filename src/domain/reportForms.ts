/**
 * The two reports' requests (docs/product.md#screens-and-routes, Reporting; issue 9): the balance confirmation
 * `{ businessId?, asOf }` and the transaction ledger `{ businessId?, from, to, currency?, format }`,
 * with the date rules the dashboard's forms and the reference API share (src/domain/forms.ts; the
 * messages are src/domain/validation.ts's `report*` keys), the default dates and the file names.
 *
 * Days are calendar days 'YYYY-MM-DD' in UTC, as the API reads them: a balance confirmation states the
 * balances at the end of its day (UTC), so "today" is the UTC day, never the browser's local one (in
 * Berlin after midnight the local day is already tomorrow in UTC's eyes: the server would refuse it).
 */
import { defineForm, field, required, trimmed, when, type ValuesOf } from './forms';

/** The longest ledger window in days, both ends included (so `to` is at most 365 days after `from`). */
export const MAX_LEDGER_DAYS = 366;

export const LEDGER_FORMATS = ['csv', 'xlsx'] as const;
export type LedgerFormat = (typeof LEDGER_FORMATS)[number];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Midnight UTC of a calendar day, or undefined for anything but a real 'YYYY-MM-DD' (no 2026-02-30). */
function utcMidnight(day: string): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date
    ? time
    : undefined;
}

/** A real calendar day written 'YYYY-MM-DD'. */
export const isDay = (text: string): boolean => utcMidnight(text) !== undefined;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Today's UTC day. */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier); undefined unless both are days. */
export function daysBetween(from: string, to: string): number | undefined {
  const a = utcMidnight(from);
  const b = utcMidnight(to);
  return a === undefined || b === undefined ? undefined : Math.round((b - a) / MS_PER_DAY);
}

/** The same day `months` months earlier or later, on the month's last day where it has no such day. */
export function addMonths(day: string, months: number): string {
  const time = utcMidnight(day);
  if (time === undefined) return day;
  const date = new Date(time);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return dayOf(target.getTime());
}

/** A date field: required, a real day. */
const dayRules = [required('reportDateRequired'), when('reportDateInvalid', isDay)] as const;

/** Not after `today` (the UTC day): a report states what happened, never what has not yet. */
const notAfter = (today: string) => when('reportDateInFuture', (value) => !isDay(value) || value <= today);

/** The languages a report is written in (the dashboard's; English when the request names none). */
export const REPORT_LOCALES = ['en', 'de'] as const;
export type ReportLocale = (typeof REPORT_LOCALES)[number];

/** The longest addressee name, signatory name and title (characters, after trimming). */
export const LETTER_TEXT_MAX = 200;
/** The longest addressee address: characters in all, and lines. */
export const LETTER_ADDRESS_MAX = 400;
export const LETTER_ADDRESS_LINES = 6;

/** C0 and C1 control characters and lone surrogates: what the API's one-line texts refuse. */
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The same, with tab, line feed and carriage return allowed (an address's lines). */
const CONTROL_MULTILINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Characters as the API counts them (code points: an emoji is one). */
const characters = (text: string) => Array.from(text).length;

/** A one-line text of the letter: no control characters, at most LETTER_TEXT_MAX characters. */
const letterLine = (...more: ReturnType<typeof when>[]) =>
  trimmed(
    when('reportControlCharacters', (value) => !CONTROL.test(value)),
    when('reportTextTooLong', (value) => characters(value) <= LETTER_TEXT_MAX),
    ...more,
  );

/** An address as lines ('\r\n' or '\n'), each trimmed, empty ones dropped. */
export const addressLines = (address: string): string[] =>
  address
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The letter's optional texts: the addressee (name, and an address of up to 6 lines that needs the
 * name) and the signatory (name, and a title that needs the name). The API applies the same rules
 * (server/modules/reports) and answers their texts on the fields.
 */
export const letterForm = defineForm({
  addresseeName: letterLine(),
  addresseeAddress: trimmed(
    when('reportControlCharacters', (value) => !CONTROL_MULTILINE.test(value)),
    when(
      'reportAddressTooLong',
      (value) =>
        characters(value) <= LETTER_ADDRESS_MAX && addressLines(value).length <= LETTER_ADDRESS_LINES,
    ),
    when('reportAddresseeNameRequired', (_, values) => (values.addresseeName ?? '') !== ''),
  ),
  signatoryName: letterLine(),
  signatoryTitle: letterLine(
    when('reportSignatoryNameRequired', (_, values) => (values.signatoryName ?? '') !== ''),
  ),
});
export type LetterTexts = ValuesOf<typeof letterForm>;

/**
 * POST /v1/reports/balance-confirmation: `asOf` is a day, not after `today` (the UTC day); the letter's
 * texts as `letterForm`.
 */
export const balanceConfirmationForm = (today: string) =>
  defineForm({
    asOf: field(...dayRules, notAfter(today)),
    ...letterForm,
  });
export type BalanceConfirmationDates = ValuesOf<ReturnType<typeof balanceConfirmationForm>>;

/**
 * POST /v1/reports/transaction-ledger: `from` and `to` are days, neither after `today` (the UTC day),
 * `to` not before `from`, and the window (both days included) at most MAX_LEDGER_DAYS long; both window
 * errors sit on `to`, as the API puts them.
 */
export const transactionLedgerForm = (today: string) =>
  defineForm({
    from: field(...dayRules, notAfter(today)),
    to: field(
      ...dayRules,
      notAfter(today),
      when('reportFromAfterTo', (to, values) => (daysBetween(values.from ?? '', to) ?? 0) >= 0),
      when(
        'reportWindowTooLong',
        (to, values) => (daysBetween(values.from ?? '', to) ?? 0) < MAX_LEDGER_DAYS,
      ),
    ),
  });
export type TransactionLedgerDates = ValuesOf<ReturnType<typeof transactionLedgerForm>>;

/** The request bodies. */
export interface BalanceConfirmationRequest {
  businessId?: number;
  asOf: string;
  locale?: ReportLocale;
  addresseeName?: string;
  addresseeAddress?: string;
  signatoryName?: string;
  signatoryTitle?: string;
}
export interface TransactionLedgerRequest {
  businessId?: number;
  from: string;
  to: string;
  currency?: string;
  format: LedgerFormat;
  locale?: ReportLocale;
}

/** Cyrillic and Greek letters in Latin (a plain, reversible-enough reading for a file name). */
const LATIN: Record<string, string> = Object.fromEntries(
  [
    ...'а:a б:b в:v г:g д:d е:e ё:e ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:kh ц:ts ч:ch ш:sh щ:shch ъ: ы:y ь: э:e ю:yu я:ya і:i ї:yi є:ye ґ:g ў:u'.split(
      ' ',
    ),
    ...'α:a β:v γ:g δ:d ε:e ζ:z η:i θ:th ι:i κ:k λ:l μ:m ν:n ξ:x ο:o π:p ρ:r σ:s ς:s τ:t υ:y φ:f χ:ch ψ:ps ω:o'.split(
      ' ',
    ),
  ].map((pair) => pair.split(':') as [string, string]),
);

/**
 * A name as a file-name part, as the API writes it: lower-case ASCII letters and digits, Cyrillic and
 * Greek transliterated, runs of anything else one hyphen, at most 60 characters ('Aurora Payments' →
 * 'aurora-payments', 'Café Zürich' → 'cafe-zurich', 'Северный Кофе' → 'severnyy-kofe'); 'unnamed' when
 * nothing is left (a Chinese name: the Unicode form, unicodeSlugify, keeps it).
 */
export function slugify(name: string): string {
  const text = Array.from(name.normalize('NFKC').toLowerCase(), (c) => LATIN[c] ?? c)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return text || 'unnamed';
}

/** The same part in any script (letters and digits of every script kept), for `filename*`. */
export function unicodeSlugify(name: string): string {
  const text = Array.from(
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  )
    .slice(0, 60)
    .join('')
    .replace(/-+$/, '');
  return text || 'unnamed';
}

/** `<report>-<organisation>[-<business>]-<days…>.<ext>`, e.g. balance-confirmation-aurora-payments-2026-11-21.pdf. */
export function reportFileName(
  report: 'balance-confirmation' | 'transaction-ledger',
  names: { organisation: string; business?: string },
  days: readonly string[],
  extension: string,
): string {
  const parts = [report, slugify(names.organisation), names.business ? slugify(names.business) : '', ...days];
  return `${parts.filter(Boolean).join('-')}.${extension}`;
}
