import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLE_PERMISSIONS,
  PERMISSIONS,
  PERMISSION_GROUPS,
  groupAccess,
  type Permission,
} from '../../src/domain/permissions';
import { sortCurrencies } from '../../src/domain/currencies';

describe('built-in roles (docs/architecture.md#demo-data)', () => {
  it('ADMIN has every permission', () => {
    expect([...BUILT_IN_ROLE_PERMISSIONS.ADMIN].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('MANAGER has every permission but role and user management (and the audit log read with them)', () => {
    const missing = PERMISSIONS.filter((p) => !BUILT_IN_ROLE_PERMISSIONS.MANAGER.includes(p));
    expect(missing.sort()).toEqual([
      'CREATE_USER',
      'DELETE_USER',
      'GET_AUDIT_LOG',
      'MANAGE_ROLES',
      'UPDATE_USER',
    ]);
  });

  it('only ADMIN reads the audit log, in the full set of Manage users and roles', () => {
    const holders = Object.entries(BUILT_IN_ROLE_PERMISSIONS)
      .filter(([, perms]) => perms.includes('GET_AUDIT_LOG'))
      .map(([role]) => role);
    expect(holders).toEqual(['ADMIN']);
    const group = PERMISSION_GROUPS.find((g) => g.key === 'usersAndRoles')!;
    expect(group.full).toContain('GET_AUDIT_LOG');
    expect(group.view).not.toContain('GET_AUDIT_LOG');
  });

  it('BACKOFFICE has every read plus CREATE_PAYMENT, INITIATE_CALLBACK and UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE', () => {
    const writes = BUILT_IN_ROLE_PERMISSIONS.BACKOFFICE.filter((p) => !/^(GET|FETCH)_/.test(p));
    expect(writes.sort()).toEqual([
      'CREATE_PAYMENT',
      'INITIATE_CALLBACK',
      'UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE',
    ]);
    for (const p of PERMISSIONS.filter((p) => /^(GET|FETCH)_/.test(p) && p !== 'GET_AUDIT_LOG')) {
      expect(BUILT_IN_ROLE_PERMISSIONS.BACKOFFICE).toContain(p);
    }
  });

  it('SUPPORT has exactly its seven reads and GET_ORGANISATION', () => {
    expect([...BUILT_IN_ROLE_PERMISSIONS.SUPPORT].sort()).toEqual(
      [
        'GET_BUSINESSES',
        'GET_FIAT_DEPOSITS',
        'GET_FIAT_WITHDRAWALS',
        'GET_INTERNAL_TRANSFERS',
        'GET_ORGANISATION',
        'GET_PAYMENT',
        'GET_PAYMENTS',
        'GET_WITHDRAWALS',
      ].sort(),
    );
  });

  it('every role has GET_ORGANISATION', () => {
    for (const perms of Object.values(BUILT_IN_ROLE_PERMISSIONS)) expect(perms).toContain('GET_ORGANISATION');
  });
});

describe('role permission groups (docs/product.md#roles-and-permission-groups)', () => {
  const payments = PERMISSION_GROUPS.find((g) => g.key === 'payments')!;
  const travelRule = PERMISSION_GROUPS.find((g) => g.key === 'travelRule')!;

  it.each<[Permission[], string]>([
    [['GET_PAYMENT', 'GET_PAYMENTS', 'INITIATE_CALLBACK', 'CREATE_PAYMENT'], 'Full access'],
    [['GET_PAYMENT', 'GET_PAYMENTS', 'INITIATE_CALLBACK'], 'View access'],
    [['GET_PAYMENT'], 'No access'],
    [[], 'No access'],
  ])('payments with %j is %s', (perms, expected) => {
    expect(groupAccess(perms, payments)).toBe(expected);
  });

  it('travel rule: view is GET_DEPOSITS_WITHOUT_TRAVEL_RULE, full adds the update', () => {
    expect(groupAccess(['GET_DEPOSITS_WITHOUT_TRAVEL_RULE'], travelRule)).toBe('View access');
    expect(
      groupAccess(['GET_DEPOSITS_WITHOUT_TRAVEL_RULE', 'UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE'], travelRule),
    ).toBe('Full access');
  });

  it('ADMIN has full access to every group', () => {
    for (const g of PERMISSION_GROUPS)
      expect(groupAccess(BUILT_IN_ROLE_PERMISSIONS.ADMIN, g)).toBe('Full access');
  });
});

describe('currency ordering (docs/product.md#constants-and-limits)', () => {
  it('puts fiat EUR, USD, GBP, JPY first, then crypto BTC, BCH, LTC, ETH, USDT, XLM, XRP, then alphabetical', () => {
    const list = [
      'ZIL',
      'XRP',
      'JPY',
      'AION',
      'USDT',
      'GBP',
      'BTC',
      'CHF',
      'EUR',
      'LINK',
      'ETH',
      'USD',
      'XLM',
      'LTC',
      'BCH',
    ];
    const fiat = new Set(['JPY', 'GBP', 'CHF', 'EUR', 'USD']);
    const sorted = sortCurrencies(
      list.map((abbreviation) => ({ abbreviation, isFiat: fiat.has(abbreviation) })),
    );
    expect(sorted.map((c) => c.abbreviation)).toEqual([
      'EUR',
      'USD',
      'GBP',
      'JPY',
      'CHF',
      'BTC',
      'BCH',
      'LTC',
      'ETH',
      'USDT',
      'XLM',
      'XRP',
      'AION',
      'LINK',
      'ZIL',
    ]);
  });
});
