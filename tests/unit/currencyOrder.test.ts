/** Balances are listed by currency name, not by code (src/domain/currencies.ts). */
import { describe, expect, it } from 'vitest';
import { byCurrencyName, currencyNameOf } from '../../src/domain/currencies';

describe('the order of balances', () => {
  it('is by currency name, then code; names from the session list, else the reference data', () => {
    const codes = ['USDT', 'USD', 'GBP', 'JPY', 'BTC', 'ZZZ'];
    // By code: BTC, GBP, JPY, USD, USDT, ZZZ. By name: Bitcoin, Japanese Yen, Pound Sterling, Tether, US Dollar.
    expect([...codes].sort(byCurrencyName())).toEqual(['BTC', 'JPY', 'GBP', 'USDT', 'USD', 'ZZZ']);
    expect(currencyNameOf('ZZZ')).toBe('ZZZ');
    const known = [{ abbreviation: 'ZZZ', name: 'Aardvark coin' }];
    expect(currencyNameOf('ZZZ', known)).toBe('Aardvark coin');
    expect([...codes].sort(byCurrencyName(known))[0]).toBe('ZZZ');
    // Equal names fall back to the code.
    const twins = [
      { abbreviation: 'B2', name: 'Same' },
      { abbreviation: 'A1', name: 'Same' },
    ];
    expect(['B2', 'A1'].sort(byCurrencyName(twins))).toEqual(['A1', 'B2']);
  });
});
