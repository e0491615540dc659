/**
 * The organisation's members (docs/decisions.md 130 and 223): who may change or remove whom, and the
 * texts of the users API. A role is granted only by someone holding every permission it holds, and a
 * member is changed or removed only by someone holding every permission of the member's current role;
 * an ADMIN only by an ADMIN, and nobody their own membership. The API refuses with these texts
 * (server/modules/users/members.ts); the dashboard's edit page shows the same refusal before Save.
 */

export const USER_TEXTS = {
  self: 'You cannot change or remove your own membership.',
  adminOnly: 'Only an ADMIN can change or remove an ADMIN.',
  lastAdmin: 'The organisation must keep at least one ADMIN.',
  alreadyMember: 'This user is already a member of the organisation',
  roleUnknown: 'Select a role of the organisation',
  widerRole: (permissions: readonly string[]) =>
    `You cannot grant a role with permissions you do not have: ${permissions.join(', ')}.`,
  widerMember: (permissions: readonly string[]) =>
    `You cannot change or remove a member whose role has permissions you do not have: ${permissions.join(', ')}.`,
} as const;

/** The built-in role that only its own holders may change or remove (its name is reserved). */
const ADMIN = 'ADMIN';

/** Those of `permissions` that `held` lacks: what makes a role wider than the actor's own. */
export const permissionsLacking = (held: readonly string[], permissions: readonly string[]): string[] =>
  permissions.filter((p) => !held.includes(p));

/** Who acts: the session's user, its role's name and permissions in this organisation. */
export interface MemberActor {
  userId: number;
  role: string;
  permissions: readonly string[];
}

/** The member acted on, with the permissions of its current role. */
export interface MemberTarget {
  id: number;
  roleName: string;
  permissions: readonly string[];
}

export type MemberRefusal =
  { reason: 'self' } | { reason: 'adminOnly' } | { reason: 'widerMember'; permissions: string[] };

/** Why `actor` may not change or remove `member` (the role or the membership), or undefined if it may. */
export function memberChangeRefusal(actor: MemberActor, member: MemberTarget): MemberRefusal | undefined {
  if (member.id === actor.userId) return { reason: 'self' };
  if (member.roleName === ADMIN && actor.role !== ADMIN) return { reason: 'adminOnly' };
  const lacking = permissionsLacking(actor.permissions, member.permissions);
  return lacking.length > 0 ? { reason: 'widerMember', permissions: lacking } : undefined;
}

/** The API's text of a refusal. */
export function memberRefusalText(refusal: MemberRefusal): string {
  if (refusal.reason === 'widerMember') return USER_TEXTS.widerMember(refusal.permissions);
  return USER_TEXTS[refusal.reason];
}
