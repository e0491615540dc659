import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { applyBrandToDocument, loadBrand, mergeBrand } from '../../src/brands/loadBrand';
import { AA_CONTRAST, brandPalette, createBrandTheme } from '../../src/brands/theme';
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
