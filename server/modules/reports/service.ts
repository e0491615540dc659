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
 * A balance confirmation of today (the UTC day not yet over) states the balances as of the moment it is
 * generated, not those of a midnight still to come; one of an earlier day those at its end. Each letter
 * has a reference of its own: `BC-<organisation>-<business or 0>-<asOf YYYYMMDD>-<generated HHMMSS>-<4
 * random characters>` (BC-1-0-20261121-143205-K7QM), so two letters never share one, and nothing is
 * stored. Letters and the XLSX ledger are written in the request's language (English or German).
 */
import Big from 'big.js';
import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import { validationError } from '../../http/errors';
import { conversionInto } from '../../lib/conversion';
import { CSV_CONTENT_TYPE, csvStream } from '../../lib/csv';
import { XLSX_CONTENT_TYPE, type SheetColumn } from '../../lib/xlsx';
import { findBrand } from '../../../src/domain/brands';
import { errorTexts, normaliseForm, validateForm } from '../../../src/domain/forms';
import { addressLines, letterForm, slugify, unicodeSlugify } from '../../../src/domain/reportForms';
import { ledgerSheetStream } from './ledgerSheet';
import { confirmationPdf, type ConfirmationRow } from './pdf';
import { reportsRepository, type AccountAtRow } from './repository';
import {
  LEDGER_WINDOW_DAYS_MAX,
  REPORT_TEXTS,
  type BalanceConfirmationBodyType,
  type TransactionLedgerBodyType,
} from './schemas';
import { formatAmount, formatRate } from './texts';

export { formatAmount };

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
  /** The currency's decimals (the XLSX's number format). */
  precision: number;
  /** A closing line dated at the report's generation (the window's last day is today). */
  closingAtGeneration?: boolean;
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

/** Crockford's base 32 (no I, L, O, U): the reference's random characters. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference no other letter has: organisation, business, day, time of generation and 20 random bits. */
export function letterReference(organisationId: number, businessId: number, asOf: string, at: Date): string {
  const time = at.toISOString().slice(11, 19).replace(/:/g, '');
  const random = Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(32)]).join('');
  return `BC-${organisationId}-${businessId}-${asOf.replace(/-/g, '')}-${time}-${random}`;
}

export function reportsService({ db, now, config }: AppContext) {
  const repository = reportsRepository(db);
  const brand = findBrand(config.brand)!;

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
      const errors = errorTexts(validateForm(letterForm, body)) as Record<string, string>;
      const day = dayStart(body.asOf);
      const generatedAt = new Date(now());
      const today = generatedAt.toISOString().slice(0, 10);
      if (!day) errors.asOf = REPORT_TEXTS.notADate;
      else if (body.asOf > today) errors.asOf = REPORT_TEXTS.asOfInFuture;
      const business = await businessOf(scope, body.businessId, errors);
      fail(errors);
      const texts = normaliseForm(letterForm, body);
      // Today's balances are those of the moment of generation; an earlier day's those at its end.
      const asOfNow = body.asOf === today ? generatedAt : undefined;
      // (Postings are read before an instant: the moment of generation counts in.)
      const end = asOfNow ? new Date(asOfNow.getTime() + 1) : new Date(day!.getTime() + DAY);

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
      const pdf = await confirmationPdf(
        {
          locale: body.locale ?? 'en',
          brand,
          provider: { legalName: config.providerLegalName, address: config.providerAddress },
          addressee: texts.addresseeName
            ? { name: texts.addresseeName, address: addressLines(texts.addresseeAddress) }
            : undefined,
          signatory: texts.signatoryName
            ? { name: texts.signatoryName, title: texts.signatoryTitle || undefined }
            : undefined,
          organisation: organisation.name,
          business: business?.name,
          businessCount,
          asOfDay: day!,
          asOfNow,
          reference: letterReference(scope.organisationId, business?.id ?? 0, body.asOf, generatedAt),
          generatedAt,
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
      const generatedAt = new Date(now());
      const rows = ledgerRows(scope, accounts, window, generatedAt);
      const name = (part: (text: string) => string) =>
        `transaction-ledger-${namePart(organisation.name, business, part)}-${body.from}-${body.to}.${body.format}`;
      const names = { fileName: name(slugify), unicodeFileName: name(unicodeSlugify) };
      if (body.format === 'csv')
        return { ...names, contentType: CSV_CONTENT_TYPE, body: csvStream(LEDGER_COLUMNS, rows) };
      const heading = {
        organisation: organisation.name,
        business: business?.name,
        currency: body.currency,
        from: from!,
        to: to!,
        generatedAt,
      };
      return {
        ...names,
        contentType: XLSX_CONTENT_TYPE,
        body: ledgerSheetStream(heading, body.locale ?? 'en', rows),
      };
    },
  };

  /**
   * Per account: its opening line, its postings batch by batch with their running balance, its closing
   * line. The closing line is dated inside the window: the last instant of its last day (24:00 UTC
   * less a millisecond), or, while that day is not over, the moment of generation (never before the
   * account's last posting).
   */
  async function* ledgerRows(
    scope: OrgScope,
    accounts: readonly AccountAtRow[],
    window: { from: Date; to: Date },
    generatedAt: Date,
  ): AsyncGenerator<LedgerRow[]> {
    const lastInstant = window.to.getTime() - 1;
    for (const account of accounts) {
      const base = {
        businessId: account.businessId,
        businessName: account.businessName,
        currency: account.currency,
        kind: null,
        reference: null,
        description: null,
        amount: null,
        precision: account.precision,
      };
      let balance = new Big(account.opening);
      let latest = window.from.getTime();
      yield [{ ...base, line: 'opening', date: window.from.toISOString(), balance: balance.toFixed() }];
      if (account.postings > 0) {
        for await (const batch of repository.postings(scope, account.accountId, window)) {
          yield batch.map((p) => {
            balance = balance.plus(p.amount);
            latest = Math.max(latest, Date.parse(p.createdAt));
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
      const atGeneration = generatedAt.getTime() < lastInstant;
      const closing = atGeneration
        ? Math.min(lastInstant, Math.max(generatedAt.getTime(), latest))
        : lastInstant;
      yield [
        {
          ...base,
          line: 'closing',
          date: new Date(closing).toISOString(),
          balance: balance.toFixed(),
          closingAtGeneration: atGeneration,
        },
      ];
    }
  }
}
