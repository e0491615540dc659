/**
 * The declarations that make the app config-driven (docs/architecture.md#declarations).
 *
 * A resource or a custom page is one folder exporting a declaration built with `resource()` or
 * `page()`, plus one line in its registry. Everything else — the <Resource> elements, the custom and
 * alias routes, the AccessTable handed to createAuthProvider, the ApiTable handed to
 * createDataProvider, and the sidebar — is derived here by pure functions, so the route table of docs/product.md#screens-and-routes and the sidebar table can be read (and tested) straight out of the registries.
 *
 * A declaration carries everything its feature needs: its views, its /v1 mapping (with per-action
 * endpoints, how its total is read and how its filters serialise), its messages, and the named
 * custom methods it adds to the data provider. Only App (the composition root) imports a registry.
 *
 * No JSX here: App.tsx and src/layout turn these tables into elements.
 */
import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { everyone, implies, satisfies, type AccessContext, type Requirement } from './domain/requirements';
import type { AccessTable } from './authProvider/types';
import type { ApiTable, CustomMethods, ResourceApi } from './dataProvider/types';
import type { MessagesLoader } from './i18n/lazyMessages';
import type { TranslatedLocale } from './i18n/locale';
import { mergeMessages, type MessageTree } from './i18n/messages';

/** The sidebar sections of docs/product.md#screens-and-routes, in display order. */
export const SECTIONS = ['organisation', 'billing', 'balanceManagement', 'reporting', 'settings'] as const;
export type SectionKey = (typeof SECTIONS)[number];

/** The i18n key of a section header (messages in src/layout/messages.ts). */
export const sectionLabel = (section: SectionKey) => `layout.sections.${section}`;

export interface MenuDeclaration {
  section: SectionKey;
  /** i18n key of the item's label. */
  label: string;
  icon: ComponentType;
  /** Position inside the section (ascending). */
  order: number;
  /**
   * Who sees the item; defaults to the requirement of the list view (resources) or of the page. It may
   * be stricter than the route's, never weaker (declarationProblems).
   */
  requires?: Requirement;
  /** Optional badge rendered after the label (e.g. the travel-rule count). */
  badge?: ComponentType;
}

/** Views are normally React.lazy(() => import('./SomeView')), so each loads in its own chunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type View = ComponentType<any>;

export const RESOURCE_ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/** Where a legacy path of docs/product.md#screens-and-routes goes: a view of the resource, or `home` (always `/`). */
export type AliasTarget = ResourceAction | 'home';

export interface ResourceDeclaration {
  /** react-admin resource name, also the canonical URL segment (`/api-keys`). */
  name: string;
  /** How the resource maps onto /v1 (read by the generic data provider). */
  api: ResourceApi;
  /** What each action needs. Every view below must have its requirement. */
  access: Partial<Record<ResourceAction, Requirement>>;
  menu?: MenuDeclaration;
  /**
   * Legacy path (react-router pattern, `:id` for the record) → the canonical view it opens. A path
   * ending in `/*` carries its child path over (`/business/:id/*` → `/businesses/:id/show/*`).
   */
  aliases?: Readonly<Record<string, AliasTarget>>;
  list?: View;
  show?: View;
  create?: View;
  edit?: View;
  /** The delete confirmation, routed at `/{name}/:id/delete`. */
  delete?: View;
  recordRepresentation?: string | ((record: RaRecord) => string);
  /** The feature's messages (by convention under `resources.<name>`), merged into the catalogue. */
  messages?: MessageTree;
  /** The loaders of the same messages in the other languages (`{ de: () => import(…) }`). */
  translations?: Translations;
  /** Named custom methods added to the data provider (`dataProvider.<name>(...)`). */
  methods?: CustomMethods;
}

export interface PageDeclaration {
  /** Unique key; also the AccessTable key (action `access`). */
  name: string;
  /** Canonical path, e.g. `/change-password` (may end with `/*` for nested routes). */
  path: string;
  access: Requirement;
  menu?: MenuDeclaration;
  /** Legacy paths that redirect to `path` under the same guard. */
  aliases?: readonly string[];
  component: View;
  /** The page's messages (by convention under `pages.<name>`), merged into the catalogue. */
  messages?: MessageTree;
  /** The loaders of the same messages in the other languages (`{ de: () => import(…) }`). */
  translations?: Translations;
  /** Named custom methods added to the data provider (`dataProvider.<name>(...)`). */
  methods?: CustomMethods;
}

type Declaration = ResourceDeclaration | PageDeclaration;

/**
 * A declaration's messages in the other languages, key for key with its English `messages` (by
 * convention in `messages.de.ts` beside `messages.ts`), each as the loader of its own chunk:
 * `{ de: () => import('./messages.de').then((m) => m.webhookMessagesDe) }`. The loader runs only when
 * the language is chosen (src/i18n/lazyMessages.ts), so English users never download the German.
 * tests/unit/messages.test.ts fails on a missing or extra key.
 */
export type Translations = { readonly [L in TranslatedLocale]?: MessagesLoader };

export const resource = (declaration: ResourceDeclaration): ResourceDeclaration => declaration;
export const page = (declaration: PageDeclaration): PageDeclaration => declaration;

/** The canonical react-admin route pattern of a resource view. */
export function canonicalPattern(name: string, action: ResourceAction): string {
  switch (action) {
    case 'list':
      return `/${name}`;
    case 'create':
      return `/${name}/create`;
    case 'edit':
      return `/${name}/:id`;
    case 'show':
      return `/${name}/:id/show`;
    case 'delete':
      return `/${name}/:id/delete`;
  }
}

/** A page's path without a trailing splat (`/business/*` → `/business`). */
export const pagePath = (p: PageDeclaration) => p.path.replace(/\/\*$/, '') || '/';

/** What createAuthProvider's canAccess reads: resources per action, pages under action `access`. */
export function deriveAccessTable(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): AccessTable {
  const table: AccessTable = {};
  for (const r of resources) table[r.name] = { ...r.access };
  for (const p of pages) table[p.name] = { access: p.access };
  return table;
}

/** What createDataProvider reads: resource name → its /v1 mapping. */
export function deriveApiTable(resources: readonly ResourceDeclaration[]): ApiTable {
  return Object.fromEntries(resources.map((r) => [r.name, r.api]));
}

/**
 * What makes a set of declarations inconsistent, as readable lines (empty when it is sound): a name
 * or route declared twice, a view without its access requirement, an alias to a view that is not
 * declared, a menu item without its view or shown to users its route turns away (its requirement
 * must be at least as strict as the route's). App refuses to start on any of them.
 */
export function declarationProblems(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const name of [...resources.map((r) => r.name), ...pages.map((p) => p.name)]) {
    if (seen.has(name)) problems.push(`${name} is declared twice`);
    seen.add(name);
  }
  for (const r of resources) {
    for (const action of RESOURCE_ACTIONS) {
      if (r[action] && !r.access[action])
        problems.push(`${r.name} has a ${action} view but no access.${action}`);
    }
    for (const [from, target] of Object.entries(r.aliases ?? {})) {
      if (target !== 'home' && !r[target])
        problems.push(`${r.name}: alias ${from} targets a missing ${target} view`);
    }
    if (r.menu && !r.list) problems.push(`${r.name} has a menu item but no list view`);
    if (r.menu?.requires && r.access.list && !implies(r.menu.requires, r.access.list))
      problems.push(`${r.name}: the menu item's requirement is weaker than its route's (access.list)`);
  }
  for (const p of pages) {
    if (p.menu?.requires && !implies(p.menu.requires, p.access))
      problems.push(`${p.name}: the menu item's requirement is weaker than its route's (access)`);
  }
  if (problems.length === 0) {
    const paths = new Set<string>();
    for (const row of deriveRouteTable(resources, pages)) {
      if (paths.has(row.path)) problems.push(`route ${row.path} is declared twice`);
      paths.add(row.path);
    }
  }
  return problems;
}

/** Throws with every problem of declarationProblems. */
export function assertDeclarations(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): void {
  const problems = declarationProblems(resources, pages);
  if (problems.length > 0) throw new Error(`Inconsistent declarations:\n- ${problems.join('\n- ')}`);
}

/** Every declaration's English messages, merged (later wins) into one tree for the catalogue. */
export function deriveMessages(declarations: readonly Declaration[]): MessageTree {
  return mergeMessages(...declarations.flatMap((d) => (d.messages ? [d.messages] : [])));
}

/**
 * Every declaration's loader of its messages in a translation, in declaration order (the catalogue
 * merges what they give in that order, later wins). Nothing is loaded here.
 */
export function deriveTranslations(
  declarations: readonly Declaration[],
  locale: TranslatedLocale,
): MessagesLoader[] {
  return declarations.flatMap((d) => {
    const loader = d.translations?.[locale];
    return loader ? [loader] : [];
  });
}

/** Every declaration's custom methods; two declarations naming the same method is an error. */
export function deriveCustomMethods(declarations: readonly Declaration[]): CustomMethods {
  const methods: CustomMethods = {};
  const owner: Record<string, string> = {};
  for (const d of declarations) {
    for (const [name, factory] of Object.entries(d.methods ?? {})) {
      if (Object.hasOwn(methods, name))
        throw new Error(`Custom method ${name} is declared by both ${owner[name]} and ${d.name}`);
      methods[name] = factory;
      owner[name] = d.name;
    }
  }
  return methods;
}

export interface AliasRoute {
  /** The legacy path pattern; a trailing `/*` also takes its child paths along. */
  from: string;
  /**
   * The canonical pattern it redirects to (params of `from` are substituted; a splat `from` gives a
   * splat `to`, so `/business/:id/*` sends `/business/5/deposits` to `/businesses/5/show/deposits`).
   */
  to: string;
  /** The guard of the target: failing it redirects to `/`. */
  requires: Requirement;
}

/** Redirects from every legacy path to its canonical route, each under the target's guard. */
export function deriveAliasRoutes(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): AliasRoute[] {
  const routes: AliasRoute[] = [];
  for (const r of resources) {
    for (const [from, target] of Object.entries(r.aliases ?? {})) {
      if (target === 'home') {
        routes.push({ from, to: '/', requires: everyone });
        continue;
      }
      const requires = r.access[target];
      if (!requires)
        throw new Error(`Alias ${from} of ${r.name} targets '${target}' which has no access requirement`);
      const splat = from.endsWith('/*') ? '/*' : '';
      routes.push({ from, to: `${canonicalPattern(r.name, target)}${splat}`, requires });
    }
  }
  for (const p of pages) {
    for (const from of p.aliases ?? []) routes.push({ from, to: pagePath(p), requires: p.access });
  }
  return routes;
}

export interface RouteRow {
  path: string;
  requires: Requirement;
  kind: 'resource' | 'page' | 'alias';
}

/** Every route the registries define with its requirement: the route table of docs/product.md#screens-and-routes. */
export function deriveRouteTable(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): RouteRow[] {
  const rows: RouteRow[] = [];
  for (const r of resources) {
    for (const action of RESOURCE_ACTIONS) {
      const requires = r.access[action];
      if (r[action] && requires)
        rows.push({ path: canonicalPattern(r.name, action), requires, kind: 'resource' });
    }
  }
  for (const p of pages) rows.push({ path: pagePath(p), requires: p.access, kind: 'page' });
  for (const a of deriveAliasRoutes(resources, pages))
    rows.push({ path: a.from, requires: a.requires, kind: 'alias' });
  return rows;
}

export interface MenuEntry {
  key: string;
  path: string;
  label: string;
  icon: ComponentType;
  badge?: ComponentType;
  section: SectionKey;
  order: number;
  requires: Requirement;
}

/** One sidebar entry per declaration that has a menu. */
export function deriveMenuEntries(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const r of resources) {
    if (!r.menu) continue;
    const requires = r.menu.requires ?? r.access.list;
    if (!requires) throw new Error(`Resource ${r.name} has a menu item but no list requirement`);
    entries.push({ ...menuFields(r.menu), key: r.name, path: `/${r.name}`, requires });
  }
  for (const p of pages) {
    if (!p.menu) continue;
    entries.push({
      ...menuFields(p.menu),
      key: p.name,
      path: pagePath(p),
      requires: p.menu.requires ?? p.access,
    });
  }
  return entries;
}

function menuFields(menu: MenuDeclaration) {
  const { section, label, icon, order, badge } = menu;
  return { section, label, icon, order, badge };
}

export type MenuItemModel = Omit<MenuEntry, 'requires' | 'section' | 'order'>;

export interface MenuSectionModel {
  section: SectionKey;
  /** i18n key of the header. */
  label: string;
  items: MenuItemModel[];
}

/**
 * The sidebar for a user: sections in the order of SECTIONS, items whose requirement holds, sorted by
 * order; a section with no allowed items is left out.
 */
export function menuModel(entries: readonly MenuEntry[], context: AccessContext): MenuSectionModel[] {
  return SECTIONS.map((section) => ({
    section,
    label: sectionLabel(section),
    items: entries
      .filter((e) => e.section === section && satisfies(e.requires, context))
      .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key))
      .map(({ key, path, label, icon, badge }) => ({ key, path, label, icon, ...(badge ? { badge } : {}) })),
  })).filter((s) => s.items.length > 0);
}
