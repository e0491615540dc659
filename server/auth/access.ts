/**
 * Who may call a route, declared in its config (`config: { access: requires('MANAGE_ROLES') }`).
 * The app's onRoute hook installs the matching guard from this declaration, and the route-table test
 * reads the same declaration: a /v1 route without one does not start.
 */
import type { preValidationAsyncHookHandler } from 'fastify';
import type { Permission } from '../../src/domain/permissions';
import { authenticate, requirePermission } from './requirePermission';

export type Access =
  /** Anyone, without a session (login, brand, the OpenAPI document). */
  | { readonly kind: 'public' }
  /** Any live session, whatever its permissions (the caller's own account, currencies). */
  | { readonly kind: 'authenticated' }
  /** A live session whose role has every one of these permissions (403 otherwise). */
  | { readonly kind: 'permission'; readonly permissions: readonly Permission[] };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const requires = (...permissions: [Permission, ...Permission[]]): Access => ({
  kind: 'permission',
  permissions,
});

/**
 * The preValidation hook that enforces an access declaration (none for public routes): it runs before
 * the request is checked against its schema (server/http/conventions.ts).
 */
export function guardFor(
  access: Access,
  /** config.apiKey: the route also takes an API key with these scopes. */
  apiKeyScopes?: readonly Permission[],
): preValidationAsyncHookHandler | undefined {
  switch (access.kind) {
    case 'public':
      return undefined;
    case 'authenticated':
      return authenticate;
    case 'permission':
      return requirePermission(access.permissions, apiKeyScopes);
  }
}
