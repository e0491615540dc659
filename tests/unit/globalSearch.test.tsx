/**
 * The app bar's search: results grouped and ordered for the list (pure), the address each kind
 * opens, the keys that open it, and the combobox itself (groups, keyboard, Enter navigates to the
 * record's page, hidden from users who read no kind).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { RECORD_KINDS } from '../../src/domain/records';
import {
  canSearch,
  flattenGroups,
  groupSearchResults,
  SEARCH_KIND_RESOURCES,
  SEARCH_KINDS,
  searchResultPath,
  type SearchResult,
} from '../../src/domain/search';
import { GlobalSearch } from '../../src/layout';
import { isSearchShortcut } from '../../src/layout/searchShortcut';
import { sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderInAdmin } from './helpers/renderAdmin';

const result = (overrides: Partial<SearchResult> & Pick<SearchResult, 'kind' | 'id'>): SearchResult => ({
  businessId: 3,
  businessName: 'Harbor Freight',
  reference: `ref-${overrides.id}`,
  status: 'PAID',
  amount: '12.5',
  currency: 'EUR',
  createdAt: '2026-03-01T10:00:00.000Z',
  rank: 1,
  ...overrides,
});

describe('groupSearchResults', () => {
  it('puts the group holding the best match first, then the kinds in their order, keeping each group in rank order', () => {
    const groups = groupSearchResults([
      result({ kind: 'payment', id: 1, rank: 1 }),
      result({ kind: 'withdrawal', id: 2, rank: 2 }),
      result({ kind: 'deposit', id: 3, rank: 0 }),
      result({ kind: 'payment', id: 4, rank: 2 }),
      result({ kind: 'business', id: 5, rank: 1 }),
      result({ kind: 'payment', id: 6, rank: 0 }),
    ]);
    // payment and deposit hold exact matches (in the kinds' order), then business (a prefix), withdrawal.
    expect(groups.map((g) => g.kind)).toEqual(['payment', 'deposit', 'business', 'withdrawal']);
    expect(groups.find((g) => g.kind === 'payment')!.results.map((r) => r.id)).toEqual([6, 1, 4]);
  });

  it('ranks exact matches above the kind order, and shows a record once', () => {
    const groups = groupSearchResults([
      result({ kind: 'business', id: 5, rank: 2 }),
      result({ kind: 'conversion', id: 9, rank: 0 }),
      result({ kind: 'conversion', id: 9, rank: 0 }),
    ]);
    expect(groups.map((g) => [g.kind, g.results.length])).toEqual([
      ['conversion', 1],
      ['business', 1],
    ]);
    expect(flattenGroups(groups).map((r) => r.id)).toEqual([9, 5]);
    expect(groupSearchResults([])).toEqual([]);
  });
});

describe('where a result opens', () => {
  it("opens each kind at its record's page; a deposit its own page, a business its page", () => {
    expect(searchResultPath(result({ kind: 'payment', id: 42 }))).toBe('/payments/42/show');
    expect(searchResultPath(result({ kind: 'deposit', id: 7, paymentId: 42 }))).toBe(
      '/payment-deposits/7/show',
    );
    expect(searchResultPath(result({ kind: 'white-label-fiat-deposit', id: 8 }))).toBe(
      '/whitelabel-fiat-deposits/8/show',
    );
    expect(searchResultPath(result({ kind: 'business', id: 3 }))).toBe('/businesses/3/show');
    // A record's page needs no business in its address.
    expect(searchResultPath(result({ kind: 'settlement', id: 1, businessId: null }))).toBe(
      '/settlements/1/show',
    );
    for (const kind of SEARCH_KINDS) {
      if (kind === 'business') continue;
      expect(RECORD_KINDS, kind).toContain(SEARCH_KIND_RESOURCES[kind]);
    }
  });

  it('is offered to whoever reads one kind', () => {
    expect(canSearch(['GET_ORGANISATION'])).toBe(false);
    expect(canSearch(['GET_ORGANISATION', 'GET_WITHDRAWALS'])).toBe(true);
    expect(canSearch(['GET_BUSINESSES'])).toBe(true);
  });
});

describe('isSearchShortcut', () => {
  const event = (
    key: string,
    target: EventTarget | null,
    mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
  ) => ({
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  const input = document.createElement('input');
  const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
  const textarea = document.createElement('textarea');
  const button = document.createElement('button');

  it('opens with / outside text fields only', () => {
    expect(isSearchShortcut(event('/', document.body))).toBe(true);
    expect(isSearchShortcut(event('/', button))).toBe(true);
    expect(isSearchShortcut(event('/', checkbox))).toBe(true);
    expect(isSearchShortcut(event('/', input))).toBe(false);
    expect(isSearchShortcut(event('/', textarea))).toBe(false);
    expect(isSearchShortcut(event('/', document.body, { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(event('a', document.body))).toBe(false);
  });

  it('opens with Ctrl-K and ⌘-K anywhere, not with Alt', () => {
    expect(isSearchShortcut(event('k', input, { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(event('K', textarea, { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(event('k', document.body))).toBe(false);
    expect(isSearchShortcut(event('k', document.body, { ctrlKey: true, altKey: true }))).toBe(false);
  });
});

describe('<GlobalSearch>', () => {
  const READS_ALL = ['GET_ORGANISATION', 'GET_BUSINESSES', 'GET_PAYMENT', 'GET_WITHDRAWALS'];
  const answers: SearchResult[] = [
    result({
      kind: 'withdrawal',
      id: 11,
      reference: '0xabc-withdrawal',
      status: 'COMPLETED',
      amount: '0.5',
      currency: 'BTC',
      rank: 1,
    }),
    result({
      kind: 'deposit',
      id: 21,
      paymentId: 20,
      reference: '0xabc',
      status: 'CONFIRMED',
      amount: '0.25',
      currency: 'BTC',
      rank: 0,
    }),
    result({ kind: 'business', id: 3, reference: null, status: null, amount: null, currency: null, rank: 2 }),
  ];

  function mount(permissions = READS_ALL) {
    const searchRecords = vi.fn(async (_q: string) => answers);
    renderInAdmin(<GlobalSearch />, {
      controller: fakeController(sampleSession({ permissions })),
      dataProvider: testDataProvider({ searchRecords } as never),
    });
    return { searchRecords };
  }

  it('shows the results grouped by kind with status, amount and business, and Enter opens the active one', async () => {
    const { searchRecords } = mount();
    const box = screen.getByRole('combobox', { name: 'Search records' });
    // One change (typing into jsdom is slower than the debounce).
    box.focus();
    fireEvent.change(box, { target: { value: '0xabc' } });
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(3));
    expect(searchRecords.mock.lastCall?.[0]).toBe('0xabc');
    // Debounced: one call for the whole text.
    expect(searchRecords).toHaveBeenCalledTimes(1);
    const groups = within(listbox).getAllByRole('group');
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent,
      ),
    ).toEqual(['Deposits', 'Crypto withdrawals', 'Businesses']);
    const deposit = within(groups[0]).getByRole('option');
    expect(deposit!.textContent).toContain('0xabc');
    expect(deposit!.textContent).toContain('Harbor Freight');
    expect(deposit!.textContent).toContain('Confirmed');
    expect(deposit!.textContent).toMatch(/0\.25000000\sBTC/);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toContain(
      '3 results',
    );

    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = box.getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)!.textContent).toContain('0xabc-withdrawal');
    expect(document.getElementById(active)!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.getElementById(box.getAttribute('aria-activedescendant')!)!.textContent).toContain(
      'Harbor Freight',
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    // The deposit opens its own page (which links to its payment).
    expect(screen.getByTestId('where')!.textContent).toBe('/payment-deposits/21/show');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens a clicked result at its page', async () => {
    mount();
    const box = screen.getByRole('combobox');
    box.focus();
    fireEvent.change(box, { target: { value: 'abc' } });
    const option = await screen.findByRole('option', { name: /0xabc-withdrawal/ });
    await userEvent.click(option);
    expect(screen.getByTestId('where')!.textContent).toBe('/crypto-withdrawals/11/show');
  });

  it('is focused by / from the page and by Ctrl-K, and leaves a / typed in a field alone', async () => {
    mount();
    const box = screen.getByRole('combobox');
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(box);
    box.blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(box);
  });

  it('is not there for a user who reads no kind of record', () => {
    mount(['GET_ORGANISATION', 'GET_STATISTICS']);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
