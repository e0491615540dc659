/**
 * The admin app and the only composition root (docs/architecture.md#layers, #declarations and #routes): it reads the registries,
 * derives the access table, the API table, the custom methods, the message catalogue, the menu and
 * the routes from them, and hands each down (to the providers, and to the layout by context). Nothing
 * below it imports a registry; nothing feature-specific lives here.
 *
 * Like atomic-crm's root component it takes its parts as props, each with the real default, so tests
 * render this very App with a fake controller, fetch or extra declarations.
 *
 * main.tsx renders it lazily inside its BrowserRouter once an organisation is chosen, and remounts
 * it (key) on every organisation switch, so the QueryClient and store created here start empty.
 */
import { useMemo, useState, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  memoryStore,
  Resource,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
} from 'react-admin';
import { createHttpClient, type FetchFn } from './api';
import { searchMethods } from './api/search';
import type { SessionController } from './authProvider/types';
import { createAuthProvider } from './authProvider/authProvider';
import { createDataProvider } from './dataProvider';
import { brandThemePair, type LoadedBrand } from './brands';
import type { Requirement } from './domain/requirements';
import {
  catalogueLoaded,
  createI18nProvider,
  loadCatalogue,
  type LocalisedMessages,
} from './i18n/i18nProvider';
import { getLocale, type Locale } from './i18n/locale';
import {
  assertDeclarations,
  deriveAccessTable,
  deriveAliasRoutes,
  deriveApiTable,
  deriveCustomMethods,
  deriveMenuEntries,
  deriveMessages,
  deriveTranslations,
  type PageDeclaration,
  type ResourceAction,
  type ResourceDeclaration,
  type View,
} from './declarations';
import { resources as registeredResources } from './resources/registry';
import { pages as registeredPages } from './customPages/registry';
import {
  AccessDeniedRedirect,
  AliasRedirect,
  AppNotification,
  LandingRedirect,
  Layout,
  layoutMessages,
  MenuEntriesProvider,
  NotFound,
  readPreferences,
  RequireAccess,
  useLiveEvents,
} from './layout';

export interface AppProps {
  controller: SessionController;
  brand: LoadedBrand;
  apiUrl: string;
  /** The resource declarations (default: the registry). */
  resources?: readonly ResourceDeclaration[];
  /** The custom page declarations (default: the registry). */
  pages?: readonly PageDeclaration[];
  /** The fetch the http client sends through (default: the browser's). */
  fetch?: FetchFn;
  /**
   * Live updates from GET /v1/events (src/layout/liveEvents.ts). Default: on with the browser's fetch,
   * off when a test hands its own fetch (the test turns it on when it is what it tests).
   */
  liveEvents?: boolean;
  /** Replace a provider (default: built from the declarations). */
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  i18nProvider?: I18nProvider;
}

/** Logged-out-only routes: a logged-in user goes to the landing page (docs/product.md#screens-and-routes, Guards). */
const LOGGED_OUT_ONLY = ['/forgot-password', '/reset-password'];

/** The layout's German, a chunk of its own like every declaration's (loaded when German is chosen). */
const layoutMessagesDe = () => import('./layout/messages.de').then((m) => m.layoutMessagesDe);

/** The shell's and the declarations' messages: English at hand, German as the loaders of its chunks. */
function messagesOf(resources: readonly ResourceDeclaration[], pages: readonly PageDeclaration[]) {
  const declarations = [...resources, ...pages];
  return {
    en: [layoutMessages, deriveMessages(declarations)],
    de: [layoutMessagesDe, ...deriveTranslations(declarations, 'de')],
  } satisfies LocalisedMessages;
}

/**
 * What App's catalogue still lacks in `locale` (the tab's): undefined when it can start in it at
 * once (English, or a translation already loaded), else the load of its chunks (the app's,
 * react-admin's, the layout's and every declaration's German). AdminRoot awaits it before App's
 * first render, so a German user never sees the admin in English first; the promise never rejects
 * (a chunk that fails to load leaves its texts in English).
 */
export function appMessagesPending(
  { resources = registeredResources, pages = registeredPages }: Pick<AppProps, 'resources' | 'pages'>,
  locale: Locale = getLocale(),
): Promise<void> | undefined {
  const messages = messagesOf(resources, pages);
  if (catalogueLoaded(messages, locale)) return undefined;
  return loadCatalogue(messages, locale).catch(() => {});
}

/** Everything the registries define, derived once per mount (pure functions of src/declarations.ts). */
function compose(resources: readonly ResourceDeclaration[], pages: readonly PageDeclaration[]) {
  assertDeclarations(resources, pages);
  const declarations = [...resources, ...pages];
  return {
    access: deriveAccessTable(resources, pages),
    api: deriveApiTable(resources),
    // The app bar's search is the shell's own call, beside the declarations' methods.
    methods: { ...deriveCustomMethods(declarations), ...searchMethods },
    messages: messagesOf(resources, pages),
    aliases: deriveAliasRoutes(resources, pages),
    menu: deriveMenuEntries(resources, pages),
  };
}

/**
 * A view inside its guard: it renders only when the requirement holds, otherwise `/` (the landing page),
 * before the view mounts (so it fetches nothing). Every route of a declaration goes through here or
 * through guardedRoute, so no declaration can leave one open.
 */
function guardedView(
  name: string,
  action: ResourceAction,
  View: View | undefined,
  requires: Requirement | undefined,
): ReactElement | undefined {
  if (!View) return undefined;
  // assertDeclarations refuses this first; kept so that a view can never be routed unguarded.
  if (!requires) throw new Error(`${name} has a ${action} view but no access.${action}`);
  return (
    <RequireAccess requires={requires}>
      <View />
    </RequireAccess>
  );
}

function resourceElement(declaration: ResourceDeclaration): ReactElement {
  const { name, access, menu, recordRepresentation } = declaration;
  const view = (action: ResourceAction) => guardedView(name, action, declaration[action], access[action]);
  const deleteView = view('delete');
  return (
    <Resource
      key={name}
      name={name}
      list={view('list')}
      show={view('show')}
      create={view('create')}
      edit={view('edit')}
      icon={menu?.icon}
      options={menu ? { label: menu.label } : undefined}
      recordRepresentation={recordRepresentation}
    >
      {deleteView ? <Route key=":id/delete" path=":id/delete" element={deleteView} /> : null}
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

export default function App({
  controller,
  brand,
  apiUrl,
  resources = registeredResources,
  pages = registeredPages,
  fetch,
  liveEvents = fetch === undefined,
  ...providers
}: AppProps) {
  const [composed] = useState(() => compose(resources, pages));
  // Created per mount: an organisation switch remounts App, dropping every cached query and stored value.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  // The user's theme on this device (docs/decisions.md, 'Preferences per user on this device'): the
  // store starts with it, so the first paint after a reload or an organisation switch is already dark.
  const [store] = useState(() => {
    const { theme } = readPreferences(controller.getState().session?.id);
    return memoryStore(theme ? { theme } : {});
  });
  const [authProvider] = useState(
    () => providers.authProvider ?? createAuthProvider({ controller, access: composed.access, brand }),
  );
  const [dataProvider] = useState(
    () =>
      providers.dataProvider ??
      createDataProvider({
        http: createHttpClient({ apiUrl, controller, fetch }),
        api: composed.api,
        methods: composed.methods,
      }),
  );
  const [i18nProvider] = useState(() => providers.i18nProvider ?? createI18nProvider(composed.messages));
  // One event stream while this session and organisation are shown: changes elsewhere mark queries stale.
  const [sessionToken] = useState(() => () => controller.getState().session?.token);
  useLiveEvents({ apiUrl, token: sessionToken, queryClient, fetch, enabled: liveEvents });
  // Light and dark: react-admin follows the system preference; the user menu switches (AppBar).
  const themes = useMemo(() => brandThemePair(brand.definition), [brand.definition]);

  return (
    <MenuEntriesProvider entries={composed.menu}>
      {/* react-admin's <Admin> is <AdminContext> over <AdminUI>, and <AdminUI> is <CoreAdminUI> with
          material pages for what is not given. Composed here with every page given, so the defaults
          the app never shows (react-admin's login form with its form library, a translation
          library) stay out of the bundle (decision 206). */}
      <AdminContext
        store={store}
        queryClient={queryClient}
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={themes.light}
        darkTheme={themes.dark}
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            disableTelemetry
            requireAuth
            layout={Layout}
            dashboard={LandingRedirect}
            catchAll={NotFound}
            accessDenied={AccessDeniedRedirect}
            authenticationError={AuthenticationError}
            error={ErrorPage}
            loading={LoadingPage}
            loginPage={false}
            title={brand.name}
          >
            {resources.map(resourceElement)}
            <CustomRoutes>
              {pages.map(pageRoute)}
              {composed.aliases.map(({ from, to, requires }) =>
                guardedRoute(from, requires, <AliasRedirect to={to} />),
              )}
            </CustomRoutes>
            <CustomRoutes noLayout>
              {LOGGED_OUT_ONLY.map((path) => (
                <Route key={path} path={path} element={<LandingRedirect />} />
              ))}
            </CustomRoutes>
          </CoreAdminUI>
          <AppNotification />
        </CssBaseline>
      </AdminContext>
    </MenuEntriesProvider>
  );
}
