/**
 * A transaction tab's pagination: 25 rows a page from the server's total, and a capped total
 * (`totalCapped`: the API counts exactly up to 10,000) shown as '10,000+' with the next page open.
 */
import { screen } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { TransactionPagination } from '../../src/resources/transactions/TransactionPagination';
import { sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderInAdmin } from './helpers/renderAdmin';

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

function renderPagination(list: Partial<ListControllerResult>) {
  const setPage = vi.fn();
  const value = {
    page: 1,
    perPage: 25,
    isPending: false,
    setPage,
    ...list,
  } as unknown as ListControllerResult;
  renderInAdmin(
    <ListContextProvider value={value}>
      <TransactionPagination />
    </ListContextProvider>,
    { controller: fakeController(sampleSession()) },
  );
  return setPage;
}

const next = () => screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement;

describe('the transaction pagination', () => {
  it('shows the exact total and stops at the last page', () => {
    renderPagination({ page: 3, total: 60, data: rows(10, 51) });
    expect(screen.getByText('51–60 of 60')).toBeTruthy();
    expect(next().disabled).toBe(true);
  });

  it("shows a capped total as '10,000+' and keeps the next page open past it", () => {
    const setPage = renderPagination({
      page: 400,
      total: 10_000,
      meta: { totalCapped: true },
      data: rows(25),
    });
    expect(screen.getByText('9,976–10,000 of 10,000+')).toBeTruthy();
    expect(next().disabled).toBe(false);
    next().click();
    expect(setPage).toHaveBeenCalledWith(401);
  });

  it('closes the next page on the last (short) page of a capped total', () => {
    renderPagination({ page: 420, total: 10_000, meta: { totalCapped: true }, data: rows(7) });
    expect(screen.getByText('10,476–10,482 of 10,000+')).toBeTruthy();
    expect(next().disabled).toBe(true);
  });
});
