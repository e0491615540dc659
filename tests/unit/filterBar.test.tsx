/**
 * The filter bar of the lists (src/layout/FilterBar.tsx and its rules, src/layout/filterRules.ts):
 * the date presets as calendar days and as the API's instants, days in the user's format, the label
 * of each active chip in English and German, one-click removal (and where focus goes), 'Clear all',
 * the search, the progress bar while the list fetches, and the filters' round trip through the URL.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AdminContext, ListBase, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider, loadCatalogue } from '../../src/i18n/i18nProvider';
import { resetLocaleForTests } from '../../src/i18n/locale';
import { FilterBar, type FilterSpec } from '../../src/layout/FilterBar';
import {
  dayPattern,
  formatDay,
  isDay,
  presetOf,
  presetRange,
  rangeValue,
  withoutAll,
  withoutFilter,
  withValue,
} from '../../src/layout/filterRules';
import { layoutMessages } from '../../src/layout/messages';
import { layoutMessagesDe } from '../../src/layout/messages.de';
import { kindOf, transactionQuery } from '../../src/resources/transactions/kinds';

afterEach(() => resetLocaleForTests());

// 21 Nov 2026, mid-afternoon in the test's own time zone.
const NOW = new Date(2026, 10, 21, 15, 30);

describe('the date presets', () => {
  it('are calendar days of the browser’s zone, today included', () => {
    expect(presetRange('today', NOW)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(presetRange('last7', NOW)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(presetRange('last30', NOW)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    // Over a year's end, and just after midnight.
    expect(presetRange('last7', new Date(2026, 0, 3, 0, 5))).toEqual({
      from: '2025-12-28',
      to: '2026-01-03',
    });
  });

  it('become the API’s from (start of the first day) and to (start of the day after the last)', () => {
    const query = transactionQuery(kindOf('payments'), presetRange('last7', NOW));
    expect(query.from).toBe(new Date(2026, 10, 15).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 22).toISOString());
  });

  it('are recognised again from the days (the menu marks the current one)', () => {
    expect(presetOf('2026-11-15', '2026-11-21', NOW)).toBe('last7');
    expect(presetOf('2026-11-21', '2026-11-21', NOW)).toBe('today');
    expect(presetOf('2026-11-14', '2026-11-21', NOW)).toBeUndefined();
    expect(presetOf(undefined, '2026-11-21', NOW)).toBeUndefined();
  });
});

describe('days in the user’s format', () => {
  it.each([
    ['de-DE', '21.11.2026', 'DD.MM.YYYY'],
    ['en-GB', '21/11/2026', 'DD/MM/YYYY'],
    ['en-US', '11/21/2026', 'MM/DD/YYYY'],
  ])('%s: %s, typed as %s', (locale, shown, pattern) => {
    expect(formatDay('2026-11-21', locale)).toBe(shown);
    expect(dayPattern(locale)).toBe(pattern);
  });

  it('write a range, one day, or one end', () => {
    const texts = {
      range: (a: string, b: string) => `${a} – ${b}`,
      since: (d: string) => `ab ${d}`,
      until: (d: string) => `bis ${d}`,
    };
    expect(rangeValue('2026-11-01', '2026-11-30', 'de-DE', texts)).toBe('01.11.2026 – 30.11.2026');
    expect(rangeValue('2026-11-21', '2026-11-21', 'de-DE', texts)).toBe('21.11.2026');
    expect(rangeValue('2026-11-01', undefined, 'de-DE', texts)).toBe('ab 01.11.2026');
    expect(rangeValue('', '2026-11-30', 'de-DE', texts)).toBe('bis 30.11.2026');
    expect(rangeValue('yesterday', undefined, 'de-DE', texts)).toBe('ab yesterday');
  });

  it('know a real day from a look-alike', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('21.11.2026')).toBe(false);
    expect(isDay(20261121)).toBe(false);
  });
});

describe('the filter values', () => {
  const date: FilterSpec = { type: 'dateRange', from: 'from', to: 'to', label: 'Date' };
  const status: FilterSpec = { type: 'choice', source: 'status', label: 'Status', choices: [] };
  const values = { status: 'PAID', from: '2026-11-01', to: '2026-11-30', q: 'ORD', other: 1 };

  it('lose one filter’s keys, or every key the bar sets, and nothing else', () => {
    expect(withoutFilter(values, date)).toEqual({ status: 'PAID', q: 'ORD', other: 1 });
    expect(withoutAll(values, [status, date], 'q')).toEqual({ other: 1 });
    expect(withValue(values, 'q', '')).toEqual({
      status: 'PAID',
      from: '2026-11-01',
      to: '2026-11-30',
      other: 1,
    });
  });
});

// --- The component in a react-admin list, over a router whose address the test reads.

const STATUS_CHOICES = {
  en: [
    { id: 'PAID', name: 'Paid' },
    { id: 'EXPIRED', name: 'Expired' },
  ],
  de: [
    { id: 'PAID', name: 'Bezahlt' },
    { id: 'EXPIRED', name: 'Abgelaufen' },
  ],
};
const LABELS = {
  en: { status: 'Status', currency: 'Currency', date: 'Date', search: 'Search' },
  de: { status: 'Status', currency: 'Währung', date: 'Datum', search: 'Suche' },
};

function specs(locale: 'en' | 'de'): FilterSpec[] {
  return [
    { type: 'choice', source: 'status', label: LABELS[locale].status, choices: STATUS_CHOICES[locale] },
    {
      type: 'choice',
      source: 'currency',
      label: LABELS[locale].currency,
      choices: ['BTC', 'ETH'].map((id) => ({ id, name: id })),
    },
    { type: 'dateRange', from: 'from', to: 'to', label: LABELS[locale].date },
  ];
}

/** The list's filter as the URL holds it. */
function UrlFilter() {
  const { search } = useLocation();
  return <output data-testid="url">{new URLSearchParams(search).get('filter') ?? ''}</output>;
}
const urlFilter = () => JSON.parse(screen.getByTestId('url').textContent || '{}') as Record<string, unknown>;

interface Fetches {
  filters: Array<Record<string, unknown>>;
  /** Holds the next answers until released. */
  hold: boolean;
  release: () => void;
}

/** The layout's texts in both languages (German loaded before a German render: loadCatalogue). */
const CATALOGUE = { en: [layoutMessages], de: [layoutMessagesDe] };

function renderBar(filter: Record<string, unknown> = {}, locale: 'en' | 'de' = 'en') {
  const pending: Array<() => void> = [];
  const fetches: Fetches = {
    filters: [],
    hold: false,
    release: () => pending.splice(0).forEach((resolve) => resolve()),
  };
  const dataProvider: DataProvider = testDataProvider({
    getList: async (_resource, params) => {
      fetches.filters.push(params.filter as Record<string, unknown>);
      if (fetches.hold) await new Promise<void>((resolve) => pending.push(resolve));
      return { data: [{ id: 1 }] as never[], total: 1 };
    },
  });
  const path = Object.keys(filter).length ? `/?filter=${encodeURIComponent(JSON.stringify(filter))}` : '/';
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(CATALOGUE, { locale })}
        store={memoryStore()}
      >
        <ListBase resource="payments" storeKey={false} perPage={25}>
          <div style={{ position: 'relative' }}>
            <FilterBar search={{ source: 'q', label: LABELS[locale].search }} filters={specs(locale)} />
          </div>
        </ListBase>
        <UrlFilter />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, fetches };
}

const bar = () => screen.getByRole('search');
const button = (name: string | RegExp) => within(bar()).getByRole('button', { name });

describe('the filter bar', () => {
  const FULL = { status: 'PAID', currency: 'BTC', from: '2026-11-01', to: '2026-11-30', q: 'ORD' };

  it('shows each active filter on its chip, with a button that removes it (English)', async () => {
    renderBar(FULL);
    const filters = await screen.findByRole('search', { name: 'Filters' });
    // jsdom's browser language is en-US: its day format.
    expect(within(filters).getByRole('button', { name: 'Status: Paid' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Currency: BTC' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Date: 11/01/2026 – 11/30/2026' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Remove filter Status: Paid' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Clear all' })).toBeTruthy();
    expect((within(filters).getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ORD');
  });

  it('names the filters in German, the days as dd.mm.yyyy', async () => {
    await loadCatalogue(CATALOGUE, 'de');
    renderBar({ status: 'PAID', from: '2026-11-01' }, 'de');
    const filters = await screen.findByRole('search', { name: 'Filter' });
    expect(within(filters).getByRole('button', { name: 'Status: Bezahlt' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Datum: ab 01.11.2026' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Währung' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Filter entfernen: Status: Bezahlt' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Alle entfernen' })).toBeTruthy();
  });

  it('removes one filter in one click, keeps the others, and leaves focus on its chip', async () => {
    const { fetches } = renderBar(FULL);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove filter Status: Paid' }));
    await waitFor(() =>
      expect(urlFilter()).toEqual({ currency: 'BTC', from: '2026-11-01', to: '2026-11-30', q: 'ORD' }),
    );
    await waitFor(() => expect(fetches.filters.at(-1)).toEqual(urlFilter()));
    expect(document.activeElement).toBe(button('Status'));
    expect(button('Status').getAttribute('aria-haspopup')).toBe('menu');
  });

  it('clears every filter and the search with Clear all, focus back in the search', async () => {
    renderBar(FULL);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(urlFilter()).toEqual({}));
    expect(button('Status')).toBeTruthy();
    expect(button('Date')).toBeTruthy();
    expect(within(bar()).queryByRole('button', { name: 'Clear all' })).toBeNull();
    const search = within(bar()).getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    expect(search.value).toBe('');
    expect(document.activeElement).toBe(search);
  });

  it('sets a status and a date preset from the keyboard, through the URL and back', async () => {
    const first = renderBar();
    await screen.findByRole('search');
    button('Status').focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Status' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Paid', 'Expired']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Paid'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(urlFilter()).toEqual({ status: 'PAID' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await userEvent.click(button('Date'));
    const dates = await screen.findByRole('menu', { name: 'Date' });
    expect(
      within(dates)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Today', 'Last 7 days', 'Last 30 days', 'Custom range…']);
    await userEvent.click(within(dates).getByRole('menuitemradio', { name: 'Last 7 days' }));
    const week = presetRange('last7');
    await waitFor(() => expect(urlFilter()).toEqual({ status: 'PAID', from: week.from, to: week.to }));
    await waitFor(() => expect(first.fetches.filters.at(-1)).toEqual(urlFilter()));
    const label = `Date: ${formatDay(week.from, 'en-US')} – ${formatDay(week.to, 'en-US')}`;
    expect(button(label)).toBeTruthy();

    // The address alone brings the same filters back.
    const saved = urlFilter();
    first.unmount();
    const second = renderBar(saved);
    expect(await screen.findByRole('button', { name: label })).toBeTruthy();
    expect(button('Status: Paid')).toBeTruthy();
    await waitFor(() => expect(second.fetches.filters[0]).toEqual(saved));
    // The menu marks the current preset.
    await userEvent.click(button(label));
    expect(
      (await screen.findByRole('menuitemradio', { name: 'Last 7 days' })).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('shows the list loading at once when a filter changes, until the answer is in', async () => {
    const { fetches } = renderBar();
    await waitFor(() => expect(fetches.filters).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    fetches.hold = true;
    await userEvent.click(button('Currency'));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'ETH' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading results' })).toBeTruthy();
    act(() => fetches.release());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(fetches.filters.at(-1)).toEqual({ currency: 'ETH' });
  });

  it('searches once the typing pauses, showing it is loading from the first key', async () => {
    const { fetches } = renderBar();
    await waitFor(() => expect(fetches.filters).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const search = within(bar()).getByRole('textbox', { name: 'Search' });
    await userEvent.type(search, 'ORD-1');
    expect(screen.getByRole('progressbar', { name: 'Loading results' })).toBeTruthy();
    await waitFor(() => expect(urlFilter()).toEqual({ q: 'ORD-1' }));
    await waitFor(() => expect(fetches.filters.at(-1)).toEqual({ q: 'ORD-1' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    // The search's own clear button empties it at once.
    await userEvent.click(within(bar()).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(urlFilter()).toEqual({}));
  });
});
