/**
 * Issue 14's number rules (src/i18n/format.ts): fiat at its minor unit, crypto at the currency's
 * precision, rates at six significant digits (at least two decimals), in English and German; decimal
 * strings throughout, never a float.
 */
import { describe, expect, it } from 'vitest';
import { createBrandTheme } from '../../src/brands/theme';
import { BRANDS } from '../../src/domain/brands';
import { amountDecimals, formatMoney, formatRate, rateDecimals } from '../../src/i18n/format';

const NBSP = '\u00a0';
const en = { locale: 'en-GB' };
const de = { locale: 'de-DE' };

describe('amounts at their currency’s precision', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['GBP', 2],
    ['JPY', 0],
    ['BTC', 8],
    ['USDT', 6],
  ])('%s has %i decimals', (currency, decimals) => {
    expect(amountDecimals(currency)).toBe(decimals);
  });

  it('takes the session’s precision before the reference table’s, and 8 for an unknown code', () => {
    expect(amountDecimals('BTC', [{ abbreviation: 'BTC', precision: 6 }])).toBe(6);
    expect(amountDecimals('NEWCOIN')).toBe(8);
  });

  it('writes fiat at 2 decimals in English and German', () => {
    expect(formatMoney('74685', 'EUR', en)).toBe(`74,685.00${NBSP}EUR`);
    expect(formatMoney('74685', 'EUR', de)).toBe(`74.685,00${NBSP}EUR`);
    expect(formatMoney('21817.755', 'EUR', en)).toBe(`21,817.76${NBSP}EUR`);
    expect(formatMoney('1234', 'JPY', de)).toBe(`1.234${NBSP}JPY`);
  });

  it('writes crypto at the currency’s precision', () => {
    expect(formatMoney('0.2763', 'BTC', en)).toBe(`0.27630000${NBSP}BTC`);
    expect(formatMoney('0.015394485', 'BTC', de)).toBe(`0,01539449${NBSP}BTC`);
    expect(formatMoney('12345678901234567890.123456789', 'BTC', en)).toBe(
      `12,345,678,901,234,567,890.12345679${NBSP}BTC`,
    );
  });
});

describe('rates at no more than six significant digits', () => {
  it.each([
    ['59884.2592592592', 1],
    ['1.0834512', 5],
    ['0.0000166987123', 10],
    ['0.5', 6],
    ['1234567.891', 0],
  ])('%s keeps %i decimals', (rate, decimals) => {
    expect(rateDecimals(rate)).toBe(decimals);
  });

  it('writes the review’s examples as 59,884.3 and, in German, 0,921296', () => {
    expect(formatRate('59884.2592592592', '', en)).toBe('59,884.3');
    expect(formatRate('59884.2592592592', '', de)).toBe('59.884,3');
    expect(formatRate('0.9212962962', '', de)).toBe('0,921296');
  });

  it('drops trailing zeros, the point too, and names the unit', () => {
    expect(formatRate('1.08', 'USD/EUR', en)).toBe(`1.08${NBSP}USD/EUR`);
    expect(formatRate('2.000000', '', en)).toBe('2');
    expect(formatRate('1234567.891', '', en)).toBe('1,234,568');
    expect(formatRate('0.92500000', '', de)).toBe('0,925');
    expect(formatRate('0.0000166987123', '', en)).toBe('0.0000166987');
    expect(formatRate('1.0834567', '', en)).toBe('1.08346');
  });

  it('shows what is no decimal as it is', () => {
    expect(formatRate('n/a', '', en)).toBe('n/a');
  });
});

describe('tabular numerals', () => {
  it('every table cell of every brand lines its digits up', () => {
    for (const brand of BRANDS) {
      const theme = createBrandTheme(brand);
      const overrides = theme.components?.MuiTableCell?.styleOverrides?.root as Record<string, unknown>;
      expect(overrides?.fontVariantNumeric).toBe('tabular-nums');
    }
  });
});
