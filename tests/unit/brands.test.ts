import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { applyBrandToDocument, loadBrand, mergeBrand } from '../../src/brands/loadBrand';
import { documentTitle } from '../../src/brands/documentTitle';
import {
  AA_CONTRAST,
  BACKGROUNDS,
  brandPalette,
  createBrandTheme,
  ERROR_COLOR,
  ERROR_HUE_MARGIN,
  focusColor,
  hueDistance,
  type ThemeMode,
} from '../../src/brands/theme';
import type { BrandResponse } from '../../src/domain/api';
import { BRANDS, findBrand } from '../../src/domain/brands';
import { fakeApi } from './helpers/fakeApi';

const response = (value = 'northwind'): BrandResponse => ({
  value,
  name: 'Northwind Pay',
  fiatDepositAllowed: true,
  lightLogoUrl: `/v1/brands/assets/${value}/light-logo.svg`,
  darkLogoUrl: `/v1/brands/assets/${value}/dark-logo.svg`,
  basicIconUrl: `/v1/brands/assets/${value}/icon.svg`,
  appleTouchIconUrl: `/v1/brands/assets/${value}/apple-touch-icon.svg`,
  pwaSmallIconUrl: `/v1/brands/assets/${value}/pwa-192.svg`,
  pwaLargeIconUrl: `/v1/brands/assets/${value}/pwa-512.svg`,
});

describe('brand themes', () => {
  it.each(BRANDS.map((b) => [b.key, b] as const))(
    '%s: primary colour from the definition, AA contrast',
    (_key, brand) => {
      const theme = createBrandTheme(brand);
      expect(theme.palette.primary.main).toBe(brand.primaryColor);
      expect(theme.palette.brand.primaryColor).toBe(brand.primaryColor);
      expect(theme.palette.brand.sidebar.background).toBe(brand.sidebarColor);
      const p = theme.palette.brand;
      expect(getContrastRatio(p.buttonTextColor, brand.primaryColor)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(
        getContrastRatio(theme.palette.primary.contrastText, theme.palette.primary.main),
      ).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(getContrastRatio(p.sidebarHeaders, p.sidebar.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(getContrastRatio(p.userRole, p.sidebar.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(getContrastRatio(p.sidebar.text, p.sidebar.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(getContrastRatio(p.sidebar.activeText, p.sidebar.activeBackground)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
      expect(getContrastRatio(p.withdrawal.contrastText, p.withdrawal.main)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
      expect(getContrastRatio('#ffffff', p.positiveButtonAction)).toBeGreaterThanOrEqual(AA_CONTRAST);
      // links use the primary colour on white paper
      expect(getContrastRatio(brand.primaryColor, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    },
  );

  it.each(BRANDS.map((b) => [b.key, b] as const))(
    '%s: a dark theme whose text, links, buttons and sidebar pass AA on the dark backgrounds',
    (_key, brand) => {
      const theme = createBrandTheme(brand, undefined, 'dark');
      const { palette } = theme;
      const p = palette.brand;
      expect(palette.mode).toBe('dark');
      expect(palette.background).toMatchObject(BACKGROUNDS.dark);
      for (const background of [BACKGROUNDS.dark.paper, BACKGROUNDS.dark.default]) {
        expect(getContrastRatio(palette.text.primary, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
        expect(getContrastRatio(palette.text.secondary, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
        // links and text buttons use the (lightened) primary colour
        expect(getContrastRatio(palette.primary.main, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
        expect(getContrastRatio(palette.error.main, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
      expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
      expect(getContrastRatio(palette.error.contrastText, palette.error.main)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
      expect(getContrastRatio(p.sidebar.text, p.sidebar.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(getContrastRatio(p.sidebarHeaders, p.sidebar.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(getContrastRatio(p.userRole, p.sidebar.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(getContrastRatio(p.sidebar.activeText, p.sidebar.activeBackground)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
    },
  );

  it('light and dark themes differ for every brand', () => {
    for (const brand of BRANDS) {
      expect(createBrandTheme(brand).palette.mode).toBe('light');
      expect(createBrandTheme(brand, undefined, 'dark').palette.background.default).not.toBe(
        createBrandTheme(brand).palette.background.default,
      );
    }
  });

  it('brands differ in their primary colour', () => {
    expect(new Set(BRANDS.map((b) => createBrandTheme(b).palette.primary.main)).size).toBe(BRANDS.length);
  });

  it('overrides replace palette colours', () => {
    const p = brandPalette(findBrand('local')!, {
      positiveButtonAction: '#1b5e20',
      sidebar: { background: '#fff', text: '#000', activeBackground: '#eee', activeText: '#000' },
    });
    expect(p.positiveButtonAction).toBe('#1b5e20');
    expect(p.sidebar.background).toBe('#fff');
  });
});

describe('the focus colour', () => {
  const modes: ThemeMode[] = ['light', 'dark'];
  it.each(BRANDS.flatMap((b) => modes.map((mode) => [b.key, mode, b] as const)))(
    '%s (%s): far from the error red in hue, AA on the paper',
    (_key, mode, brand) => {
      const { focus } = createBrandTheme(brand, undefined, mode).palette.brand;
      expect(hueDistance(focus, ERROR_COLOR[mode].main)).toBeGreaterThanOrEqual(ERROR_HUE_MARGIN);
      expect(getContrastRatio(focus, BACKGROUNDS[mode].paper)).toBeGreaterThanOrEqual(AA_CONTRAST);
    },
  );

  it("replaces Meridian's magenta (and the oranges) but keeps a blue or green brand's colour", () => {
    expect(focusColor(findBrand('meridian')!.primaryColor)).not.toBe(findBrand('meridian')!.primaryColor);
    expect(focusColor(findBrand('staging')!.primaryColor)).not.toBe(findBrand('staging')!.primaryColor);
    expect(focusColor(findBrand('northwind')!.primaryColor)).toBe(findBrand('northwind')!.primaryColor);
    expect(focusColor(findBrand('local')!.primaryColor)).toBe(findBrand('local')!.primaryColor);
  });

  it('hue distance goes round the colour wheel', () => {
    expect(hueDistance('#ff0000', '#ff0000')).toBe(0);
    expect(hueDistance('#ff0000', '#00ffff')).toBe(180);
    expect(Math.round(hueDistance('#ff0040', '#ff4000'))).toBe(30);
  });
});

describe('documentTitle', () => {
  it("reads '{page} | {brand}', or the brand alone without a page title", () => {
    expect(documentTitle('Change password', 'Northwind Pay')).toBe('Change password | Northwind Pay');
    expect(documentTitle('  Two-factor\n  authentication ', 'B')).toBe('Two-factor authentication | B');
    expect(documentTitle('', 'Northwind Pay')).toBe('Northwind Pay');
    expect(documentTitle(null, 'Northwind Pay')).toBe('Northwind Pay');
    expect(documentTitle('Unspecified error occurred.', '')).toBe('Unspecified error occurred.');
  });
});

describe('loadBrand', () => {
  it('GET /v1/brands/dashboard and merges the local definition', async () => {
    const api = fakeApi({ 'GET /v1/brands/dashboard': { body: response('coinharbor') } });
    const brand = await loadBrand('', api.fetch);
    expect(api.calls[0].url).toBe('/v1/brands/dashboard');
    expect(brand.definition).toBe(findBrand('coinharbor'));
    expect(brand.lightLogoUrl).toBe('/v1/brands/assets/coinharbor/light-logo.svg');
  });

  it('rejects on an HTTP error or a malformed body', async () => {
    await expect(
      loadBrand('', fakeApi({ 'GET /v1/brands/dashboard': { status: 500, body: {} } }).fetch),
    ).rejects.toThrow();
    await expect(
      loadBrand('', fakeApi({ 'GET /v1/brands/dashboard': { body: { value: 'x' } } }).fetch),
    ).rejects.toThrow();
    await expect(
      loadBrand('', fakeApi({ 'GET /v1/brands/dashboard': 'network-error' }).fetch),
    ).rejects.toThrow();
  });

  it('resolves relative asset URLs against another API origin; unknown keys use the default brand', () => {
    const brand = mergeBrand(response('unknown'), 'https://api.example.com');
    expect(brand.basicIconUrl).toBe('https://api.example.com/v1/brands/assets/unknown/icon.svg');
    expect(brand.definition.key).toBe('local');
  });

  it('applies title, favicon, apple-touch icon and PWA icons to the document', () => {
    const brand = mergeBrand(response());
    applyBrandToDocument(brand);
    applyBrandToDocument(brand); // idempotent
    expect(document.title).toBe('Northwind Pay');
    const links = [...document.head.querySelectorAll('link')].map((l) => [
      l.rel,
      l.getAttribute('sizes'),
      l.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['icon', null, '/v1/brands/assets/northwind/icon.svg'],
      ['apple-touch-icon', null, '/v1/brands/assets/northwind/apple-touch-icon.svg'],
      ['icon', '192x192', '/v1/brands/assets/northwind/pwa-192.svg'],
      ['icon', '512x512', '/v1/brands/assets/northwind/pwa-512.svg'],
    ]);
  });
});
