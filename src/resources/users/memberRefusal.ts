/**
 * Why the session may not change or remove a member (src/domain/users.ts's rule, decision 223), for the
 * users list and the edit page alike: told from the session and the member's role in the roles list
 * (one query, shared with the role select).
 */
import { useSession } from '../../authProvider';
import { memberChangeRefusal, type MemberRefusal } from '../../domain/users';
import { useRoles } from './RoleSelect';
import type { UserRecord } from './UserList';

/**
 * The refusal once it can be told, null when the session may change the member, undefined while the
 * member or (for the permission rule) the roles load. A member whose role the list lacks is left to the API.
 */
export function useMemberRefusal(user: UserRecord | undefined): MemberRefusal | null | undefined {
  const session = useSession();
  const { data: roles, error } = useRoles();
  if (!user) return undefined;
  const actor = { userId: session.id, role: session.role, permissions: session.permissions };
  const member = (permissions: readonly string[]) => ({ id: user.id, roleName: user.roleName, permissions });
  const known = memberChangeRefusal(actor, member([]));
  if (known) return known;
  if (!roles && !error) return undefined;
  const role = roles?.find((r) => r.id === user.roleId);
  return memberChangeRefusal(actor, member(role?.permissions ?? [])) ?? null;
}
