/**
 * Every route the registries produce (views, pages, aliases; derived, so a new declaration is covered
 * without editing this file) × the seven demo accounts, in the real App: the route renders where its
 * requirement holds and goes to `/` — the landing page — where it does not, without its view having
 * fetched the record. And every sidebar item shows only where its route opens.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pages } from '../../src/customPages/registry';
import {
  declarationProblems,
  deriveAliasRoutes,
  deriveMenuEntries,
  deriveRouteTable,
  menuModel,
  page,
  type PageDeclaration,
} from '../../src/declarations';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { landingPage } from '../../src/domain/landing';
import { all, implies, satisfies, type Requirement } from '../../src/domain/requirements';
import { resources } from '../../src/resources/registry';
import { BUSINESS_TABS } from '../../src/resources/businesses/show/tabs';
import { BUSINESSES, DEMO_ACCOUNTS, ROLES } from '../../server/db/seed/demo';
import { fakeApi, sampleSession, sampleBusiness } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp } from './helpers/renderAdmin';

/** A visible demo business of the accounts' organisation, and a real child of its detail. */
const RECORD = BUSINESSES.find((b) => b.organisationId === 1 && !b.hidden)!;
const CHILD = BUSINESS_TABS.find((tab) => tab.path === 'withdrawals')!.path;

const ACCOUNTS = DEMO_ACCOUNTS.map((account) => ({
  email: account.email,
  permissions: [...ROLES.find((role) => role.name === account.role)!.permissions] as string[],
}));

const concrete = (pattern: string) =>
  pattern.replace(/:id\b/g, String(RECORD.id)).replace(/\/\*$/, `/${CHILD}`);
const withoutChild = (pattern: string) => pattern.replace(/:id\b/g, String(RECORD.id)).replace(/\/\*$/, '');

const aliasTargets = new Map(deriveAliasRoutes(resources, pages).map((a) => [a.from, a.to]));

/** Each route: where to go, what it needs, and where it must end when it opens. */
const ROUTES = deriveRouteTable(resources, pages).map((row) => {
  const target = row.kind === 'alias' ? aliasTargets.get(row.path)! : row.path;
  return {
    pattern: row.path,
    path: concrete(row.path),
    requires: row.requires,
    opensAt: withoutChild(target),
  };
});

const BRAND = { fiatDepositAllowed: true };
const context = (permissions: readonly string[]) => ({ permissions, brand: BRAND });

const record = sampleBusiness(RECORD.id, RECORD.name, { settlementCurrency: RECORD.settlementCurrency });

/** Calls that read one record (`…/<id>` or `…/<id>/…`). */
const RECORD_CALL = new RegExp(`/${RECORD.id}(/|$)`);

/** The router's navigate, and every location it has shown, in order (a redirect's too). */
const router: { navigate?: NavigateFunction; seen: string[] } = { seen: [] };
const seen = router.seen;
const onNavigate = (navigate: NavigateFunction) => void (router.navigate = navigate);
const onLocation = (pathname: string) => void seen.push(pathname);

function Navigator() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => onNavigate(navigate), [navigate]);
  useEffect(() => onLocation(location.pathname), [location]);
  return null;
}

const where = () => screen.getByTestId('where').textContent ?? '';

describe('every declared route × every demo account', () => {
  it('derives the routes from the registries, the business form among them', () => {
    const paths = ROUTES.map((r) => r.pattern);
    expect(paths).toEqual(expect.arrayContaining(['/businesses/create', '/businesses/:id']));
    expect(ROUTES.length).toBeGreaterThan(8);
    expect(ACCOUNTS).toHaveLength(7);
  });

  for (const account of ACCOUNTS) {
    it(
      `${account.email}: renders what it may open, and lands elsewhere without fetching`,
      {
        // Every route of the registries, in one App: the administration pages brought 19 more (the
        // ADMIN run took 38 s of this machine's shared cores).
        timeout: 150_000,
      },
      async () => {
        const landing = landingPage(account.permissions);
        const api = fakeApi({
          'GET /v1/businesses': { body: { businesses: [record], total: 1 } },
          [`GET /v1/businesses/${RECORD.id}`]: { body: record },
        });
        const controller = fakeController(
          sampleSession({ permissions: account.permissions, supportedCurrencies: [...CURRENCY_SEED] }),
        );
        seen.length = 0;
        renderApp('/', controller, api.fetch, <Navigator />);
        await waitFor(() => expect(where()).toBe(landing));

        for (const route of ROUTES) {
          const allowed = satisfies(route.requires, context(account.permissions));
          const before = api.calls.length;
          const from = seen.length;
          act(() => router.navigate!(route.path));
          const label = `${account.email} at ${route.path}`;
          // The router has been there (and then wherever that led).
          await waitFor(() => expect(seen.slice(from), label).toContain(route.path));
          if (allowed) {
            const opensAt = route.opensAt === '/' ? landing : route.opensAt;
            await waitFor(() => expect(where().startsWith(opensAt), `${label}: at ${where()}`).toBe(true));
            await screen.findByTestId('page');
          } else {
            await waitFor(() => expect(seen.slice(from).at(-1), label).toBe(landing));
            expect(where(), label).toBe(landing);
            const fetched = api.calls.slice(before).filter((c) => RECORD_CALL.test(c.path));
            expect(
              fetched.map((c) => c.path),
              `${label} fetched its record`,
            ).toEqual([]);
          }
        }
      },
    );
  }
});

describe('the sidebar against the routes', () => {
  const entries = deriveMenuEntries(resources, pages);
  const routeOf = (path: string) => ROUTES.find((r) => r.pattern === path);

  it("gives every item a route and a requirement at least as strict as the route's", () => {
    for (const entry of entries) {
      const route = routeOf(entry.path);
      expect(route, `${entry.key} has a route`).toBeDefined();
      expect(implies(entry.requires, route!.requires), `${entry.key}'s item vs its route`).toBe(true);
    }
  });

  it('shows each demo account only items whose route opens for it', () => {
    for (const account of ACCOUNTS) {
      for (const section of menuModel(entries, context(account.permissions))) {
        for (const item of section.items) {
          const route = routeOf(item.path)!;
          expect(
            satisfies(route.requires, context(account.permissions)),
            `${account.email}: ${item.key}`,
          ).toBe(true);
        }
      }
    }
  });

  it('hides statistics from a user with GET_BALANCES alone (its route needs GET_STATISTICS too)', () => {
    const keys = menuModel(entries, context(['GET_ORGANISATION', 'GET_BALANCES'])).flatMap((s) =>
      s.items.map((i) => i.key),
    );
    expect(keys).not.toContain('statistics');
  });

  it('refuses a declaration whose menu item asks less than its route', () => {
    const View = () => null;
    const weak = (menuRequires: Requirement): PageDeclaration =>
      page({
        name: 'stats',
        path: '/stats',
        access: all('GET_STATISTICS', 'GET_BALANCES'),
        menu: { section: 'organisation', label: 'x', icon: View, order: 1, requires: menuRequires },
        component: View,
      });
    expect(declarationProblems([], [weak(all('GET_BALANCES'))])).toEqual([
      "stats: the menu item's requirement is weaker than its route's (access)",
    ]);
    expect(declarationProblems([], [weak(all('GET_STATISTICS', 'GET_BALANCES', 'GET_BUSINESSES'))])).toEqual(
      [],
    );
  });
});
