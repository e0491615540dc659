import { describe, expect, it } from 'vitest';
import { canAccessWith, createAuthProvider, requirementFor } from '../../src/authProvider/authProvider';
import type { AccessTable } from '../../src/authProvider/types';
import { all, any, both, brandAllows, everyone } from '../../src/domain/requirements';
import { sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';

const access: AccessTable = {
  'api-keys': {
    list: all('GET_API_CREDENTIALS'),
    create: all('CREATE_API_CREDENTIALS'),
    edit: all('UPDATE_API_CREDENTIALS'),
    delete: all('DELETE_API_CREDENTIALS'),
  },
  'bank-accounts': {
    list: any(all('MANAGE_BANK_ACCOUNTS'), all('FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA')),
    create: all('MANAGE_BANK_ACCOUNTS'),
  },
  'fiat-deposit': { access: both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit')) },
  'change-password': { access: everyone },
  statistics: { access: all('GET_STATISTICS', 'GET_BALANCES') },
};

const ALLOWED = { fiatDepositAllowed: true };
const DENIED = { fiatDepositAllowed: false };

describe('canAccess (local, from the access table)', () => {
  it.each`
    resource             | action      | permissions                                        | brand      | expected
    ${'api-keys'}        | ${'list'}   | ${['GET_API_CREDENTIALS']}                         | ${ALLOWED} | ${true}
    ${'api-keys'}        | ${'list'}   | ${['GET_ORGANISATION']}                            | ${ALLOWED} | ${false}
    ${'api-keys'}        | ${'show'}   | ${['GET_API_CREDENTIALS']}                         | ${ALLOWED} | ${true}
    ${'api-keys'}        | ${'create'} | ${['GET_API_CREDENTIALS']}                         | ${ALLOWED} | ${false}
    ${'api-keys'}        | ${'create'} | ${['CREATE_API_CREDENTIALS']}                      | ${ALLOWED} | ${true}
    ${'api-keys'}        | ${'edit'}   | ${['UPDATE_API_CREDENTIALS']}                      | ${ALLOWED} | ${true}
    ${'api-keys'}        | ${'delete'} | ${['UPDATE_API_CREDENTIALS']}                      | ${ALLOWED} | ${false}
    ${'api-keys'}        | ${'delete'} | ${['DELETE_API_CREDENTIALS']}                      | ${ALLOWED} | ${true}
    ${'api-keys'}        | ${'clone'}  | ${['CREATE_API_CREDENTIALS']}                      | ${ALLOWED} | ${true}
    ${'bank-accounts'}   | ${'list'}   | ${['MANAGE_BANK_ACCOUNTS']}                        | ${ALLOWED} | ${true}
    ${'bank-accounts'}   | ${'list'}   | ${['FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA']}  | ${ALLOWED} | ${true}
    ${'bank-accounts'}   | ${'list'}   | ${['FETCH_BANK_ACCOUNTS']}                         | ${ALLOWED} | ${false}
    ${'bank-accounts'}   | ${'edit'}   | ${['MANAGE_BANK_ACCOUNTS']}                        | ${ALLOWED} | ${false}
    ${'bank-accounts'}   | ${'delete'} | ${['MANAGE_BANK_ACCOUNTS', 'FETCH_BANK_ACCOUNTS']} | ${ALLOWED} | ${false}
    ${'fiat-deposit'}    | ${'access'} | ${['CREATE_FIAT_DEPOSIT']}                         | ${ALLOWED} | ${true}
    ${'fiat-deposit'}    | ${'access'} | ${['CREATE_FIAT_DEPOSIT']}                         | ${DENIED}  | ${false}
    ${'fiat-deposit'}    | ${'list'}   | ${['CREATE_FIAT_DEPOSIT']}                         | ${ALLOWED} | ${true}
    ${'fiat-deposit'}    | ${'access'} | ${[]}                                              | ${ALLOWED} | ${false}
    ${'change-password'} | ${'access'} | ${[]}                                              | ${DENIED}  | ${true}
    ${'statistics'}      | ${'access'} | ${['GET_STATISTICS']}                              | ${ALLOWED} | ${false}
    ${'statistics'}      | ${'access'} | ${['GET_STATISTICS', 'GET_BALANCES']}              | ${ALLOWED} | ${true}
    ${'unknown'}         | ${'list'}   | ${['GET_API_CREDENTIALS', 'GET_BUSINESSES']}       | ${ALLOWED} | ${false}
    ${'toString'}        | ${'list'}   | ${[]}                                              | ${ALLOWED} | ${false}
  `(
    '$resource/$action with $permissions → $expected',
    ({ resource, action, permissions, brand, expected }) => {
      expect(canAccessWith(access, { permissions }, brand, resource, action)).toBe(expected);
    },
  );

  it('no session → false', () => {
    expect(canAccessWith(access, null, ALLOWED, 'change-password', 'access')).toBe(false);
  });

  it('read actions fall back to list, then access; writes never fall back', () => {
    expect(requirementFor(access, 'api-keys', 'show')).toBe(access['api-keys'].list);
    expect(requirementFor(access, 'statistics', 'list')).toBe(access.statistics.access);
    expect(requirementFor(access, 'bank-accounts', 'edit')).toBeUndefined();
  });
});

describe('createAuthProvider', () => {
  const make = (session = sampleSession()) => {
    const controller = fakeController(session);
    return { controller, provider: createAuthProvider({ controller, access, brand: ALLOWED }) };
  };

  it('canAccess reads the session permissions', async () => {
    const { provider } = make(sampleSession({ permissions: ['GET_API_CREDENTIALS'] }));
    expect(await provider.canAccess({ resource: 'api-keys', action: 'list' })).toBe(true);
    expect(await provider.canAccess({ resource: 'api-keys', action: 'delete' })).toBe(false);
  });

  it('checkAuth rejects to / without a chosen organisation', async () => {
    await expect(
      make(sampleSession({ hasChosenOrganisation: false })).provider.checkAuth(),
    ).rejects.toMatchObject({ redirectTo: '/' });
    await expect(make().provider.checkAuth()).resolves.toBeUndefined();
  });

  it('checkError never logs out (403 included)', async () => {
    const { provider, controller } = make();
    await expect(provider.checkError()).resolves.toBeUndefined();
    expect(controller.logout).not.toHaveBeenCalled();
  });

  it('identity and permissions come from the session; logout returns /', async () => {
    const { provider, controller } = make();
    expect(await provider.getIdentity()).toMatchObject({ id: 7, fullName: 'admin@example.com' });
    expect(await provider.getPermissions()).toEqual(['GET_ORGANISATION', 'GET_BUSINESSES']);
    expect(await provider.logout()).toBe('/');
    expect(controller.logout).toHaveBeenCalled();
  });
});
