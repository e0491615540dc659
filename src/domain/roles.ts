/**
 * Roles by permission group (docs/product.md#roles-and-permission-groups): the role form offers each group
 * at 'Full access', 'View access' or 'No access'. One pair of pure functions maps a choice per group to
 * a permission list and back; the form and the reference API both use them.
 */
import {
  BUILT_IN_ROLES,
  groupAccess,
  PERMISSION_GROUPS,
  type GroupAccess,
  type Permission,
} from './permissions';

/** Every role holds it (docs/product.md#roles-and-permission-groups: the default permission). */
export const DEFAULT_PERMISSION: Permission = 'GET_ORGANISATION';

export const ROLE_MESSAGES = {
  roleNameRequired: 'Role name is required',
  roleNameSpecial: 'Role name must not contain special characters',
  roleNameBuiltIn: 'This name belongs to a built-in role',
  roleNameTaken: 'A role with this name already exists',
} as const;

export const ROLE_NAME_MAX_LENGTH = 100;

/** The shared no-special-characters rule (< > " ' ;). */
export const hasSpecialCharacters = (value: string) => /[<>"';]/.test(value);

export const isBuiltInRoleName = (name: string) =>
  (BUILT_IN_ROLES as readonly string[]).includes(name.trim().toUpperCase());

export type GroupChoice = Readonly<Record<string, GroupAccess>>;

/** The permissions a choice per group grants (a group left out is 'No access'), with the default one. */
export function permissionsForGroups(choice: GroupChoice): Permission[] {
  const granted = new Set<Permission>([DEFAULT_PERMISSION]);
  for (const group of PERMISSION_GROUPS) {
    const access = choice[group.key];
    const set = access === 'Full access' ? group.full : access === 'View access' ? group.view : [];
    for (const permission of set) granted.add(permission);
  }
  return [...granted].sort();
}

/** The choice per group a permission list amounts to. */
export function groupsOf(permissions: readonly string[]): Record<string, GroupAccess> {
  return Object.fromEntries(PERMISSION_GROUPS.map((group) => [group.key, groupAccess(permissions, group)]));
}
