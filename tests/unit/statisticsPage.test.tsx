/**
 * /statistics inside the real App against a fake /v1 answering the statistics contract (no mocked
 * react-admin): the two charts' accessible names, the table alternative with the chart's figures, the
 * top coins with 'Other', the settlement balances, the business filter (sent as businessId and kept in
 * the URL), the empty and error states, and the business detail's statistics child. jsdom lays out no
 * SVG, so the charts are checked by their names, never by their geometry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pages } from '../../src/customPages/registry';
import { deriveMenuEntries, menuModel } from '../../src/declarations';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { all } from '../../src/domain/requirements';
import { dailySeries, utcDay, type HistogramBucket } from '../../src/domain/statistics';
import { periodWindow } from '../../src/domain/statisticsPeriod';
import { formatDate } from '../../src/i18n/format';
import { resources } from '../../src/resources/registry';
import { fakeApi, sampleSession, type Handler, type RecordedCall, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp as renderRealApp } from './helpers/renderAdmin';

const MANAGER = ['GET_ORGANISATION', 'GET_BUSINESSES', 'GET_STATISTICS', 'GET_BALANCES'];

const BUSINESSES = [
  { id: 1, businessName: 'Northwind Coffee' },
  { id: 2, businessName: 'Lumen Games' },
];

/** The day `after` names ('YYYY-MM-DD'). */
const dayOf = (call: RecordedCall) => (call.query.get('after') ?? '').slice(0, 10);

/**
 * A histogram over the asked window: the first day busy, every other day zero (the server's
 * zero-filling), with other figures for business 2.
 */
function histogram(
  first: Omit<HistogramBucket, 'date'>,
  forBusiness2: Omit<HistogramBucket, 'date'>,
): Handler {
  return (call) => {
    const after = call.query.get('after') ?? '';
    const day = dayOf(call);
    const busy = call.query.get('businessId') === '2' ? forBusiness2 : first;
    const buckets = dailySeries([{ date: day, ...busy }], after);
    return { body: { groupByCriteria: 'DAY', settlementCurrency: 'EUR', buckets } };
  };
}

const coin = (currency: string, count: number, volume: string, settlementVolume: string) => ({
  currency,
  count,
  volume,
  settlementVolume,
  percent: '0',
});

const totals =
  (all: object, forBusiness2: object): Handler =>
  (call) => ({
    body: {
      after: call.query.get('after'),
      settlementCurrency: 'EUR',
      ...(call.query.get('businessId') === '2' ? forBusiness2 : all),
    },
  });

const BALANCES = {
  settlementBalances: { USDT: '1500.123456', EUR: '12345.675', BTC: '0.123456789' },
  uniformBalances: { USDT: '1380.11', EUR: '12345.675', BTC: '7000.5' },
};

const DEPOSITS = {
  count: 12,
  settlementVolume: '1000',
  coins: [
    coin('BTC', 2, '0.01', '400'),
    coin('ETH', 3, '0.1', '200'),
    coin('USDT', 4, '150', '150'),
    coin('LTC', 1, '2', '100'),
    coin('XRP', 1, '150', '75'),
    coin('LINK', 1, '3', '50'),
    coin('USDC', 2, '25', '25'),
  ],
  ...BALANCES,
};

const STATISTICS_ROUTES: Record<string, Handler> = {
  'GET /v1/statistics/deposits/histogram': histogram(
    { count: 3, volumes: { USDT: '100', BTC: '0.02' }, settlementVolume: '1234.5' },
    { count: 1, volumes: { ETH: '0.5' }, settlementVolume: '99.99' },
  ),
  'GET /v1/statistics/withdrawals/histogram': histogram(
    { count: 2, volumes: { USDT: '40' }, settlementVolume: '36.8' },
    { count: 0, volumes: {}, settlementVolume: '0' },
  ),
  'GET /v1/statistics/deposits': totals(DEPOSITS, {
    count: 1,
    settlementVolume: '99.99',
    coins: [coin('ETH', 1, '0.5', '99.99')],
    settlementBalances: { ETH: '0.5' },
    uniformBalances: { ETH: '99.99' },
  }),
  'GET /v1/statistics/withdrawals': totals(
    {
      count: 2,
      settlementVolume: '36.8',
      coins: [coin('USDT', 2, '40', '36.8')],
      ...BALANCES,
    },
    { count: 0, settlementVolume: '0', coins: [], settlementBalances: { ETH: '0.5' }, uniformBalances: {} },
  ),
};

function renderApp(path: string, routes: Record<string, Reply | Handler> = {}, permissions = MANAGER) {
  const api = fakeApi({
    'GET /v1/businesses': { body: { businesses: BUSINESSES, total: BUSINESSES.length } },
    'GET /v1/businesses/1': { body: { ...BUSINESSES[0], settlementCurrency: 'EUR' } },
    'GET /v1/balances/1': {
      body: {
        businessId: 1,
        balances: { EUR: { amount: '1234.50' } },
        displayFiatAmount: '1234.50',
        displayFiatCurrency: 'EUR',
      },
    },
    ...STATISTICS_ROUTES,
    ...routes,
  });
  const controller = fakeController(sampleSession({ permissions, supportedCurrencies: [...CURRENCY_SEED] }));
  renderRealApp(path, controller, api.fetch);
  return api;
}

const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');
const callsTo = (api: { calls: RecordedCall[] }, path: string) => api.calls.filter((c) => c.path === path);
const STATISTICS_PATHS = [
  '/v1/statistics/deposits/histogram',
  '/v1/statistics/withdrawals/histogram',
  '/v1/statistics/deposits',
  '/v1/statistics/withdrawals',
];

/** The rows of a table's body, each as its cells' texts. */
function bodyRows(table: HTMLElement) {
  const [, ...rows] = within(table).getAllByRole('row');
  return rows
    .filter((row) => row.closest('tbody'))
    .map((row) => [...row.querySelectorAll('th, td')].map(text));
}

describe('the statistics page', { timeout: 60_000 }, () => {
  /** The default period's start: 30 whole UTC days ending today. */
  const defaultAfter = () => periodWindow({ kind: 'preset', days: 30 }, utcDay(new Date())).after;

  it('asks for the last 30 days by DAY, and the 30 before for the key figures, and names both charts', async () => {
    const api = renderApp('/statistics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    const deposits = await screen.findByRole('figure', { name: 'Deposits per day' });
    expect(screen.getByRole('figure', { name: 'Withdrawals per day' })).toBeTruthy();
    // The chart is an image named by its summary: the window, how many, how much.
    const chart = await within(deposits).findByRole('img');
    expect(chart.getAttribute('aria-label')?.replace(/\u00a0/g, ' ')).toMatch(
      /^Deposits per day from .+ to .+: 3 in all, 1,234\.50 EUR$/,
    );
    expect(
      (await screen.findByRole('img', { name: /^Withdrawals per day from/ }))
        .getAttribute('aria-label')
        ?.replace(/\u00a0/g, ' '),
    ).toMatch(/: 2 in all, 36\.80 EUR$/);

    const after = defaultAfter();
    for (const path of STATISTICS_PATHS) {
      const [call] = callsTo(api, path).filter((c) => !c.query.has('before'));
      expect(call.query.get('after'), path).toBe(after);
      expect(call.query.get('businessId'), path).toBeNull();
    }
    // The previous period: the 30 days just before, totals only.
    const previous = new Date(Date.parse(after) - 30 * 86_400_000).toISOString();
    for (const path of STATISTICS_PATHS.slice(2)) {
      await waitFor(() => expect(callsTo(api, path).filter((c) => c.query.has('before'))).toHaveLength(1));
      const [call] = callsTo(api, path).filter((c) => c.query.has('before'));
      expect([call.query.get('after'), call.query.get('before')], path).toEqual([previous, after]);
    }
    expect(callsTo(api, '/v1/statistics/deposits/histogram')[0].query.get('groupByCriteria')).toBe('DAY');
  });

  it('shows the chart as a table of the same days behind Show as table', async () => {
    renderApp('/statistics');
    const figure = await screen.findByRole('figure', { name: 'Deposits per day' });
    await within(figure).findByRole('img');
    const card = figure.closest('section')!;
    const toggle = within(card).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = within(figure).getByRole('table', { name: 'Deposits per day' });
    expect(within(figure).queryByRole('img')).toBeNull();

    const after = defaultAfter();
    const days = dailySeries([], after);
    expect(days).toHaveLength(30);
    const rows = bodyRows(table);
    expect(rows).toHaveLength(days.length);
    // The busy first day: its count, its volume in EUR, and its currencies in the spec order.
    expect(rows[0]).toEqual([
      formatDate(days[0].date),
      '3',
      '1,234.50 EUR',
      '0.02000000 BTC, 100.000000 USDT',
    ]);
    expect(rows[1]).toEqual([formatDate(days[1].date), '0', '0.00 EUR', '—']);
    // The sums of the table are the chart's summary.
    const count = rows.reduce((sum, row) => sum + Number(row[1]), 0);
    expect(count).toBe(3);

    await userEvent.click(toggle);
    expect(await within(figure).findByRole('img')).toBeTruthy();
  });

  it("shows the totals and the top coins, 5 and 'Other', with percents of the settlement volume", async () => {
    renderApp('/statistics');
    const volume = await screen.findByRole('region', { name: 'Deposit volume' });
    await waitFor(() => expect(text(volume)).toContain('1,000.00 EUR'));
    expect(text(screen.getByRole('region', { name: 'Deposits' }))).toMatch(/^Deposits12/);

    const table = await screen.findByRole('table', { name: 'Top coins: deposits' });
    const rows = bodyRows(table);
    // The coin's cell repeats its volume and count for a phone, which hides those columns.
    expect(rows.map((row) => row[0].replace(/(\d[\d.,]* \w+)?Count: \d+$/, ''))).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'LTC',
      'XRP',
      'OtherLINK, USDC',
    ]);
    expect(rows[0]).toEqual(['BTC0.01000000 BTCCount: 2', '2', '0.01000000 BTC', '400.00 EUR', '40.00 %']);
    expect(rows[5]).toEqual(['OtherLINK, USDCCount: 3', '3', '—', '75.00 EUR', '7.50 %']);
    // The total row, bold.
    const total = within(table).getAllByRole('row').at(-1)!;
    expect([...total.querySelectorAll('th, td')].map(text)).toEqual([
      'Total',
      '12',
      '',
      '1,000.00 EUR',
      '100.00 %',
    ]);
    expect(getComputedStyle(total.querySelector('th')!).fontWeight).toBe('700');
    const withdrawals = await screen.findByRole('table', { name: 'Top coins: withdrawals' });
    expect(bodyRows(withdrawals)).toEqual([
      ['USDT40.000000 USDTCount: 2', '2', '40.000000 USDT', '36.80 EUR', '100.00 %'],
    ]);
  });

  it('shows the settlement balances by currency name, crypto at its precision and fiat at 2 decimals', async () => {
    renderApp('/statistics');
    const table = await screen.findByRole('table', { name: 'Settlement balances' });
    expect(bodyRows(table)).toEqual([
      ['BTC0.12345679 BTC', '0.12345679 BTC', '7,000.50 EUR'],
      ['EUR12,345.68 EUR', '12,345.68 EUR', '12,345.68 EUR'],
      ['USDT1,500.123456 USDT', '1,500.123456 USDT', '1,380.11 EUR'],
    ]);
    expect(text(within(table).getAllByRole('row').at(-1)!)).toBe('Total in EUR20,726.29 EUR');
  });

  it('filters by a business: businessId on every call, kept in the URL, other figures', async () => {
    const api = renderApp('/statistics');
    await screen.findByRole('img', { name: /: 3 in all/ });
    const filter = screen.getByRole('combobox', { name: 'Business' });
    await screen.findByRole('option', { name: 'Lumen Games' });
    await userEvent.selectOptions(filter, 'Lumen Games');
    expect(
      await screen.findByRole('img', { name: /^Deposits per day .*: 1 in all, 99\.99\sEUR$/ }),
    ).toBeTruthy();
    for (const path of STATISTICS_PATHS) {
      expect(callsTo(api, path).at(-1)!.query.get('businessId'), path).toBe('2');
    }
    expect(screen.getByTestId('where').dataset.search).toBe('?businessId=2');
    // A month without withdrawals for this business.
    expect(await screen.findAllByText('No withdrawals in this period')).toHaveLength(2);

    await userEvent.selectOptions(filter, 'All businesses');
    expect(await screen.findByRole('img', { name: /^Deposits per day .*: 3 in all/ })).toBeTruthy();
    expect(screen.getByTestId('where').dataset.search).toBe('');
  });

  it('opens with the business of the URL', async () => {
    const api = renderApp('/statistics?businessId=2');
    expect(await screen.findByRole('img', { name: /: 1 in all, 99\.99\sEUR$/ })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Business' }) as HTMLSelectElement).value).toBe('2');
    expect(callsTo(api, '/v1/statistics/deposits')[0].query.get('businessId')).toBe('2');
  });

  it('says so for a quiet month, with no chart and no table toggle', async () => {
    const quiet: Handler = (call) => ({
      body: {
        groupByCriteria: 'DAY',
        settlementCurrency: 'EUR',
        buckets: dailySeries([], call.query.get('after')!),
      },
    });
    const none: Handler = (call) => ({
      body: {
        after: call.query.get('after'),
        settlementCurrency: 'EUR',
        count: 0,
        settlementVolume: '0',
        coins: [],
        settlementBalances: {},
        uniformBalances: {},
      },
    });
    renderApp('/statistics', {
      'GET /v1/statistics/deposits/histogram': quiet,
      'GET /v1/statistics/withdrawals/histogram': quiet,
      'GET /v1/statistics/deposits': none,
      'GET /v1/statistics/withdrawals': none,
    });
    // The chart and the top coins of each kind.
    expect(await screen.findAllByText('No deposits in this period')).toHaveLength(2);
    expect(await screen.findAllByText('No withdrawals in this period')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: /per day/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    expect(screen.getByText('No balances yet.')).toBeTruthy();
  });

  it("shows the error catalogue's text on a failed part and tries again", async () => {
    let fail = true;
    const flaky: Handler = (call) =>
      fail ? { status: 500, body: {} } : STATISTICS_ROUTES['GET /v1/statistics/deposits/histogram'](call);
    renderApp('/statistics', {
      'GET /v1/statistics/deposits/histogram': flaky,
      'GET /v1/statistics/withdrawals': { status: 403, body: { message: 'You do not have permission.' } },
    });
    const figure = await screen.findByRole('figure', { name: 'Deposits per day' });
    const alert = await within(figure).findByRole('alert');
    expect(alert.textContent).toContain('Error completing action. Please try again later.');
    // The other parts are there.
    expect(await screen.findByRole('img', { name: /^Withdrawals per day/ })).toBeTruthy();
    // The server's text where it sent one (both withdrawals parts).
    expect(await screen.findAllByText('You do not have permission.')).toHaveLength(2);

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(figure).findByRole('img', { name: /: 3 in all/ })).toBeTruthy();
  });
});

describe('the statistics page declaration', () => {
  const organisation = (permissions: string[]) =>
    menuModel(deriveMenuEntries(resources, pages), { permissions, brand: { fiatDepositAllowed: true } })
      .find((section) => section.section === 'organisation')
      ?.items.map((item) => [item.key, item.path, item.label]);

  it('is the first item of Organisation, before Businesses, only where its route opens', () => {
    expect(organisation(MANAGER)?.slice(0, 2)).toEqual([
      ['statistics', '/statistics', 'pages.statistics.menu'],
      ['businesses', '/businesses', 'resources.businesses.name'],
    ]);
    expect(organisation(['GET_STATISTICS', 'GET_BALANCES'])?.[0]).toEqual([
      'statistics',
      '/statistics',
      'pages.statistics.menu',
    ]);
    expect(organisation(['GET_BALANCES'])?.map(([key]) => key) ?? []).not.toContain('statistics');
    expect(organisation(['GET_STATISTICS', 'GET_BUSINESSES'])?.map(([key]) => key)).not.toContain(
      'statistics',
    );
  });

  it('needs GET_STATISTICS and GET_BALANCES for the route', () => {
    const statistics = pages.find((p) => p.name === 'statistics')!;
    expect(statistics.path).toBe('/statistics');
    expect(statistics.access).toEqual(all('GET_STATISTICS', 'GET_BALANCES'));
  });
});

describe("the business detail's statistics child", { timeout: 60_000 }, () => {
  it('shows the statistics of this business and keeps its balances', async () => {
    const api = renderApp('/businesses/1/show/statistics');
    expect(await screen.findByRole('figure', { name: 'Deposits per day' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /^Deposits per day/ })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Top coins: deposits' })).toBeTruthy();
    for (const path of STATISTICS_PATHS) {
      await waitFor(() => expect(callsTo(api, path)[0]?.query.get('businessId'), path).toBe('1'));
    }
    // Its balances table stays; the page's settlement balances are not repeated.
    expect(
      await screen.findAllByText('1,234.50 EUR', { normalizer: (s) => s.replace(/\u00a0/g, ' ') }),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Settlement balances' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Business' })).toBeNull();
  });

  it('without GET_STATISTICS: the balances only, no statistics asked for', async () => {
    const api = renderApp('/businesses/1/show/statistics', {}, [
      'GET_ORGANISATION',
      'GET_BUSINESSES',
      'GET_BALANCES',
    ]);
    expect(
      await screen.findAllByText('1,234.50 EUR', { normalizer: (s) => s.replace(/\u00a0/g, ' ') }),
    ).toBeTruthy();
    expect(screen.queryByRole('figure', { name: 'Deposits per day' })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/v1/statistics'))).toBe(false);
  });
});
