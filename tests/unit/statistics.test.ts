/**
 * The statistics rules of docs/product.md#constants-and-limits (src/domain/statistics.ts): the window (last month from the
 * start of that UTC day), the zero-filled daily series, the top 5 coins and 'Other' with percents to 2
 * decimals from the settlement volumes, the decimals of statistics amounts (4, EUR as money) and the
 * orders (balances by currency name, other currency lists in the spec's currency order).
 */
import { describe, expect, it } from 'vitest';
import {
  compareCurrencyCodes,
  dailySeries,
  isQuiet,
  orderedVolumes,
  percentOf,
  seriesTotals,
  settlementBalanceRows,
  statisticsAfter,
  statisticsDecimals,
  topCoins,
  uniformTotal,
  type CoinStatistics,
  type HistogramBucket,
} from '../../src/domain/statistics';
import { formatAmount } from '../../src/i18n/format';

describe('the statistics window', () => {
  it('starts one month ago, at the start of that UTC day', () => {
    expect(statisticsAfter(new Date('2026-11-21T15:04:05.123Z'))).toBe('2026-10-21T00:00:00.000Z');
    // Just after midnight UTC is already the new day.
    expect(statisticsAfter(new Date('2026-11-21T00:00:01Z'))).toBe('2026-10-21T00:00:00.000Z');
    // Across the year.
    expect(statisticsAfter(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12-15T00:00:00.000Z');
  });

  it('takes the last day of a shorter month', () => {
    expect(statisticsAfter(new Date('2026-03-31T08:00:00Z'))).toBe('2026-02-28T00:00:00.000Z');
    expect(statisticsAfter(new Date('2024-03-31T08:00:00Z'))).toBe('2024-02-29T00:00:00.000Z');
    expect(statisticsAfter(new Date('2026-05-31T08:00:00Z'))).toBe('2026-04-30T00:00:00.000Z');
  });
});

const bucket = (date: string, count: number, settlementVolume: string, volumes = {}): HistogramBucket => ({
  date,
  count,
  settlementVolume,
  volumes,
});

describe('the daily series', () => {
  it('has one bucket per UTC day from after to today, the missing days zero, in date order', () => {
    const series = dailySeries(
      [bucket('2026-11-03', 2, '20.5'), bucket('2026-11-01', 1, '3')],
      '2026-10-30T00:00:00.000Z',
      '2026-11-04',
    );
    expect(series.map((b) => b.date)).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
    ]);
    expect(series.map((b) => b.count)).toEqual([0, 0, 1, 0, 2, 0]);
    expect(series[0]).toEqual({ date: '2026-10-30', count: 0, volumes: {}, settlementVolume: '0' });
  });

  it('drops days before the window and keeps a later day the server answered', () => {
    const series = dailySeries(
      [bucket('2026-10-29', 9, '9'), bucket('2026-11-02', 1, '1')],
      '2026-10-31T00:00:00.000Z',
      '2026-11-01',
    );
    expect(series.map((b) => [b.date, b.count])).toEqual([
      ['2026-10-31', 0],
      ['2026-11-01', 0],
      ['2026-11-02', 1],
    ]);
  });

  it('sums a series exactly and knows a quiet month', () => {
    const series = [bucket('2026-11-01', 1, '0.1'), bucket('2026-11-02', 2, '0.2')];
    expect(seriesTotals(series)).toEqual({ count: 3, settlementVolume: '0.3' });
    expect(isQuiet(series)).toBe(false);
    expect(isQuiet(dailySeries([], '2026-11-01T00:00:00.000Z', '2026-11-05'))).toBe(true);
  });
});

const coin = (currency: string, settlementVolume: string, count = 1, volume = '1'): CoinStatistics => ({
  currency,
  count,
  volume,
  settlementVolume,
});

describe('the top coins', () => {
  it('keeps 5 coins by settlement volume and sums the rest into Other', () => {
    const rows = topCoins([
      coin('LINK', '50', 1),
      coin('BTC', '400', 4, '0.01'),
      coin('USDC', '25', 2),
      coin('ETH', '200', 3),
      coin('USDT', '150', 5),
      coin('LTC', '100', 6),
      coin('XRP', '75', 7),
    ]);
    expect(rows.map((r) => r.currency)).toEqual(['BTC', 'ETH', 'USDT', 'LTC', 'XRP', null]);
    const other = rows[5];
    expect(other).toMatchObject({ count: 3, volume: null, settlementVolume: '75', others: ['LINK', 'USDC'] });
    // Shares of the 1000 in all, 2 decimals.
    expect(rows.map((r) => r.percent)).toEqual(['40.00', '20.00', '15.00', '10.00', '7.50', '7.50']);
    expect(rows[0]).toMatchObject({ volume: '0.01', count: 4, settlementVolume: '400' });
  });

  it('has no Other row for 5 coins or fewer', () => {
    const rows = topCoins([coin('BTC', '1'), coin('ETH', '1'), coin('USDT', '1')]);
    expect(rows.map((r) => r.currency)).toEqual(['BTC', 'ETH', 'USDT']);
    expect(rows.map((r) => r.percent)).toEqual(['33.33', '33.33', '33.33']);
    expect(topCoins([])).toEqual([]);
  });

  it('orders equal volumes by the spec currency order', () => {
    const rows = topCoins([coin('LINK', '5'), coin('USDT', '5'), coin('BTC', '5'), coin('AAVE', '5')]);
    expect(rows.map((r) => r.currency)).toEqual(['BTC', 'USDT', 'AAVE', 'LINK']);
  });

  it('computes percents with big.js, half up, and 0.00 of nothing', () => {
    expect(percentOf('2', '3')).toBe('66.67');
    expect(percentOf('1', '8')).toBe('12.50');
    expect(percentOf('0.00125', '1')).toBe('0.13');
    expect(percentOf('0.1', '0.3')).toBe('33.33');
    expect(percentOf('5', '0')).toBe('0.00');
    expect(topCoins([coin('BTC', '0'), coin('ETH', '0')]).map((r) => r.percent)).toEqual(['0.00', '0.00']);
  });
});

describe('statistics amounts', () => {
  it('have 4 decimals, EUR 2 with thousands separators', () => {
    expect(statisticsDecimals('EUR')).toBe(2);
    expect(statisticsDecimals('USD')).toBe(4);
    expect(statisticsDecimals('BTC')).toBe(4);
    const en = { locale: 'en-GB' };
    const show = (amount: string, currency: string) =>
      formatAmount(amount, currency, statisticsDecimals(currency), en).replace(/\u00a0/g, ' ');
    expect(show('12345.675', 'EUR')).toBe('12,345.68 EUR');
    expect(show('1234.56789', 'BTC')).toBe('1,234.5679 BTC');
    expect(show('0.00005', 'ETH')).toBe('0.0001 ETH');
    expect(show('250', 'USDT')).toBe('250.0000 USDT');
    expect(formatAmount('12345.675', 'EUR', statisticsDecimals('EUR'), { locale: 'de-DE' })).toBe(
      '12.345,68\u00a0EUR',
    );
  });
});

describe('currency orders', () => {
  it('orders settlement balances by currency name, each with its value in the settlement currency', () => {
    const rows = settlementBalanceRows({
      settlementBalances: { USDT: '10', EUR: '5', BTC: '0.5', ETH: '2', ZZZ: '1' },
      uniformBalances: { USDT: '9.2', EUR: '5', BTC: '30000.1', ETH: '5000' },
    });
    // Bitcoin, Ethereum, Euro, Tether; a code without a name by its code.
    expect(rows.map((r) => r.currency)).toEqual(['BTC', 'ETH', 'EUR', 'USDT', 'ZZZ']);
    expect(rows[4]).toEqual({ currency: 'ZZZ', amount: '1', uniform: null });
    expect(uniformTotal(rows)).toBe('35014.3');
  });

  it('reads the names it is given first', () => {
    const rows = settlementBalanceRows(
      { settlementBalances: { BTC: '1', EUR: '1' }, uniformBalances: {} },
      (currency) => (currency === 'BTC' ? 'Zeta coin' : undefined),
    );
    expect(rows.map((r) => r.currency)).toEqual(['EUR', 'BTC']);
  });

  it('orders other currency lists fiat first, then crypto, each in the spec order', () => {
    expect(['USDT', 'LINK', 'JPY', 'GBP', 'BTC', 'EUR', 'ETH', 'AAVE'].sort(compareCurrencyCodes)).toEqual([
      'EUR',
      'GBP',
      'JPY',
      'BTC',
      'ETH',
      'USDT',
      'AAVE',
      'LINK',
    ]);
    expect(orderedVolumes({ USDT: '100', BTC: '0.02', EUR: '0', LINK: '3' })).toEqual([
      { currency: 'BTC', amount: '0.02' },
      { currency: 'USDT', amount: '100' },
      { currency: 'LINK', amount: '3' },
    ]);
  });
});
