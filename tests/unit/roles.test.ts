import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS, PERMISSION_GROUPS } from '../../src/domain/permissions';
import {
  groupsOf,
  hasSpecialCharacters,
  isBuiltInRoleName,
  permissionsForGroups,
} from '../../src/domain/roles';

describe('roles by permission group', () => {
  it('maps a choice per group to permissions and back', () => {
    const choice = { businesses: 'Full access', payments: 'View access' } as const;
    const permissions = permissionsForGroups(choice);
    expect(permissions).toContain('GET_ORGANISATION');
    expect(permissions).toContain('CREATE_BUSINESS');
    expect(permissions).toContain('GET_PAYMENTS');
    expect(permissions).not.toContain('CREATE_PAYMENT');
    const back = groupsOf(permissions);
    expect(back.businesses).toBe('Full access');
    expect(back.payments).toBe('View access');
    expect(back.apiKeys).toBe('No access');
  });

  it('round-trips every group at every level', () => {
    for (const group of PERMISSION_GROUPS) {
      for (const level of ['Full access', 'View access', 'No access'] as const) {
        const back = groupsOf(permissionsForGroups({ [group.key]: level }));
        expect(back[group.key], `${group.key} ${level}`).toBe(
          // A group whose view and full sets are equal reads as full.
          level === 'View access' && group.view.length === group.full.length ? 'Full access' : level,
        );
      }
    }
  });

  it('reads ADMIN as full access everywhere, and nothing as no access', () => {
    expect(new Set(Object.values(groupsOf(BUILT_IN_ROLE_PERMISSIONS.ADMIN)))).toEqual(
      new Set(['Full access']),
    );
    expect(permissionsForGroups({})).toEqual(['GET_ORGANISATION']);
  });

  it('knows built-in names regardless of case and spaces, and the special characters', () => {
    expect(isBuiltInRoleName(' admin ')).toBe(true);
    expect(isBuiltInRoleName('Administrators')).toBe(false);
    for (const c of ['<', '>', '"', "'", ';']) expect(hasSpecialCharacters(`a${c}b`)).toBe(true);
    expect(hasSpecialCharacters('Nuñez team')).toBe(false);
  });
});
