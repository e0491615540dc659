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

/** The smallest sets of permissions (and brand features) that satisfy a requirement, one per way. */
function minimalGrants(requirement: Requirement): Array<{ permissions: string[]; features: BrandFeature[] }> {
  switch (requirement.kind) {
    case 'everyone':
      return [{ permissions: [], features: [] }];
    case 'all':
      return [{ permissions: [...requirement.permissions], features: [] }];
    case 'brand':
      return [{ permissions: [], features: [requirement.feature] }];
    case 'any':
      return requirement.of.flatMap(minimalGrants);
    case 'both':
      return requirement.of.reduce<Array<{ permissions: string[]; features: BrandFeature[] }>>(
        (grants, part) =>
          grants.flatMap((grant) =>
            minimalGrants(part).map((more) => ({
              permissions: [...grant.permissions, ...more.permissions],
              features: [...grant.features, ...more.features],
            })),
          ),
        [{ permissions: [], features: [] }],
      );
  }
}

/**
 * Whether `stricter` is at least as strict as `weaker`: every user and brand that satisfies the
 * first satisfies the second (requirements only ever ask for more, so checking each smallest way of
 * satisfying `stricter` is exact).
 */
export function implies(stricter: Requirement, weaker: Requirement): boolean {
  return minimalGrants(stricter).every(({ permissions, features }) =>
    satisfies(weaker, { permissions, brand: { fiatDepositAllowed: features.includes('fiatDeposit') } }),
  );
}
