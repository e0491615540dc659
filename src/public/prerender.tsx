/**
 * Build-time only (vite.config.ts loads it through Vite's SSR loader; it is not in the client bundle):
 * renders the login screen for the default look, and the loading overlay, to static HTML and CSS for
 * dist/index.html, so the first paint waits for no JS. The shell is brand-neutral: no logo (its box is
 * reserved, the boot script fills it in), no brand name; the colours are the default brand's until
 * the brand is known.
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
import { createBrandTheme } from '../brands/theme';
import { BRANDS, DEFAULT_BRAND, findBrand } from '../domain/brands';
import { translate } from '../i18n/translate';
import { LoadingOverlay } from './LoadingOverlay';
import PublicApp from './PublicApp';
import { BOOT_OVERLAY_CLASS, PRERENDER_LOGO_ID, PRERENDER_STYLE_ID } from './shell';

const LOGO_MARKER = 'prerender:logo';

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
  };
  styleId: string;
}

export function renderShell(): PrerenderedShell {
  const definition = findBrand(DEFAULT_BRAND) ?? BRANDS[0];
  const theme = createBrandTheme(definition);
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
    `#${PRERENDER_LOGO_ID}:not([src]){visibility:hidden}`;
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
    },
  };
}
