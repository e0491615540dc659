/**
 * XLSX for reports, streamed: exceljs's streaming writer (`stream.xlsx.WorkbookWriter`) writes each
 * row as it is committed into the zip, which flows into the returned byte stream, so memory stays at
 * about one batch of rows whatever the size of the file. The next batch is read only when the client
 * has taken what was written (the output stream's backpressure).
 *
 * Cells: text is formula-neutralised by the CSV exports' rule (`neutralised`, server/lib/csv.ts) and
 * stripped of the characters XML cannot hold; a `decimal` column holds amounts (decimal strings,
 * never floats): a number cell when the decimal reads back exactly as written (at most 15 significant
 * digits, what a spreadsheet's number holds), otherwise a text cell with the exact decimal, so no amount
 * is ever rounded by the file. Shared strings are off (they would keep every string in memory).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutralised, type CsvColumn } from './csv';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of a sheet: the CSV column's header and value, its width and whether it holds amounts. */
export interface SheetColumn<Row> extends CsvColumn<Row> {
  /** Width in characters (default 14). */
  width?: number;
  /** Values are decimal strings (amounts). */
  decimal?: boolean;
}

/** Characters XML 1.0 cannot hold (exceljs would write them and break the file). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal string as a number when the number's text is that decimal exactly, else the text. */
function decimalCell(text: string): number | string {
  if (!DECIMAL.test(text)) return neutralised(text.replace(NOT_XML, ''));
  const number = Number(text);
  const canonical = text
    .replace(/^(-?)0+(?=\d)/, '$1')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return Number.isFinite(number) && String(number) === canonical && canonical !== '-0' ? number : text;
}

/** A cell's value as exceljs receives it. */
export function sheetCell(value: unknown, decimal = false): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string')
    return decimal ? decimalCell(value) : neutralised(value.replace(NOT_XML, ''));
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new Error(`XLSX: ${value} is not a safe integer; write amounts as decimal strings`);
    }
    return value;
  }
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  throw new Error(`XLSX: cannot write a ${typeof value}`);
}

/**
 * A byte stream of one worksheet: a bold header row and then every row of every batch, committed as it
 * goes. A failing batch ends the stream with that error.
 */
export function xlsxStream<Row>(
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Readable {
  const out = new PassThrough();
  async function write() {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 14 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of batches) {
      for (const row of batch) {
        sheet.addRow(columns.map((c) => sheetCell(c.value(row), c.decimal))).commit();
      }
      // Let the zip take the batch, then wait while the client has not taken what was written.
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain && !out.destroyed)
        await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return; // the client went away: read no further batch
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
