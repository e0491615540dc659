/**
 * The brands' logos and icons as SVG documents, drawn from their definitions (src/domain/brands.ts):
 * a mark (one shape per brand) and the brand's name as the wordmark. Served by the API under
 * /v1/brands/assets; the dashboard only loads the files (this module is not in the client bundle).
 *
 * The logo's viewBox is its content plus an equal margin on every side, so an <img> centres the
 * content itself (object-fit: contain). The wordmark's width is fixed with textLength, so whichever
 * font of the stack renders it, the text fills exactly the width the viewBox was computed for.
 */
import type { BrandAsset, BrandDefinition, BrandMark } from './brands';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stack every platform renders: system UI fonts first, then the metric-compatible classics. */
export const WORDMARK_FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** Helvetica Bold advance widths (per 1000 em) of A–Z and a–z; others count as 600, a space 278. */
const UPPER_WIDTHS = [
  722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611,
];
const LOWER_WIDTHS = [
  556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611,
  556, 778, 556, 556, 500,
];

function advance(c: string): number {
  if (c === ' ') return 278;
  if (c >= 'A' && c <= 'Z') return UPPER_WIDTHS[c.charCodeAt(0) - 65];
  if (c >= 'a' && c <= 'z') return LOWER_WIDTHS[c.charCodeAt(0) - 97];
  return 600;
}

/** The wordmark's width in user units at the given font size (bold). */
export function wordmarkWidth(text: string, fontSize: number): number {
  const units = [...text].reduce((sum, c) => sum + advance(c), 0);
  return Math.round((units / 1000) * fontSize * 10) / 10;
}

/**
 * The mark's shape in a 40×40 box: `fill` is the shape, `detail` what is drawn on it (in the
 * opposite colour), `accent` one touch of the brand's second colour.
 */
function markShape(kind: BrandMark, fill: string, detail: string, accent: string): string {
  switch (kind) {
    case 'shield': // a shield with a check
      return (
        `<path d="M20 2 L36 8 V19 C36 29 29 35.5 20 38 C11 35.5 4 29 4 19 V8 Z" fill="${fill}"/>` +
        `<path d="M12.5 20 L18 25.5 L28 14.5" fill="none" stroke="${detail}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<circle cx="20" cy="8.5" r="2" fill="${accent}"/>`
      );
    case 'hexagon': // a hexagon with brackets (development)
      return (
        `<path d="M20 2 L36 11 V29 L20 38 L4 29 V11 Z" fill="${fill}"/>` +
        `<path d="M16 13 L10 20 L16 27 M24 13 L30 20 L24 27" fill="none" stroke="${detail}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<circle cx="20" cy="20" r="2.2" fill="${accent}"/>`
      );
    case 'triangle': // stacked layers (staging)
      return (
        `<path d="M20 3 L38 35 H2 Z" fill="${fill}" stroke="${fill}" stroke-width="2" stroke-linejoin="round"/>` +
        `<path d="M11 28 H29 M14.5 21.5 H25.5" stroke="${detail}" stroke-width="3.5" stroke-linecap="round"/>` +
        `<circle cx="20" cy="13.5" r="2.6" fill="${accent}"/>`
      );
    case 'compass': // a compass rose pointing north
      return (
        `<circle cx="20" cy="20" r="18" fill="${fill}"/>` +
        `<path d="M20 5 L25 20 L20 35 L15 20 Z" fill="${detail}"/>` +
        `<path d="M20 5 L25 20 H15 Z" fill="${accent}"/>` +
        `<circle cx="20" cy="20" r="2.5" fill="${fill}"/>`
      );
    case 'meridian': // a globe with meridian arcs
      return (
        `<circle cx="20" cy="20" r="18" fill="${fill}"/>` +
        `<ellipse cx="20" cy="20" rx="7.5" ry="15" fill="none" stroke="${detail}" stroke-width="3"/>` +
        `<path d="M20 5 V35 M5.5 20 H34.5" stroke="${detail}" stroke-width="3"/>` +
        `<circle cx="31" cy="9" r="3" fill="${accent}"/>`
      );
    case 'anchor': // a coin with an anchor (harbour)
      return (
        `<circle cx="20" cy="20" r="18" fill="${fill}"/>` +
        `<circle cx="20" cy="20" r="14.5" fill="none" stroke="${accent}" stroke-width="2"/>` +
        `<path d="M20 12 V30 M14 17 H26 M11.5 23 C12.5 28 16 30 20 30 C24 30 27.5 28 28.5 23" fill="none" stroke="${detail}" stroke-width="3" stroke-linecap="round"/>` +
        `<circle cx="20" cy="10.5" r="2.3" fill="none" stroke="${detail}" stroke-width="2"/>`
      );
    case 'cube': // an isometric block
      return (
        `<path d="M20 2 L36 11 V29 L20 38 L4 29 V11 Z" fill="${fill}"/>` +
        `<path d="M4 11 L20 20 L36 11 M20 20 V38" fill="none" stroke="${detail}" stroke-width="2.5" stroke-linejoin="round"/>` +
        `<path d="M20 2 L36 11 L20 20 L4 11 Z" fill="${accent}"/>`
      );
    case 'gate': // an arch (gate)
      return (
        `<path d="M3 38 V17 C3 7.5 10.5 2 20 2 C29.5 2 37 7.5 37 17 V38 Z" fill="${fill}"/>` +
        `<path d="M12 38 V20 C12 15 15.5 11.5 20 11.5 C24.5 11.5 28 15 28 20 V38 Z" fill="${detail}"/>` +
        `<rect x="16.5" y="24" width="7" height="7" rx="1.5" fill="${accent}"/>`
      );
    case 'ledger': // ruled lines of a ledger
      return (
        `<rect x="3" y="3" width="34" height="34" rx="7" fill="${fill}"/>` +
        `<path d="M10 13 H30 M10 20 H30 M10 27 H22" stroke="${detail}" stroke-width="3.5" stroke-linecap="round"/>` +
        `<circle cx="28.5" cy="27" r="2.8" fill="${accent}"/>`
      );
    case 'orbit': // a planet and its orbit
      return (
        `<circle cx="20" cy="20" r="12" fill="${fill}"/>` +
        `<ellipse cx="20" cy="20" rx="18" ry="7" fill="none" stroke="${fill}" stroke-width="3" transform="rotate(-25 20 20)"/>` +
        `<circle cx="16" cy="16" r="3.5" fill="${detail}"/>` +
        `<circle cx="35" cy="12.5" r="3" fill="${accent}"/>`
      );
    case 'wave': // waves in a drop
      return (
        `<path d="M20 2 C27 11 34 18 34 25 C34 32.5 27.5 38 20 38 C12.5 38 6 32.5 6 25 C6 18 13 11 20 2 Z" fill="${fill}"/>` +
        `<path d="M10.5 25 C13.5 22 16.5 22 20 25 C23.5 28 26.5 28 29.5 25" fill="none" stroke="${detail}" stroke-width="3.2" stroke-linecap="round"/>` +
        `<path d="M13 31 C15.5 29.5 17.5 29.5 20 31 C22.5 32.5 24.5 32.5 27 31" fill="none" stroke="${accent}" stroke-width="2.5" stroke-linecap="round"/>`
      );
    case 'crystal': // a cut gem
      return (
        `<path d="M11 4 H29 L38 15 L20 37 L2 15 Z" fill="${fill}"/>` +
        `<path d="M2 15 H38 M11 4 L15 15 L20 37 L25 15 L29 4" fill="none" stroke="${detail}" stroke-width="2.2" stroke-linejoin="round"/>` +
        `<path d="M15 15 L20 4 L25 15 Z" fill="${accent}"/>`
      );
  }
}

const svg = (width: number, height: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;

/** Geometry of the logos: mark, gap and wordmark on one line, with the same margin all round. */
export const LOGO = { height: 48, margin: 4, mark: 40, gap: 10, fontSize: 22 } as const;

/** The logo's width: margin, mark, gap, wordmark, margin. */
export function logoWidth(brand: BrandDefinition): number {
  return Math.ceil(LOGO.margin * 2 + LOGO.mark + LOGO.gap + wordmarkWidth(brand.name, LOGO.fontSize));
}

/** The mark's colours on a light background (light logo, icons) and on a dark or brand one. */
function markColors(brand: BrandDefinition, onDark: boolean) {
  return onDark
    ? { fill: '#ffffff', detail: brand.primaryColor, accent: brand.secondaryColor }
    : { fill: brand.primaryColor, detail: '#ffffff', accent: brand.secondaryColor };
}

/** Wordmark colours: near-black on light backgrounds, white on dark ones. */
export const WORDMARK_COLOR = { light: '#1f2329', dark: '#ffffff' } as const;

function logo(brand: BrandDefinition, onDark: boolean): string {
  const width = logoWidth(brand);
  const { fill, detail, accent } = markColors(brand, onDark);
  const textX = LOGO.margin + LOGO.mark + LOGO.gap;
  const textWidth = width - textX - LOGO.margin;
  // The baseline puts the cap height (≈0.72 em) in the middle of the 48-unit line.
  const baseline = Math.round((LOGO.height + LOGO.fontSize * 0.72) / 2);
  return svg(
    width,
    LOGO.height,
    brand.name,
    `<g transform="translate(${LOGO.margin} ${LOGO.margin})">${markShape(brand.mark, fill, detail, accent)}</g>` +
      `<text x="${textX}" y="${baseline}" textLength="${textWidth}" lengthAdjust="spacingAndGlyphs" ` +
      `font-family="${WORDMARK_FONT}" font-size="${LOGO.fontSize}" font-weight="700" ` +
      `fill="${onDark ? WORDMARK_COLOR.dark : WORDMARK_COLOR.light}">${escapeXml(brand.name)}</text>`,
  );
}

/** The icon: the mark in white on a rounded square of the brand colour (legible as a favicon). */
function icon(brand: BrandDefinition, size: number): string {
  const { fill, detail, accent } = markColors(brand, true);
  // The 40-unit mark scaled into the middle 70 % of the square.
  const scale = (size * 0.7) / 40;
  const offset = (size - 40 * scale) / 2;
  return svg(
    size,
    size,
    brand.name,
    `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${brand.primaryColor}"/>` +
      `<g transform="translate(${offset} ${offset}) scale(${scale})">${markShape(brand.mark, fill, detail, accent)}</g>`,
  );
}

const ICON_SIZES: Record<Exclude<BrandAsset, 'light-logo' | 'dark-logo'>, number> = {
  icon: 64,
  'apple-touch-icon': 180,
  'pwa-192': 192,
  'pwa-512': 512,
};

/** The brand's logo or icon as an SVG document (served by the API under /v1/brands/assets). */
export function brandAssetSvg(brand: BrandDefinition, asset: BrandAsset): string {
  if (asset === 'light-logo') return logo(brand, false);
  if (asset === 'dark-logo') return logo(brand, true);
  return icon(brand, ICON_SIZES[asset]);
}
