import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { createSessionController } from '../../../src/authProvider/controller';
import { SessionControllerProvider } from '../../../src/authProvider/SessionContext';
import type { Session } from '../../../src/domain/session';
import { BrandProvider } from '../../../src/brands/BrandContext';
import { mergeBrand } from '../../../src/brands/loadBrand';
import { createBrandTheme } from '../../../src/brands/theme';
import { findBrand } from '../../../src/domain/brands';
import PublicApp, { preloadScreens } from '../../../src/public/PublicApp';
import { useLocation } from '../../../src/public/navigation';
import { fakeApi, memorySessionStore, type Handler, type Reply } from './fakeApi';

export const testBrand = mergeBrand({
  value: 'local',
  name: 'Payments Local',
  fiatDepositAllowed: true,
  lightLogoUrl: '/logo-light.svg',
  darkLogoUrl: '/logo-dark.svg',
  basicIconUrl: '/icon.svg',
  appleTouchIconUrl: '/apple.svg',
  pwaSmallIconUrl: '/192.svg',
  pwaLargeIconUrl: '/512.svg',
});

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.hash}`}</div>;
}

export async function renderPublic(
  options: {
    path?: string;
    routes?: Record<string, Reply | Handler>;
    session?: Session | null;
    notice?: 'sessionExpired' | 'rateLimited';
  } = {},
) {
  const api = fakeApi(options.routes ?? {});
  const store = memorySessionStore(options.session ?? null);
  const controller = createSessionController({ apiUrl: '', store, fetch: api.fetch });
  await controller.restore();
  // The chooser, the password screens and the alert are chunks of their own (loaded when shown).
  await preloadScreens();
  if (options.notice) await controller.expire(options.notice);
  // The public screens route on window.location (jsdom's), like the browser.
  window.history.replaceState(null, '', options.path ?? '/');
  const view = render(
    <BrandProvider brand={testBrand}>
      <ThemeProvider theme={createBrandTheme(findBrand('local')!)}>
        <SessionControllerProvider controller={controller}>
          <PublicApp apiUrl="" fetch={api.fetch} />
          <LocationProbe />
        </SessionControllerProvider>
      </ThemeProvider>
    </BrandProvider>,
  );
  return { ...view, api, controller, store };
}
