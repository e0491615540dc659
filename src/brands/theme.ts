/**
 * The theme factory: a brand definition (src/domain/brands.ts) → MUI theme options and theme.
 * Built on @mui/material only (the login chunk loads it); the admin merges these options over
 * react-admin's defaultTheme in App.
 *
 * The spec's brand colours (primaryColor, sidebarHeaders, positiveButtonAction, userRole,
 * buttonTextColor, sidebar, withdrawal) are available as `theme.palette.brand`.
 */
import {
  createTheme,
  darken,
  getContrastRatio,
  lighten,
  type Theme,
  type ThemeOptions,
} from '@mui/material/styles';
import type { BrandDefinition } from '../domain/brands';

export interface BrandPalette {
  /** Main brand colour (app bar, primary buttons, links). */
  primaryColor: string;
  /** Sidebar section headers. */
  sidebarHeaders: string;
  /** Confirming / positive actions (save, confirm, create). */
  positiveButtonAction: string;
  /** The user's role under the e-mail in the sidebar. */
  userRole: string;
  /** Text on primary-coloured buttons. */
  buttonTextColor: string;
  sidebar: {
    background: string;
    text: string;
    activeBackground: string;
    activeText: string;
  };
  /** Withdrawals (outgoing amounts, withdrawal actions). */
  withdrawal: {
    main: string;
    contrastText: string;
  };
}

declare module '@mui/material/styles' {
  interface Palette {
    brand: BrandPalette;
  }
  interface PaletteOptions {
    brand?: BrandPalette;
  }
}

/** WCAG 2.1 AA for normal text. */
export const AA_CONTRAST = 4.5;
const DARK_TEXT = '#1a1a1a';
const LIGHT_TEXT = '#ffffff';

/** The colour darkened step by step until it reaches the contrast ratio against the background. */
export function ensureContrast(color: string, background: string, ratio = AA_CONTRAST): string {
  let current = color;
  for (let step = 1; step <= 10 && getContrastRatio(current, background) < ratio; step++) {
    current = darken(color, step / 10);
  }
  return current;
}

/** White or near-black, whichever reads on the background (white preferred when it passes AA). */
export function readableTextOn(background: string): string {
  return getContrastRatio(LIGHT_TEXT, background) >= AA_CONTRAST ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * Brand-specific palette overrides on top of what the definition's colours give (some brands'
 * themes override colours beyond the primary one). Keys are brand keys.
 */
export const BRAND_PALETTE_OVERRIDES: Readonly<Record<string, Partial<BrandPalette>>> = {};

export function brandPalette(definition: BrandDefinition, overrides?: Partial<BrandPalette>): BrandPalette {
  const primary = definition.primaryColor;
  const sidebarBackground = definition.sidebarColor;
  const activeBackground = lighten(primary, 0.85);
  const base: BrandPalette = {
    primaryColor: primary,
    sidebarHeaders: ensureContrast(definition.secondaryColor, sidebarBackground),
    positiveButtonAction: '#2e7d32',
    userRole: ensureContrast(primary, sidebarBackground),
    buttonTextColor: readableTextOn(primary),
    sidebar: {
      background: sidebarBackground,
      text: DARK_TEXT,
      activeBackground,
      activeText: ensureContrast(primary, activeBackground),
    },
    withdrawal: { main: '#c62828', contrastText: LIGHT_TEXT },
  };
  const extra = { ...BRAND_PALETTE_OVERRIDES[definition.key], ...overrides };
  return {
    ...base,
    ...extra,
    sidebar: { ...base.sidebar, ...extra.sidebar },
    withdrawal: { ...base.withdrawal, ...extra.withdrawal },
  };
}

/** Theme options for a brand: merge them over react-admin's defaultTheme in the admin. */
export function brandThemeOptions(
  definition: BrandDefinition,
  overrides?: Partial<BrandPalette>,
): ThemeOptions {
  const brand = brandPalette(definition, overrides);
  // The brand's primary colour overrides MUI's default primary (as every brand theme does).
  const primary = brand.primaryColor;
  const focusRing = {
    outline: `2px solid ${ensureContrast(primary, '#ffffff', 3)}`,
    outlineOffset: 2,
  };
  return {
    palette: {
      mode: 'light',
      contrastThreshold: AA_CONTRAST,
      primary: { main: primary, contrastText: brand.buttonTextColor },
      secondary: { main: definition.secondaryColor, contrastText: readableTextOn(definition.secondaryColor) },
      success: { main: brand.positiveButtonAction, contrastText: readableTextOn(brand.positiveButtonAction) },
      error: { main: brand.withdrawal.main, contrastText: brand.withdrawal.contrastText },
      background: { default: '#fafafa', paper: '#ffffff' },
      brand,
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.5rem', fontWeight: 600 },
    },
    components: {
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiButton: {
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { '&:focus-visible': focusRing } },
      },
    },
  };
}

export function createBrandTheme(definition: BrandDefinition, overrides?: Partial<BrandPalette>): Theme {
  return createTheme(brandThemeOptions(definition, overrides));
}
