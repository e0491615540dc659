/**
 * The balance confirmation letter as a PDF (pdf-lib, A4, Noto Sans), in English or German
 * (./texts.ts): the brand's letterhead (its mark and name, the provider's legal name and address), the
 * addressee when one is named, the date and a reference unique to the letter, the facts (account
 * holder, businesses, the instant the balances are of, the settlement currency), the letter's text
 * naming the parties, a table of balances per currency with each one's value in the settlement
 * currency and the total, and a signature block. A long table continues on further pages, its header
 * repeated; every page has a footer with the reference, when it was generated and "Page n of N".
 *
 * Fonts: Noto Sans (Latin, Greek, Cyrillic), embedded and subset to the characters used, and for what
 * it lacks Noto Sans Hebrew, Noto Sans Arabic and Noto Sans SC (Chinese, Japanese kana), each embedded
 * only when a text needs it: business and organisation names are letters of any script. A character no
 * font has (Hangul, an emoji) is written as '?', never an error. All are OFL-licensed npm packages.
 *
 * Right to left: each line is laid out by the Unicode bidirectional algorithm (bidi-js) in a
 * left-to-right paragraph (the letter is English or German), so a Hebrew or Arabic name reads right
 * to left with its digits and Latin words left to right in it. fontkit shapes Arabic (joined forms,
 * lam-alef) and reverses a run it finds to be of a right-to-left script, but does not order the runs of
 * a line: runs of one font and one level are drawn in the algorithm's visual order (see `runsOf`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import { fontkit } from './fontkit';
import { PageSizes, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { BrandDefinition } from '../../../src/domain/brands';
import type { ReportLocale } from '../../../src/domain/reportForms';
import { brandColour, drawMark } from './logo';
import { dateInWords, instantInWords, LETTER, localised, timeOfDay } from './texts';

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
  locale: ReportLocale;
  /** The deployment's brand: the letterhead's mark, name and colour. */
  brand: BrandDefinition;
  /** Who confirms: the provider's legal name and postal address (deployment settings). */
  provider: { legalName: string; address: readonly string[] };
  /** Who the letter is to (optional: else "To whom it may concern"). */
  addressee?: { name: string; address: readonly string[] };
  /** Who signs (optional: else an empty signature line for an authorised signatory). */
  signatory?: { name: string; title?: string };
  /** The account holder (the organisation). */
  organisation: string;
  /** The business, when the letter is for one. */
  business?: string;
  /** How many businesses the letter covers (when it is not for one). */
  businessCount: number;
  /** The UTC day the balances are of (its midnight). */
  asOfDay: Date;
  /** When the day is not over: the balances are those at this instant (the generation). */
  asOfNow?: Date;
  reference: string;
  generatedAt: Date;
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
  hebrew: fontFile('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
  arabic: fontFile('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  /** The fallback for Chinese and Japanese (10 MB: read once, and only when a letter needs it). */
  cjk: fontFile('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
};

const HEBREW = /\p{Script=Hebrew}/u;
const ARABIC = /\p{Script=Arabic}/u;
/** The fonts for what Noto Sans lacks, in the order tried, each embedded when a character of the letter needs it. */
const FALLBACKS = [
  { file: FONTS.hebrew, needed: (c: string) => HEBREW.test(c) },
  { file: FONTS.arabic, needed: (c: string) => ARABIC.test(c) },
  { file: FONTS.cjk, needed: (c: string) => !HEBREW.test(c) && !ARABIC.test(c) },
];

const bidi = bidiFactory();
/** The first character of a script of its own (not punctuation, spaces, digits or a combining mark). */
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}]/u;
/**
 * Whether fontkit lays a text out right to left: it takes the script of the first such character and
 * reverses the shaped glyphs of a right-to-left one (and mirrors brackets where the font has `rtlm`).
 */
const fontkitReverses = (text: string) => {
  const first = SCRIPTED.exec(text)?.[0];
  return first !== undefined && (HEBREW.test(first) || ARABIC.test(first));
};

/** A text cut into runs each of one font: the main font where it has the character, else a fallback. */
type Run = { font: PDFFont; text: string };

export async function confirmationPdf(data: Confirmation, now: Date): Promise<Uint8Array> {
  const words = LETTER[data.locale];
  const number = (text: string) => localised(text, data.locale);
  const settlement = data.settlementCurrency;
  const doc = await PDFDocument.create();
  doc.setTitle(`${words.title} ${data.reference}`);
  doc.setSubject(`${words.title}: ${data.organisation}, ${data.asOfDay.toISOString().slice(0, 10)}`);
  doc.setAuthor(data.provider.legalName);
  doc.setCreator('Payments back office');
  doc.setLanguage(data.locale);
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
  const missing = Array.from(JSON.stringify(data)).filter((c) => !inMain(c));
  const fallbacks: { font: PDFFont; has: (c: string) => boolean }[] = [];
  for (const { file, needed } of FALLBACKS) {
    if (!missing.some(needed)) continue;
    const font = await doc.embedFont(file(), { subset: true });
    fallbacks.push({ font, has: covers(font) });
  }

  /**
   * A line as the runs to draw from left to right. Each character gets its font (the main one where it
   * has it, else the first fallback that has it, else '?' in the main font); the bidirectional algorithm
   * gives each its level (odd: right to left) and the visual order of the line. A run is a stretch of
   * that order of one font and one level whose characters are neighbours in the text. One that fontkit
   * reverses (Hebrew or Arabic letters, Arabic-Indic digits) is handed over in the reverse of the order
   * drawn: for letters that is the text's order, which fontkit needs to shape them. Any other (Latin,
   * digits, spaces, punctuation between right-to-left words) is handed over as drawn, its brackets
   * mirrored on a right-to-left level.
   */
  const runsOf = (content: string, font: PDFFont): Run[] => {
    const chars = Array.from(content, (c) => {
      if (inMain(c)) return { font, c };
      const fallback = fallbacks.find((f) => f.has(c));
      return fallback ? { font: fallback.font, c } : { font, c: '?' };
    });
    const line = chars.map((ch) => ch.c).join('');
    const levels = bidi.getEmbeddingLevels(line, 'ltr');
    // The algorithm works in UTF-16 units; a character's two units always share a level.
    const start: number[] = [];
    const charAt: number[] = [];
    chars.forEach((ch, i) => {
      start.push(charAt.length);
      for (let u = 0; u < ch.c.length; u++) charAt.push(i);
    });
    const order = chars.map((_, i) => i);
    for (const [from, to] of bidi.getReorderSegments(line, levels)) {
      const [a, b] = [charAt[from], charAt[to]];
      order.splice(a, b - a + 1, ...order.slice(a, b + 1).reverse());
    }
    const levelOf = (i: number) => levels.levels[start[i]];
    const pieces: number[][] = [];
    for (const i of order) {
      const piece = pieces[pieces.length - 1];
      const last = piece?.[piece.length - 1];
      const step = levelOf(i) % 2 ? -1 : 1;
      if (
        last !== undefined &&
        i === last + step &&
        levelOf(i) === levelOf(last) &&
        chars[i].font === chars[last].font
      )
        piece.push(i);
      else pieces.push([i]);
    }
    const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
    return pieces.map((piece) => {
      const font = chars[piece[0]].font;
      const reversed = [...piece].reverse().map((i) => chars[i].c);
      if (fontkitReverses(reversed.join(''))) return { font, text: reversed.join('') };
      const rtl = levelOf(piece[0]) % 2 === 1;
      return { font, text: piece.map((i) => (rtl && mirrored.get(start[i])) || chars[i].c).join('') };
    });
  };
  const widthOf = (content: string, size: number, font: PDFFont = regular) =>
    runsOf(content, font).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);

  let page: PDFPage = doc.addPage(PageSizes.A4);
  let y = HEIGHT - MARGIN;

  type Ink = { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> };
  const text = (content: string, x: number, at: number, options: Ink = {}) => {
    const size = options.size ?? 10;
    let left = x;
    for (const run of runsOf(content, options.font ?? regular)) {
      page.drawText(run.text, { x: left, y: at, font: run.font, size, color: options.color ?? INK });
      left += run.font.widthOfTextAtSize(run.text, size);
    }
  };
  const rightText = (content: string, right: number, at: number, options: Ink = {}) =>
    text(content, right - widthOf(content, options.size ?? 10, options.font), at, options);

  /** Lines of words within `width`. */
  const wrap = (content: string, size: number, width: number, font: PDFFont = regular) => {
    const lines: string[] = [];
    let line = '';
    for (const word of content.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (widthOf(next, size, font) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };

  /** Words laid out within the margins, line by line from y down. */
  const paragraph = (content: string, size = 10.5, options: Ink = {}) => {
    for (const l of wrap(content, size, WIDTH - 2 * MARGIN, options.font)) {
      text(l, MARGIN, y, { ...options, size });
      y -= size * 1.45;
    }
  };

  const cell = (content: string, column: number, font: PDFFont = regular, size = 10) => {
    const { x, width, align } = COLUMNS[column];
    const w = widthOf(content, size, font);
    text(content, align === 'right' ? x + width - w : x, y, { font, size });
  };

  const rule = (at: number, thickness = 0.6, color = RULE) =>
    page.drawLine({ start: { x: MARGIN, y: at }, end: { x: WIDTH - MARGIN, y: at }, thickness, color });

  const tableHeader = () => {
    cell(words.currency, 0, bold);
    cell(words.balance, 1, bold);
    cell(words.rate(settlement), 2, bold);
    cell(words.value(settlement), 3, bold);
    rule(y - 6, 0.9);
    y -= ROW_HEIGHT + 2;
  };

  /** A further page: its head names the letter and its reference. */
  const nextPage = () => {
    page = doc.addPage(PageSizes.A4);
    y = HEIGHT - MARGIN;
    text(words.continued(data.reference), MARGIN, y, { font: bold, size: 11 });
    y -= 28;
  };

  // The letterhead: the brand's mark and name on the left, the provider's legal name and address on the
  // right, over a rule in the brand's colour.
  const top = HEIGHT - 40;
  drawMark(page, data.brand, MARGIN, top, 30);
  text(data.brand.name, MARGIN + 38, top - 21, { font: bold, size: 15 });
  let right = top - 8;
  rightText(data.provider.legalName, WIDTH - MARGIN, right, { font: bold, size: 9.5 });
  for (const line of data.provider.address) {
    right -= 11.5;
    rightText(line, WIDTH - MARGIN, right, { size: 8.5, color: MUTED });
  }
  const head = Math.min(top - 40, right - 10);
  page.drawLine({
    start: { x: MARGIN, y: head },
    end: { x: WIDTH - MARGIN, y: head },
    thickness: 1.2,
    color: brandColour(data.brand),
  });

  // The addressee on the left; the date and the reference on the right.
  y = head - 34;
  let left = y;
  if (data.addressee) {
    text(data.addressee.name, MARGIN, left, { size: 10.5 });
    for (const line of data.addressee.address) {
      left -= 14;
      text(line, MARGIN, left, { size: 10.5 });
    }
  }
  const column = WIDTH - MARGIN - 200;
  text(words.date, column, y, { font: bold, size: 9.5 });
  text(dateInWords(data.generatedAt, data.locale), column + 62, y, { size: 9.5 });
  text(words.reference, column, y - 14, { font: bold, size: 9.5 });
  text(data.reference, column + 62, y - 14, { size: 9.5 });
  y = Math.min(left, y - 14) - 36;

  text(words.title, MARGIN, y, { font: bold, size: 18 });
  y -= 26;
  const asOfText = data.asOfNow
    ? words.asOfGenerated(dateInWords(data.asOfNow, data.locale), timeOfDay(data.asOfNow))
    : words.asOfEndOfDay(dateInWords(data.asOfDay, data.locale));
  const facts: [string, string][] = [
    [words.holder, data.organisation],
    data.business !== undefined
      ? [words.business, data.business]
      : [words.businesses, words.allBusinesses(data.businessCount)],
    [words.balancesAsOf, asOfText],
    [words.settlementCurrency, settlement],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, y, { font: bold, size: 10 });
    text(value, MARGIN + 120, y, { size: 10 });
    y -= 15;
  }
  y -= 14;

  paragraph(data.addressee ? words.salutation : words.salutationUnaddressed);
  y -= 4;
  paragraph(
    words.confirms({
      provider: data.provider.legalName,
      addressee: data.addressee?.name,
      holder: data.organisation,
      business: data.business,
      asOf: asOfText,
      now: data.asOfNow !== undefined,
    }),
  );
  y -= 4;
  paragraph(words.valuation(settlement));
  y -= 12;

  tableHeader();
  if (data.rows.length === 0) {
    text(words.noBalances, MARGIN, y, { color: MUTED });
    y -= ROW_HEIGHT;
  }
  for (const row of data.rows) {
    if (y < TABLE_BOTTOM) {
      nextPage();
      tableHeader();
    }
    cell(`${row.currency}  ${row.currencyName}`, 0);
    cell(number(row.balance), 1);
    cell(row.rate === undefined ? '-' : number(row.rate), 2);
    cell(row.value === undefined ? '-' : number(row.value), 3);
    rule(y - 6, 0.3);
    y -= ROW_HEIGHT;
  }
  if (y < TABLE_BOTTOM + 40) nextPage();
  y -= 4;
  cell(words.total(settlement), 0, bold, 11);
  cell(number(data.total), 3, bold, 11);
  y -= ROW_HEIGHT + 8;
  if (data.rows.some((r) => r.value === undefined)) paragraph(words.noRate(settlement), 9);

  // The signature block: the closing, on whose behalf, a line to sign on, the signatory's name and title.
  if (y < TABLE_BOTTOM + 130) nextPage();
  y -= 14;
  paragraph(words.closing);
  paragraph(words.onBehalfOf(data.provider.legalName));
  y -= 34;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 200, y }, thickness: 0.6, color: INK });
  y -= 14;
  if (data.signatory) {
    text(data.signatory.name, MARGIN, y, { font: bold, size: 10.5 });
    y -= 14;
    if (data.signatory.title) text(data.signatory.title, MARGIN, y, { size: 10 });
  } else text(words.authorisedSignatory, MARGIN, y, { size: 10, color: MUTED });

  const generated = words.generated(instantInWords(data.generatedAt, data.locale));
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    page = p;
    page.drawLine({
      start: { x: MARGIN, y: FOOTER_Y + 12 },
      end: { x: WIDTH - MARGIN, y: FOOTER_Y + 12 },
      thickness: 0.4,
      color: RULE,
    });
    text(`${words.reference} ${data.reference}  ·  ${generated}`, MARGIN, FOOTER_Y, {
      size: 8,
      color: MUTED,
    });
    rightText(words.page(i + 1, pages.length), WIDTH - MARGIN, FOOTER_Y, { size: 8, color: MUTED });
  });
  return doc.save({ useObjectStreams: false });
}
