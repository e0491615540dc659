/** The landing page of docs/product.md#screens-and-routes, 'Guards': the first row whose requirement holds. */
import { all, satisfies, type Requirement } from './requirements';

export const LANDING_ORDER: ReadonlyArray<{ path: string; requires: Requirement }> = [
  { path: '/statistics', requires: all('GET_STATISTICS', 'GET_BALANCES') },
  { path: '/businesses', requires: all('GET_BUSINESSES') },
  { path: '/api-keys', requires: all('GET_API_CREDENTIALS') },
  { path: '/whitelisted-addresses', requires: all('WHITELIST_ADDRESSES') },
  { path: '/users', requires: all('GET_USERS') },
  { path: '/user-roles', requires: all('MANAGE_ROLES') },
];

export const FALLBACK_LANDING = '/change-password';

export function landingPage(permissions: readonly string[]): string {
  return LANDING_ORDER.find((row) => satisfies(row.requires, { permissions }))?.path ?? FALLBACK_LANDING;
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Where the not-found page's button leads (it never leads back to the current path): the landing page
 * when it is a page of the dashboard (one of the menu's paths) other than the current one, else the
 * first menu path that is not the current one, else the fallback landing page; null if even that is
 * the current path.
 */
export function notFoundTarget(
  current: string,
  landing: string,
  menuPaths: readonly string[],
): string | null {
  const here = withoutTrailingSlash(current);
  const elsewhere = (path: string) => withoutTrailingSlash(path) !== here;
  if (elsewhere(landing) && menuPaths.includes(landing)) return landing;
  return menuPaths.find(elsewhere) ?? (elsewhere(FALLBACK_LANDING) ? FALLBACK_LANDING : null);
}
