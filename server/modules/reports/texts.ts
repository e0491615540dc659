/**
 * The reports' words in the dashboard's languages (English and German): the balance confirmation
 * letter and the transaction ledger's sheet, their dates in words and their numbers in the language's
 * separators. The request names the language (`locale`, the dashboard's); English when it names none.
 */
import Big from 'big.js';
import type { ReportLocale } from '../../../src/domain/reportForms';

const MONTHS: Record<ReportLocale, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
};

const two = (n: number) => String(n).padStart(2, '0');

/** '24 November 2026' / '24. November 2026' (the UTC day of an instant). */
export function dateInWords(at: Date, locale: ReportLocale): string {
  const month = MONTHS[locale][at.getUTCMonth()];
  return locale === 'de'
    ? `${at.getUTCDate()}. ${month} ${at.getUTCFullYear()}`
    : `${at.getUTCDate()} ${month} ${at.getUTCFullYear()}`;
}

/** '14:32' or with seconds '14:32:05' (UTC). */
export function timeOfDay(at: Date, seconds = false): string {
  const hm = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
  return seconds ? `${hm}:${two(at.getUTCSeconds())}` : hm;
}

/** '24 November 2026 at 14:32:05 UTC' / '24. November 2026 um 14:32:05 UTC'. */
export function instantInWords(at: Date, locale: ReportLocale): string {
  return `${dateInWords(at, locale)} ${locale === 'de' ? 'um' : 'at'} ${timeOfDay(at, true)} UTC`;
}

/** A formatted English number ('12,345.60') in the language's separators ('12.345,60' in German). */
export function localised(text: string, locale: ReportLocale): string {
  return locale === 'de' ? text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.')) : text;
}

/** A decimal at `precision` places, rounded half up, with thousands separators: 12,345.60. */
export function formatAmount(value: string | Big, precision: number): string {
  const fixed = new Big(value).toFixed(precision, Big.roundHalfUp);
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  return negative && !/^[0.,]+$/.test(text) ? `-${text}` : text;
}

/** Significant digits a rate is shown with. */
export const RATE_DIGITS = 6;

/**
 * A conversion rate for reading: six significant digits, at least two decimals, trailing zeros beyond
 * them dropped ('60,185.18518519' → '60,185.19', '0.92592593' → '0.925926', '1' → '1.00'). The values
 * are computed with the exact rate; the letter says so.
 */
export function formatRate(rate: Big): string {
  if (rate.eq(0)) return '0.00';
  const magnitude = rate.abs().e; // the exponent of the first significant digit
  const decimals = Math.max(2, RATE_DIGITS - 1 - magnitude);
  const text = formatAmount(rate, decimals);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.slice(0, 2)}${fraction.slice(2).replace(/0+$/, '')}`;
}

export interface LetterTexts {
  title: string;
  continued: (reference: string) => string;
  holder: string;
  business: string;
  businesses: string;
  allBusinesses: (count: number) => string;
  balancesAsOf: string;
  asOfEndOfDay: (day: string) => string;
  asOfGenerated: (day: string, time: string) => string;
  settlementCurrency: string;
  date: string;
  reference: string;
  salutationUnaddressed: string;
  salutation: string;
  confirms: (parts: {
    provider: string;
    addressee?: string;
    holder: string;
    business?: string;
    asOf: string;
    /** The balances are those of the moment of generation (today), not of a day's end. */
    now: boolean;
  }) => string;
  valuation: (settlement: string) => string;
  currency: string;
  balance: string;
  rate: (settlement: string) => string;
  value: (settlement: string) => string;
  total: (settlement: string) => string;
  noBalances: string;
  noRate: (settlement: string) => string;
  closing: string;
  onBehalfOf: (provider: string) => string;
  authorisedSignatory: string;
  generated: (when: string) => string;
  page: (n: number, of: number) => string;
}

/** The balance confirmation letter's texts. */
export const LETTER: Record<ReportLocale, LetterTexts> = {
  en: {
    title: 'Balance confirmation',
    continued: (reference) => `Balance confirmation ${reference} (continued)`,
    holder: 'Account holder',
    business: 'Business',
    businesses: 'Businesses',
    allBusinesses: (count) => `all ${count} businesses`,
    balancesAsOf: 'Balances as of',
    asOfEndOfDay: (day) => `end of ${day} (24:00 UTC)`,
    asOfGenerated: (day, time) => `${day}, ${time} UTC (when this letter was generated)`,
    settlementCurrency: 'Settlement currency',
    date: 'Date',
    reference: 'Reference',
    salutationUnaddressed: 'To whom it may concern,',
    salutation: 'Dear Sir or Madam,',
    confirms: ({ provider, addressee, holder, business, asOf, now }) =>
      `${provider} hereby confirms${addressee ? ` to ${addressee}` : ''} that the balances held on its ledger by ` +
      `${holder}${business ? ` for its business ${business}` : ''} ${now ? 'as of' : 'at the'} ${asOf} were as follows.`,
    valuation: (settlement) =>
      `Values are stated in ${settlement}, the settlement currency, at the conversion rates of our rate table ` +
      `(shown to six significant digits; each value uses the exact rate). The total is the exact sum of the ` +
      `balances' values, rounded once.`,
    currency: 'Currency',
    balance: 'Balance',
    rate: (s) => `Rate (${s})`,
    value: (s) => `Value (${s})`,
    total: (s) => `Total (${s})`,
    noBalances: 'No balances.',
    noRate: (s) => `A currency marked '-' has no stated rate into ${s} and is not in the total.`,
    closing: 'Yours faithfully,',
    onBehalfOf: (provider) => `For and on behalf of ${provider}`,
    authorisedSignatory: 'Authorised signatory',
    generated: (when) => `Generated on ${when}`,
    page: (n, of) => `Page ${n} of ${of}`,
  },
  de: {
    title: 'Saldenbestätigung',
    continued: (reference) => `Saldenbestätigung ${reference} (Fortsetzung)`,
    holder: 'Kontoinhaber',
    business: 'Unternehmen',
    businesses: 'Unternehmen',
    allBusinesses: (count) => `alle ${count} Unternehmen`,
    balancesAsOf: 'Salden zum',
    asOfEndOfDay: (day) => `Ende des ${day} (24:00 UTC)`,
    asOfGenerated: (day, time) => `${day}, ${time} UTC (Zeitpunkt der Erstellung)`,
    settlementCurrency: 'Abrechnungswährung',
    date: 'Datum',
    reference: 'Referenz',
    salutationUnaddressed: 'Sehr geehrte Damen und Herren,',
    salutation: 'Sehr geehrte Damen und Herren,',
    confirms: ({ provider, addressee, holder, business, asOf }) =>
      `${provider} bestätigt hiermit${addressee ? ` gegenüber ${addressee}` : ''}, dass die in unserem Hauptbuch ` +
      `für ${holder}${business ? ` (Unternehmen ${business})` : ''} geführten Salden zum ${asOf} wie folgt lauteten.`,
    valuation: (settlement) =>
      `Die Werte sind in ${settlement}, der Abrechnungswährung, zu den Umrechnungskursen unserer Kurstabelle ` +
      `angegeben (auf sechs signifikante Stellen gezeigt; jeder Wert verwendet den exakten Kurs). Die Summe ist ` +
      `die exakte Summe der Werte, einmal gerundet.`,
    currency: 'Währung',
    balance: 'Saldo',
    rate: (s) => `Kurs (${s})`,
    value: (s) => `Wert (${s})`,
    total: (s) => `Summe (${s})`,
    noBalances: 'Keine Salden.',
    noRate: (s) =>
      `Eine mit '-' markierte Währung hat keinen Kurs in ${s} und ist nicht in der Summe enthalten.`,
    closing: 'Mit freundlichen Grüßen',
    onBehalfOf: (provider) => `Für ${provider}`,
    authorisedSignatory: 'Zeichnungsberechtigte Person',
    generated: (when) => `Erstellt am ${when}`,
    page: (n, of) => `Seite ${n} von ${of}`,
  },
};

/** The ledger sheet's texts. */
export const LEDGER = {
  en: {
    sheet: 'Ledger',
    title: 'Transaction ledger',
    organisation: 'Organisation',
    business: 'Business',
    allBusinesses: 'All businesses',
    currency: 'Currency',
    allCurrencies: 'All currencies',
    window: 'Period',
    windowText: (from: string, to: string) => `${from} – ${to} (UTC days, both included)`,
    generated: 'Generated at',
    columns: {
      businessId: 'Business ID',
      business: 'Business',
      currency: 'Currency',
      line: 'Line',
      date: 'Date (UTC)',
      kind: 'Type',
      reference: 'Reference',
      description: 'Description',
      amount: 'Amount',
      balance: 'Balance',
    },
    lines: { opening: 'Opening balance', posting: 'Posting', closing: 'Closing balance' },
    openingDescription: (day: string) => `Balance at the start of ${day} (00:00 UTC)`,
    closingDescription: (day: string) => `Balance at the end of ${day} (24:00 UTC)`,
    closingNowDescription: (day: string, time: string) => `Balance on ${day} at ${time} UTC (when generated)`,
    credit: 'Credit',
    debit: 'Debit',
  },
  de: {
    sheet: 'Journal',
    title: 'Buchungsjournal',
    organisation: 'Organisation',
    business: 'Unternehmen',
    allBusinesses: 'Alle Unternehmen',
    currency: 'Währung',
    allCurrencies: 'Alle Währungen',
    window: 'Zeitraum',
    windowText: (from: string, to: string) => `${from} – ${to} (UTC-Tage, beide eingeschlossen)`,
    generated: 'Erstellt am',
    columns: {
      businessId: 'Unternehmens-ID',
      business: 'Unternehmen',
      currency: 'Währung',
      line: 'Zeile',
      date: 'Datum (UTC)',
      kind: 'Art',
      reference: 'Referenz',
      description: 'Beschreibung',
      amount: 'Betrag',
      balance: 'Saldo',
    },
    lines: { opening: 'Anfangssaldo', posting: 'Buchung', closing: 'Endsaldo' },
    openingDescription: (day: string) => `Saldo zu Beginn des ${day} (00:00 UTC)`,
    closingDescription: (day: string) => `Saldo am Ende des ${day} (24:00 UTC)`,
    closingNowDescription: (day: string, time: string) => `Saldo am ${day} um ${time} UTC (bei Erstellung)`,
    credit: 'Gutschrift',
    debit: 'Belastung',
  },
} as const;

/** The ledger's entry kinds (ledger_entries.kind) in words; an unknown kind is shown as it is. */
const KINDS: Record<string, Record<ReportLocale, string>> = {
  payment: { en: 'Payment deposit', de: 'Zahlungseingang' },
  withdrawal: { en: 'Crypto withdrawal', de: 'Krypto-Auszahlung' },
  fiat_deposit: { en: 'Fiat deposit', de: 'Fiat-Einzahlung' },
  whitelabel_deposit: { en: 'White-label fiat deposit', de: 'White-Label-Fiat-Einzahlung' },
  settlement: { en: 'Settlement', de: 'Abrechnung' },
  transfer: { en: 'Internal transfer', de: 'Interne Umbuchung' },
  unassociated_deposit: { en: 'Unassociated deposit', de: 'Nicht zugeordnete Einzahlung' },
  unallocated_deposit: { en: 'Unallocated deposit', de: 'Nicht verteilte Einzahlung' },
  manual: { en: 'Manual movement', de: 'Manuelle Buchung' },
  conversion: { en: 'Balance conversion', de: 'Saldenumrechnung' },
  conversion_fee: { en: 'Conversion fee', de: 'Umrechnungsgebühr' },
  withdrawal_hold: { en: 'Withdrawal hold', de: 'Reservierung einer Auszahlung' },
  withdrawal_release: { en: 'Withdrawal release', de: 'Freigabe einer Auszahlung' },
};

/** The records an entry's reference names ('fiat-deposit:71'), in words. */
const RECORDS: Record<string, Record<ReportLocale, string>> = {
  'payment-deposit': { en: 'Payment deposit', de: 'Zahlungseingang' },
  'crypto-withdrawal': { en: 'Crypto withdrawal', de: 'Krypto-Auszahlung' },
  'fiat-deposit': { en: 'Fiat deposit', de: 'Fiat-Einzahlung' },
  'whitelabel-fiat-deposit': { en: 'White-label fiat deposit', de: 'White-Label-Fiat-Einzahlung' },
  'fiat-withdrawal': { en: 'Fiat withdrawal', de: 'Fiat-Auszahlung' },
  'internal-transfer': { en: 'Internal transfer', de: 'Interne Umbuchung' },
  'unassociated-deposit': { en: 'Unassociated deposit', de: 'Nicht zugeordnete Einzahlung' },
  'unallocated-deposit': { en: 'Unallocated deposit', de: 'Nicht verteilte Einzahlung' },
  'manual-movement': { en: 'Manual movement', de: 'Manuelle Buchung' },
  'balance-conversion': { en: 'Balance conversion', de: 'Saldenumrechnung' },
  'balance-conversion-fee': { en: 'Fee of balance conversion', de: 'Gebühr der Saldenumrechnung' },
  'crypto-withdrawal-hold': { en: 'Hold of crypto withdrawal', de: 'Reservierung der Krypto-Auszahlung' },
  'crypto-withdrawal-release': {
    en: 'Release of crypto withdrawal',
    de: 'Freigabe der Krypto-Auszahlung',
  },
};

/** 'fiat_deposit' → 'Fiat deposit' (a kind the table lacks: its words with the underscores as spaces). */
export function kindLabel(kind: string, locale: ReportLocale): string {
  const known = KINDS[kind]?.[locale];
  if (known) return known;
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'fiat-deposit:71' → 'Fiat deposit #71'; any other reference as it is. */
export function referenceLabel(reference: string, locale: ReportLocale): string {
  const match = /^([a-z-]+):(\d+)$/.exec(reference);
  const record = match ? RECORDS[match[1]]?.[locale] : undefined;
  return record ? `${record} #${match![2]}` : reference;
}
