/**
 * The two reports (GET_BALANCES): the balance confirmation letter (PDF) and the transaction ledger
 * (CSV or XLSX, streamed).
 *
 * Scope: the business named, or every business of the caller's organisation the caller may see (the
 * hidden business only for ADMIN). A business the caller may not see (unknown, another organisation's,
 * the hidden one for a non-ADMIN) is a 400 on `businessId`, like every other bad field, and says nothing
 * about whether the id exists elsewhere.
 *
 * Balances at an instant come from the ledger (repository.ts): the balance confirmation's are those at
 * the end of asOf (the next UTC midnight); the ledger's opening and closing balances those at the
 * window's start (from 00:00 UTC) and end (the day after to, 00:00 UTC). Each posting's running
 * balance is the opening balance plus the postings listed before it, so every account's lines
 * reconcile: opening + postings = closing.
 *
 * The balance confirmation's reference number is deterministic: `BC-<organisation>-<business or 0>-<YYYYMMDD>`
 * (BC-1-0-20261121 for all of Aurora's businesses on 21 November 2026): the same letter asked twice has
 * the same reference, and nothing is stored.
 */
import Big from 'big.js';
import type { Readable } from 'node:stream';
import type { OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import { validationError } from '../../http/errors';
import { conversionInto } from '../../lib/conversion';
import { CSV_CONTENT_TYPE, csvStream } from '../../lib/csv';
import { XLSX_CONTENT_TYPE, xlsxStream, type SheetColumn } from '../../lib/xlsx';
import { slugify, unicodeSlugify } from '../../../src/domain/reportForms';
import { confirmationPdf, type ConfirmationRow } from './pdf';
import { reportsRepository, type AccountAtRow } from './repository';
import {
  LEDGER_WINDOW_DAYS_MAX,
  REPORT_TEXTS,
  type BalanceConfirmationBodyType,
  type TransactionLedgerBodyType,
} from './schemas';

const DAY = 86_400_000;

/**
 * UTC midnight of a YYYY-MM-DD day, or undefined for a day that does not exist (2026-02-30, or the year
 * 0, which the proleptic calendar of PostgreSQL does not have).
 */
export function dayStart(day: string): Date | undefined {
  if (day < '0001-01-01') return undefined;
  const at = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day ? undefined : at;
}

/** 'aurora-payments': the file-name part of a name (src/domain/reportForms.ts, as the dashboard's). */
export const slug = slugify;

/** A decimal string at `precision` places, rounded half up, with thousands separators: 12,345.60. */
export function formatAmount(value: string | Big, precision: number): string {
  const fixed = new Big(value).toFixed(precision, Big.roundHalfUp);
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  return negative && !/^[0.,]+$/.test(text) ? `-${text}` : text;
}

/** A rate for reading: at most 8 decimals, trailing zeros dropped, thousands separators. */
function formatRate(rate: Big): string {
  const text = formatAmount(rate, 8);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

const MONTHS = [
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
];
/** '21 November 2026' (English, as the letter is). */
const longDate = (at: Date) => `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;

export type LedgerLine = 'opening' | 'posting' | 'closing';

export interface LedgerRow {
  businessId: number;
  businessName: string;
  currency: string;
  line: LedgerLine;
  /** ISO 8601 UTC: the entry's time, or the instant of an opening or closing balance. */
  date: string;
  kind: string | null;
  reference: string | null;
  description: string | null;
  amount: string | null;
  balance: string;
}

const col = <K extends keyof LedgerRow>(
  header: string,
  key: K,
  extra: Partial<SheetColumn<LedgerRow>> = {},
): SheetColumn<LedgerRow> => ({ header, value: (row) => row[key], ...extra });

/** The ledger's columns, the same in CSV and XLSX. */
export const LEDGER_COLUMNS: readonly SheetColumn<LedgerRow>[] = [
  col('Business ID', 'businessId', { width: 11 }),
  col('Business', 'businessName', { width: 24 }),
  col('Currency', 'currency', { width: 9 }),
  col('Line', 'line', { width: 9 }),
  col('Date (UTC)', 'date', { width: 25 }),
  col('Entry kind', 'kind', { width: 20 }),
  col('Reference', 'reference', { width: 30 }),
  col('Description', 'description', { width: 40 }),
  col('Amount', 'amount', { width: 18, decimal: true }),
  col('Balance', 'balance', { width: 18, decimal: true }),
];

export interface ReportFile {
  /** ASCII (Cyrillic and Greek transliterated): Content-Disposition's filename. */
  fileName: string;
  /** The same name with the names in their own script: Content-Disposition's filename*. */
  unicodeFileName: string;
  contentType: string;
  body: Uint8Array | Readable;
}

export function reportsService({ db, now }: AppContext) {
  const repository = reportsRepository(db);

  /** The business named (or undefined for all), or a field error. */
  async function businessOf(scope: OrgScope, businessId: number | undefined, errors: Record<string, string>) {
    if (businessId === undefined) return undefined;
    const business = await repository.business(scope, businessId);
    if (!business) errors.businessId = REPORT_TEXTS.unknownBusiness;
    return business;
  }

  const fail = (errors: Record<string, string>) => {
    if (Object.keys(errors).length > 0) throw validationError(errors);
  };

  const namePart = (organisation: string, business?: { name: string }, part = slugify) =>
    business ? `${part(organisation)}-${part(business.name)}` : part(organisation);

  return {
    async balanceConfirmation(scope: OrgScope, body: BalanceConfirmationBodyType): Promise<ReportFile> {
      const errors: Record<string, string> = {};
      const day = dayStart(body.asOf);
      const today = new Date(now()).toISOString().slice(0, 10);
      if (!day) errors.asOf = REPORT_TEXTS.notADate;
      else if (body.asOf > today) errors.asOf = REPORT_TEXTS.asOfInFuture;
      const business = await businessOf(scope, body.businessId, errors);
      fail(errors);
      const end = new Date(day!.getTime() + DAY);

      const organisation = await repository.organisation(scope);
      const settlement = organisation.settlementCurrency;
      const [accounts, conversion] = await Promise.all([
        repository.accountsAt(scope, { businessId: business?.id, from: end, to: end }),
        conversionInto(db, [settlement]),
      ]);
      // Sums per currency, in the order of the currency names (the accounts' order within a business).
      const sums = new Map<string, { name: string; precision: number; balance: Big }>();
      for (const a of accounts) {
        const sum = sums.get(a.currency) ?? {
          name: a.currencyName,
          precision: a.precision,
          balance: new Big(0),
        };
        sum.balance = sum.balance.plus(a.opening);
        sums.set(a.currency, sum);
      }
      const ordered = [...sums].sort(([x, a], [y, b]) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : x < y ? -1 : x > y ? 1 : 0,
      );
      /** A value in the settlement currency, rounded half up once to its precision, for reading. */
      const inSettlement = (value: Big) => {
        const rounded = conversion.round(value, settlement);
        return formatAmount(rounded, rounded.split('.')[1]?.length ?? 0);
      };
      const rows: ConfirmationRow[] = ordered.map(([currency, s]) => {
        const rate = conversion.rate(currency, settlement);
        return {
          currency,
          currencyName: s.name,
          balance: formatAmount(s.balance, s.precision),
          rate: rate ? formatRate(rate) : undefined,
          value: rate ? inSettlement(s.balance.times(rate)) : undefined,
        };
      });
      const total = conversion.value(
        ordered.map(([currency, s]) => [currency, s.balance] as const),
        settlement,
      );
      const businessCount = business ? 1 : new Set(accounts.map((a) => a.businessId)).size;
      const generatedAt = new Date(now());
      const pdf = await confirmationPdf(
        {
          organisation: organisation.name,
          business: business?.name,
          businessCount,
          asOf: body.asOf,
          asOfText: longDate(day!),
          reference: `BC-${scope.organisationId}-${business?.id ?? 0}-${body.asOf.replace(/-/g, '')}`,
          generatedAt: generatedAt.toISOString(),
          settlementCurrency: settlement,
          rows,
          total: inSettlement(total),
        },
        generatedAt,
      );
      return {
        fileName: `balance-confirmation-${namePart(organisation.name, business)}-${body.asOf}.pdf`,
        unicodeFileName: `balance-confirmation-${namePart(organisation.name, business, unicodeSlugify)}-${body.asOf}.pdf`,
        contentType: 'application/pdf',
        body: pdf,
      };
    },

    async transactionLedger(scope: OrgScope, body: TransactionLedgerBodyType): Promise<ReportFile> {
      const errors: Record<string, string> = {};
      const from = dayStart(body.from);
      const to = dayStart(body.to);
      if (!from) errors.from = REPORT_TEXTS.notADate;
      if (!to) errors.to = REPORT_TEXTS.notADate;
      // Neither end after today (UTC), as the balance confirmation's asOf (src/domain/reportForms.ts).
      const today = new Date(now()).toISOString().slice(0, 10);
      if (from && body.from > today) errors.from = REPORT_TEXTS.fromInFuture;
      if (to && body.to > today) errors.to = REPORT_TEXTS.toInFuture;
      if (from && to && !errors.to) {
        if (to < from) errors.to = REPORT_TEXTS.fromAfterTo;
        else if ((to.getTime() - from.getTime()) / DAY + 1 > LEDGER_WINDOW_DAYS_MAX)
          errors.to = REPORT_TEXTS.windowTooLong;
      }
      const business = await businessOf(scope, body.businessId, errors);
      if (body.currency !== undefined && !(await repository.currencyExists(body.currency)))
        errors.currency = REPORT_TEXTS.unknownCurrency;
      fail(errors);
      const window = { from: from!, to: new Date(to!.getTime() + DAY) };

      const organisation = await repository.organisation(scope);
      // Read before the answer starts: a failing query is still a clean error, not a cut file.
      const accounts = (
        await repository.accountsAt(scope, { businessId: business?.id, currency: body.currency, ...window })
      ).filter((a) => a.postings > 0 || !new Big(a.opening).eq(0));
      const rows = ledgerRows(scope, accounts, window);
      const name = (part: (text: string) => string) =>
        `transaction-ledger-${namePart(organisation.name, business, part)}-${body.from}-${body.to}.${body.format}`;
      const names = { fileName: name(slugify), unicodeFileName: name(unicodeSlugify) };
      return body.format === 'csv'
        ? { ...names, contentType: CSV_CONTENT_TYPE, body: csvStream(LEDGER_COLUMNS, rows) }
        : { ...names, contentType: XLSX_CONTENT_TYPE, body: xlsxStream('Ledger', LEDGER_COLUMNS, rows) };
    },
  };

  /** Per account: its opening line, its postings batch by batch with their running balance, its closing line. */
  async function* ledgerRows(
    scope: OrgScope,
    accounts: readonly AccountAtRow[],
    window: { from: Date; to: Date },
  ): AsyncGenerator<LedgerRow[]> {
    for (const account of accounts) {
      const base = {
        businessId: account.businessId,
        businessName: account.businessName,
        currency: account.currency,
        kind: null,
        reference: null,
        description: null,
        amount: null,
      };
      let balance = new Big(account.opening);
      yield [{ ...base, line: 'opening', date: window.from.toISOString(), balance: balance.toFixed() }];
      if (account.postings > 0) {
        for await (const batch of repository.postings(scope, account.accountId, window)) {
          yield batch.map((p) => {
            balance = balance.plus(p.amount);
            return {
              ...base,
              line: 'posting' as const,
              date: p.createdAt,
              kind: p.kind,
              reference: p.reference,
              description: p.description,
              amount: p.amount,
              balance: balance.toFixed(),
            };
          });
        }
      }
      yield [{ ...base, line: 'closing', date: window.to.toISOString(), balance: balance.toFixed() }];
    }
  }
}
