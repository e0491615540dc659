/** The businesses' table view: its columns, its exact total row (big.js) and its sorting. */
import { describe, expect, it } from 'vitest';
import { balanceTable, sortRows } from '../../src/resources/businesses/table';
import type { BalanceContext, BusinessBalanceRow } from '../../src/domain/businessBalances';

const context: BalanceContext = {
  currencies: [
    { abbreviation: 'EUR', name: 'Euro', isFiat: true },
    { abbreviation: 'BTC', name: 'Bitcoin', isFiat: false, defaultNetwork: 'MAIN' },
    { abbreviation: 'USDT', name: 'Tether', isFiat: false, defaultNetwork: 'ETH' },
  ],
  coins: [
    { currency: 'BTC', network: 'MAIN', precision: 8 },
    { currency: 'USDT', network: 'ETH', precision: 6 },
  ],
};

const row = (businessId: number, total: string, balances: Record<string, string>): BusinessBalanceRow => ({
  businessId,
  balances: Object.fromEntries(Object.entries(balances).map(([c, amount]) => [c, { amount }])),
  displayFiatAmount: total,
  displayFiatCurrency: 'EUR',
});

const businesses = [
  { id: 2, businessName: 'Lumen Games' },
  { id: 1, businessName: 'Northwind Coffee' },
  { id: 3, businessName: 'Harbor Freight' },
];
const rows = [
  row(1, '0.20', { EUR: '0.2', BTC: '0.00000001' }),
  row(2, '0.10', { EUR: '0.1', USDT: '10.1234567' }),
  row(3, '1000000000000.01', { EUR: '1000000000000.01', BTC: '0.123456789' }),
];

describe('balanceTable', () => {
  const table = balanceTable(businesses, rows, context);

  it('has one column per currency, in the cards order (by currency name)', () => {
    expect(table.columns.map((c) => [c.currency, c.precision])).toEqual([
      ['BTC', 8],
      ['EUR', 2],
      ['USDT', 6],
    ]);
    expect(table.rows.map((r) => r.name)).toEqual(['Lumen Games', 'Northwind Coffee', 'Harbor Freight']);
    expect(table.rows[0].amounts).toEqual({ EUR: '0.10', USDT: '10.123457' });
  });

  it('sums each column exactly (no float: 0.1 + 0.2 is 0.30, a trillion keeps its cents)', () => {
    expect(table.totalCurrency).toBe('EUR');
    expect(table.totals.total).toBe('1000000000000.31');
    expect(table.totals.amounts).toEqual({ BTC: '0.12345680', EUR: '1000000000000.31', USDT: '10.123457' });
  });

  it('has no organisation total when the display currencies differ', () => {
    const mixed = balanceTable(businesses, [rows[0], { ...rows[1], displayFiatCurrency: 'USD' }], context);
    expect(mixed.totalCurrency).toBeNull();
    expect(mixed.totals.total).toBeNull();
  });

  it('sorts by name, by total and by a currency (a missing balance as zero), ties in the given order', () => {
    expect(sortRows(table.rows, 'name', 'asc').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(sortRows(table.rows, 'total', 'desc').map((r) => r.id)).toEqual([3, 1, 2]);
    expect(sortRows(table.rows, 'total', 'asc').map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(table.rows, 'currency:BTC', 'desc').map((r) => r.id)).toEqual([3, 1, 2]);
    expect(sortRows(table.rows, 'currency:USDT', 'desc').map((r) => r.id)).toEqual([2, 1, 3]);
  });
});
