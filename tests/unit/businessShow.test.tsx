/**
 * The business detail in the real App (the registries' declarations, react-admin, the http client and
 * the data provider), over a fake fetch that answers the /v1 contract: its tabs per permission, the
 * default tab, a tab's paging, sorting and URL filters as query strings, the details of a row, the CSV
 * export with its progress, the legacy child paths and a business that fails to load.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { formatTimestamp } from '../../src/i18n/format';
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

const where = () => {
  const output = screen.getByTestId('where');
  return `${output.textContent ?? ''}${output.getAttribute('data-search') ?? ''}`;
};
const pathname = () => where().split('?')[0];

const BUSINESS = sampleBusiness(1, 'Nordlicht Coffee', {
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-10-01T08:00:00.000Z',
});

const CREATED = '2026-11-21T13:05:00.000Z';

function payment(id: number) {
  return {
    id,
    businessId: 1,
    status: 'PAID',
    reference: `ORDER-${id}`,
    priceCurrency: 'EUR',
    priceAmount: '100.00',
    depositCurrency: 'BTC',
    depositNetwork: 'MAIN',
    expectedAmount: '0.00250000',
    expiresAt: '2026-11-21T14:05:00.000Z',
    createdAt: CREATED,
    updatedAt: CREATED,
    deposits: [
      {
        id: id * 10 + 1,
        status: 'CONFIRMED',
        depositCurrency: 'BTC',
        network: 'MAIN',
        depositAmount: '0.00150000',
        txHash: `hash-${id}-a`,
        confirmations: 6,
        createdAt: CREATED,
      },
      {
        id: id * 10 + 2,
        status: 'CONFIRMED',
        depositCurrency: 'BTC',
        network: 'MAIN',
        depositAmount: '0.00050000',
        txHash: `hash-${id}-b`,
        confirmations: 3,
        createdAt: CREATED,
      },
      {
        id: id * 10 + 3,
        status: 'PENDING',
        depositCurrency: 'BTC',
        network: 'MAIN',
        depositAmount: '1.00000000',
        txHash: `hash-${id}-c`,
        confirmations: 0,
        createdAt: CREATED,
      },
    ],
  };
}

/** 60 payments, paged by limit/offset like the API. */
const paymentsHandler: Handler = (call) => {
  const limit = Number(call.query.get('limit') ?? 25);
  const offset = Number(call.query.get('offset') ?? 0);
  const ids = Array.from({ length: 60 }, (_, i) => 101 + i).slice(offset, offset + limit);
  return { body: { payments: ids.map(payment), total: 60 } };
};

const empty = (listKey: string): Reply => ({ body: { [listKey]: [], total: 0 } });

function renderApp(
  path: string,
  permissions: readonly string[],
  routes: Record<string, Reply | Handler> = {},
) {
  const api = fakeApi({
    'GET /v1/businesses/1': { body: BUSINESS },
    'GET /v1/businesses/1/overview': {
      body: { businessId: 1, settlementCurrency: 'EUR', balances: [], volume30d: [], callbacks: null },
    },
    'GET /v1/payments': paymentsHandler,
    'GET /v1/withdrawals/crypto': empty('withdrawals'),
    'GET /v1/payment/deposits/fiat': empty('deposits'),
    'GET /v1/payment/whitelabel-fiat-deposits': {
      body: {
        deposits: [
          {
            id: 7,
            businessId: 1,
            status: 'RETURNED',
            currency: 'EUR',
            amount: '250.00',
            reference: 'Client 42',
            createdAt: CREATED,
            updatedAt: CREATED,
          },
        ],
        total: 1,
      },
    },
    'GET /v1/balances/1': {
      body: {
        businessId: 1,
        balances: { EUR: { amount: '1234.50' }, BTC: { amount: '0.12345678' } },
        displayFiatAmount: '9876.54',
        displayFiatCurrency: 'EUR',
        displayCryptoAmount: '0.25000000',
        displayCryptoCurrency: 'BTC',
      },
    },
    ...routes,
  });
  const controller = fakeController(sampleSession({ permissions: [...permissions] }));
  renderRealApp(path, controller, api.fetch);
  return api;
}

const MANAGER = BUILT_IN_ROLE_PERMISSIONS.MANAGER;
const SUPPORT = BUILT_IN_ROLE_PERMISSIONS.SUPPORT;

const tabLabels = async () => {
  const tablist = await screen.findByRole('tablist', { name: 'Sections of the business' });
  return within(tablist)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
};

/** The lists of the current tab (the links below it), the current one marked with a '*'. */
const viewLinks = async (group: string) => {
  const nav = await screen.findByRole('navigation', { name: `Lists of ${group}` });
  return within(nav)
    .getAllByRole('link')
    .map((link) => `${link.textContent}${link.getAttribute('aria-current') === 'page' ? '*' : ''}`);
};

const lastCall = (api: ReturnType<typeof fakeApi>, path: string): RecordedCall | undefined =>
  api.calls.filter((c) => c.path === path).at(-1);

const queryOf = (call: RecordedCall | undefined) => Object.fromEntries(call?.query ?? []);

describe('the business detail', { timeout: 60_000 }, () => {
  it('shows a manager the breadcrumb, the id, the four tabs of all nine lists, and opens the first', async () => {
    const api = renderApp('/businesses/1/show', MANAGER);
    expect(await tabLabels()).toEqual(['Crypto', 'Fiat', 'Ledger', 'Callbacks']);
    await waitFor(() => expect(pathname()).toBe('/businesses/1/show/deposits'));
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    expect(await viewLinks('Crypto')).toEqual([
      'Crypto deposits*',
      'Crypto withdrawals',
      'Unassociated deposits',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Fiat' }));
    await waitFor(() => expect(pathname()).toBe('/businesses/1/show/fiat-deposits'));
    expect(await viewLinks('Fiat')).toEqual(['Fiat deposits*', 'White-label fiat deposits', 'Settlements']);
    await userEvent.click(screen.getByRole('tab', { name: 'Ledger' }));
    expect(await viewLinks('Ledger')).toEqual([
      'Internal transfers*',
      'Manual ledger movements',
      'Balance conversions',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Crypto' }));
    await waitFor(() => expect(pathname()).toBe('/businesses/1/show/deposits'));
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Businesses' }).getAttribute('href')).toBe(
      '/businesses',
    );
    expect(within(breadcrumb).getByText('Nordlicht Coffee')).toBeTruthy();
    expect(screen.getByText('Business ID: 1')).toBeTruthy();
    // The first page of payments of this business, newest first, 25 rows.
    expect(await screen.findByText('ORDER-101')).toBeTruthy();
    expect(queryOf(lastCall(api, '/v1/payments'))).toEqual({
      businessId: '1',
      limit: '25',
      offset: '0',
      sortBy: 'created',
      order: 'desc',
    });
    // Received: the confirmed deposits only (0.0015 + 0.0005 BTC), in the currency's precision.
    // (Testing Library reads the no-break space before the code as a space.)
    const row = screen.getByText('ORDER-101').closest('tr')!;
    expect(within(row).getByText('0.00200000 BTC')).toBeTruthy();
    expect(within(row).getByText('0.00250000 BTC')).toBeTruthy();
    expect(within(row).getByText('100.00 EUR')).toBeTruthy();
    expect(within(row).getByText(formatTimestamp(CREATED))).toBeTruthy();
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
  });

  it('shows support only the tabs its permissions allow, and no statistics', async () => {
    renderApp('/businesses/1/show', SUPPORT);
    expect(await tabLabels()).toEqual(['Crypto', 'Fiat', 'Ledger', 'Callbacks']);
    await userEvent.click(screen.getByRole('tab', { name: 'Ledger' }));
    // No manual movements or conversions for support: the Ledger tab lists what it may see.
    expect(await viewLinks('Ledger')).toEqual(['Internal transfers*']);
    expect(screen.queryByRole('link', { name: 'Statistics' })).toBeNull();
  });

  it('opens the first tab the user may see, and leads away from one it may not', async () => {
    renderApp('/businesses/1/show/manual-operations', [
      'GET_ORGANISATION',
      'GET_BUSINESSES',
      'GET_WITHDRAWALS',
    ]);
    expect(await tabLabels()).toEqual(['Crypto', 'Callbacks']);
    await waitFor(() => expect(pathname()).toBe('/businesses/1/show/withdrawals'));
    expect(await viewLinks('Crypto')).toEqual(['Crypto withdrawals*']);
    expect(await screen.findByText('No Crypto withdrawals yet.')).toBeTruthy();
  });

  const FILTERED = encodeURIComponent(
    JSON.stringify({ currency: 'BTC', from: '2026-11-01', to: '2026-11-30' }),
  );

  it('filters on the server from the URL, and pages with the filters kept', async () => {
    const api = renderApp(`/businesses/1/show/deposits?filter=${FILTERED}`, MANAGER);
    await screen.findByText('ORDER-101');
    expect(queryOf(lastCall(api, '/v1/payments'))).toMatchObject({
      businessId: '1',
      depositCurrency: 'BTC',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('ORDER-126')).toBeTruthy();
    expect(queryOf(lastCall(api, '/v1/payments'))).toMatchObject({
      limit: '25',
      offset: '25',
      depositCurrency: 'BTC',
    });
    expect(where()).toContain('page=2');
  });

  it('sorts on the server by the column clicked', async () => {
    const api = renderApp(`/businesses/1/show/deposits?filter=${FILTERED}`, MANAGER);
    await screen.findByText('ORDER-101');
    const sortBy = (column: string) =>
      within(screen.getByRole('columnheader', { name: new RegExp(`^${column}`) })).getByRole('button');
    await userEvent.click(sortBy('Status'));
    await waitFor(() =>
      expect(queryOf(lastCall(api, '/v1/payments'))).toMatchObject({ sortBy: 'status', order: 'desc' }),
    );
    await userEvent.click(sortBy('Created'));
    await waitFor(() =>
      expect(queryOf(lastCall(api, '/v1/payments'))).toMatchObject({ sortBy: 'created', order: 'desc' }),
    );
  });

  it('adds a status filter to the others, from the first page, kept in the URL', async () => {
    const api = renderApp(`/businesses/1/show/deposits?filter=${FILTERED}&page=2`, MANAGER);
    await screen.findByText('ORDER-126');
    const filters = screen.getByRole('search', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('button', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Paid' }));
    await waitFor(() =>
      expect(queryOf(lastCall(api, '/v1/payments'))).toMatchObject({
        status: 'PAID',
        depositCurrency: 'BTC',
        offset: '0',
      }),
    );
    expect(decodeURIComponent(where())).toContain('"status":"PAID"');
  });

  it('opens a row at its own address with Enter, walks the page, and closes back to the same list', async () => {
    renderApp(`/businesses/1/show/deposits?filter=${FILTERED}&page=2`, MANAGER);
    const row = (await screen.findByText('ORDER-126')).closest('tr')!;
    // No eye column: the row itself is the way in.
    expect(screen.queryByRole('button', { name: /Details of/ })).toBeNull();
    row.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Crypto deposit 126' });
    expect(pathname()).toBe('/businesses/1/show/deposits/126');
    expect(where()).toContain('page=2');
    // Labels from the catalogue, grouped; no raw field names.
    expect(within(dialog).getByRole('heading', { name: 'Amounts' })).toBeTruthy();
    expect(within(dialog).getByText('Expires')).toBeTruthy();
    expect(within(dialog).queryByText('priceCurrency')).toBeNull();
    expect(within(dialog).getByText('Nordlicht Coffee')).toBeTruthy();
    // A preview: it links to the record's own page.
    expect(within(dialog).getByRole('link', { name: 'Open the full record' }).getAttribute('href')).toBe(
      '/payments/126/show',
    );
    // The deposits' hashes, linked to the block explorer of Bitcoin.
    expect(within(dialog).getByText('hash-126-c')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('link', { name: 'Transaction hash in the block explorer' })[0]
        .getAttribute('href'),
    ).toBe('https://mempool.space/tx/hash-126-a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next record' }));
    await screen.findByRole('dialog', { name: 'Crypto deposit 127' });
    expect(pathname()).toBe('/businesses/1/show/deposits/127');
    await userEvent.click(screen.getByRole('button', { name: 'Previous record' }));
    await screen.findByRole('dialog', { name: 'Crypto deposit 126' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pathname()).toBe('/businesses/1/show/deposits');
    expect(where()).toContain('page=2');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('ORDER-126').closest('tr')));
  });

  it('walks over the edge of a page onto the next and back, counting in the whole list', async () => {
    renderApp('/businesses/1/show/deposits/150?page=2', MANAGER);
    const dialog = await screen.findByRole('dialog', { name: 'Crypto deposit 150' });
    expect(await within(dialog).findByText('50 of 60')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next record' }));
    const next = await screen.findByRole('dialog', { name: 'Crypto deposit 151' });
    expect(pathname()).toBe('/businesses/1/show/deposits/151');
    expect(where()).toContain('page=3');
    expect(await within(next).findByText('51 of 60')).toBeTruthy();
    await userEvent.click(within(next).getByRole('button', { name: 'Previous record' }));
    await screen.findByRole('dialog', { name: 'Crypto deposit 150' });
    expect(where()).toContain('page=2');
    // The list's very last record has no next.
    await userEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a row by a click, and a record off the page from its address (fetched by id)', async () => {
    const api = renderApp('/businesses/1/show/deposits/150', MANAGER, {
      'GET /v1/payments/150': { body: payment(150) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Crypto deposit 150' });
    expect(await within(dialog).findByText('hash-150-a')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/v1/payments/150')).toBe(true);
    // Not on the first page: no neighbours to walk to.
    const next = within(dialog).getByRole('button', { name: 'Next record' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(await screen.findByText('ORDER-103'));
    await screen.findByRole('dialog', { name: 'Crypto deposit 103' });
    expect(pathname()).toBe('/businesses/1/show/deposits/103');
  });

  it('says a missing record, or one of another business, is not there', async () => {
    renderApp('/businesses/1/show/deposits/999', MANAGER, {
      'GET /v1/payments/998': { body: { ...payment(998), businessId: 2 } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Crypto deposit 999' });
    expect(await within(dialog).findByText('There is no Crypto deposit 999 in this business.')).toBeTruthy();
  });

  it('names the businesses of an internal transfer, linked to them, instead of their ids', async () => {
    renderApp('/businesses/1/show/internal-transfers', MANAGER, {
      'GET /v1/payment/internal-transfers': {
        body: {
          transfers: [
            {
              id: 56,
              businessId: 1,
              status: 'PENDING',
              fromBusinessId: 1,
              toBusinessId: 6,
              fromBusinessName: 'Nordlicht Coffee',
              toBusinessName: 'Lumen Games',
              currency: 'EUR',
              amount: '1455.77',
              reference: 'Liquidity top-up',
              createdAt: CREATED,
              updatedAt: CREATED,
            },
          ],
          total: 1,
        },
      },
    });
    const link = await screen.findByRole('link', { name: 'Lumen Games' });
    expect(link.getAttribute('href')).toBe('/businesses/6/show');
    const row = link.closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Nordlicht Coffee' }).getAttribute('href')).toBe(
      '/businesses/1/show',
    );
    // The amount's header and cell are right-aligned.
    expect(screen.getByRole('columnheader', { name: 'Amount' }).className).toMatch(/alignRight/);
  });

  describe('export', () => {
    let saved: string[];
    beforeEach(() => {
      saved = [];
      URL.createObjectURL = vi.fn(() => 'blob:csv');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('downloads the filtered CSV through the http client, with progress, under the server’s name', async () => {
      let answer: (reply: Reply) => void = () => {};
      const api = renderApp(
        `/businesses/1/show/deposits?filter=${encodeURIComponent(JSON.stringify({ status: 'PAID' }))}`,
        MANAGER,
        {
          'GET /v1/payments/export': () =>
            new Promise<Reply>((resolve) => {
              answer = resolve;
            }),
        },
      );
      await screen.findByText('ORDER-101');
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      const running = await screen.findByRole('button', { name: 'Exporting…' });
      expect((running as HTMLButtonElement).disabled).toBe(true);
      expect(within(running).getByRole('progressbar')).toBeTruthy();

      const call = lastCall(api, '/v1/payments/export')!;
      expect(queryOf(call)).toEqual({
        format: 'csv',
        businessId: '1',
        status: 'PAID',
        sortBy: 'created',
        order: 'desc',
      });
      expect(call.headers.authorization).toBe('Web tok-secret-123');
      expect(call.url).not.toContain('tok-secret');

      answer({
        body: 'id,status\n101,PAID\n',
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="payments-2026-11-21.csv"',
        },
      });
      expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
      expect(saved).toEqual(['payments-2026-11-21.csv']);
      expect(await screen.findByText('Downloaded payments-2026-11-21.csv')).toBeTruthy();
    });

    it("says why an export failed, in the server's words, and saves nothing", async () => {
      renderApp('/businesses/1/show/deposits', MANAGER, {
        'GET /v1/payments/export': { status: 500, body: { message: 'The export could not be produced.' } },
      });
      await screen.findByText('ORDER-101');
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('The export could not be produced.')).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
      expect(saved).toEqual([]);
    });
  });

  it('lists the white-label fiat deposits as a list of the Fiat tab, normalised', async () => {
    const api = renderApp('/businesses/1/show/fiat-deposits', MANAGER);
    expect(await screen.findByText('No Fiat deposits yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'White-label fiat deposits' }));
    await waitFor(() => expect(pathname()).toBe('/businesses/1/show/fiat-deposits/white-label'));
    const row = (await screen.findByText('Client 42')).closest('tr')!;
    expect(within(row).getByText('Received')).toBeTruthy();
    expect(within(row).getAllByText('-')).toHaveLength(2); // expectedAmount and initiatedBy
    expect(queryOf(lastCall(api, '/v1/payment/whitelabel-fiat-deposits'))).toMatchObject({ businessId: '1' });
  });

  it("shows the business's balances as its statistics child, by currency name", async () => {
    renderApp('/businesses/1/show/statistics', MANAGER, {
      'GET /v1/balances/1': {
        body: {
          businessId: 1,
          balances: {
            EUR: { amount: '1234.50' },
            BTC: { amount: '0.12345678' },
            GBP: { amount: '1' },
            JPY: { amount: '2' },
            USD: { amount: '3' },
            USDT: { amount: '4' },
          },
          displayFiatAmount: '9876.54',
          displayFiatCurrency: 'EUR',
          displayCryptoAmount: '0.25000000',
          displayCryptoCurrency: 'BTC',
        },
      },
    });
    expect(await screen.findByText('1,234.50 EUR')).toBeTruthy();
    expect(screen.getByText('0.12345678 BTC')).toBeTruthy();
    const table = screen.getByRole('table');
    const codes = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    // Bitcoin, Euro, Japanese Yen, Pound Sterling, Tether, US Dollar.
    expect(codes).toEqual(['BTC', 'EUR', 'JPY', 'GBP', 'USDT', 'USD']);
    expect(screen.getByRole('link', { name: 'Statistics' }).getAttribute('aria-current')).toBe('page');
    // Nothing held: no held column.
    expect(within(table).queryByRole('columnheader', { name: 'Held for approval' })).toBeNull();
  });

  it('adds a held column when a withdrawal awaiting approval reserves funds', async () => {
    renderApp('/businesses/1/show/statistics', MANAGER, {
      'GET /v1/balances/1': {
        body: {
          businessId: 1,
          balances: { BTC: { amount: '0.5', held: '0.0125' }, EUR: { amount: '10' } },
          displayFiatAmount: '10.00',
          displayFiatCurrency: 'EUR',
          displayCryptoAmount: '0.50000000',
          displayCryptoCurrency: 'BTC',
        },
      },
    });
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('columnheader', { name: 'Held for approval' })).toBeTruthy();
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
      );
    expect(cells).toEqual([
      ['BTC', '0.50000000 BTC', '0.01250000 BTC'],
      ['EUR', '10.00 EUR', ''],
    ]);
  });

  it('takes the legacy child path /business/:id/<tab> to the canonical route', async () => {
    renderApp('/business/1/withdrawals', MANAGER);
    await waitFor(() => expect(pathname()).toBe('/businesses/1/show/withdrawals'));
    expect(await screen.findByText('No Crypto withdrawals yet.')).toBeTruthy();
  });

  it('takes the legacy /business/:id to the first tab', async () => {
    renderApp('/business/1', SUPPORT);
    await waitFor(() => expect(pathname()).toBe('/businesses/1/show/deposits'));
  });

  it('reports a business that fails to load, with the failure text', async () => {
    const api = renderApp('/businesses/1/show', MANAGER, {
      'GET /v1/businesses/1': { status: 404, body: { message: 'Business not found.' } },
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Business not found.');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(api.calls.some((c) => c.path === '/v1/payments')).toBe(false);
  });
});
