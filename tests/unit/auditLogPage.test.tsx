/**
 * The audit log in the real App over a fake /v1: the list (who, action, record, changes, outcome) and
 * its query; the timeline on the business edit page for a holder of GET_AUDIT_LOG, none without it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { fakeApi, sampleBusiness, sampleSession, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp as renderRealApp } from './helpers/renderAdmin';

const ENTRY = {
  id: 7,
  at: '2026-11-21T13:05:00.000Z',
  actor: { type: 'user', id: '1', label: 'admin@example.com' },
  action: 'update',
  entityType: 'business',
  entityId: '1',
  changes: { businessName: { before: 'Northwind Coffee', after: 'Northwind Roasters' } },
  outcome: 'success',
  ip: '10.0.0.1',
};
const REFUSED = {
  ...ENTRY,
  id: 6,
  actor: { type: 'user', id: '4', label: 'support@example.com' },
  action: 'access',
  entityType: 'route',
  entityId: 'GET /v1/roles',
  changes: { missing: { before: null, after: ['MANAGE_ROLES'] } },
  outcome: 'refused',
};

function renderApp(path: string, permissions: readonly string[], routes: Record<string, Reply> = {}) {
  const api = fakeApi({
    'GET /v1/audit-log': { body: { entries: [ENTRY, REFUSED], total: 2 } },
    'GET /v1/businesses/1': { body: sampleBusiness(1, 'Northwind Coffee') },
    'GET /v1/payment/organisations/metadata': {
      body: {
        enabledFiatSettlementCurrencies: ['EUR'],
        enabledCryptoSettlementCurrencies: [],
        enabledCryptoCurrencies: ['BTC'],
        allowServiceFeeDistribution: false,
        feeDistributionLimit: 0,
        settlementCurrency: 'EUR',
      },
    },
    ...routes,
  });
  const controller = fakeController(
    sampleSession({ permissions: [...permissions], supportedCurrencies: [...CURRENCY_SEED] }),
  );
  renderRealApp(path, controller, api.fetch);
  return api;
}

const ADMIN = BUILT_IN_ROLE_PERMISSIONS.ADMIN;

describe('the audit log list', () => {
  it('shows who did what to which record, the changes and the outcome, newest first', async () => {
    const api = renderApp('/audit-log', ADMIN);
    const row = (await screen.findByText('businessName')).closest('tr')!;
    expect(within(row).getByText('admin@example.com')).toBeTruthy();
    expect(within(row).getByText('Changed')).toBeTruthy();
    expect(within(row).getByText('Business')).toBeTruthy();
    expect(row.textContent).toContain('businessName: Northwind Coffee → Northwind Roasters');
    expect(within(row).getByText('Done')).toBeTruthy();
    const refused = screen.getByText('support@example.com').closest('tr')!;
    expect(refused.textContent).toContain('missing: — → MANAGE_ROLES');
    expect(within(refused).getByText('Refused')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/v1/audit-log')!;
    expect(Object.fromEntries(call.query)).toMatchObject({ sortBy: 'at', order: 'desc', limit: '25' });
  });

  it("links an entry naming a record to the record's page, for who may open it", async () => {
    const DECIDED = {
      ...ENTRY,
      id: 8,
      action: 'approve',
      entityType: 'crypto-withdrawal',
      entityId: '130',
      changes: { status: { before: 'AWAITING_APPROVAL', after: 'PENDING' } },
    };
    const entries = { 'GET /v1/audit-log': { body: { entries: [DECIDED, ENTRY], total: 2 } } };
    renderApp('/audit-log', ADMIN, entries);
    const link = await screen.findByRole('link', { name: 'Crypto withdrawal 130' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/crypto-withdrawals/130/show');
    // A business is no record of its own page here: its id stays text.
    const business = screen.getByText('businessName').closest('tr')!;
    expect(within(business).queryByRole('link')).toBeNull();
  });

  it('leaves the id as text where the user may not open the record', async () => {
    renderApp('/audit-log', ['GET_ORGANISATION', 'GET_AUDIT_LOG', 'GET_PAYMENT'], {
      'GET /v1/audit-log': {
        body: {
          entries: [
            { ...ENTRY, id: 9, entityType: 'payment-request', entityId: '5', changes: {} },
            { ...ENTRY, id: 8, entityType: 'crypto-withdrawal', entityId: '130', changes: {} },
          ],
          total: 2,
        },
      },
    });
    // The payment (GET_PAYMENT) links; once it does, the withdrawal (no GET_WITHDRAWALS) has been asked too.
    expect(await screen.findByRole('link', { name: 'Crypto deposit 5' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('130')).toBeTruthy());
    expect(screen.queryByRole('link', { name: /Crypto withdrawal 130/ })).toBeNull();
  });

  it('exports the filtered entries, and says when the server cut the file at its row cap', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const api = renderApp('/audit-log', ADMIN, {
        'GET /v1/audit-log/export': {
          body: 'at,action\n',
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="audit-log-2026-11-21.csv"',
            'X-Export-Truncated': 'true',
            'X-Export-Row-Cap': '100000',
          },
        },
      });
      await screen.findByText('businessName');
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(
        await screen.findByText(
          'audit-log-2026-11-21.csv holds the first 100,000 entries only. Narrow the dates or filters for the rest.',
        ),
      ).toBeTruthy();
      expect(saved).toEqual(['audit-log-2026-11-21.csv']);
      const call = api.calls.find((c) => c.path === '/v1/audit-log/export')!;
      expect(Object.fromEntries(call.query)).toMatchObject({ format: 'csv', sortBy: 'at', order: 'desc' });
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('the timeline on the business edit page', () => {
  it("reads the business's entries and shows them to a holder of GET_AUDIT_LOG", async () => {
    const api = renderApp('/businesses/1', ADMIN, {
      'GET /v1/audit-log': { body: { entries: [ENTRY], total: 1 } },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    await waitFor(() => expect(history.textContent).toContain('by admin@example.com'));
    expect(history.textContent).toContain('businessName: Northwind Coffee → Northwind Roasters');
    const call = api.calls.find((c) => c.path === '/v1/audit-log')!;
    expect(Object.fromEntries(call.query)).toMatchObject({ entityType: 'business', entityId: '1' });
  });

  it('is absent for a user without GET_AUDIT_LOG, who never asks for it', async () => {
    const api = renderApp('/businesses/1', BUILT_IN_ROLE_PERMISSIONS.MANAGER);
    expect(await screen.findByRole('textbox', { name: 'Business name' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/v1/audit-log')).toBe(false);
  });
});

describe('the timeline on the other edit pages', () => {
  const KEY_ID = '00000000-0000-4000-8000-000000000001';
  const pages: { path: string; entityType: string; entityId: string; routes: Record<string, Reply> }[] = [
    {
      path: `/api-keys/${KEY_ID}`,
      entityType: 'api-key',
      entityId: KEY_ID,
      routes: {
        [`GET /v1/api-keys/${KEY_ID}`]: {
          body: {
            id: KEY_ID,
            name: 'Checkout',
            businessId: 1,
            businessName: 'Northwind Coffee',
            scopes: ['GET_PAYMENT'],
            ipAllowList: [],
            expiresAt: null,
            createdAt: '2026-10-01T10:00:00.000Z',
            createdBy: { id: 1, email: 'admin@example.com' },
            lastUsedAt: null,
            lastUsedIp: null,
            status: 'active',
          },
        },
      },
    },
    {
      path: '/users/7',
      entityType: 'user',
      entityId: '7',
      routes: {
        'GET /v1/users/7': {
          body: {
            id: 7,
            email: 'sam@example.com',
            roleId: 4,
            roleName: 'SUPPORT',
            twoFaEnabled: false,
            lastLoginAt: null,
            createdAt: '2026-10-01T10:00:00.000Z',
          },
        },
        'GET /v1/roles': {
          body: {
            roles: [{ id: 4, name: 'SUPPORT', permissions: [], builtIn: true, userCount: 1 }],
            total: 1,
          },
        },
      },
    },
    {
      path: '/user-roles/5',
      entityType: 'role',
      entityId: '5',
      routes: {
        'GET /v1/roles/5': {
          body: { id: 5, name: 'Integrator', permissions: ['GET_PAYMENT'], builtIn: false, userCount: 1 },
        },
      },
    },
  ];
  it.each(pages)(
    'reads the history of $entityType on $path',
    async ({ path, entityType, entityId, routes }) => {
      const api = renderApp(path, ADMIN, {
        'GET /v1/audit-log': { body: { entries: [{ ...ENTRY, entityType, entityId }], total: 1 } },
        ...routes,
      });
      const history = await screen.findByRole('region', { name: 'History' });
      await waitFor(() => expect(history.textContent).toContain('by admin@example.com'));
      const call = api.calls.find((c) => c.path === '/v1/audit-log')!;
      expect(Object.fromEntries(call.query)).toMatchObject({ entityType, entityId });
    },
  );
});
