import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { generatePath } from 'react-router-dom';
import {
  all,
  any,
  both,
  brandAllows,
  everyone,
  satisfies,
  type AccessContext,
  type Requirement,
} from '../../src/domain/requirements';
import { BUILT_IN_ROLE_PERMISSIONS, PERMISSIONS, type Permission } from '../../src/domain/permissions';
import {
  canonicalPattern,
  declarationProblems,
  deriveAccessTable,
  deriveAliasRoutes,
  deriveApiTable,
  deriveMenuEntries,
  deriveRouteTable,
  menuModel,
  page,
  resource,
  SECTIONS,
  type PageDeclaration,
  type ResourceDeclaration,
  type SectionKey,
} from '../../src/declarations';
import { resources } from '../../src/resources/registry';
import { pages } from '../../src/customPages/registry';
import { RECORD_KINDS } from '../../src/domain/records';
import { TRANSACTION_KINDS } from '../../src/resources/transactions/kinds';

const View: ComponentType = () => null;
const Icon: ComponentType = () => null;

// ---------------------------------------------------------------------------------------------
// The tables of docs/product.md#screens-and-routes, written out independently of the declarations.
// ---------------------------------------------------------------------------------------------

const WHITELIST = all('WHITELIST_ADDRESSES');
const ROLES = all('MANAGE_ROLES');
const USERS = all('CREATE_USER');

/** docs/product.md#screens-and-routes 'Logged-in routes and required permission' (route patterns as react-router writes them). */
const SPEC_ROUTES: Record<string, Requirement> = {
  '/statistics': all('GET_STATISTICS', 'GET_BALANCES'),
  '/businesses': all('GET_BUSINESSES'),
  // The tabbed container: each tab then asks for its own permission (docs/product.md#screens-and-routes, business detail).
  '/business/:id/*': all('GET_BUSINESSES'),
  '/create-business': all('CREATE_BUSINESS'),
  '/edit-business/:id': all('UPDATE_BUSINESS'),
  '/balance-confirmation': all('GET_BALANCES'),
  '/transaction-ledger': all('GET_BALANCES'),
  '/crypto-deposit': all('CREATE_PAYMENT'),
  '/crypto-withdrawal': all('CREATE_WITHDRAWAL'),
  '/internal-transfer': all('CREATE_INTERNAL_TRANSFER'),
  '/balance-conversion': all('CREATE_BALANCE_CONVERSION'),
  '/fiat-withdrawal': all('CREATE_FIAT_WITHDRAWAL'),
  '/fiat-deposit': both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit')),
  '/authentication': everyone,
  '/change-password': everyone,
  '/api-keys': all('GET_API_CREDENTIALS'),
  '/edit-api-key/:id': all('UPDATE_API_CREDENTIALS'),
  '/api-keys/delete/:id': all('UPDATE_API_CREDENTIALS'),
  '/create-api-keys': all('CREATE_API_CREDENTIALS'),
  '/whitelisted-addresses': WHITELIST,
  '/whitelisted-addresses/create': WHITELIST,
  '/whitelisted-addresses/delete/:id': WHITELIST,
  '/whitelisted-addresses/edit/:id': everyone, // always redirects to /
  '/user-roles': ROLES,
  '/user-roles/edit/:id': ROLES,
  '/user-roles/create': ROLES,
  '/user-roles/delete/:id': ROLES,
  '/users': USERS,
  '/edit-user/:id': USERS,
  '/users/delete/:id': USERS,
  '/create-user': USERS,
  '/bank-accounts': any(all('MANAGE_BANK_ACCOUNTS'), all('FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA')),
  '/bank-accounts/:id/edit': all('MANAGE_BANK_ACCOUNTS'),
  '/bank-accounts/create': all('MANAGE_BANK_ACCOUNTS'),
  '/withdrawal-approvals': all('CREATE_WITHDRAWAL'),
  '/travel-rule': all('GET_DEPOSITS_WITHOUT_TRAVEL_RULE'),
};

/** docs/product.md#screens-and-routes 'Sidebar sections (item, permission; empty means everyone)'. */
const SPEC_SIDEBAR: ReadonlyArray<{ section: SectionKey; key: string; requires: Requirement }> = [
  // The spec's table says GET_BALANCES; the item shows only where its route opens (docs/decisions.md).
  { section: 'organisation', key: 'statistics', requires: all('GET_STATISTICS', 'GET_BALANCES') },
  { section: 'organisation', key: 'businesses', requires: all('GET_BUSINESSES') },
  {
    section: 'organisation',
    key: 'bank-accounts',
    requires: both(
      all('FETCH_BANK_METADATA'),
      any(all('MANAGE_BANK_ACCOUNTS'), all('FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA')),
    ),
  },
  { section: 'organisation', key: 'whitelisted-addresses', requires: all('WHITELIST_ADDRESSES') },
  { section: 'organisation', key: 'withdrawal-approvals', requires: all('CREATE_WITHDRAWAL') },
  { section: 'organisation', key: 'travel-rule', requires: all('GET_DEPOSITS_WITHOUT_TRAVEL_RULE') },
  { section: 'billing', key: 'crypto-deposit', requires: all('CREATE_PAYMENT') },
  { section: 'billing', key: 'crypto-withdrawal', requires: all('CREATE_WITHDRAWAL') },
  {
    section: 'billing',
    key: 'fiat-deposit',
    requires: both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit')),
  },
  { section: 'billing', key: 'fiat-withdrawal', requires: all('CREATE_FIAT_WITHDRAWAL') },
  { section: 'balanceManagement', key: 'internal-transfer', requires: all('CREATE_INTERNAL_TRANSFER') },
  { section: 'balanceManagement', key: 'balance-conversion', requires: all('CREATE_BALANCE_CONVERSION') },
  { section: 'reporting', key: 'balance-confirmation', requires: all('GET_BALANCES') },
  { section: 'reporting', key: 'transaction-ledger', requires: all('GET_BALANCES') },
  { section: 'settings', key: 'change-password', requires: everyone },
  { section: 'settings', key: 'authentication', requires: everyone },
  { section: 'settings', key: 'api-keys', requires: all('GET_API_CREDENTIALS') },
  { section: 'settings', key: 'users', requires: all('CREATE_USER') },
  { section: 'settings', key: 'user-roles', requires: all('MANAGE_ROLES') },
];

/** The demo roles of docs/architecture.md#demo-data. */
const DEMO_ROLES: Record<string, readonly Permission[]> = {
  ADMIN: BUILT_IN_ROLE_PERMISSIONS.ADMIN,
  MANAGER: BUILT_IN_ROLE_PERMISSIONS.MANAGER,
  BACKOFFICE: BUILT_IN_ROLE_PERMISSIONS.BACKOFFICE,
  SUPPORT: BUILT_IN_ROLE_PERMISSIONS.SUPPORT,
  Integrator: [
    'GET_ORGANISATION',
    'GET_API_CREDENTIALS',
    'CREATE_API_CREDENTIALS',
    'UPDATE_API_CREDENTIALS',
    'DELETE_API_CREDENTIALS',
  ],
  'No access': ['GET_ORGANISATION'],
};

const ctx = (permissions: readonly string[], fiatDepositAllowed = true): AccessContext => ({
  permissions,
  brand: { fiatDepositAllowed },
});

/** Permission sets that tell requirements apart: every role, each permission alone, none, the bank pair. */
const PROBES: AccessContext[] = [
  ...Object.values(DEMO_ROLES),
  ...PERMISSIONS.map((p) => [p]),
  [],
  ['FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA'],
  ['GET_STATISTICS', 'GET_BALANCES'],
  [...PERMISSIONS],
].flatMap((permissions) => [ctx(permissions, true), ctx(permissions, false)]);

/** Two requirements are the same rule when every probe answers alike. */
function expectSameRule(actual: Requirement, expected: Requirement, label: string) {
  for (const probe of PROBES) {
    expect(
      satisfies(actual, probe),
      `${label} for [${probe.permissions.join(', ')}] fiat=${probe.brand?.fiatDepositAllowed}`,
    ).toBe(satisfies(expected, probe));
  }
}

// ---------------------------------------------------------------------------------------------
// A full sample of declarations shaped like the spec (resources come in later issues).
// ---------------------------------------------------------------------------------------------

const apiKeys = resource({
  name: 'api-keys',
  api: { path: 'api-keys', listKey: 'apiKeys', id: 'id' },
  access: {
    list: all('GET_API_CREDENTIALS'),
    create: all('CREATE_API_CREDENTIALS'),
    edit: all('UPDATE_API_CREDENTIALS'),
    delete: all('UPDATE_API_CREDENTIALS'),
  },
  menu: { section: 'settings', label: 'resources.api-keys.name', icon: Icon, order: 30 },
  aliases: { '/create-api-keys': 'create', '/edit-api-key/:id': 'edit', '/api-keys/delete/:id': 'delete' },
  list: View,
  create: View,
  edit: View,
  delete: View,
});

const whitelisted = resource({
  name: 'whitelisted-addresses',
  api: { path: 'whitelisted-addresses', listKey: 'addresses' },
  access: { list: WHITELIST, create: WHITELIST, delete: WHITELIST },
  menu: { section: 'organisation', label: 'resources.whitelisted-addresses.name', icon: Icon, order: 40 },
  aliases: {
    '/whitelisted-addresses/delete/:id': 'delete',
    '/whitelisted-addresses/edit/:id': 'home',
  },
  list: View,
  create: View,
  delete: View,
});

const BANK_ACCOUNTS_LIST = any(
  all('MANAGE_BANK_ACCOUNTS'),
  all('FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA'),
);
/** The spec's sidebar permission, where the route opens (docs/decisions.md). */
const BANK_ACCOUNTS_MENU = both(all('FETCH_BANK_METADATA'), BANK_ACCOUNTS_LIST);
const bankAccounts = resource({
  name: 'bank-accounts',
  api: { path: 'bank-accounts', listKey: 'bankAccounts' },
  access: {
    list: BANK_ACCOUNTS_LIST,
    create: all('MANAGE_BANK_ACCOUNTS'),
    edit: all('MANAGE_BANK_ACCOUNTS'),
  },
  menu: {
    section: 'organisation',
    label: 'resources.bank-accounts.name',
    icon: Icon,
    order: 30,
    requires: BANK_ACCOUNTS_MENU,
  },
  aliases: { '/bank-accounts/:id/edit': 'edit' },
  list: View,
  create: View,
  edit: View,
});

const simpleResource = (
  name: string,
  requires: Requirement,
  section: SectionKey,
  order: number,
): ResourceDeclaration =>
  resource({
    name,
    api: { path: name, listKey: name },
    access: { list: requires },
    menu: { section, label: `resources.${name}.name`, icon: Icon, order },
    list: View,
  });

const simplePage = (
  name: string,
  requires: Requirement,
  section: SectionKey,
  order: number,
  menuRequires?: Requirement,
): PageDeclaration =>
  page({
    name,
    path: `/${name}`,
    access: requires,
    menu: { section, label: `pages.${name}.menu`, icon: Icon, order, requires: menuRequires },
    component: View,
  });

const SAMPLE_RESOURCES: ResourceDeclaration[] = [
  simpleResource('businesses', all('GET_BUSINESSES'), 'organisation', 20),
  bankAccounts,
  whitelisted,
  simpleResource('withdrawal-approvals', all('CREATE_WITHDRAWAL'), 'organisation', 50),
  simpleResource('travel-rule', all('GET_DEPOSITS_WITHOUT_TRAVEL_RULE'), 'organisation', 60),
  apiKeys,
  simpleResource('users', USERS, 'settings', 40),
  simpleResource('user-roles', ROLES, 'settings', 50),
];

const SAMPLE_PAGES: PageDeclaration[] = [
  simplePage('statistics', all('GET_STATISTICS', 'GET_BALANCES'), 'organisation', 10),
  simplePage('crypto-deposit', all('CREATE_PAYMENT'), 'billing', 10),
  simplePage('crypto-withdrawal', all('CREATE_WITHDRAWAL'), 'billing', 20),
  simplePage('fiat-deposit', both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit')), 'billing', 30),
  simplePage('fiat-withdrawal', all('CREATE_FIAT_WITHDRAWAL'), 'billing', 40),
  simplePage('internal-transfer', all('CREATE_INTERNAL_TRANSFER'), 'balanceManagement', 10),
  simplePage('balance-conversion', all('CREATE_BALANCE_CONVERSION'), 'balanceManagement', 20),
  simplePage('balance-confirmation', all('GET_BALANCES'), 'reporting', 10),
  simplePage('transaction-ledger', all('GET_BALANCES'), 'reporting', 20),
];
// The real pages the sample does not stand in for (change-password, authentication).
SAMPLE_PAGES.push(...pages.filter((p) => !SAMPLE_PAGES.some((sample) => sample.name === p.name)));

const shape = (sections: ReturnType<typeof menuModel>) =>
  Object.fromEntries(sections.map((s) => [s.section, s.items.map((i) => i.key)]));

// ---------------------------------------------------------------------------------------------

describe('the registries', () => {
  const routeTable = deriveRouteTable(resources, pages);

  it('are consistent: unique names and routes, every view guarded, every alias to a declared view', () => {
    expect(declarationProblems(resources, pages)).toEqual([]);
    expect(routeTable.length).toBeGreaterThan(0);
  });

  it('declare change-password and authentication, open to every logged-in user, in Settings', () => {
    const byName = Object.fromEntries(pages.map((p) => [p.name, p]));
    for (const name of ['change-password', 'authentication']) {
      expect(byName[name].path).toBe(`/${name}`);
      expect(byName[name].access).toEqual(everyone);
      expect(byName[name].menu?.section).toBe('settings');
    }
  });

  // The spec's routes keep the spec's requirement; a route the spec does not name (a new resource's) is
  // guarded by its own declaration (declarationProblems above refuses a view without a requirement).
  it.each(routeTable.filter((r) => Object.hasOwn(SPEC_ROUTES, r.path)))(
    'route $path requires what docs/product.md#screens-and-routes says',
    ({ path, requires }) => {
      expectSameRule(requires, SPEC_ROUTES[path], path);
    },
  );

  it.each(Object.entries(DEMO_ROLES))(
    'give %s the spec sidebar, restricted to what is declared',
    (_role, permissions) => {
      const declared = new Set(deriveMenuEntries(resources, pages).map((e) => e.key));
      const expected = SECTIONS.map((section) => ({
        section,
        items: SPEC_SIDEBAR.filter(
          (row) =>
            row.section === section && declared.has(row.key) && satisfies(row.requires, ctx(permissions)),
        ).map((row) => row.key),
      })).filter((s) => s.items.length > 0);
      // Items the spec's sidebar does not name (a new resource's) follow their own declaration.
      const inSpec = new Set(SPEC_SIDEBAR.map((row) => row.key));
      const actual = menuModel(deriveMenuEntries(resources, pages), ctx(permissions))
        .map((s) => ({
          section: s.section,
          items: s.items.map((i) => i.key).filter((key) => inSpec.has(key)),
        }))
        .filter((s) => s.items.length > 0);
      expect(actual).toEqual(expected);
    },
  );

  it('show every user Settings with change-password then authentication', () => {
    for (const permissions of Object.values(DEMO_ROLES)) {
      const model = menuModel(deriveMenuEntries(resources, pages), ctx(permissions));
      const settings = model.find((s) => s.section === 'settings');
      expect(settings?.items.slice(0, 2).map((i) => i.path)).toEqual(['/change-password', '/authentication']);
      expect(settings?.label).toBe('layout.sections.settings');
    }
  });
});

describe('menuModel over a spec-shaped sample', () => {
  const entries = deriveMenuEntries(SAMPLE_RESOURCES, SAMPLE_PAGES);

  it('covers exactly the spec sidebar, each item in its section with its menu requirement', () => {
    expect(entries.map((e) => e.key).sort()).toEqual(SPEC_SIDEBAR.map((r) => r.key).sort());
    for (const row of SPEC_SIDEBAR) {
      const entry = entries.find((e) => e.key === row.key)!;
      expect(entry.section, row.key).toBe(row.section);
      expectSameRule(entry.requires, row.requires, `menu ${row.key}`);
    }
  });

  const expected: Record<string, Record<string, string[]>> = {
    ADMIN: {
      organisation: [
        'statistics',
        'businesses',
        'bank-accounts',
        'whitelisted-addresses',
        'withdrawal-approvals',
        'travel-rule',
      ],
      billing: ['crypto-deposit', 'crypto-withdrawal', 'fiat-deposit', 'fiat-withdrawal'],
      balanceManagement: ['internal-transfer', 'balance-conversion'],
      reporting: ['balance-confirmation', 'transaction-ledger'],
      settings: ['change-password', 'authentication', 'api-keys', 'users', 'user-roles'],
    },
    MANAGER: {
      organisation: [
        'statistics',
        'businesses',
        'bank-accounts',
        'whitelisted-addresses',
        'withdrawal-approvals',
        'travel-rule',
      ],
      billing: ['crypto-deposit', 'crypto-withdrawal', 'fiat-deposit', 'fiat-withdrawal'],
      balanceManagement: ['internal-transfer', 'balance-conversion'],
      reporting: ['balance-confirmation', 'transaction-ledger'],
      settings: ['change-password', 'authentication', 'api-keys'],
    },
    BACKOFFICE: {
      organisation: ['statistics', 'businesses', 'bank-accounts', 'travel-rule'],
      billing: ['crypto-deposit'],
      reporting: ['balance-confirmation', 'transaction-ledger'],
      settings: ['change-password', 'authentication', 'api-keys'],
    },
    SUPPORT: {
      organisation: ['businesses'],
      settings: ['change-password', 'authentication'],
    },
    Integrator: {
      settings: ['change-password', 'authentication', 'api-keys'],
    },
    'No access': {
      settings: ['change-password', 'authentication'],
    },
  };

  it.each(Object.entries(expected))('shows %s the right sections and items', (role, sections) => {
    const model = menuModel(entries, ctx(DEMO_ROLES[role]));
    expect(shape(model)).toEqual(sections);
    // Sections keep the spec order and empty ones are gone.
    expect(model.map((s) => s.section)).toEqual(SECTIONS.filter((s) => s in sections));
  });

  it('hides fiat-deposit when the brand does not allow fiat deposits', () => {
    const model = menuModel(entries, ctx(DEMO_ROLES.ADMIN, false));
    expect(shape(model).billing).toEqual(['crypto-deposit', 'crypto-withdrawal', 'fiat-withdrawal']);
  });

  it('hides statistics from the menu on GET_BALANCES alone, as its route turns that user away', () => {
    const model = menuModel(entries, ctx(['GET_ORGANISATION', 'GET_BALANCES']));
    expect(shape(model).organisation).toBeUndefined();
    const route = deriveRouteTable(SAMPLE_RESOURCES, SAMPLE_PAGES).find((r) => r.path === '/statistics')!;
    expect(satisfies(route.requires, ctx(['GET_BALANCES']))).toBe(false);
  });

  it('carries label keys, paths and icons for the sidebar', () => {
    const settings = menuModel(entries, ctx(DEMO_ROLES.ADMIN)).find((s) => s.section === 'settings')!;
    const apiKeyItem = settings.items.find((i) => i.key === 'api-keys')!;
    expect(apiKeyItem).toMatchObject({ path: '/api-keys', label: 'resources.api-keys.name', icon: Icon });
  });
});

describe('declarationProblems', () => {
  it('passes the spec-shaped sample and names every problem of a broken set', () => {
    expect(declarationProblems(SAMPLE_RESOURCES, SAMPLE_PAGES)).toEqual([]);
    const unguarded = resource({ ...apiKeys, access: { list: all('GET_API_CREDENTIALS') }, aliases: {} });
    expect(declarationProblems([unguarded, apiKeys], [])).toEqual([
      'api-keys is declared twice',
      'api-keys has a create view but no access.create',
      'api-keys has a edit view but no access.edit',
      'api-keys has a delete view but no access.delete',
    ]);
    const twoPaths = page({ ...SAMPLE_PAGES[0], name: 'stats-again' });
    expect(declarationProblems([], [SAMPLE_PAGES[0], twoPaths])).toEqual([
      'route /statistics is declared twice',
    ]);
    const noView = resource({ ...whitelisted, delete: undefined });
    expect(declarationProblems([noView], [])).toEqual([
      'whitelisted-addresses: alias /whitelisted-addresses/delete/:id targets a missing delete view',
    ]);
  });
});

describe('tables derived from a sample declaration', () => {
  it('derives the alias routes, each redirecting to its canonical route under the same guard', () => {
    expect(deriveAliasRoutes([apiKeys, whitelisted, bankAccounts], [])).toEqual([
      { from: '/create-api-keys', to: '/api-keys/create', requires: all('CREATE_API_CREDENTIALS') },
      { from: '/edit-api-key/:id', to: '/api-keys/:id', requires: all('UPDATE_API_CREDENTIALS') },
      { from: '/api-keys/delete/:id', to: '/api-keys/:id/delete', requires: all('UPDATE_API_CREDENTIALS') },
      {
        from: '/whitelisted-addresses/delete/:id',
        to: '/whitelisted-addresses/:id/delete',
        requires: WHITELIST,
      },
      { from: '/whitelisted-addresses/edit/:id', to: '/', requires: everyone },
      { from: '/bank-accounts/:id/edit', to: '/bank-accounts/:id', requires: all('MANAGE_BANK_ACCOUNTS') },
    ]);
  });

  it('derives page aliases to the page path', () => {
    const withAlias = page({ ...SAMPLE_PAGES[0], aliases: ['/stats'] });
    expect(deriveAliasRoutes([], [withAlias])).toEqual([
      { from: '/stats', to: '/statistics', requires: all('GET_STATISTICS', 'GET_BALANCES') },
    ]);
  });

  it('carries the child paths of a splat alias over to the canonical route', () => {
    const detail = resource({
      name: 'businesses',
      api: { path: 'businesses', listKey: 'businesses' },
      access: { show: all('GET_BUSINESSES') },
      aliases: { '/business/:id/*': 'show' },
      show: View,
    });
    const [alias] = deriveAliasRoutes([detail], []);
    expect(alias).toEqual({
      from: '/business/:id/*',
      to: '/businesses/:id/show/*',
      requires: all('GET_BUSINESSES'),
    });
    // What AliasRedirect does with the matched params of /business/5/deposits and of /business/5.
    expect(generatePath(alias.to, { id: '5', '*': 'deposits' })).toBe('/businesses/5/show/deposits');
    expect(generatePath(alias.to, { id: '5', '*': 'fiat-deposits/white-label' })).toBe(
      '/businesses/5/show/fiat-deposits/white-label',
    );
    expect(generatePath(alias.to, { id: '5' })).toBe('/businesses/5/show');
  });

  it('declares transaction lists with list access, an api and a record page, no list route and no menu entries', () => {
    const lists = resources.filter((r) => TRANSACTION_KINDS.some((kind) => kind.resource === r.name));
    expect(lists.map((r) => r.name)).toEqual(
      expect.arrayContaining(['payments', 'crypto-withdrawals', 'fiat-deposits', 'whitelabel-fiat-deposits']),
    );
    // Each list's only route is its record page, under the list's own permission.
    const routes = deriveRouteTable(lists, []);
    expect(routes.map((r) => r.path)).toEqual(lists.map((r) => `/${r.name}/:id/show`));
    for (const kind of TRANSACTION_KINDS) {
      const row = routes.find((r) => r.path === `/${kind.resource}/:id/show`)!;
      expectSameRule(row.requires, kind.requires, row.path);
    }
    expect(deriveMenuEntries(lists, [])).toEqual([]);
    expect(deriveAccessTable(lists, []).payments).toEqual({
      list: all('GET_PAYMENT'),
      show: all('GET_PAYMENT'),
    });
    expect(deriveAccessTable(lists, [])['manual-movements']).toEqual({
      list: all('FETCH_MANUAL_MOVEMENTS'),
      show: all('FETCH_MANUAL_MOVEMENTS'),
    });
  });

  it('gives every record kind a page at /{kind}/:id/show; a payment deposit under the payment permission', () => {
    const table = deriveRouteTable(resources, pages);
    for (const kind of RECORD_KINDS)
      expect(
        table.some((row) => row.path === `/${kind}/:id/show`),
        kind,
      ).toBe(true);
    const deposit = table.find((row) => row.path === '/payment-deposits/:id/show')!;
    expectSameRule(deposit.requires, all('GET_PAYMENT'), deposit.path);
  });

  it('refuses an alias to an action without a requirement', () => {
    const broken = resource({ ...apiKeys, access: { list: all('GET_API_CREDENTIALS') } });
    expect(() => deriveAliasRoutes([broken], [])).toThrow(/create/);
  });

  it('derives the AccessTable for canAccess: resources per action, pages under `access`', () => {
    expect(deriveAccessTable([apiKeys], pages)).toEqual({
      'api-keys': {
        list: all('GET_API_CREDENTIALS'),
        create: all('CREATE_API_CREDENTIALS'),
        edit: all('UPDATE_API_CREDENTIALS'),
        delete: all('UPDATE_API_CREDENTIALS'),
      },
      'change-password': { access: everyone },
      authentication: { access: everyone },
      statistics: { access: all('GET_STATISTICS', 'GET_BALANCES') },
      'balance-confirmation': { access: all('GET_BALANCES') },
      'transaction-ledger': { access: all('GET_BALANCES') },
      'crypto-deposit': { access: all('CREATE_PAYMENT') },
      'balance-conversion': { access: all('CREATE_BALANCE_CONVERSION') },
      'internal-transfer': { access: all('CREATE_INTERNAL_TRANSFER') },
      'fiat-withdrawal': { access: all('CREATE_FIAT_WITHDRAWAL') },
      'fiat-deposit': { access: both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit')) },
      'crypto-withdrawal': { access: all('CREATE_WITHDRAWAL') },
    });
  });

  it('derives the ApiTable for the data provider', () => {
    expect(deriveApiTable([apiKeys, whitelisted])).toEqual({
      'api-keys': { path: 'api-keys', listKey: 'apiKeys', id: 'id' },
      'whitelisted-addresses': { path: 'whitelisted-addresses', listKey: 'addresses' },
    });
  });

  it('derives the route table with canonical react-admin routes', () => {
    const rows = deriveRouteTable([apiKeys], []);
    expect(rows.filter((r) => r.kind === 'resource').map((r) => r.path)).toEqual([
      '/api-keys',
      '/api-keys/create',
      '/api-keys/:id',
      '/api-keys/:id/delete',
    ]);
    expect(canonicalPattern('api-keys', 'show')).toBe('/api-keys/:id/show');
  });

  it('matches docs/product.md#screens-and-routes for every route of the sample', () => {
    for (const row of deriveRouteTable(SAMPLE_RESOURCES, SAMPLE_PAGES)) {
      if (row.kind === 'resource' && row.path.slice(1).includes('/')) continue; // canonical sub-routes
      expect(Object.keys(SPEC_ROUTES), row.path).toContain(row.path);
      expectSameRule(row.requires, SPEC_ROUTES[row.path], row.path);
    }
  });
});
