/**
 * The role form's pure rules (docs/decisions.md, 'The role and user pages'): the choices a group offers
 * (a group whose view and full sets are equal has no separate 'View access'), the role name's checks
 * (the API's texts, src/domain/roles.ts) and the permissions a form sends. Editing keeps what the
 * form cannot show: a permission outside the groups, or one of a group left as it was, stays.
 */
import type { GroupAccess, Permission, PermissionGroup } from '../../domain/permissions';
import { PERMISSION_GROUPS } from '../../domain/permissions';
import {
  hasSpecialCharacters,
  isBuiltInRoleName,
  permissionsForGroups,
  ROLE_NAME_MAX_LENGTH,
  type GroupChoice,
} from '../../domain/roles';

export const ACCESS_LEVELS: readonly GroupAccess[] = ['Full access', 'View access', 'No access'];

/** The message key of an access level (under resources.user-roles.access). */
export const accessKey = (access: GroupAccess) =>
  access === 'Full access' ? 'full' : access === 'View access' ? 'view' : 'none';

/** The levels a group offers. */
export function levelsOf(group: PermissionGroup): GroupAccess[] {
  const same = group.view.length === group.full.length && group.view.every((p) => group.full.includes(p));
  return same ? ['Full access', 'No access'] : [...ACCESS_LEVELS];
}

export type RoleNameProblem = 'roleNameRequired' | 'roleNameSpecial' | 'roleNameBuiltIn' | 'roleNameLength';

/** The name's problem (the API also checks that no other role of the organisation has it). */
export function roleNameProblem(raw: string): RoleNameProblem | undefined {
  const name = raw.trim();
  if (name === '') return 'roleNameRequired';
  if (name.length > ROLE_NAME_MAX_LENGTH) return 'roleNameLength';
  if (hasSpecialCharacters(name)) return 'roleNameSpecial';
  if (isBuiltInRoleName(name)) return 'roleNameBuiltIn';
  return undefined;
}

/**
 * The permissions to send: a new role's are the groups' (permissionsForGroups); an edited role keeps
 * its permissions but those of the groups whose choice changed, which take the new choice's set.
 */
export function rolePermissions(
  after: GroupChoice,
  original?: { permissions: readonly string[]; before: GroupChoice },
): Permission[] {
  const chosen = permissionsForGroups(after);
  if (!original) return chosen;
  const changed = PERMISSION_GROUPS.filter((group) => original.before[group.key] !== after[group.key]);
  const replaced = new Set<string>(changed.flatMap((group) => group.full));
  const kept = original.permissions.filter((p) => !replaced.has(p)) as Permission[];
  return [...new Set<Permission>([...kept, ...chosen])].sort();
}
