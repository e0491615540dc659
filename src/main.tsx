/**
 * Boot (spec sections 1 and 4): loading overlay while the brand loads ('Unspecified error occurred.'
 * if it fails), then the stored session is restored, then the router renders the public screens or
 * the lazy admin app. The login chunk never loads react-admin.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, StrictMode, Suspense, useMemo } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { usePageViews } from './analytics';
import { createSessionController } from './authProvider/controller';
import { createSessionStore } from './authProvider/sessionStore';
import { SessionControllerProvider, useAuthState } from './authProvider/SessionContext';
import type { SessionController } from './authProvider/types';
import { BrandProvider } from './brands/BrandContext';
import { applyBrandToDocument, loadBrand, type LoadedBrand } from './brands/loadBrand';
import { createBrandTheme } from './brands/theme';
import { BrandErrorScreen, LoadingOverlay } from './public/LoadingOverlay';
import { readRuntimeConfig } from './runtimeConfig';

const App = lazy(() => import('./App'));
const PublicApp = lazy(() => import('./public/PublicApp'));

interface RootProps {
  controller: SessionController;
  brand: LoadedBrand;
  apiUrl: string;
}

function Root({ controller, brand, apiUrl }: RootProps) {
  const { status, session } = useAuthState();
  usePageViews(session !== null);
  if (status === 'restoring') return <LoadingOverlay />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      {session?.hasChosenOrganisation ? (
        // A new session (login, organisation switch) remounts the admin: fresh query cache and store.
        <App key={session.sessionId} controller={controller} brand={brand} apiUrl={apiUrl} />
      ) : (
        <PublicApp apiUrl={apiUrl} />
      )}
    </Suspense>
  );
}

function Shell({ controller, brand, apiUrl }: RootProps) {
  const theme = useMemo(() => createBrandTheme(brand.definition), [brand]);
  return (
    <StrictMode>
      <BrandProvider brand={brand}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SessionControllerProvider controller={controller}>
            <BrowserRouter>
              <Root controller={controller} brand={brand} apiUrl={apiUrl} />
            </BrowserRouter>
          </SessionControllerProvider>
        </ThemeProvider>
      </BrandProvider>
    </StrictMode>
  );
}

async function boot(root: ReactRoot): Promise<void> {
  const { apiUrl } = readRuntimeConfig();
  root.render(<LoadingOverlay />);
  let brand: LoadedBrand;
  try {
    brand = await loadBrand(apiUrl);
  } catch {
    root.render(<BrandErrorScreen onRetry={() => window.location.reload()} />);
    return;
  }
  applyBrandToDocument(brand);
  const controller = createSessionController({ apiUrl, store: createSessionStore() });
  root.render(<Shell controller={controller} brand={brand} apiUrl={apiUrl} />);
  await controller.restore();
}

const container = document.getElementById('root');
if (container) void boot(createRoot(container));
