/**
 * The transaction ledger as a workbook a person reads (XLSX, exceljs's streaming writer as
 * server/lib/xlsx.ts, one batch of rows in memory, the client's backpressure respected): a heading
 * block (title, organisation, business, currency, period, generated at), then a bold header row that
 * stays in view (frozen) with an autofilter over the table, and one row per line: the date a real date
 * cell (UTC), amounts and balances number cells in the currency's precision (a decimal a spreadsheet's
 * number cannot hold exactly stays text, server/lib/xlsx.ts), the line, the entry's type and its
 * reference in words of the report's language, and a description for every line. The CSV keeps the
 * machine-readable codes (./service.ts).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportLocale } from '../../../src/domain/reportForms';
import { sheetCell } from '../../lib/xlsx';
import type { LedgerRow } from './service';
import { dateInWords, instantInWords, kindLabel, LEDGER, referenceLabel, timeOfDay } from './texts';

export interface LedgerHeading {
  organisation: string;
  /** The business's name, or undefined for every visible business. */
  business?: string;
  /** The currency named, or undefined for all. */
  currency?: string;
  /** The first and last UTC day of the window (their midnights). */
  from: Date;
  to: Date;
  generatedAt: Date;
}

/** The row of the table's header (the heading block is above it): frozen, and the autofilter's first row. */
export const LEDGER_HEADER_ROW = 8;

export const LEDGER_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A number format for amounts of `precision` decimals with thousands separators ('#,##0.00'). */
export const amountFormat = (precision: number) =>
  precision > 0 ? `#,##0.${'0'.repeat(precision)}` : '#,##0';

const WIDTHS = [13, 26, 10, 17, 20, 26, 30, 48, 20, 20];

export function ledgerSheetStream(
  heading: LedgerHeading,
  locale: ReportLocale,
  batches: AsyncIterable<readonly LedgerRow[]>,
): Readable {
  const words = LEDGER[locale];
  const out = new PassThrough();

  const description = (row: LedgerRow): string => {
    const at = new Date(row.date);
    if (row.line === 'opening') return words.openingDescription(dateInWords(at, locale));
    if (row.line === 'closing')
      return row.closingAtGeneration
        ? words.closingNowDescription(dateInWords(at, locale), timeOfDay(at))
        : words.closingDescription(dateInWords(at, locale));
    if (row.description) return row.description;
    const what = row.reference ? referenceLabel(row.reference, locale) : kindLabel(row.kind ?? '', locale);
    return `${row.amount?.startsWith('-') ? words.debit : words.credit}: ${what}`;
  };

  async function write() {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(words.sheet, {
      views: [
        { state: 'frozen', xSplit: 0, ySplit: LEDGER_HEADER_ROW, activeCell: `A${LEDGER_HEADER_ROW + 1}` },
      ],
    });
    sheet.columns = WIDTHS.map((width) => ({ width }));

    const title = sheet.addRow([words.title]);
    title.font = { bold: true, size: 14 };
    title.commit();
    const facts: [string, string][] = [
      [words.organisation, heading.organisation],
      [words.business, heading.business ?? words.allBusinesses],
      [words.currency, heading.currency ?? words.allCurrencies],
      [words.window, words.windowText(dateInWords(heading.from, locale), dateInWords(heading.to, locale))],
      [words.generated, instantInWords(heading.generatedAt, locale)],
    ];
    for (const [label, value] of facts) {
      const row = sheet.addRow([label, sheetCell(value)]);
      row.getCell(1).font = { bold: true };
      row.commit();
    }
    sheet.addRow([]).commit();

    const c = words.columns;
    const header = sheet.addRow([
      c.businessId,
      c.business,
      c.currency,
      c.line,
      c.date,
      c.kind,
      c.reference,
      c.description,
      c.amount,
      c.balance,
    ]);
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF0F4' } };
      cell.border = { bottom: { style: 'thin', color: { argb: 'FF9AA0AC' } } };
    });
    header.getCell(9).alignment = { horizontal: 'right' };
    header.getCell(10).alignment = { horizontal: 'right' };
    header.commit();

    let last = LEDGER_HEADER_ROW;
    for await (const batch of batches) {
      for (const line of batch) {
        const row = sheet.addRow([
          line.businessId,
          sheetCell(line.businessName),
          line.currency,
          words.lines[line.line],
          new Date(line.date),
          line.kind === null ? null : kindLabel(line.kind, locale),
          line.reference === null ? null : sheetCell(referenceLabel(line.reference, locale)),
          sheetCell(description(line)),
          line.amount === null ? null : sheetCell(line.amount, true),
          sheetCell(line.balance, true),
        ]);
        row.getCell(5).numFmt = LEDGER_DATE_FORMAT;
        const format = amountFormat(line.precision);
        row.getCell(9).numFmt = format;
        row.getCell(10).numFmt = format;
        if (line.line !== 'posting') row.font = { bold: true };
        row.commit();
        last = row.number;
      }
      // Let the zip take the batch, then wait while the client has not taken what was written.
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain && !out.destroyed)
        await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return; // the client went away: read no further batch
    }
    sheet.autoFilter = {
      from: { row: LEDGER_HEADER_ROW, column: 1 },
      to: { row: last, column: WIDTHS.length },
    };
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
