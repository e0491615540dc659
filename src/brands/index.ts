/** Brands: theme factory, loader and context. No react-admin here (the login chunk imports it). */
export { BrandProvider, useBrand } from './BrandContext';
export { applyBrandToDocument, loadBrand, mergeBrand, type LoadedBrand } from './loadBrand';
export {
  AA_CONTRAST,
  BRAND_PALETTE_OVERRIDES,
  brandPalette,
  brandThemeOptions,
  createBrandTheme,
  ensureContrast,
  readableTextOn,
  type BrandPalette,
} from './theme';
import { BRANDS } from '../domain/brands';
import { createBrandTheme } from './theme';

/** The themes of the twelve brands, by brand key. */
export function brandThemes() {
  return Object.fromEntries(BRANDS.map((b) => [b.key, createBrandTheme(b)]));
}
