import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AdminContext, memoryStore, TitlePortal, testDataProvider, type DataProvider } from 'react-admin';
import { SessionControllerProvider } from '../../../src/authProvider';
import type { SessionController } from '../../../src/authProvider/types';
import { BrandProvider, type LoadedBrand } from '../../../src/brands';
import { findBrand } from '../../../src/domain/brands';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { AppNotification } from '../../../src/layout';
import { layoutMessages } from '../../../src/layout/messages';
import { deriveMenuEntries, deriveMessages } from '../../../src/declarations';
import { MenuEntriesProvider } from '../../../src/layout';
import { AdminFormKitProvider } from '../../../src/forms/AdminFormKitProvider';
import { resources } from '../../../src/resources/registry';
import { pages } from '../../../src/customPages/registry';
import App from '../../../src/App';
import type { FetchFn } from '../../../src/api/transport';

/** The catalogue and menu App builds from the registries (strict: a missing key throws). */
export const adminMessages = [layoutMessages, deriveMessages([...resources, ...pages])];
const MENU = deriveMenuEntries(resources, pages);

export const sampleBrand: LoadedBrand = {
  value: 'local',
  name: 'Payments Local',
  fiatDepositAllowed: true,
  lightLogoUrl: '/l.svg',
  darkLogoUrl: '/d.svg',
  basicIconUrl: '/i.svg',
  appleTouchIconUrl: '/a.png',
  pwaSmallIconUrl: '/p1.png',
  pwaLargeIconUrl: '/p2.png',
  definition: findBrand('local')!,
};

/** The current pathname, for assertions on navigation. */
function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/**
 * Renders `ui` inside the admin shell's providers (router at `path`, session controller, brand,
 * react-admin with the layout and custom-page messages), under the page-title portal (an h1),
 * followed by the current pathname (data-testid="where") and the app's notifications.
 */
export function renderInAdmin(
  ui: ReactNode,
  {
    controller,
    dataProvider = testDataProvider(),
    path = '/',
  }: { controller: SessionController; dataProvider?: DataProvider; path?: string },
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionControllerProvider controller={controller}>
        <BrandProvider brand={sampleBrand}>
          <MenuEntriesProvider entries={MENU}>
            <AdminContext
              dataProvider={dataProvider}
              i18nProvider={createI18nProvider(adminMessages)}
              store={memoryStore()}
            >
              <TitlePortal component="h1" />
              <AdminFormKitProvider>{ui}</AdminFormKitProvider>
              <Where />
              <AppNotification />
            </AdminContext>
          </MenuEntriesProvider>
        </BrandProvider>
      </SessionControllerProvider>
    </MemoryRouter>,
  );
}

/** The current address for assertions: the pathname as text, the query in `data-search`. */
function WhereWithSearch() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="where" data-search={search}>
      {pathname}
    </output>
  );
}

/**
 * Renders the real App (both registries) at `path` against `fetch` (a fake /v1), followed by the
 * current address (data-testid="where", the query in `data-search`) and `extra` (inside the router).
 * `liveEvents` opens the event stream (GET /v1/events) through `fetch` too (off by default).
 */
export function renderApp(
  path: string,
  controller: SessionController,
  fetch: FetchFn,
  extra?: ReactNode,
  { liveEvents = false }: { liveEvents?: boolean } = {},
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionControllerProvider controller={controller}>
        <BrandProvider brand={sampleBrand}>
          <App
            controller={controller}
            brand={sampleBrand}
            apiUrl=""
            fetch={fetch}
            liveEvents={liveEvents}
            resources={resources}
            pages={pages}
          />
          <WhereWithSearch />
          {extra}
        </BrandProvider>
      </SessionControllerProvider>
    </MemoryRouter>,
  );
}
