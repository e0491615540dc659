/**
 * The administration forms' pure rules: the key scopes a user may give, the IP allow list as typed,
 * the expiry day, a PATCH of only what changed; a role group's levels, the role name's checks and the
 * permissions an edited role keeps.
 */
import { describe, expect, it } from 'vitest';
import {
  apiKeyProblems,
  changeBody,
  createBody,
  expiryDay,
  expiryInstant,
  grantableScopes,
  parseIpList,
  valuesOfKey,
} from '../../src/resources/apiKeys/rules';
import { levelsOf, roleNameProblem, rolePermissions } from '../../src/resources/roles/rules';
import { PERMISSION_GROUPS } from '../../src/domain/permissions';
import { groupsOf, permissionsForGroups } from '../../src/domain/roles';

const group = (key: string) => PERMISSION_GROUPS.find((g) => g.key === key)!;

describe('API key form rules', () => {
  it('offers only the key scopes the user holds, in the API order', () => {
    expect(grantableScopes(['GET_BALANCES', 'GET_API_CREDENTIALS', 'GET_PAYMENT'])).toEqual([
      'GET_PAYMENT',
      'GET_BALANCES',
    ]);
    expect(grantableScopes(['GET_API_CREDENTIALS'])).toEqual([]);
  });

  it('reads the allow list one entry a line or comma separated, without blanks or repeats', () => {
    expect(parseIpList(' 10.0.0.1 \n\n10.0.0.0/8, 2001:db8::/32\n10.0.0.1')).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
  });

  it('makes a key work through its last day, and shows that day back', () => {
    const instant = expiryInstant('2031-05-31')!;
    const next = new Date(instant);
    expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours()]).toEqual([2031, 5, 1, 0]);
    expect(expiryDay(instant)).toBe('2031-05-31');
    expect(expiryInstant('')).toBeNull();
    expect(expiryDay(null)).toBe('');
  });

  it('names each problem with the shared key rules', () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    const bad = apiKeyProblems(
      { name: 'Bad;name', businessId: '', scopes: [], ipAllowList: '10.0.0.300', expiresOn: '2020-01-01' },
      { creating: true, nowMs: now },
    );
    expect(bad).toEqual({
      name: 'keyNamePattern',
      businessId: 'businessRequired',
      scopes: 'scopesRequired',
      ipAllowList: 'ipInvalid',
      expiresOn: 'expiryPast',
    });
    expect(
      apiKeyProblems(
        { name: ' ', businessId: '', scopes: ['GET_PAYMENT'], ipAllowList: '', expiresOn: '' },
        { creating: false, nowMs: now },
      ),
    ).toEqual({ name: 'keyNameRequired' });
  });

  it('sends a creation in the API shape and a change of only what differs', () => {
    expect(
      createBody({
        name: ' Shop ',
        businessId: '3',
        scopes: ['GET_BALANCES', 'GET_PAYMENT'],
        ipAllowList: '10.0.0.1',
        expiresOn: '',
      }),
    ).toEqual({
      name: 'Shop',
      businessId: 3,
      scopes: ['GET_PAYMENT', 'GET_BALANCES'],
      ipAllowList: ['10.0.0.1'],
    });
    const stored = {
      name: 'Shop',
      businessId: 3,
      scopes: ['GET_PAYMENT'],
      ipAllowList: ['10.0.0.1'],
      expiresAt: expiryInstant('2031-01-31'),
    };
    const values = valuesOfKey(stored);
    expect(changeBody(stored, values)).toEqual({});
    expect(changeBody(stored, { ...values, name: 'Shop two' })).toEqual({ name: 'Shop two' });
    expect(changeBody(stored, { ...values, expiresOn: '' })).toEqual({ expiresAt: null });
    expect(changeBody(stored, { ...values, ipAllowList: '' })).toEqual({ ipAllowList: [] });
  });
});

describe('role form rules', () => {
  it("offers no separate 'View access' where a group's view and full sets are equal", () => {
    expect(levelsOf(group('whitelistedAddresses'))).toEqual(['Full access', 'No access']);
    expect(levelsOf(group('payments'))).toEqual(['Full access', 'View access', 'No access']);
  });

  it('checks the role name as the API does', () => {
    expect(roleNameProblem('  ')).toBe('roleNameRequired');
    expect(roleNameProblem('a<b')).toBe('roleNameSpecial');
    expect(roleNameProblem(' admin ')).toBe('roleNameBuiltIn');
    expect(roleNameProblem('x'.repeat(101))).toBe('roleNameLength');
    expect(roleNameProblem('Auditors')).toBeUndefined();
  });

  it('gives a new role its groups’ permissions, and keeps what an edit leaves alone', () => {
    const choice = { apiKeys: 'Full access', usersAndRoles: 'Full access' } as const;
    expect(rolePermissions(choice)).toEqual(permissionsForGroups(choice));
    // The Integrator: API keys in full and one payments read that no group level expresses.
    const integrator = [
      'GET_ORGANISATION',
      'GET_API_CREDENTIALS',
      'CREATE_API_CREDENTIALS',
      'UPDATE_API_CREDENTIALS',
      'DELETE_API_CREDENTIALS',
      'GET_PAYMENT',
    ];
    const before = groupsOf(integrator);
    expect(before.payments).toBe('No access');
    // Giving it the whitelisted addresses keeps the payments read.
    const more = rolePermissions(
      { ...before, whitelistedAddresses: 'Full access' },
      { permissions: integrator, before },
    );
    expect(more).toContain('GET_PAYMENT');
    expect(more).toContain('WHITELIST_ADDRESSES');
    // Setting payments explicitly replaces it; API keys at view drops the other three.
    const changed = rolePermissions(
      { ...before, payments: 'View access', apiKeys: 'View access' },
      { permissions: integrator, before },
    );
    expect(changed).toEqual([
      'GET_API_CREDENTIALS',
      'GET_ORGANISATION',
      'GET_PAYMENT',
      'GET_PAYMENTS',
      'INITIATE_CALLBACK',
    ]);
  });
});
