/**
 * Access requirements as data (docs/architecture.md#declarations): one pure function evaluates them,
 * so the route guards, the sidebar, canAccess and the tests all read the same table.
 */
import type { Permission } from './permissions';

export type BrandFeature = 'fiatDeposit';

export type Requirement =
  | { readonly kind: 'everyone' }
  | { readonly kind: 'all'; readonly permissions: readonly Permission[] }
  | { readonly kind: 'any'; readonly of: readonly Requirement[] }
  | { readonly kind: 'both'; readonly of: readonly Requirement[] }
  | { readonly kind: 'brand'; readonly feature: BrandFeature };

export interface AccessContext {
  permissions: readonly string[];
  brand?: { fiatDepositAllowed: boolean };
}

/** Open to every logged-in user. */
export const everyone: Requirement = { kind: 'everyone' };
/** Every listed permission is needed. */
export const all = (...permissions: Permission[]): Requirement => ({ kind: 'all', permissions });
/** Any one of the requirements is enough. */
export const any = (...of: Requirement[]): Requirement => ({ kind: 'any', of });
/** Every one of the requirements is needed (to combine permissions with a brand feature). */
export const both = (...of: Requirement[]): Requirement => ({ kind: 'both', of });
/** The deployment's brand allows the feature. */
export const brandAllows = (feature: BrandFeature): Requirement => ({ kind: 'brand', feature });

export function satisfies(requirement: Requirement, context: AccessContext): boolean {
  switch (requirement.kind) {
    case 'everyone':
      return true;
    case 'all':
      return requirement.permissions.every((p) => context.permissions.includes(p));
    case 'any':
      return requirement.of.some((r) => satisfies(r, context));
    case 'both':
      return requirement.of.every((r) => satisfies(r, context));
    case 'brand':
      return requirement.feature === 'fiatDeposit' ? context.brand?.fiatDepositAllowed === true : false;
  }
}

/** Every permission a requirement mentions (for the permission-matrix tests and documentation). */
export function permissionsOf(requirement: Requirement): Permission[] {
  switch (requirement.kind) {
    case 'all':
      return [...requirement.permissions];
    case 'any':
    case 'both':
      return [...new Set(requirement.of.flatMap(permissionsOf))];
    default:
      return [];
  }
}
