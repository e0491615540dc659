/**
 * CSV for exports (RFC 4180: comma-separated, CRLF line ends, a field with a comma, a double quote or a
 * line break enclosed in double quotes with its quotes doubled), safe to open in a spreadsheet.
 *
 * Formula neutralisation (OWASP "CSV injection"): a text cell that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return gets a leading `'`, so a spreadsheet shows it as text instead of evaluating
 * it. A plain decimal number (`-12.5`) is left alone: it cannot be a formula, and a signed amount must
 * stay a number.
 *
 * Values: strings as they are, integers in full (never exponent notation), booleans as true/false,
 * dates as ISO 8601 UTC, null and undefined as an empty cell. Amounts are decimal strings already
 * (never floats); a fractional JavaScript number is refused rather than rounded or written as 1e-7.
 */
import { Readable } from 'node:stream';

/** The first characters a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number (what amounts are): safe as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Characters that make RFC 4180 enclose a field in double quotes. */
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * A text cell as a spreadsheet must receive it: with a leading `'` when it starts like a formula and is
 * not a plain decimal number. The CSV exports and the XLSX writer (server/lib/xlsx.ts) share this rule.
 */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell's text: formatted, neutralised and quoted. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') text = value;
  else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new Error(`CSV: ${value} is not a safe integer; write amounts as decimal strings`);
    }
    text = BigInt(value).toString();
  } else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (value instanceof Date) text = value.toISOString();
  else throw new Error(`CSV: cannot write a ${typeof value}`);
  text = neutralised(text);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its cells joined by commas, ended by CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A column of an export: its header and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** The header record of some columns. */
export const csvHeader = <Row>(columns: readonly CsvColumn<Row>[]) => csvLine(columns.map((c) => c.header));

/**
 * A byte stream of the header and then every row of every batch, one chunk per batch: memory stays
 * at one batch whatever the size of the export, and the next batch is read only when the client has
 * taken the previous one (the stream's backpressure).
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Readable {
  async function* chunks() {
    yield Buffer.from(csvHeader(columns), 'utf8');
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      let text = '';
      for (const row of batch) text += csvLine(columns.map((c) => c.value(row)));
      yield Buffer.from(text, 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
