/**
 * Build-time only (vite.config.ts loads it through Vite's SSR loader; it is not in the client bundle):
 * renders the login screen for the default look, and the loading overlay, to static HTML and CSS for
 * dist/index.html, so the first paint waits for no JS. The shell is brand-neutral: no logo (its box is
 * reserved, the boot script fills it in), no brand name, a grey brand band; the boot script sets the
 * logo and the brand's colours (band, button, link) together, the other colours are the default
 * brand's until React takes over. It is the light look: a dark system preference takes effect with React (colours only, no
 * layout change).
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
} as const;
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
  const theme = createBrandTheme(definition);
  const defaultPalette = brandPalette(definition);
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
  const markup = renderToString(
    <BrandProvider brand={neutralBrand}>
      <ThemeProvider theme={theme}>
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
  );
  const { html, css } = extractStyles(markup);
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
  return {
    html: inert,
    css: toggles + css,
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
          return [
            b.key,
            {
              [BOOT_VARS.band]: brandBand(b),
              [BOOT_VARS.primary]: palette.primaryColor,
              [BOOT_VARS.onPrimary]: palette.buttonTextColor,
            },
          ];
        }),
      ),
    },
  };
}
