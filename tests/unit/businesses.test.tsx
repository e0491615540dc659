/**
 * The businesses resource inside the real App, against a fake /v1 (no mocked react-admin): the card
 * list (balances, ranking, search, empty text, permissions, failure snackbars) and the three-step
 * create / edit form with its deposit-currency panel, the payload it sends and its failures.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import {
  fakeApi,
  sampleSession,
  type Handler,
  type RecordedCall,
  type Reply,
  sampleBusiness,
} from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp as renderRealApp } from './helpers/renderAdmin';

const business = sampleBusiness;

const BUSINESSES = [
  business(1, 'Northwind Coffee'),
  business(2, 'Lumen Games'),
  business(3, 'Harbor Freight', {
    supportedDisplayCurrencies: ['EUR', 'USD'],
    supportedDepositCurrenciesWithNetworks: { USDT: ['ETH', 'TRX'] },
    supportedDepositCurrencies: ['USDT'],
    depositReceivedCallbackUrl: 'https://harbor.example/paid',
    stableCryptoCurrencyDepegThreshold: 0.015,
  }),
];

const balanceRow = (
  businessId: number,
  displayFiatAmount: string,
  balances: Record<string, string> = {},
) => ({
  businessId,
  balances: Object.fromEntries(Object.entries(balances).map(([currency, amount]) => [currency, { amount }])),
  displayFiatAmount,
  displayFiatCurrency: 'EUR',
  displayCryptoAmount: '0',
  displayCryptoCurrency: 'BTC',
});

const BALANCES = {
  balances: [
    balanceRow(1, '100.00', { EUR: '100' }),
    balanceRow(2, '2500.50', { EUR: '2500.5', BTC: '0.123456789', USDT: '10.1234567' }),
    balanceRow(3, '0', {}),
  ],
};

const ORGANISATION = {
  enabledFiatSettlementCurrencies: ['EUR'],
  enabledCryptoSettlementCurrencies: ['USDT', 'USDC', 'BTC'],
  enabledCryptoCurrencies: ['BTC', 'ETH', 'USDT'],
  allowServiceFeeDistribution: true,
  feeDistributionLimit: 0.05,
  settlementCurrency: 'EUR',
};

/** The total displayed balance of a business, as the fake /v1/balances says. */
const displayed = (id: number) =>
  Number(BALANCES.balances.find((row) => row.businessId === id)?.displayFiatAmount ?? 0);

/** Like the API: `q` over the name; `sortBy=balance&order=desc` by total displayed balance. */
const listBusinesses: Handler = (call) => {
  const q = call.query.get('q')?.toLowerCase();
  let rows = q ? BUSINESSES.filter((b) => b.businessName.toLowerCase().includes(q)) : BUSINESSES;
  if (call.query.get('sortBy') === 'balance')
    rows = [...rows].sort((a, b) => displayed(b.id) - displayed(a.id) || b.id - a.id);
  return { body: { businesses: rows, total: rows.length } };
};

const READ = ['GET_ORGANISATION', 'GET_BUSINESSES'];
const MANAGER = [...READ, 'GET_BALANCES', 'CREATE_BUSINESS', 'UPDATE_BUSINESS'];

function renderApp(path: string, permissions: string[], routes: Record<string, Reply | Handler> = {}) {
  const api = fakeApi({
    'GET /v1/businesses': listBusinesses,
    'GET /v1/businesses/3': { body: BUSINESSES[2] },
    'GET /v1/balances': { body: BALANCES },
    'GET /v1/withdrawals/metadata': {
      body: {
        coins: [
          { currency: 'BTC', network: 'MAIN', precision: 8 },
          { currency: 'USDT', network: 'ETH', precision: 6 },
          { currency: 'USDT', network: 'TRX', precision: 6 },
        ],
      },
    },
    'GET /v1/payment/organisations/metadata': { body: ORGANISATION },
    ...routes,
  });
  const controller = fakeController(sampleSession({ permissions, supportedCurrencies: [...CURRENCY_SEED] }));
  renderRealApp(path, controller, api.fetch);
  return api;
}

const where = () => screen.getByTestId('where').textContent;
const calls = (api: { calls: RecordedCall[] }, method: string, path: string) =>
  api.calls.filter((c) => c.method === method && c.path === path);

/** Types a text in one go (a paste: per-key typing of long texts is slow on a busy machine). */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** The card names in display order. */
async function cardNames() {
  const cards = await screen.findAllByRole('article');
  return cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
}

describe('the business list', { timeout: 60_000 }, () => {
  it('shows a card per business with its id and balances, ranked by total displayed balance', async () => {
    const api = renderApp('/businesses', MANAGER);
    await screen.findAllByText('2,500.50');
    expect(await cardNames()).toEqual(['Lumen Games', 'Northwind Coffee', 'Harbor Freight']);
    const lumen = screen.getByRole('article', { name: 'Lumen Games' });
    expect(within(lumen).getByText('ID 2')).toBeTruthy();
    // Fiat with 2 decimals, crypto with its network's precision; ordered by currency name.
    const balances = within(lumen).getByRole('list', { name: 'Balances' });
    expect(
      within(balances)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['0.12345679 BTC', '2,500.50 EUR', '10.123457 USDT']);
    // The total and the balances in aligned columns: the amount and its code in cells of their own.
    const total = (name: string) =>
      within(screen.getByRole('article', { name })).getByTestId('business-total').textContent;
    expect(total('Harbor Freight')?.replace(/\s/g, ' ')).toBe('Total0.00 EUR');
    expect(within(balances).getAllByRole('listitem')[0].children[0].textContent).toBe('0.12345679');
    expect(within(lumen).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/businesses/2');
    expect(within(lumen).getByRole('link', { name: 'Expand business' }).getAttribute('href')).toBe(
      '/businesses/2/show',
    );
    expect(screen.getByRole('link', { name: 'Create business' }).getAttribute('href')).toBe(
      '/businesses/create',
    );
    // Ranked by the server, across every page.
    const list = calls(api, 'GET', '/v1/businesses')[0];
    expect(Object.fromEntries(list.query)).toMatchObject({
      sortBy: 'balance',
      order: 'desc',
      limit: '100',
      offset: '0',
    });
  });

  it('paints the cards in their final order before the balances arrive', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    renderApp('/businesses', MANAGER, {
      'GET /v1/balances': async () => {
        await held;
        return { body: BALANCES };
      },
    });
    expect(await cardNames()).toEqual(['Lumen Games', 'Northwind Coffee', 'Harbor Freight']);
    expect(screen.queryByText('2,500.50')).toBeNull();
    release();
    await screen.findAllByText('2,500.50');
    expect(await cardNames()).toEqual(['Lumen Games', 'Northwind Coffee', 'Harbor Freight']);
  });

  it('without GET_BALANCES: the plain list, no balances asked for, and only the buttons the user may use', async () => {
    const api = renderApp('/businesses', READ);
    expect(await cardNames()).toEqual(['Northwind Coffee', 'Lumen Games', 'Harbor Freight']);
    expect(Object.fromEntries(calls(api, 'GET', '/v1/businesses')[0].query)).toMatchObject({
      sortBy: 'name',
      order: 'asc',
    });
    expect(screen.queryByRole('list', { name: 'Balances' })).toBeNull();
    expect(calls(api, 'GET', '/v1/balances')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Create business' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Expand business' })).toHaveLength(3);
  });

  it('searches on the server with q, keeping the search in the URL', async () => {
    const api = renderApp('/businesses', READ);
    await cardNames();
    await enter(screen.getByRole('textbox', { name: 'Search businesses' }), 'lumen');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Northwind Coffee' })).toBeNull());
    expect(await cardNames()).toEqual(['Lumen Games']);
    expect(calls(api, 'GET', '/v1/businesses').some((c) => c.query.get('q') === 'lumen')).toBe(true);
    expect(decodeURIComponent(screen.getByTestId('where').dataset.search ?? '')).toContain('"q":"lumen"');
  });

  it("says 'No businesses created yet' when there are none", async () => {
    renderApp('/businesses', MANAGER, { 'GET /v1/businesses': { body: { businesses: [], total: 0 } } });
    expect(await screen.findByText('No businesses created yet')).toBeTruthy();
  });

  it("reports a failed list with 'Failed to load businesses'", async () => {
    renderApp('/businesses', READ, { 'GET /v1/businesses': { status: 500, body: { message: 'Boom' } } });
    expect(await screen.findAllByText('Failed to load businesses')).not.toHaveLength(0);
    expect(screen.queryByText('No businesses created yet')).toBeNull();
  });

  it('reports failed balances with "Couldn\'t load businesses" and keeps the cards', async () => {
    renderApp('/businesses', MANAGER, { 'GET /v1/balances': { status: 500, body: { message: 'Boom' } } });
    expect(await screen.findByText("Couldn't load businesses")).toBeTruthy();
    // Still in the server's order.
    expect(await cardNames()).toEqual(['Lumen Games', 'Northwind Coffee', 'Harbor Freight']);
  });

  it('reports failed coin metadata with "Couldn\'t load business metadata" and shows crypto with 6 decimals', async () => {
    renderApp('/businesses', MANAGER, {
      'GET /v1/withdrawals/metadata': { status: 500, body: { message: 'Boom' } },
    });
    expect(await screen.findByText("Couldn't load business metadata")).toBeTruthy();
    expect(await screen.findByText('0.123457')).toBeTruthy();
  });
});

/** Opens the deposit-currency dialog. */
async function openPanel() {
  await userEvent.click(screen.getByRole('button', { name: 'Choose deposit currencies' }));
  return screen.findByRole('dialog', { name: 'Deposit currencies' });
}

describe('creating a business', { timeout: 60_000 }, () => {
  it('goes through the three steps and posts the payload', async () => {
    const api = renderApp('/create-business', MANAGER, {
      'POST /v1/businesses': (call) => ({
        status: 201,
        body: { ...business(20, 'Nova Books'), ...(call.body as object) },
      }),
    });
    await screen.findByRole('textbox', { name: /Business name/ });
    expect(where()).toBe('/businesses/create');
    // The settlement currency is the organisation's, read-only.
    const settlement = screen.getByRole('textbox', { name: 'Settlement currency' }) as HTMLInputElement;
    expect(settlement.value).toBe('EUR');
    expect(settlement.readOnly).toBe(true);

    await enter(screen.getByRole('textbox', { name: /Business name/ }), 'Nova Books');
    // Verify without currencies: the snackbar, and no overview.
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check the business' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'EUR' }));
    const dialog = await openPanel();
    // Closes only with a currency selected.
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Deposit currencies' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Tether (USDT)' }));
    const usdt = within(dialog).getByRole('group', { name: 'Networks of Tether (USDT)' });
    await userEvent.click(within(usdt).getByRole('checkbox', { name: 'BSC (BEP20)' }));
    await userEvent.click(within(usdt).getByRole('checkbox', { name: 'SOL (SPL)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await enter(
      screen.getByRole('textbox', { name: 'Deposit received callback URL' }),
      'https://nova.example/cb',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Merchant' }));

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Check the business' })).toBeTruthy();
    expect(screen.getByText('Tether (USDT): ETH (ERC20), TRX (TRC20)')).toBeTruthy();
    // Back returns to the fields with the values kept.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByRole('textbox', { name: /Business name/ })) as HTMLInputElement).value).toBe(
      'Nova Books',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create business' }));

    expect(await screen.findByText('The business has been created.')).toBeTruthy();
    expect(calls(api, 'POST', '/v1/businesses')[0].body).toEqual({
      businessName: 'Nova Books',
      supportedDisplayCurrencies: ['EUR'],
      supportedDepositCurrenciesWithNetworks: { USDT: ['ETH', 'TRX'] },
      depositReceivedCallbackUrl: 'https://nova.example/cb',
      blockchainFeePaidBy: 'MERCHANT',
      overpaymentPolicy: 'PROCESS',
      refundFollowUpDepositsForOneTimePayments: false,
      stableCryptoCurrencyDepegThreshold: null,
      userServiceFeeDistributionPercentage: 0,
    });
    // The success step opens the business it created, and says where the user is.
    expect(screen.getByRole('link', { name: 'Open Nova Books' }).getAttribute('href')).toBe(
      '/businesses/20/show',
    );
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Done');
    await userEvent.click(screen.getByRole('link', { name: 'Go to businesses' }));
    await waitFor(() => expect(where()).toBe('/businesses'));
  });

  it('shows the schema messages on the fields', async () => {
    renderApp('/businesses/create', MANAGER);
    await enter(await screen.findByRole('textbox', { name: /Business name/ }), 'Nova <Books>');
    await enter(screen.getByRole('textbox', { name: 'Withdrawal callback URL' }), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Name should only contain letters,numbers and spaces')).toBeTruthy();
    expect(screen.getByText('Invalid URL format')).toBeTruthy();
  });

  it('puts a field refused by the server back on its field', async () => {
    renderApp('/businesses/create', MANAGER, {
      'POST /v1/businesses': {
        status: 400,
        body: {
          message: 'Some fields are invalid.',
          errors: { businessName: 'A business with this name already exists' },
        },
      },
    });
    await enter(await screen.findByRole('textbox', { name: /Business name/ }), 'Lumen Games');
    await userEvent.click(screen.getByRole('checkbox', { name: 'EUR' }));
    const dialog = await openPanel();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Bitcoin (BTC)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create business' }));
    expect(await screen.findByText('A business with this name already exists')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /Business name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it("reports a failed organisation metadata with 'Failed to fetch organisation.'", async () => {
    renderApp('/businesses/create', MANAGER, {
      'GET /v1/payment/organisations/metadata': { status: 500, body: { message: 'Boom' } },
    });
    expect(await screen.findByText('Failed to fetch organisation.')).toBeTruthy();
  });
});

describe('the deposit-currency panel', { timeout: 60_000 }, () => {
  it("has Select all, a switch per currency, networks per currency, and a single network's box disabled", async () => {
    renderApp('/businesses/create', MANAGER);
    await screen.findByRole('textbox', { name: /Business name/ });
    const dialog = await openPanel();
    // The organisation's enabled cryptocurrencies, in the spec's order.
    const switches = within(dialog)
      .getAllByRole('switch')
      .map((box) => box.closest('label')?.textContent);
    expect(switches).toEqual(['Select all', 'Bitcoin (BTC)', 'Ethereum (ETH)', 'Tether (USDT)']);
    const btcNetworks = within(dialog).getByRole('group', { name: 'Networks of Bitcoin (BTC)' });
    const main = within(btcNetworks).getByRole('checkbox', { name: 'MAIN' }) as HTMLInputElement;
    expect(main.disabled).toBe(true);

    const boxes = () => [
      ...within(dialog).getAllByRole('switch'),
      ...within(dialog).getAllByRole('checkbox'),
    ];
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Select all' }));
    for (const box of boxes()) expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Select all' }));
    for (const box of boxes()) expect((box as HTMLInputElement).checked).toBe(false);

    // Switching the last network off switches the currency off.
    const usdt = within(dialog).getByRole('group', { name: 'Networks of Tether (USDT)' });
    await userEvent.click(within(usdt).getByRole('checkbox', { name: 'TRX (TRC20)' }));
    const usdtSwitch = within(dialog).getByRole('switch', { name: 'Tether (USDT)' }) as HTMLInputElement;
    expect(usdtSwitch.checked).toBe(true);
    await userEvent.click(within(usdt).getByRole('checkbox', { name: 'TRX (TRC20)' }));
    expect(usdtSwitch.checked).toBe(false);
  });
});

describe('editing a business', { timeout: 60_000 }, () => {
  it('opens through the legacy path with the business, applies the toggles and patches with the id in the body', async () => {
    const api = renderApp('/edit-business/3', MANAGER, {
      'PATCH /v1/businesses': (call) => ({ body: { ...BUSINESSES[2], ...(call.body as object) } }),
    });
    const name = (await screen.findByRole('textbox', { name: /Business name/ })) as HTMLInputElement;
    expect(where()).toBe('/businesses/3');
    expect(name.value).toBe('Harbor Freight');
    expect((screen.getByRole('checkbox', { name: 'USD' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('switch', { name: '1:1 stablecoin exchange rates' }) as HTMLInputElement).checked,
    ).toBe(true);

    // An overpaid refund forces the follow-up refund on and locks it.
    const refund = screen.getByRole('checkbox', { name: /Refund follow-up deposits/ }) as HTMLInputElement;
    expect(refund.checked).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: 'Refund the excess' }));
    expect(refund.checked).toBe(true);
    expect(refund.disabled).toBe(true);

    // Fee distribution turns 1:1 rates off (and the depeg back to 0).
    const fee = screen.getByRole('switch', { name: 'Processing fee distribution' }) as HTMLInputElement;
    await userEvent.click(fee);
    expect(fee.checked).toBe(true);
    const oneToOne = screen.getByRole('switch', {
      name: '1:1 stablecoin exchange rates',
    }) as HTMLInputElement;
    expect(oneToOne.checked).toBe(false);
    // … and 1:1 rates turn fee distribution off again, with the depeg at its 1 % minimum.
    await userEvent.click(oneToOne);
    expect(fee.checked).toBe(false);
    expect(screen.getByRole('slider', { name: 'Depeg threshold' }).getAttribute('aria-valuetext')).toBe(
      '1.00 %',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The business has been updated.')).toBeTruthy();
    const patch = calls(api, 'PATCH', '/v1/businesses')[0];
    expect(patch.body).toEqual({
      id: 3,
      businessName: 'Harbor Freight',
      supportedDisplayCurrencies: ['EUR', 'USD'],
      supportedDepositCurrenciesWithNetworks: { USDT: ['ETH', 'TRX'] },
      depositReceivedCallbackUrl: 'https://harbor.example/paid',
      blockchainFeePaidBy: 'USER',
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpDepositsForOneTimePayments: true,
      stableCryptoCurrencyDepegThreshold: 0.01,
      userServiceFeeDistributionPercentage: 0,
    });
  });

  it('shows a failed save in an overlay for 3 seconds, then returns to the form with the values', async () => {
    renderApp('/businesses/3', MANAGER, {
      'PATCH /v1/businesses': { status: 503, body: { message: 'The ledger is busy.' } },
    });
    const name = (await screen.findByRole('textbox', { name: /Business name/ })) as HTMLInputElement;
    await userEvent.clear(name);
    await enter(name, 'Harbor Logistics');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    const overlay = await screen.findByTestId('failure-overlay');
    const alert = within(overlay).getByRole('alert');
    expect(alert.textContent).toContain('The business could not be saved');
    expect(alert.textContent).toContain('The ledger is busy.');
    // The overlay goes after 3 seconds and the fields come back (findBy waits up to 10 s).
    const back = (await screen.findByRole('textbox', { name: /Business name/ })) as HTMLInputElement;
    expect(back.value).toBe('Harbor Logistics');
    expect(screen.queryByTestId('failure-overlay')).toBeNull();
  });
});
