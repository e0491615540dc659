/**
 * The balance confirmation letter as a PDF (pdf-lib, A4, the standard Helvetica fonts): title, the
 * organisation (and business), the date, a reference number, a generated-at line, the letter's text and
 * a table of balances per currency with each one's value in the settlement currency and the total. A
 * long table continues on further pages, its header repeated; every page has a footer with the
 * reference and "Page n of N".
 *
 * The standard fonts write WinAnsi only: a character they cannot show (a name in another script, an
 * emoji) is written as '?', never an error.
 */
import { PageSizes, PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface ConfirmationRow {
  currency: string;
  currencyName: string;
  /** Formatted for display (thousands separators, the currency's precision). */
  balance: string;
  /** 1 unit in the settlement currency, formatted; undefined without a stated rate. */
  rate?: string;
  /** The balance's value in the settlement currency, formatted; undefined without a stated rate. */
  value?: string;
}

export interface Confirmation {
  organisation: string;
  /** The business, when the letter is for one. */
  business?: string;
  /** How many businesses the letter covers (when it is not for one). */
  businessCount: number;
  /** YYYY-MM-DD */
  asOf: string;
  /** 'Saturday, 21 November 2026'-like text of asOf. */
  asOfText: string;
  reference: string;
  generatedAt: string;
  settlementCurrency: string;
  rows: readonly ConfirmationRow[];
  /** The total in the settlement currency, formatted. */
  total: string;
}

const [WIDTH, HEIGHT] = PageSizes.A4;
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);
const ROW_HEIGHT = 18;
const FOOTER_Y = 36;
/** The lowest a table row may sit (above the footer). */
const TABLE_BOTTOM = 72;

/** Table columns: left edge and width; numbers are right-aligned in theirs. */
const COLUMNS = [
  { x: MARGIN, width: 150, align: 'left' as const },
  { x: MARGIN + 150, width: 135, align: 'right' as const },
  { x: MARGIN + 285, width: 95, align: 'right' as const },
  { x: MARGIN + 380, width: WIDTH - 2 * MARGIN - 380, align: 'right' as const },
];

export async function confirmationPdf(data: Confirmation, now: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Balance confirmation ${data.reference}`);
  doc.setSubject(`Balances of ${data.organisation} as of ${data.asOf}`);
  doc.setAuthor(data.organisation);
  doc.setCreator('Payments back office');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writable = new Set(regular.getCharacterSet());
  /** Text the standard font can write ('?' for anything else). */
  const safe = (text: string) =>
    Array.from(text, (c) => (writable.has(c.codePointAt(0)!) ? c : '?')).join('');

  let page: PDFPage = doc.addPage(PageSizes.A4);
  let y = HEIGHT - MARGIN;

  const text = (
    content: string,
    x: number,
    at: number,
    options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {},
  ) =>
    page.drawText(safe(content), {
      x,
      y: at,
      font: options.font ?? regular,
      size: options.size ?? 10,
      color: options.color ?? INK,
    });

  /** Words laid out within the margins, line by line from y down. */
  const paragraph = (content: string, size = 10.5) => {
    const words = safe(content).split(/\s+/);
    let line = '';
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > WIDTH - 2 * MARGIN && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      text(l, MARGIN, y, { size });
      y -= size * 1.45;
    }
  };

  const cell = (content: string, column: number, font: PDFFont = regular, size = 10) => {
    const { x, width, align } = COLUMNS[column];
    const shown = safe(content);
    const w = font.widthOfTextAtSize(shown, size);
    text(shown, align === 'right' ? x + width - w : x, y, { font, size });
  };

  const rule = (at: number, thickness = 0.6) =>
    page.drawLine({
      start: { x: MARGIN, y: at },
      end: { x: WIDTH - MARGIN, y: at },
      thickness,
      color: RULE,
    });

  const tableHeader = () => {
    cell('Currency', 0, bold);
    cell('Balance', 1, bold);
    cell(`Rate (${data.settlementCurrency})`, 2, bold);
    cell(`Value (${data.settlementCurrency})`, 3, bold);
    rule(y - 6, 0.9);
    y -= ROW_HEIGHT + 2;
  };

  // The letter's head.
  text('Balance confirmation', MARGIN, y, { font: bold, size: 20 });
  y -= 30;
  const facts: [string, string][] = [
    ['Organisation', data.organisation],
    data.business !== undefined ? ['Business', data.business] : ['Businesses', `all (${data.businessCount})`],
    ['Balances as of', `${data.asOfText}, 24:00 UTC (end of ${data.asOf})`],
    ['Reference', data.reference],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, y, { font: bold, size: 10.5 });
    text(value, MARGIN + 110, y, { size: 10.5 });
    y -= 16;
  }
  text(`Generated at ${data.generatedAt}`, MARGIN, y, { size: 9, color: MUTED });
  y -= 28;

  const whose =
    data.business !== undefined
      ? `${data.organisation} for its business ${data.business}`
      : data.organisation;
  paragraph('To whom it may concern,');
  y -= 4;
  paragraph(
    `We confirm that the balances held by ${whose} on our ledger at the end of ${data.asOfText} (UTC) ` +
      `were as follows. Values in ${data.settlementCurrency}, the settlement currency, use the conversion ` +
      `rates stated in our rate table; the total is their exact sum, rounded once.`,
  );
  y -= 14;

  tableHeader();
  if (data.rows.length === 0) {
    text('No balances.', MARGIN, y, { color: MUTED });
    y -= ROW_HEIGHT;
  }
  for (const row of data.rows) {
    if (y < TABLE_BOTTOM) {
      page = doc.addPage(PageSizes.A4);
      y = HEIGHT - MARGIN;
      text(`Balance confirmation ${data.reference} (continued)`, MARGIN, y, { font: bold, size: 11 });
      y -= 28;
      tableHeader();
    }
    cell(`${row.currency}  ${row.currencyName}`, 0);
    cell(row.balance, 1);
    cell(row.rate ?? '-', 2);
    cell(row.value ?? '-', 3);
    rule(y - 6, 0.3);
    y -= ROW_HEIGHT;
  }
  if (y < TABLE_BOTTOM + 90) {
    page = doc.addPage(PageSizes.A4);
    y = HEIGHT - MARGIN;
  }
  y -= 4;
  cell(`Total (${data.settlementCurrency})`, 0, bold, 11);
  cell(data.total, 3, bold, 11);
  y -= ROW_HEIGHT + 8;
  if (data.rows.some((r) => r.value === undefined)) {
    paragraph(
      `A currency marked '-' has no stated rate into ${data.settlementCurrency} and is not in the total.`,
      9,
    );
  }
  y -= 16;
  paragraph(data.organisation);

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    page = p;
    text(`${data.reference}  |  Generated at ${data.generatedAt}`, MARGIN, FOOTER_Y, {
      size: 8,
      color: MUTED,
    });
    const label = `Page ${i + 1} of ${pages.length}`;
    text(label, WIDTH - MARGIN - regular.widthOfTextAtSize(label, 8), FOOTER_Y, { size: 8, color: MUTED });
  });
  return doc.save({ useObjectStreams: false });
}
