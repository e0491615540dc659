/**
 * Boot (docs/product.md#the-product and #states-and-transitions). The built index.html already shows the login card, prerendered at
 * build time (src/public/prerender.tsx, vite.config.ts), or a loading overlay on other paths and for a
 * stored session; its boot script has started the brand request. Here the brand is loaded
 * ('Unspecified error occurred.' if it fails), the stored session restored and the screen's chunk
 * loaded; only then does React replace the prerendered markup, in one commit (no overlay in between).
 * The login chunk never loads react-admin.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import {
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useEffect,
  useMemo,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { createSessionController } from './authProvider/controller';
import { createSessionStore } from './authProvider/sessionStore';
import { SessionControllerProvider, useAuthState } from './authProvider/SessionContext';
import type { SessionController } from './authProvider/types';
import { BrandProvider } from './brands/BrandContext';
import { useSystemThemeMode } from './brands/colorScheme';
import { applyBrandToDocument, earlyBrandFetch, loadBrand, type LoadedBrand } from './brands/loadBrand';
import { createBrandTheme } from './brands/theme';
import type { PublicAppProps } from './public/PublicApp';
import { BrandErrorScreen, LoadingOverlay } from './public/LoadingOverlay';
import { PRERENDER_STYLE_ID } from './public/shell';
import { loadLocaleMessages } from './i18n/locale';
import { readRuntimeConfig } from './runtimeConfig';

const AdminRoot = lazy(() => import('./AdminRoot'));
const loadPublicApp = () => import('./public/PublicApp');
const LazyPublicApp = lazy(loadPublicApp);

interface RootProps {
  controller: SessionController;
  brand: LoadedBrand;
  apiUrl: string;
  /** The public screens when their chunk is already loaded (no Suspense fallback on the first paint). */
  PublicApp: ComponentType<PublicAppProps>;
}

function Root({ controller, brand, apiUrl, PublicApp }: RootProps) {
  const { status, session } = useAuthState();
  if (status === 'restoring') return <LoadingOverlay />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      {session?.hasChosenOrganisation ? (
        // A new session (login, organisation switch) remounts the admin: fresh query cache and store.
        <AdminRoot key={session.sessionId} controller={controller} brand={brand} apiUrl={apiUrl} />
      ) : (
        <PublicApp apiUrl={apiUrl} />
      )}
    </Suspense>
  );
}

function Shell(props: RootProps) {
  const { brand } = props;
  // The public screens follow the system's light or dark preference (the admin has its own switch).
  const mode = useSystemThemeMode();
  const theme = useMemo(() => createBrandTheme(brand.definition, undefined, mode), [brand, mode]);
  return (
    <StrictMode>
      <BrandProvider brand={brand}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SessionControllerProvider controller={props.controller}>
            <Root {...props} />
          </SessionControllerProvider>
        </ThemeProvider>
      </BrandProvider>
    </StrictMode>
  );
}

/** Once React has replaced the prerendered shell (its first commit), the shell's CSS goes. */
function TakeOver({ children }: { children: ReactNode }) {
  useEffect(() => document.getElementById(PRERENDER_STYLE_ID)?.remove(), []);
  return children;
}

async function boot(container: HTMLElement): Promise<void> {
  const { apiUrl } = readRuntimeConfig();
  const root: ReactRoot = createRoot(container);
  // Without a prerendered shell (the dev server), show the overlay at once.
  if (!container.firstElementChild) root.render(<LoadingOverlay />);
  let brand: LoadedBrand;
  try {
    brand = await loadBrand(apiUrl, earlyBrandFetch());
  } catch {
    root.render(
      <TakeOver>
        <BrandErrorScreen onRetry={() => window.location.reload()} />
      </TakeOver>,
    );
    return;
  }
  applyBrandToDocument(brand);
  const controller = createSessionController({ apiUrl, store: createSessionStore() });
  // Restored and loaded before the first render, so the prerendered card is replaced by the real one
  // directly (not by an overlay first).
  const [, publicApp] = await Promise.all([
    controller.restore(),
    loadPublicApp().catch(() => null),
    // A German tab's texts (a small chunk English tabs never load); if it fails, English shows.
    loadLocaleMessages().catch(() => {}),
  ]);
  // The screen of this path (the chooser, a password screen), so the first render does not suspend.
  await publicApp
    ?.preloadScreens(window.location.pathname, controller.getState().session !== null)
    .catch(() => {});
  const PublicApp = publicApp?.default ?? LazyPublicApp;
  // A transition: React renders in slices and keeps the page responsive (the prerendered card stays
  // on screen until the commit).
  startTransition(() => {
    root.render(
      <TakeOver>
        <Shell controller={controller} brand={brand} apiUrl={apiUrl} PublicApp={PublicApp} />
      </TakeOver>,
    );
  });
}

/**
 * The boot script in the head starts this module before the body is parsed, and a module runs as soon
 * as it is loaded: from the cache, on a busy machine, that can be before the parser has reached
 * #root. Looked up then, #root is missing and nothing would ever replace the prerendered overlay.
 */
function start(): void {
  const container = document.getElementById('root');
  if (container) void boot(container);
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
