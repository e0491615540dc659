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
  decomposeColor,
  getContrastRatio,
  getLuminance,
  hexToRgb,
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
  /** Focus rings and the focused field's border and label: never mistakable for the error colour. */
  focus: string;
}

/** The two looks of every brand: light, and dark (the system preference picks one). */
export type ThemeMode = 'light' | 'dark';

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

/**
 * The colour moved step by step away from the background (darkened on light backgrounds, lightened on
 * dark ones) until it reaches the contrast ratio against it.
 */
export function ensureContrast(color: string, background: string, ratio = AA_CONTRAST): string {
  const shift = getLuminance(background) < 0.2 ? lighten : darken;
  let current = color;
  for (let step = 1; step <= 10 && getContrastRatio(current, background) < ratio; step++) {
    current = shift(color, step / 10);
  }
  return current;
}

/** Hue (degrees) and saturation (0–1) of a colour, HSL. */
export function hueAndSaturation(color: string): { hue: number; saturation: number } {
  const [r, g, b] = decomposeColor(color.startsWith('#') ? hexToRgb(color) : color).values.map(
    (v) => v / 255,
  );
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  const lightness = (max + min) / 2;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (delta !== 0) {
    if (max === r) hue = ((g - b) / delta) % 6;
    else if (max === g) hue = (b - r) / delta + 2;
    else hue = (r - g) / delta + 4;
  }
  return { hue: (hue * 60 + 360) % 360, saturation };
}

/** How far apart two hues are on the colour wheel (0–180 degrees). */
export function hueDistance(a: string, b: string): number {
  const d = Math.abs(hueAndSaturation(a).hue - hueAndSaturation(b).hue);
  return Math.min(d, 360 - d);
}

/** Below this hue distance from the error red, a saturated brand colour reads as an error. */
export const ERROR_HUE_MARGIN = 45;
/** The focus colour of brands whose colour is too close to the error red (blue: the web's focus hue). */
export const SAFE_FOCUS = { light: '#0b57d0', dark: '#a8c7fa' } as const;
/** The error colour per mode (also withdrawals). */
export const ERROR_COLOR = {
  light: { main: '#c62828', contrastText: LIGHT_TEXT },
  dark: { main: '#f28b82', contrastText: DARK_TEXT },
} as const;
/** Page and paper backgrounds per mode. */
export const BACKGROUNDS = {
  light: { default: '#fafafa', paper: '#ffffff' },
  dark: { default: '#121417', paper: '#1c1f24' },
} as const;
const DARK_SIDEBAR = '#181b20';
const DARK_MODE_TEXT = '#e8eaed';

/**
 * The focus colour: the brand's colour, unless its hue is within ERROR_HUE_MARGIN of the error red
 * (Meridian's magenta, the oranges and browns), where a focused field would look refused.
 */
export function focusColor(brandColor: string, mode: ThemeMode = 'light'): string {
  const { saturation } = hueAndSaturation(brandColor);
  const collides = saturation > 0.08 && hueDistance(brandColor, ERROR_COLOR[mode].main) < ERROR_HUE_MARGIN;
  return ensureContrast(collides ? SAFE_FOCUS[mode] : brandColor, BACKGROUNDS[mode].paper);
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

export function brandPalette(
  definition: BrandDefinition,
  overrides?: Partial<BrandPalette>,
  mode: ThemeMode = 'light',
): BrandPalette {
  const dark = mode === 'dark';
  // In the dark theme the brand colour is lightened until it reads on the dark paper.
  const primary = dark
    ? ensureContrast(definition.primaryColor, BACKGROUNDS.dark.paper)
    : definition.primaryColor;
  const sidebarBackground = dark ? DARK_SIDEBAR : definition.sidebarColor;
  const activeBackground = dark ? darken(definition.primaryColor, 0.45) : lighten(primary, 0.85);
  const base: BrandPalette = {
    primaryColor: primary,
    sidebarHeaders: ensureContrast(definition.secondaryColor, sidebarBackground),
    positiveButtonAction: '#2e7d32',
    userRole: ensureContrast(primary, sidebarBackground),
    buttonTextColor: readableTextOn(primary),
    sidebar: {
      background: sidebarBackground,
      text: dark ? DARK_MODE_TEXT : DARK_TEXT,
      activeBackground,
      activeText: dark ? readableTextOn(activeBackground) : ensureContrast(primary, activeBackground),
    },
    withdrawal: { ...ERROR_COLOR[mode] },
    focus: focusColor(primary, mode),
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
  mode: ThemeMode = 'light',
): ThemeOptions {
  const brand = brandPalette(definition, overrides, mode);
  // The brand's primary colour overrides MUI's default primary (as every brand theme does).
  const primary = brand.primaryColor;
  const focusRing = { outline: `2px solid ${brand.focus}`, outlineOffset: 2 };
  const focused = '&.Mui-focused:not(.Mui-error)';
  return {
    palette: {
      mode,
      contrastThreshold: AA_CONTRAST,
      primary: { main: primary, contrastText: brand.buttonTextColor },
      secondary: { main: definition.secondaryColor, contrastText: readableTextOn(definition.secondaryColor) },
      success: { main: brand.positiveButtonAction, contrastText: readableTextOn(brand.positiveButtonAction) },
      error: { main: brand.withdrawal.main, contrastText: brand.withdrawal.contrastText },
      background: { ...BACKGROUNDS[mode] },
      ...(mode === 'dark' ? { text: { primary: DARK_MODE_TEXT, secondary: '#b4b9c0' } } : {}),
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
      // Figures in tables line up digit under digit (tabular numerals: issue 14).
      MuiTableCell: { styleOverrides: { root: { fontVariantNumeric: 'tabular-nums' } } },
      // Tab labels read as written, in sentence case ('Crypto', 'Fiat deposits'), not upper case.
      MuiTab: {
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { '&:focus-visible': focusRing } },
      },
      // A focused field takes the focus colour, not the brand's (which may look like the error red).
      MuiOutlinedInput: {
        styleOverrides: {
          root: { [`${focused} .MuiOutlinedInput-notchedOutline`]: { borderColor: brand.focus } },
        },
      },
      MuiFormLabel: { styleOverrides: { root: { [focused]: { color: brand.focus } } } },
      // Dark: no elevation overlay (a gradient that contrast checkers cannot read).
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // react-admin's skip link (admin only; the key is unknown to the login page and harmless there):
      // readable (brand button colours instead of white on the page background) and, when focused,
      // below the app bar instead of over the page title.
      ...({
        RaSkipNavigationButton: {
          styleOverrides: {
            root: {
              backgroundColor: primary,
              color: brand.buttonTextColor,
              '&:hover': { backgroundColor: primary, opacity: 1 },
              '&:focus': { top: 64, outline: `2px solid ${brand.focus}`, outlineOffset: 2 },
            },
          },
        },
      } as ThemeOptions['components']),
    },
  };
}

export function createBrandTheme(
  definition: BrandDefinition,
  overrides?: Partial<BrandPalette>,
  mode: ThemeMode = 'light',
): Theme {
  return createTheme(brandThemeOptions(definition, overrides, mode));
}
