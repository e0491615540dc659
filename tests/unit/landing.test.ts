import { describe, expect, it } from 'vitest';
import { FALLBACK_LANDING, LANDING_ORDER, landingPage, notFoundTarget } from '../../src/domain/landing';
import {
  all,
  any,
  both,
  brandAllows,
  everyone,
  permissionsOf,
  satisfies,
} from '../../src/domain/requirements';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';

describe('landing page (docs/product.md#screens-and-routes, Guards: first match)', () => {
  it('the table is the spec order', () => {
    expect(LANDING_ORDER.map((r) => r.path)).toEqual([
      '/statistics',
      '/businesses',
      '/api-keys',
      '/whitelisted-addresses',
      '/users',
      '/user-roles',
    ]);
  });

  it.each`
    permissions                                                                    | expected
    ${['GET_STATISTICS', 'GET_BALANCES', 'GET_BUSINESSES', 'GET_API_CREDENTIALS']} | ${'/statistics'}
    ${['GET_STATISTICS', 'GET_BUSINESSES']}                                        | ${'/businesses'}
    ${['GET_BALANCES', 'GET_BUSINESSES', 'GET_API_CREDENTIALS']}                   | ${'/businesses'}
    ${['GET_API_CREDENTIALS', 'WHITELIST_ADDRESSES', 'GET_USERS']}                 | ${'/api-keys'}
    ${['WHITELIST_ADDRESSES', 'GET_USERS', 'MANAGE_ROLES']}                        | ${'/whitelisted-addresses'}
    ${['GET_USERS', 'MANAGE_ROLES']}                                               | ${'/users'}
    ${['MANAGE_ROLES']}                                                            | ${'/user-roles'}
    ${['GET_ORGANISATION']}                                                        | ${'/change-password'}
    ${[]}                                                                          | ${'/change-password'}
  `('$permissions → $expected', ({ permissions, expected }) => {
    expect(landingPage(permissions)).toBe(expected);
  });

  it('every row wins over all the rows below it', () => {
    const everyPermission = LANDING_ORDER.flatMap((r) => permissionsOf(r.requires));
    LANDING_ORDER.forEach((row, index) => {
      const below = LANDING_ORDER.slice(index + 1).flatMap((r) => permissionsOf(r.requires));
      expect(landingPage([...permissionsOf(row.requires), ...below])).toBe(row.path);
      // and without this row's permissions, it is never chosen
      const without = everyPermission.filter((p) => !permissionsOf(row.requires).includes(p));
      expect(landingPage(without)).not.toBe(row.path);
    });
    expect(FALLBACK_LANDING).toBe('/change-password');
  });

  it('demo roles land where docs/architecture.md#demo-data says', () => {
    expect(landingPage(BUILT_IN_ROLE_PERMISSIONS.ADMIN)).toBe('/statistics');
    expect(landingPage(BUILT_IN_ROLE_PERMISSIONS.BACKOFFICE)).toBe('/statistics');
    expect(landingPage(BUILT_IN_ROLE_PERMISSIONS.SUPPORT)).toBe('/businesses');
    expect(landingPage(['GET_ORGANISATION', 'GET_API_CREDENTIALS', 'CREATE_API_CREDENTIALS'])).toBe(
      '/api-keys',
    );
  });
});

describe('requirement evaluation', () => {
  const ctx = (permissions: string[], fiatDepositAllowed = false) => ({
    permissions,
    brand: { fiatDepositAllowed },
  });
  it.each`
    name                             | requirement                                                                            | context                                                | expected
    ${'everyone'}                    | ${everyone}                                                                            | ${ctx([])}                                             | ${true}
    ${'all: every permission'}       | ${all('GET_STATISTICS', 'GET_BALANCES')}                                               | ${ctx(['GET_STATISTICS', 'GET_BALANCES'])}             | ${true}
    ${'all: one missing'}            | ${all('GET_STATISTICS', 'GET_BALANCES')}                                               | ${ctx(['GET_STATISTICS'])}                             | ${false}
    ${'any: second alternative'}     | ${any(all('MANAGE_BANK_ACCOUNTS'), all('FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA'))} | ${ctx(['FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA'])} | ${true}
    ${'any: none'}                   | ${any(all('MANAGE_BANK_ACCOUNTS'), all('FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA'))} | ${ctx(['FETCH_BANK_ACCOUNTS'])}                        | ${false}
    ${'both: permission and brand'}  | ${both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit'))}                        | ${ctx(['CREATE_FIAT_DEPOSIT'], true)}                  | ${true}
    ${'both: brand does not allow'}  | ${both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit'))}                        | ${ctx(['CREATE_FIAT_DEPOSIT'], false)}                 | ${false}
    ${'both: permission missing'}    | ${both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit'))}                        | ${ctx([], true)}                                       | ${false}
    ${'brand without brand context'} | ${brandAllows('fiatDeposit')}                                                          | ${{ permissions: [] }}                                 | ${false}
  `('$name → $expected', ({ requirement, context, expected }) => {
    expect(satisfies(requirement, context)).toBe(expected);
  });
});

describe('notFoundTarget: the not-found button never leads back to the current path', () => {
  const menu = ['/businesses', '/change-password', '/authentication'];
  it.each`
    current               | landing               | menuPaths                                  | expected
    ${'/nope'}            | ${'/businesses'}      | ${menu}                                    | ${'/businesses'}
    ${'/businesses'}      | ${'/businesses'}      | ${menu}                                    | ${'/change-password'}
    ${'/businesses/'}     | ${'/businesses'}      | ${menu}                                    | ${'/change-password'}
    ${'/statistics'}      | ${'/statistics'}      | ${['/change-password', '/authentication']} | ${'/change-password'}
    ${'/nope'}            | ${'/statistics'}      | ${['/change-password', '/authentication']} | ${'/change-password'}
    ${'/change-password'} | ${'/change-password'} | ${['/change-password', '/authentication']} | ${'/authentication'}
    ${'/nope'}            | ${'/statistics'}      | ${[]}                                      | ${FALLBACK_LANDING}
    ${FALLBACK_LANDING}   | ${FALLBACK_LANDING}   | ${[FALLBACK_LANDING]}                      | ${null}
  `('at $current (landing $landing) → $expected', ({ current, landing, menuPaths, expected }) => {
    expect(notFoundTarget(current, landing, menuPaths)).toBe(expected);
  });
});
