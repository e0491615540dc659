/** Brands: theme factory, loader and context. No react-admin here (the login chunk imports it). */
export { BrandProvider, useBrand } from './BrandContext';
export { documentTitle } from './documentTitle';
export { applyBrandToDocument, loadBrand, mergeBrand, type LoadedBrand } from './loadBrand';
export {
  AA_CONTRAST,
  BRAND_PALETTE_OVERRIDES,
  brandPalette,
  brandThemeOptions,
  createBrandTheme,
  ensureContrast,
  focusColor,
  readableTextOn,
  type BrandPalette,
  type ThemeMode,
} from './theme';
import type { BrandDefinition } from '../domain/brands';
import { createBrandTheme } from './theme';

/** A brand's light and dark themes (react-admin's `theme` and `darkTheme`). */
export function brandThemePair(definition: BrandDefinition) {
  return { light: createBrandTheme(definition), dark: createBrandTheme(definition, undefined, 'dark') };
}
