/**
 * The brand's logo mark in a PDF: the mark of the brand's light logo (src/domain/brandLogos.ts, the
 * same drawing the dashboard shows) turned into vector paths pdf-lib draws, so the letterhead needs no
 * image file and no rasteriser. The marks use paths, circles, ellipses (one rotated) and rounded
 * rectangles; each becomes one SVG path (circles and ellipses as polygons of 64 points).
 */
import { LineCapStyle, rgb, type PDFPage } from 'pdf-lib';
import { brandAssetSvg } from '../../../src/domain/brandLogos';
import type { BrandDefinition } from '../../../src/domain/brands';

/** One shape of the mark in its 40×40 box: an SVG path with its fill and stroke. */
export interface MarkShape {
  d: string;
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  round: boolean;
}

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

function ellipsePath(cx: number, cy: number, rx: number, ry: number, degrees = 0): string {
  const angle = (degrees * Math.PI) / 180;
  const points: string[] = [];
  for (let i = 0; i < 64; i++) {
    const t = (i / 64) * 2 * Math.PI;
    const [x, y] = [rx * Math.cos(t), ry * Math.sin(t)];
    const px = cx + x * Math.cos(angle) - y * Math.sin(angle);
    const py = cy + x * Math.sin(angle) + y * Math.cos(angle);
    points.push(`${i === 0 ? 'M' : 'L'}${px.toFixed(3)} ${py.toFixed(3)}`);
  }
  return `${points.join(' ')} Z`;
}

function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  if (r <= 0) return `M${x} ${y} H${x + w} V${y + h} H${x} Z`;
  const k = r * 0.5523; // a quarter circle as one cubic Bézier
  return (
    `M${x + r} ${y} H${x + w - r} C${x + w - r + k} ${y} ${x + w} ${y + r - k} ${x + w} ${y + r} ` +
    `V${y + h - r} C${x + w} ${y + h - r + k} ${x + w - r + k} ${y + h} ${x + w - r} ${y + h} ` +
    `H${x + r} C${x + r - k} ${y + h} ${x} ${y + h - r + k} ${x} ${y + h - r} ` +
    `V${y + r} C${x} ${y + r - k} ${x + r - k} ${y} ${x + r} ${y} Z`
  );
}

/** The shapes of the brand's mark, in drawing order. */
export function markShapes(brand: BrandDefinition): MarkShape[] {
  const svg = brandAssetSvg(brand, 'light-logo');
  const group = /<g transform="translate\([^)]*\)">(.*?)<\/g>/.exec(svg)?.[1] ?? '';
  const shapes: MarkShape[] = [];
  for (const [tag, name] of group.matchAll(/<(path|circle|ellipse|rect)\b[^>]*\/>/g)) {
    const a = attributes(tag);
    const n = (key: string) => Number(a[key] ?? 0);
    const rotation = /rotate\((-?[\d.]+)/.exec(a.transform ?? '')?.[1];
    const d =
      name === 'path'
        ? a.d
        : name === 'circle'
          ? ellipsePath(n('cx'), n('cy'), n('r'), n('r'))
          : name === 'ellipse'
            ? ellipsePath(n('cx'), n('cy'), n('rx'), n('ry'), Number(rotation ?? 0))
            : roundedRect(n('x'), n('y'), n('width'), n('height'), n('rx'));
    shapes.push({
      d,
      fill: a.fill && a.fill !== 'none' ? a.fill : undefined,
      stroke: a.stroke && a.stroke !== 'none' ? a.stroke : undefined,
      strokeWidth: a['stroke-width'] ? Number(a['stroke-width']) : undefined,
      round: a['stroke-linecap'] === 'round',
    });
  }
  return shapes;
}

const colour = (hex: string) => {
  const v = hex.replace('#', '');
  const full = v.length === 3 ? [...v].map((c) => c + c).join('') : v;
  return rgb(
    parseInt(full.slice(0, 2), 16) / 255,
    parseInt(full.slice(2, 4), 16) / 255,
    parseInt(full.slice(4, 6), 16) / 255,
  );
};

/** Draws the mark `size` points wide with its top left corner at (x, top). */
export function drawMark(page: PDFPage, brand: BrandDefinition, x: number, top: number, size: number) {
  const scale = size / 40;
  for (const shape of markShapes(brand)) {
    page.drawSvgPath(shape.d, {
      x,
      y: top,
      scale,
      color: shape.fill ? colour(shape.fill) : undefined,
      borderColor: shape.stroke ? colour(shape.stroke) : undefined,
      borderWidth: shape.stroke ? (shape.strokeWidth ?? 1) : 0,
      borderLineCap: shape.round ? LineCapStyle.Round : undefined,
    });
  }
}

/** The brand's primary colour (the letterhead's rule). */
export const brandColour = (brand: BrandDefinition) => colour(brand.primaryColor);
