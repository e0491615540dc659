/**
 * Dates, numbers and amounts through Intl in the chosen language (src/i18n/format.ts). Amounts are
 * decimal strings, formatted without a float at any size or precision.
 */
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatNumber, intlLocale } from '../../src/i18n/format';

const NBSP = '\u00a0';

describe('intlLocale', () => {
  it.each([
    ['en', ['en-US', 'de'], 'en-US'],
    ['en', ['de-DE'], 'en-GB'],
    ['en', ['en'], 'en-GB'],
    ['de', ['en-US', 'de-AT'], 'de-AT'],
    ['de', ['de-ch'], 'de-CH'],
    ['de', ['de'], 'de-DE'],
    ['de', [], 'de-DE'],
  ] as const)('%s with the browser languages %j → %s', (locale, languages, tag) => {
    expect(intlLocale(locale, languages)).toBe(tag);
  });
});

describe('formatDate and formatDateTime', () => {
  const instant = '2025-03-14T15:04:05Z';

  it('write a date in English and German', () => {
    expect(formatDate(instant, { locale: 'en-GB', timeZone: 'UTC' })).toBe('14 Mar 2025');
    expect(formatDate(instant, { locale: 'de-DE', timeZone: 'UTC' })).toBe('14.03.2025');
    expect(formatDate(new Date(instant), { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 14, 2025');
  });

  it('write a date and time in the 24-hour clock in en-GB and German', () => {
    expect(formatDateTime(instant, { locale: 'en-GB', timeZone: 'UTC' })).toBe('14 Mar 2025, 15:04');
    expect(formatDateTime(instant, { locale: 'de-DE', timeZone: 'UTC' })).toBe('14.03.2025, 15:04');
    expect(formatDateTime(instant, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('14.03.2025, 16:04');
  });

  it('keep a calendar date on its day in every time zone', () => {
    expect(formatDate('2025-03-14', { locale: 'de-DE' })).toBe('14.03.2025');
    expect(formatDate('2025-03-14', { locale: 'en-GB', timeZone: 'UTC' })).toBe('14 Mar 2025');
  });

  it('show a value that is no date as it is', () => {
    expect(formatDate('not a date', { locale: 'de-DE' })).toBe('not a date');
  });
});

describe('formatNumber', () => {
  it('groups and separates decimals by language', () => {
    expect(formatNumber(1234567.5, { locale: 'en-GB' })).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, { locale: 'de-DE' })).toBe('1.234.567,5');
    expect(formatNumber(0.125, { locale: 'de-DE', style: 'percent', maximumFractionDigits: 1 })).toBe(
      `12,5${NBSP}%`,
    );
  });
});

describe('formatAmount', () => {
  it.each([
    ['1234567.5', 'EUR', 2, 'en-GB', `1,234,567.50${NBSP}EUR`],
    ['1234567.5', 'EUR', 2, 'de-DE', `1.234.567,50${NBSP}EUR`],
    ['1234', 'EUR', 2, 'de-DE', `1.234,00${NBSP}EUR`],
    ['0.00012345', 'BTC', 8, 'de-DE', `0,00012345${NBSP}BTC`],
    ['-42.1', 'USDT', 6, 'en-GB', `-42.100000${NBSP}USDT`],
    ['1500', 'JPY', 0, 'de-DE', `1.500${NBSP}JPY`],
    ['12.', 'EUR', 2, 'en-GB', `12.00${NBSP}EUR`],
    ['+7', 'EUR', 2, 'en-GB', `7.00${NBSP}EUR`],
  ])('%s %s (precision %d) in %s → %s', (amount, currency, precision, locale, shown) => {
    expect(formatAmount(amount, currency, precision, { locale })).toBe(shown);
  });

  it("uses the region's separators (Swiss German: an apostrophe and a point)", () => {
    // ICU versions differ on the apostrophe's code point.
    expect(formatAmount('1234.5', 'CHF', 2, { locale: 'de-CH' })).toMatch(/^1['’]234\.50\u00a0CHF$/);
  });

  it('is exact beyond what a float holds', () => {
    expect(formatAmount('123456789012345678901.123456789012345678', 'ETH', 18, { locale: 'en-GB' })).toBe(
      `123,456,789,012,345,678,901.123456789012345678${NBSP}ETH`,
    );
    expect(formatAmount('9007199254740993', 'EUR', 2, { locale: 'de-DE' })).toBe(
      `9.007.199.254.740.993,00${NBSP}EUR`,
    );
  });

  it('rounds a longer fraction half up at the last digit shown, in decimal', () => {
    expect(formatAmount('0.005', 'EUR', 2, { locale: 'en-GB' })).toBe(`0.01${NBSP}EUR`);
    expect(formatAmount('0.0049999', 'EUR', 2, { locale: 'en-GB' })).toBe(`0.00${NBSP}EUR`);
    expect(formatAmount('999.995', 'EUR', 2, { locale: 'de-DE' })).toBe(`1.000,00${NBSP}EUR`);
    expect(formatAmount('-1.005', 'EUR', 2, { locale: 'en-GB' })).toBe(`-1.01${NBSP}EUR`);
    expect(formatAmount('-0.001', 'EUR', 2, { locale: 'en-GB' })).toBe(`0.00${NBSP}EUR`);
  });

  it('shows what is no plain decimal as it is', () => {
    expect(formatAmount('1e5', 'EUR', 2, { locale: 'en-GB' })).toBe(`1e5${NBSP}EUR`);
    expect(formatAmount('', 'EUR', 2, { locale: 'en-GB' })).toBe('EUR');
  });
});
