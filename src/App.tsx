/**
 * The admin app: <Admin> composed from the registries (DESIGN.md sections 3–5). Nothing feature-specific
 * lives here: a resource or page is added in its folder and one registry line.
 *
 * main.tsx renders this lazily inside its BrowserRouter once an organisation is chosen, and remounts
 * it (key) on every organisation switch, so the QueryClient and store created here start empty.
 */
import { useMemo, useState, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import type { SessionController } from './authProvider/types';
import type { Requirement } from './domain/requirements';
import { createAuthProvider } from './authProvider/authProvider';
import { createDataProvider, createHttpClient } from './dataProvider';
import { createBrandTheme, type LoadedBrand } from './brands';
import { createI18nProvider } from './i18n/i18nProvider';
import {
  deriveAccessTable,
  deriveAliasRoutes,
  deriveApiTable,
  type PageDeclaration,
  type ResourceDeclaration,
} from './declarations';
import { resources } from './resources/registry';
import { pages } from './customPages/registry';
import {
  AccessDeniedRedirect,
  AliasRedirect,
  AppNotification,
  LandingRedirect,
  Layout,
  layoutMessages,
  NotFound,
  RequireAccess,
} from './layout';
import { customPagesMessages } from './customPages/messages';

export interface AppProps {
  controller: SessionController;
  brand: LoadedBrand;
  apiUrl: string;
}

/** The shell's own strings (namespaces `layout.*` and `pages.*`), merged over the app's messages. */
export const SHELL_MESSAGES = [layoutMessages, customPagesMessages];

const ACCESS_TABLE = deriveAccessTable(resources, pages);
const API_TABLE = deriveApiTable(resources);
const ALIAS_ROUTES = deriveAliasRoutes(resources, pages);

/** Logged-out-only routes: a logged-in user goes to the landing page (spec section 2, Guards). */
const LOGGED_OUT_ONLY = ['/forgot-password', '/reset-password'];

function resourceElement(declaration: ResourceDeclaration): ReactElement {
  const {
    name,
    list,
    show,
    create,
    edit,
    delete: DeleteView,
    access,
    menu,
    recordRepresentation,
  } = declaration;
  return (
    <Resource
      key={name}
      name={name}
      list={list}
      show={show}
      create={create}
      edit={edit}
      icon={menu?.icon}
      options={menu ? { label: menu.label } : undefined}
      recordRepresentation={recordRepresentation}
    >
      {DeleteView && access.delete ? guardedRoute(':id/delete', access.delete, <DeleteView />) : null}
    </Resource>
  );
}

/** A route whose element renders only when the requirement holds (otherwise redirects to `/`). */
function guardedRoute(path: string, requires: Requirement, element: ReactElement): ReactElement {
  return (
    <Route key={path} path={path} element={<RequireAccess requires={requires}>{element}</RequireAccess>} />
  );
}

function pageRoute({ path, access, component: Page }: PageDeclaration): ReactElement {
  return guardedRoute(path, access, <Page />);
}

export default function App({ controller, brand, apiUrl }: AppProps) {
  // Created per mount: an organisation switch remounts App, dropping every cached query and stored value.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  const [store] = useState(() => memoryStore());
  const [authProvider] = useState(() => createAuthProvider({ controller, access: ACCESS_TABLE, brand }));
  const [dataProvider] = useState(() =>
    createDataProvider({ http: createHttpClient({ apiUrl, controller }), api: API_TABLE }),
  );
  const [i18nProvider] = useState(() => createI18nProvider(...SHELL_MESSAGES));
  const theme = useMemo(() => createBrandTheme(brand.definition), [brand.definition]);

  return (
    <Admin
      disableTelemetry
      requireAuth
      store={store}
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={Layout}
      notification={AppNotification}
      dashboard={LandingRedirect}
      catchAll={NotFound}
      accessDenied={AccessDeniedRedirect}
      loginPage={false}
      title={brand.name}
    >
      {resources.map(resourceElement)}
      <CustomRoutes>
        {pages.map(pageRoute)}
        {ALIAS_ROUTES.map(({ from, to, requires }) =>
          guardedRoute(from, requires, <AliasRedirect to={to} />),
        )}
      </CustomRoutes>
      <CustomRoutes noLayout>
        {LOGGED_OUT_ONLY.map((path) => (
          <Route key={path} path={path} element={<LandingRedirect />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
