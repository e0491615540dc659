/**
 * Page views in the admin as main.tsx mounts it (AdminRoot and its browser router): a redirect
 * reports one page view, where it leads (/businesses/3/show → /businesses/3/show/deposits), and each
 * page the user then opens reports its own.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AdminRoot from '../../src/AdminRoot';
import { resetPageViews } from '../../src/analytics';
import { SessionControllerProvider } from '../../src/authProvider/SessionContext';
import { BrandProvider } from '../../src/brands';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { fakeApi, sampleSession, sampleBusiness } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { sampleBrand } from './helpers/renderAdmin';

const business = sampleBusiness(3, 'Harbor Freight');

const pageViews = () => (window.dataLayer ?? []).map((event) => (event as { page_path: string }).page_path);

beforeEach(() => {
  window.dataLayer = [];
  resetPageViews();
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('page views', { timeout: 60_000 }, () => {
  it('reports a redirect once, where it leads, and then each page opened', async () => {
    const api = fakeApi({
      'GET /v1/businesses/3': { body: business },
      'GET /v1/payments': { body: { payments: [], total: 0 } },
      'GET /v1/withdrawals/crypto': { body: { withdrawals: [], total: 0 } },
    });
    const controller = fakeController(
      sampleSession({
        permissions: [...BUILT_IN_ROLE_PERMISSIONS.MANAGER],
        supportedCurrencies: [...CURRENCY_SEED],
      }),
    );
    window.history.replaceState(null, '', '/businesses/3/show');
    render(
      <SessionControllerProvider controller={controller}>
        <BrandProvider brand={sampleBrand}>
          <AdminRoot controller={controller} brand={sampleBrand} apiUrl="" fetch={api.fetch} />
        </BrandProvider>
      </SessionControllerProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Freight' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/businesses/3/show/deposits'));
    await waitFor(() => expect(pageViews()).toEqual(['/businesses/3/show/deposits']));

    // A list of the Crypto tab: a link below the tabs (src/resources/businesses/show/tabs.ts).
    await userEvent.click(await screen.findByRole('link', { name: /crypto withdrawals/i }));
    await waitFor(() => expect(window.location.pathname).toBe('/businesses/3/show/withdrawals'));
    await waitFor(() =>
      expect(pageViews()).toEqual(['/businesses/3/show/deposits', '/businesses/3/show/withdrawals']),
    );
  });
});
