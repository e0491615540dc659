/**
 * The balance confirmation letter as a PDF (pdf-lib, A4, Noto Sans): title, the
 * organisation (and business), the date, a reference number, a generated-at line, the letter's text and
 * a table of balances per currency with each one's value in the settlement currency and the total. A
 * long table continues on further pages, its header repeated; every page has a footer with the
 * reference and "Page n of N".
 *
 * Fonts: Noto Sans (Latin, Greek, Cyrillic), embedded and subset to the characters used, and Noto Sans
 * SC for what it lacks (Chinese, Japanese kana), embedded only when a text needs it: business and
 * organisation names are letters of any script. A character neither font has (Hangul, Arabic, an emoji)
 * is written as '?', never an error. Both fonts are OFL-licensed npm packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PageSizes, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

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

const fontFile = (path: string) => {
  let bytes: Buffer | undefined;
  return () => (bytes ??= readFileSync(createRequire(import.meta.url).resolve(path)));
};
const FONTS = {
  regular: fontFile('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: fontFile('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  /** The fallback for Chinese and Japanese (10 MB: read once, and only when a letter needs it). */
  cjk: fontFile('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
};

/** A text cut into runs each of one font: the main font where it has the character, else the fallback. */
type Run = { font: PDFFont; text: string };

export async function confirmationPdf(data: Confirmation, now: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Balance confirmation ${data.reference}`);
  doc.setSubject(`Balances of ${data.organisation} as of ${data.asOf}`);
  doc.setAuthor(data.organisation);
  doc.setCreator('Payments back office');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(FONTS.regular(), { subset: true });
  const bold = await doc.embedFont(FONTS.bold(), { subset: true });
  const covers = (font: PDFFont) => {
    const set = new Set(font.getCharacterSet());
    return (c: string) => set.has(c.codePointAt(0)!);
  };
  const inMain = covers(regular);
  const needsFallback = Array.from(JSON.stringify(data)).some((c) => !inMain(c));
  const fallback = needsFallback ? await doc.embedFont(FONTS.cjk(), { subset: true }) : undefined;
  const inFallback = fallback ? covers(fallback) : () => false;

  const runsOf = (content: string, font: PDFFont): Run[] => {
    const runs: Run[] = [];
    for (const c of Array.from(content)) {
      const [f, t] = inMain(c) ? [font, c] : inFallback(c) ? [fallback!, c] : [font, '?'];
      const last = runs[runs.length - 1];
      if (last && last.font === f) last.text += t;
      else runs.push({ font: f, text: t });
    }
    return runs;
  };
  const widthOf = (content: string, size: number, font: PDFFont = regular) =>
    runsOf(content, font).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);

  let page: PDFPage = doc.addPage(PageSizes.A4);
  let y = HEIGHT - MARGIN;

  const text = (
    content: string,
    x: number,
    at: number,
    options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const size = options.size ?? 10;
    let left = x;
    for (const run of runsOf(content, options.font ?? regular)) {
      page.drawText(run.text, { x: left, y: at, font: run.font, size, color: options.color ?? INK });
      left += run.font.widthOfTextAtSize(run.text, size);
    }
  };

  /** Words laid out within the margins, line by line from y down. */
  const paragraph = (content: string, size = 10.5) => {
    const words = content.split(/\s+/);
    let line = '';
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (widthOf(next, size) > WIDTH - 2 * MARGIN && line) {
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
    const w = widthOf(content, size, font);
    text(content, align === 'right' ? x + width - w : x, y, { font, size });
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
    text(label, WIDTH - MARGIN - widthOf(label, 8), FOOTER_Y, { size: 8, color: MUTED });
  });
  return doc.save({ useObjectStreams: false });
}
