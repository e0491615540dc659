/**
 * Switching organisation from a record page, in the admin as main.tsx mounts it (AdminRoot with its
 * browser router, remounted per session), with the real session controller against a fake /v1: the
 * user lands on the new organisation's landing page and nothing of the old organisation's record is
 * fetched after the switch. A 401 from the switch (a login URL) ends the session.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import AdminRoot from '../../src/AdminRoot';
import { createSessionController } from '../../src/authProvider/controller';
import { SessionControllerProvider, useAuthState } from '../../src/authProvider/SessionContext';
import type { SessionController } from '../../src/authProvider/types';
import { BrandProvider } from '../../src/brands';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import type { FetchFn } from '../../src/api/transport';
import {
  fakeApi,
  loginResponse,
  memorySessionStore,
  sampleSession,
  type Reply,
  sampleBusiness,
} from './helpers/fakeApi';
import { sampleBrand } from './helpers/renderAdmin';

const ADMIN = [...BUILT_IN_ROLE_PERMISSIONS.ADMIN];
const ORGANISATIONS = { '1': 'Aurora Payments', '2': 'Borealis Exchange' };
const RECORD_ID = 3;

const business = sampleBusiness(RECORD_ID, 'Harbor Freight');

/** main.tsx's Root, admin half: AdminRoot remounted (key) on every new session. */
function Root({ controller, fetch }: { controller: SessionController; fetch: FetchFn }) {
  const { session } = useAuthState();
  return session?.hasChosenOrganisation ? (
    <AdminRoot key={session.sessionId} controller={controller} brand={sampleBrand} apiUrl="" fetch={fetch} />
  ) : (
    <p>Logged out</p>
  );
}

/** The landing page's calls, answered with a quiet month: a 'Not found.' on it can only be the old record. */
const quietMonth = {
  'GET /v1/businesses': { body: { businesses: [], total: 0 } },
  'GET /v1/statistics/deposits/histogram': {
    body: { groupByCriteria: 'DAY', settlementCurrency: 'EUR', buckets: [] },
  },
  'GET /v1/statistics/withdrawals/histogram': {
    body: { groupByCriteria: 'DAY', settlementCurrency: 'EUR', buckets: [] },
  },
  ...Object.fromEntries(
    ['deposits', 'withdrawals'].map((kind) => [
      `GET /v1/statistics/${kind}`,
      {
        body: {
          settlementCurrency: 'EUR',
          count: 0,
          settlementVolume: '0',
          coins: [],
          settlementBalances: {},
          uniformBalances: {},
        },
      },
    ]),
  ),
} satisfies Record<string, Reply>;

async function startOnRecordPage(switchReply: Reply) {
  const api = fakeApi({
    ...quietMonth,
    [`GET /v1/businesses/${RECORD_ID}`]: { body: business },
    'POST /v1/auth/login/2': switchReply,
    'GET /v1/currencies': { body: { data: CURRENCY_SEED } },
  });
  const store = memorySessionStore(
    sampleSession({
      permissions: ADMIN,
      organisationList: [
        { id: 1, name: 'Aurora Payments' },
        { id: 2, name: 'Borealis Exchange' },
      ],
      supportedCurrencies: [...CURRENCY_SEED],
    }),
  );
  const controller = createSessionController({ apiUrl: '', store, fetch: api.fetch });
  await controller.restore();
  window.history.replaceState(null, '', `/businesses/${RECORD_ID}/show`);
  render(
    <SessionControllerProvider controller={controller}>
      <BrandProvider brand={sampleBrand}>
        <Root controller={controller} fetch={api.fetch} />
      </BrandProvider>
    </SessionControllerProvider>,
  );
  // The record page, with the record.
  expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Freight' })).toBeTruthy();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Organisation: Aurora Payments' }));
  const choice = await screen.findByRole('menuitemradio', { name: /Borealis Exchange/ });
  const mark = api.calls.length;
  await user.click(choice);
  return { api, controller, store, after: () => api.calls.slice(mark) };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('switching organisation on a record page', { timeout: 60_000 }, () => {
  it("lands on the new organisation's landing page without fetching the old record", async () => {
    const { after } = await startOnRecordPage({
      body: {
        ...loginResponse({ organisationId: 2, permissions: ADMIN }, ORGANISATIONS),
        sessionId: 'sess-2',
      },
      headers: { 'X-Identity-Token': 'tok-2' },
    });
    await waitFor(() => expect(window.location.pathname).toBe('/statistics'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    // Once the landing page has drawn its (quiet) month, nothing on it says the old record is gone.
    expect(await screen.findAllByText('No deposits in this period')).not.toHaveLength(0);
    expect(screen.queryByText('Not found.')).toBeNull();
    expect(await screen.findByText('Switched to Borealis Exchange')).toBeTruthy();
    // Nothing of the old page after the switch: not the record, nothing of that business.
    const old = after().filter(
      (c) => new RegExp(`/${RECORD_ID}(/|$)`).test(c.path) || c.query.get('businessId') === String(RECORD_ID),
    );
    expect(old.map((c) => c.url)).toEqual([]);
    // Every call after the switch carries the new token.
    const afterSwitch = after().filter((c) => c.path !== '/v1/auth/login/2');
    expect(afterSwitch.length).toBeGreaterThan(0);
    expect(afterSwitch.every((c) => c.headers.authorization === 'Web tok-2')).toBe(true);
  });

  it('logs out on a 401 from the switch (a login URL), with no snackbar', async () => {
    const { controller, store } = await startOnRecordPage({
      status: 401,
      body: { message: 'Authentication required.' },
    });
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(controller.getState()).toMatchObject({ session: null, notice: 'sessionExpired' });
    expect(store.current).toBeNull();
    expect(screen.queryByText('Authentication required.')).toBeNull();
  });

  it('keeps the session on another failure and says so', async () => {
    const { controller } = await startOnRecordPage({
      status: 403,
      body: { message: 'You do not have permission.' },
    });
    const alert = await screen.findByText('You do not have permission.');
    expect(within(document.body).getByText('You do not have permission.')).toBe(alert);
    expect(controller.getState().session?.organisationId).toBe(1);
  });
});
