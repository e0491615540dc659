/**
 * The API keys list inside the real App against a fake /v1: each key's business, scopes, status (its
 * meaning as a colour), expiry and last use; newest first with the search sent as `q`; never a secret.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, sampleSession, type RecordedCall } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp } from './helpers/renderAdmin';

const key = (id: string, name: string, change: Record<string, unknown> = {}) => ({
  id,
  name,
  businessId: 1,
  businessName: 'Northwind Coffee',
  scopes: ['GET_PAYMENT', 'GET_BALANCES'],
  ipAllowList: [],
  expiresAt: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  createdBy: { id: 1, email: 'admin@example.com' },
  lastUsedAt: null,
  lastUsedIp: null,
  status: 'active',
  ...change,
});

const KEYS = [
  key('00000000-0000-4000-8000-000000000001', 'Checkout', {
    lastUsedAt: '2026-11-20T08:00:00.000Z',
    lastUsedIp: '203.0.113.9',
  }),
  key('00000000-0000-4000-8000-000000000002', 'Old POS', { status: 'revoked' }),
];

function renderList() {
  const api = fakeApi({
    'GET /v1/api-keys': (call: RecordedCall) => ({
      body: {
        apiKeys: call.query.get('q') ? KEYS.filter((k) => k.name.includes(call.query.get('q')!)) : KEYS,
        total: KEYS.length,
      },
    }),
  });
  renderApp(
    '/api-keys',
    fakeController(sampleSession({ permissions: ['GET_ORGANISATION', 'GET_API_CREDENTIALS'] })),
    api.fetch,
  );
  return api;
}

describe('API keys list', () => {
  it('shows each key with its business, scopes, status and last use, newest first', async () => {
    const api = renderList();
    const row = (await screen.findByText('Checkout')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Northwind Coffee' }).getAttribute('href')).toBe(
      '/businesses/1/show',
    );
    expect(within(row).getByText('GET_PAYMENT, GET_BALANCES')).toBeTruthy();
    expect(within(row).getByText('Active').closest('[data-meaning]')?.getAttribute('data-meaning')).toBe(
      'success',
    );
    expect(within(row).getByText(/from 203\.0\.113\.9/)).toBeTruthy();
    expect(within(row).getByText('No expiry')).toBeTruthy();
    const revoked = screen.getByText('Old POS').closest('tr')!;
    expect(within(revoked).getByText('Revoked').closest('[data-meaning]')?.getAttribute('data-meaning')).toBe(
      'failed',
    );
    expect(within(revoked).getByText('Never')).toBeTruthy();
    const first = api.calls.find((c) => c.path === '/v1/api-keys')!;
    expect(first.query.get('sortBy')).toBe('createdAt');
    expect(first.query.get('order')).toBe('desc');
  });

  it('sends the search as q', async () => {
    const api = renderList();
    await screen.findByText('Checkout');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search keys' }), 'Old');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/v1/api-keys' && c.query.get('q') === 'Old')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Checkout')).toBeNull());
  });
});
