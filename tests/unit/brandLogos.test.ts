/** The brands' logos and icons (src/domain/brandLogos.ts): distinct, centred, light and dark. */
import { describe, expect, it } from 'vitest';
import { brandAssetSvg, LOGO, logoWidth, wordmarkWidth, WORDMARK_COLOR } from '../../src/domain/brandLogos';
import { BRAND_ASSETS, BRANDS } from '../../src/domain/brands';

const attr = (svg: string, name: string) => new RegExp(`<svg[^>]* ${name}="([^"]+)"`).exec(svg)?.[1];

describe('brand logos', () => {
  it('each brand has its own mark shape', () => {
    expect(new Set(BRANDS.map((b) => b.mark)).size).toBe(BRANDS.length);
    const marks = BRANDS.map((b) =>
      brandAssetSvg(b, 'icon')
        .replace(/#[0-9a-f]{6}/gi, '')
        .replace(/aria-label="[^"]*"/, ''),
    );
    expect(new Set(marks).size).toBe(BRANDS.length);
  });

  it.each(BRANDS.map((b) => [b.key, b] as const))(
    '%s: light and dark logos, the viewBox exactly the content plus an equal margin (centred)',
    (_key, brand) => {
      const light = brandAssetSvg(brand, 'light-logo');
      const dark = brandAssetSvg(brand, 'dark-logo');
      expect(light).not.toBe(dark);
      for (const svg of [light, dark]) {
        const width = logoWidth(brand);
        expect(attr(svg, 'viewBox')).toBe(`0 0 ${width} ${LOGO.height}`);
        expect(attr(svg, 'width')).toBe(String(width));
        expect(attr(svg, 'aria-label')).toBe(brand.name);
        // The mark starts at the margin; the wordmark's fixed length ends at the same margin on the right.
        expect(svg).toContain(`translate(${LOGO.margin} ${LOGO.margin})`);
        const text = /<text x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)"/.exec(svg)!;
        const right = width - (Number(text[1]) + Number(text[2]));
        expect(right).toBe(LOGO.margin);
        // The mark (40 units) with equal margins fills the height.
        expect(LOGO.mark + 2 * LOGO.margin).toBe(LOGO.height);
        expect(svg).toContain(`>${brand.name}</text>`);
        expect(svg).toMatch(/font-family="system-ui, [^"]*sans-serif"/);
      }
      expect(light).toContain(`fill="${WORDMARK_COLOR.light}"`);
      expect(dark).toContain(`fill="${WORDMARK_COLOR.dark}"`);
      expect(light).toContain(`fill="${brand.primaryColor}"`);
    },
  );

  it('the logo width follows the name (no fixed 240-unit canvas)', () => {
    const widths = BRANDS.map(logoWidth);
    expect(new Set(widths).size).toBeGreaterThan(6);
    expect(wordmarkWidth('Meridian Merchant', 22)).toBeGreaterThan(wordmarkWidth('OrbitPay', 22));
  });

  it('icons are square, of their declared sizes, with the mark in the middle', () => {
    const brand = BRANDS[0];
    for (const asset of BRAND_ASSETS.filter((a) => !a.endsWith('logo'))) {
      const svg = brandAssetSvg(brand, asset);
      const size = Number(attr(svg, 'width'));
      expect(attr(svg, 'height')).toBe(String(size));
      const [, offset, scale] = /translate\(([\d.]+) [\d.]+\) scale\(([\d.]+)\)/.exec(svg)!.map(Number);
      expect(offset * 2 + 40 * scale).toBeCloseTo(size, 5);
    }
  });

  it('escapes the name', () => {
    const svg = brandAssetSvg({ ...BRANDS[0], name: 'A&B <C>' }, 'light-logo');
    expect(svg).toContain('A&#38;B &#60;C&#62;');
  });
});
