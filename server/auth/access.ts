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
  /**
   * A live session whose role has every one of these permissions (403 otherwise) — or, when
   * `alternatives` are given, every permission of one of those sets instead (requiresAnyOf).
   */
  | {
      readonly kind: 'permission';
      readonly permissions: readonly Permission[];
      readonly alternatives?: readonly (readonly Permission[])[];
    };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const requires = (...permissions: [Permission, ...Permission[]]): Access => ({
  kind: 'permission',
  permissions,
});

type PermissionSet = [Permission, ...Permission[]];

/**
 * Any one of the sets is enough, each needing all of its permissions (docs/decisions.md 143):
 * `requiresAnyOf(['MANAGE_BANK_ACCOUNTS'], ['FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA'])`. The first
 * set is `permissions`, the others `alternatives`.
 */
export const requiresAnyOf = (first: PermissionSet, ...others: PermissionSet[]): Access => ({
  kind: 'permission',
  permissions: first,
  ...(others.length > 0 ? { alternatives: others } : {}),
});

/** Every set of permissions that admits a caller to a permission access, the first one first. */
export const permissionSets = (access: Extract<Access, { kind: 'permission' }>) => [
  access.permissions,
  ...(access.alternatives ?? []),
];

/** Whether a role with `held` passes a permission access. */
export const admits = (access: Extract<Access, { kind: 'permission' }>, held: readonly string[]) =>
  permissionSets(access).some((set) => set.every((p) => held.includes(p)));

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
      return requirePermission(permissionSets(access), apiKeyScopes);
  }
}
