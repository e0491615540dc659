/**
 * The businesses page and form as issue 14 asks: the table view (total row, sorting) remembered per
 * user on this device, the fee percentages as number fields in step with their sliders, and the
 * theme kept per user.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { preferencesKey, readPreferences, writePreference } from '../../src/layout/preferences';
import { fakeApi, sampleBusiness, sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp as renderRealApp } from './helpers/renderAdmin';

const BUSINESSES = [sampleBusiness(1, 'Northwind Coffee'), sampleBusiness(2, 'Lumen Games')];
const balanceRow = (businessId: number, total: string, balances: Record<string, string>) => ({
  businessId,
  balances: Object.fromEntries(Object.entries(balances).map(([c, amount]) => [c, { amount }])),
  displayFiatAmount: total,
  displayFiatCurrency: 'EUR',
  displayCryptoAmount: '0',
  displayCryptoCurrency: 'BTC',
});
const BALANCES = {
  balances: [
    balanceRow(1, '0.20', { EUR: '0.2', BTC: '0.5' }),
    balanceRow(2, '2500.10', { EUR: '2500.1', BTC: '0.00000001' }),
  ],
};
const MANAGER = ['GET_ORGANISATION', 'GET_BUSINESSES', 'GET_BALANCES', 'CREATE_BUSINESS', 'UPDATE_BUSINESS'];

function renderApp(path: string, userId = 7, total = 2) {
  const api = fakeApi({
    // As the server ranks them (sortBy=balance): Lumen first; `total` says how many there are in all.
    'GET /v1/businesses': { body: { businesses: [BUSINESSES[1], BUSINESSES[0]], total } },
    'GET /v1/balances': { body: BALANCES },
    'GET /v1/withdrawals/metadata': { body: { coins: [{ currency: 'BTC', network: 'MAIN', precision: 8 }] } },
    'GET /v1/payment/organisations/metadata': {
      body: {
        enabledFiatSettlementCurrencies: ['EUR'],
        enabledCryptoSettlementCurrencies: ['USDT'],
        enabledCryptoCurrencies: ['BTC', 'USDT'],
        allowServiceFeeDistribution: true,
        feeDistributionLimit: 0.05,
        settlementCurrency: 'EUR',
      },
    },
  });
  const controller = fakeController(
    sampleSession({ id: userId, permissions: MANAGER, supportedCurrencies: [...CURRENCY_SEED] }),
  );
  return Object.assign(renderRealApp(path, controller, api.fetch), { api });
}

const cellTexts = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

afterEach(() => localStorage.clear());

describe('the businesses table view', { timeout: 60_000 }, () => {
  it('shows a table with a column per currency and an exact organisation total row, sortable', async () => {
    renderApp('/businesses');
    expect((await screen.findByTestId('businesses-count')).textContent).toBe('All businesses (2)');
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Balances per business' });
    const rows = within(table).getAllByRole('row');
    expect(cellTexts(rows[0])).toEqual(['Business', 'Total (EUR)', 'BTC', 'EUR']);
    expect(cellTexts(rows[1])).toEqual(['Lumen Games', '2,500.10', '0.00000001', '2,500.10']);
    expect(cellTexts(rows[3])).toEqual(['Organisation total', '2,500.30', '0.50000001', '2,500.30']);
    // Sorting by a currency column, then the other way round.
    await userEvent.click(within(table).getByRole('button', { name: 'BTC' }));
    expect(cellTexts(within(table).getAllByRole('row')[1])[0]).toBe('Northwind Coffee');
    await userEvent.click(within(table).getByRole('button', { name: 'BTC' }));
    expect(cellTexts(within(table).getAllByRole('row')[1])[0]).toBe('Lumen Games');
    expect(readPreferences(7)).toEqual({ businessesView: 'table' });
  });

  it('with more than one page, sorts by name or total on the server and offers no currency sort', async () => {
    const { api } = renderApp('/businesses', 7, 250);
    await userEvent.click(await screen.findByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Balances per business' });
    // A currency column's order would be this page's only: not offered.
    expect(within(table).queryByRole('button', { name: 'BTC' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Business' }));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/v1/businesses').at(-1)!;
      expect([last.query.get('sortBy'), last.query.get('order')]).toEqual(['name', 'asc']);
    });
    await userEvent.click(within(table).getByRole('button', { name: 'Total (EUR)' }));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/v1/businesses').at(-1)!;
      expect([last.query.get('sortBy'), last.query.get('order')]).toEqual(['balance', 'desc']);
    });
  });

  it('opens in the view this user chose on this device; another user keeps the cards', async () => {
    writePreference(7, 'businessesView', 'table');
    const first = renderApp('/businesses', 7);
    expect(await screen.findByRole('table', { name: 'Balances per business' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    first.unmount();
    renderApp('/businesses', 8);
    expect(await screen.findByRole('article', { name: 'Lumen Games' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the business form fee fields', { timeout: 60_000 }, () => {
  it('keeps the number field and the slider of a percentage in step', async () => {
    renderApp('/businesses/create');
    await screen.findByRole('textbox', { name: /Business name/ });
    // The step indicator: details → overview → done, the first current; Cancel back to the list.
    const steps = screen.getByRole('navigation', { name: 'Progress' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Details', '2Overview', '3Done']);
    expect(within(steps).getByRole('listitem', { current: 'step' }).textContent).toBe('1Details');
    // A list of list items only (axe's 'list' rule: no connector between the items).
    const list = within(steps).getByRole('list');
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI', 'LI', 'LI']);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/businesses');
    // The groups.
    for (const name of ['Identity', 'Currencies', 'Callbacks', 'Fees and features'])
      expect(screen.getByRole('region', { name })).toBeTruthy();

    await userEvent.click(screen.getByRole('switch', { name: 'Processing fee distribution' }));
    const number = screen.getByRole('textbox', {
      name: 'Fee distribution percentage (%)',
    }) as HTMLInputElement;
    const slider = screen.getByRole('slider', { name: 'Fee distribution percentage' }) as HTMLInputElement;
    await userEvent.clear(number);
    await userEvent.type(number, '2,5');
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('2.5'));
    // The slider moves the number.
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    // One step of the slider (0.01 %), shown as the field shows a percentage.
    await waitFor(() => expect(number.value).toBe('2.51'));
  });
});

describe('the theme', { timeout: 60_000 }, () => {
  it('starts in the theme this user chose on this device and stores a change', async () => {
    writePreference(7, 'theme', 'dark');
    renderApp('/businesses');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile' }));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Dark theme' });
    expect(item.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(item);
    expect(JSON.parse(localStorage.getItem(preferencesKey(7)) ?? '{}')).toMatchObject({ theme: 'light' });
  });
});
