/**
 * Build-time only (vite.config.ts loads it through Vite's SSR loader; it is not in the client bundle):
 * renders the login screen for the default look, and the loading overlay, to static HTML and CSS for
 * dist/index.html, so the first paint waits for no JS. The shell is brand-neutral: no logo (its box is
 * reserved, the boot script fills it in), no brand name, a grey brand band; the boot script sets the
 * logo and the brand's colours (band, button, link) together, the other colours are the default
 * brand's until React takes over. Both looks are in the CSS: the light one, and the dark one under
 * `@media (prefers-color-scheme: dark)` (the same markup rendered with the dark theme, its class names
 * mapped onto the light rendering's), so a system that prefers dark paints dark from the first frame.
 */
import CssBaseline from '@mui/material/CssBaseline';
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { SessionControllerProvider } from '../authProvider/SessionContext';
import { SESSION_STORAGE_KEY } from '../authProvider/sessionStore';
import type { AuthState, SessionController } from '../authProvider/types';
import { BrandProvider } from '../brands/BrandContext';
import { EARLY_BRAND_GLOBAL, mergeBrand } from '../brands/loadBrand';
import { brandPalette, createBrandTheme } from '../brands/theme';
import { BRANDS, DEFAULT_BRAND, findBrand } from '../domain/brands';
import { translate } from '../i18n/translate';
import { LoadingOverlay } from './LoadingOverlay';
import PublicApp from './PublicApp';
import { BRAND_BAND_ATTRIBUTE, brandBand } from './PublicCard';
import { BOOT_OVERLAY_CLASS, PRERENDER_LOGO_ID, PRERENDER_STYLE_ID } from './shell';

const LOGO_MARKER = 'prerender:logo';
/** The CSS custom properties the boot script sets (see boot.brandColors). */
const BOOT_VARS = {
  band: '--boot-brand-band',
  primary: '--boot-brand-primary',
  onPrimary: '--boot-brand-on-primary',
  primaryDark: '--boot-brand-primary-dark',
  onPrimaryDark: '--boot-brand-on-primary-dark',
} as const;

/** The media query of the dark look (the same the React screens follow). */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The top-level rules of a minified stylesheet (`a{…}@media …{b{…}}` → two rules). */
export function splitRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    if (css[i] === '{') depth += 1;
    else if (css[i] === '}') {
      depth -= 1;
      if (depth === 0) {
        rules.push(css.slice(start, i + 1).trim());
        start = i + 1;
      }
    }
  }
  return rules.filter(Boolean);
}

/** The emotion class names (`css-…`) of a markup, in document order. */
function emotionClasses(html: string): string[] {
  return [...html.matchAll(/class="([^"]*)"/g)].flatMap(([, value]) =>
    value.split(/\s+/).filter((name) => name.startsWith('css-')),
  );
}

/**
 * The dark rendering's CSS for the light rendering's markup: each dark class renamed to the light
 * class at the same place, and only the rules the light CSS does not already have. The two markups
 * must be the same but for their class names (the build fails otherwise).
 */
export function darkVariantCss(
  light: { html: string; css: string },
  dark: { html: string; css: string },
): string {
  const lightClasses = emotionClasses(light.html);
  const darkClasses = emotionClasses(dark.html);
  const strip = (html: string) => html.replace(/css-[a-z0-9-]+/gi, 'css');
  if (lightClasses.length !== darkClasses.length || strip(light.html) !== strip(dark.html))
    throw new Error('prerender: the dark rendering differs from the light one in more than its classes');
  const rename = new Map<string, string>();
  darkClasses.forEach((name, i) => rename.set(name, lightClasses[i]));
  const renamed = dark.css.replace(/\.(css-[a-z0-9-]+)/gi, (whole, name: string) =>
    rename.has(name) ? `.${rename.get(name)}` : whole,
  );
  const known = new Set(splitRules(light.css));
  const used = new Set(lightClasses);
  // Emotion also writes the rules of composed styles no element carries: they are left out.
  const styled = (rule: string) =>
    [...rule.matchAll(/\.(css-[a-z0-9-]+)/gi)].every(([, name]) => used.has(name));
  return splitRules(renamed)
    .filter((rule) => !known.has(rule) && styled(rule))
    .join('');
}
const NEUTRAL_BAND = '#5f6b7a';

const loggedOut: AuthState = { status: 'ready', session: null, notice: null };
const unused = () => Promise.reject(new Error('not available while prerendering'));
/** The controller as the login form sees it before boot: logged out, no notice. */
const staticController = {
  getState: () => loggedOut,
  subscribe: () => () => {},
  restore: async () => {},
  login: unused,
  chooseOrganisation: unused,
  replaceToken: async () => {},
  logout: async () => {},
  expire: async () => {},
  clearNotice: () => {},
} as unknown as SessionController;

/** Emotion's default server rendering writes <style data-emotion> tags inline: lift them out. */
function extractStyles(html: string): { html: string; css: string } {
  const css: string[] = [];
  const body = html.replace(
    /<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g,
    (_match, rules: string) => {
      css.push(rules);
      return '';
    },
  );
  return { html: body, css: css.join('') };
}

export interface PrerenderedShell {
  /** The markup to put inside <div id="root">. */
  html: string;
  /** Its critical CSS (for a <style id=PRERENDER_STYLE_ID> in <head>). */
  css: string;
  /** What the boot script needs to know. */
  boot: {
    sessionStorageKey: string;
    brandGlobal: string;
    logoId: string;
    overlayClass: string;
    /** The page title per brand key is `${titles.login} | ${brand name}` once the brand is known. */
    loginTitle: string;
    /**
     * Per brand key, the CSS custom properties the boot script sets on <html> when the brand is known
     * (the band's paint, the primary colour and the text on it), so the prerendered card takes the
     * brand's colours with its logo, before React.
     */
    brandColors: Record<string, Record<string, string>>;
  };
  styleId: string;
}

export function renderShell(): PrerenderedShell {
  const definition = findBrand(DEFAULT_BRAND) ?? BRANDS[0];
  const defaultPalette = brandPalette(definition);
  const darkPalette = brandPalette(definition, undefined, 'dark');
  const neutralBrand = mergeBrand({
    value: definition.key,
    name: '',
    fiatDepositAllowed: false,
    lightLogoUrl: LOGO_MARKER,
    darkLogoUrl: LOGO_MARKER,
    basicIconUrl: '',
    appleTouchIconUrl: '',
    pwaSmallIconUrl: '',
    pwaLargeIconUrl: '',
  });
  const render = (mode: 'light' | 'dark') =>
    extractStyles(
      renderToString(
        <BrandProvider brand={neutralBrand}>
          <ThemeProvider theme={createBrandTheme(definition, undefined, mode)}>
            <CssBaseline />
            <div id="prerender-overlay">
              <LoadingOverlay />
            </div>
            <div id="prerender-login">
              <LinearProgress
                aria-label={translate('app.loading')}
                sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1 }}
              />
              <SessionControllerProvider controller={staticController}>
                <PublicApp apiUrl="" />
              </SessionControllerProvider>
            </div>
          </ThemeProvider>
        </BrandProvider>,
      ),
    );
  const { html, css } = render('light');
  const dark = darkVariantCss({ html, css }, render('dark'));
  // The logo's box is reserved by its width and height; the boot script sets src and alt.
  // (React also hoists a <link rel="preload"> for the image: dropped with it.)
  const withLogo = html
    .replace(new RegExp(`<link rel="preload" as="image" href="${LOGO_MARKER}"/>`), '')
    .replace(
      new RegExp(`<img([^>]*?) src="${LOGO_MARKER}" alt="[^"]*"`),
      `<img$1 id="${PRERENDER_LOGO_ID}" alt=""`,
    );
  if (withLogo.includes(LOGO_MARKER)) throw new Error('prerender: the logo marker is left in the markup');
  if (withLogo === html) throw new Error('prerender: the logo <img> was not found');
  // Until React takes over, the form takes no input (what was typed would be lost when React replaces
  // it) and cannot be submitted natively: read-only fields, disabled buttons (same look: MUI styles
  // its own disabled class, not the attribute), no submit button, and POST if it ever were (never a
  // URL with the fields).
  const inert = withLogo
    .replace(/<form /g, '<form method="post" ')
    .replace(/type="submit"/g, 'type="button"')
    .replace(/<input /g, '<input readonly="" ')
    .replace(/<button /g, '<button disabled="" ');
  const toggles =
    `html:not(.${BOOT_OVERLAY_CLASS}) #prerender-overlay{display:none}` +
    `html.${BOOT_OVERLAY_CLASS} #prerender-login{display:none}` +
    // No broken-image frame while the logo has no src yet.
    `#${PRERENDER_LOGO_ID}:not([src]){visibility:hidden}` +
    // The band is neutral grey, the primary colour the default brand's, until the boot script knows the
    // brand (an id in the selector wins over emotion's classes).
    `#prerender-login [${BRAND_BAND_ATTRIBUTE}]{background:var(${BOOT_VARS.band},${NEUTRAL_BAND})}` +
    `#prerender-login .MuiButton-contained{background-color:var(${BOOT_VARS.primary},${defaultPalette.primaryColor});` +
    `color:var(${BOOT_VARS.onPrimary},${defaultPalette.buttonTextColor})}` +
    `#prerender-login .MuiLink-root{color:var(${BOOT_VARS.primary},${defaultPalette.primaryColor});text-decoration-color:currentColor}`;
  // The dark look: the dark theme's rules, native controls and scrollbars dark, the brand's dark primary.
  const darkToggles =
    `:root{color-scheme:dark}` +
    `#prerender-login .MuiButton-contained{background-color:var(${BOOT_VARS.primaryDark},${darkPalette.primaryColor});` +
    `color:var(${BOOT_VARS.onPrimaryDark},${darkPalette.buttonTextColor})}` +
    `#prerender-login .MuiLink-root{color:var(${BOOT_VARS.primaryDark},${darkPalette.primaryColor})}`;
  return {
    html: inert,
    css: toggles + css + `@media ${DARK_SCHEME_QUERY}{${dark}${darkToggles}}`,
    styleId: PRERENDER_STYLE_ID,
    boot: {
      sessionStorageKey: SESSION_STORAGE_KEY,
      brandGlobal: EARLY_BRAND_GLOBAL,
      logoId: PRERENDER_LOGO_ID,
      overlayClass: BOOT_OVERLAY_CLASS,
      loginTitle: translate('app.login.title'),
      brandColors: Object.fromEntries(
        BRANDS.map((b) => {
          const palette = brandPalette(b);
          const paletteDark = brandPalette(b, undefined, 'dark');
          return [
            b.key,
            {
              [BOOT_VARS.band]: brandBand(b),
              [BOOT_VARS.primary]: palette.primaryColor,
              [BOOT_VARS.onPrimary]: palette.buttonTextColor,
              [BOOT_VARS.primaryDark]: paletteDark.primaryColor,
              [BOOT_VARS.onPrimaryDark]: paletteDark.buttonTextColor,
            },
          ];
        }),
      ),
    },
  };
}
