/** The landing page of spec section 2, 'Guards': the first row whose requirement holds. */
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
