/**
 * The statistics landing page's rules (src/domain/statisticsPeriod.ts, src/domain/coinColors.ts): the
 * period presets and a custom range to and from the URL, the windows asked for (the period and the
 * one just before it, of the same length), the change of a figure, the net flow, and one colour per
 * coin that reads on both papers.
 */
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { BACKGROUNDS } from '../../src/brands/theme';
import { COIN_COLORS, coinColor, SPARE_COIN_COLORS } from '../../src/domain/coinColors';
import {
  changeOf,
  DEFAULT_PERIOD,
  netFlow,
  periodFromParams,
  periodToParams,
  periodWindow,
  previousWindow,
  windowDays,
  type Period,
} from '../../src/domain/statisticsPeriod';

const TODAY = '2026-11-24';
const params = (query: string) => new URLSearchParams(query);

describe('the period in the URL', () => {
  it('is 30 days without a parameter, and for anything it does not understand', () => {
    for (const query of ['', 'period=14', 'period=custom', 'period=custom&from=2026-11-20&to=2026-11-10'])
      expect(periodFromParams(params(query), TODAY), query).toEqual({ kind: 'preset', days: DEFAULT_PERIOD });
  });

  it('reads the presets 7, 30 and 90', () => {
    for (const days of [7, 30, 90])
      expect(periodFromParams(params(`period=${days}`), TODAY)).toEqual({ kind: 'preset', days });
  });

  it('reads a custom range of real days up to today and at most 366 days back', () => {
    expect(periodFromParams(params('period=custom&from=2026-10-01&to=2026-10-31'), TODAY)).toEqual({
      kind: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
    });
    for (const [from, to] of [
      ['2026-10-01', '2026-11-25'], // ends tomorrow
      ['2025-11-23', '2025-12-01'], // starts 366 days back
      ['2026-02-30', '2026-03-02'], // no such day
      ['2026-1-01', '2026-01-02'],
    ])
      expect(periodFromParams(params(`period=custom&from=${from}&to=${to}`), TODAY).kind, from).toBe(
        'preset',
      );
    expect(periodFromParams(params('period=custom&from=2025-11-24&to=2025-11-24'), TODAY).kind).toBe(
      'custom',
    );
  });

  it('writes the period and keeps the other parameters; the default writes none', () => {
    const current = params('businessId=3&period=7');
    expect(periodToParams({ kind: 'preset', days: 30 }, current).toString()).toBe('businessId=3');
    expect(periodToParams({ kind: 'preset', days: 90 }, current).toString()).toBe('businessId=3&period=90');
    const custom: Period = { kind: 'custom', from: '2026-10-01', to: '2026-10-31' };
    const written = periodToParams(custom, current);
    expect(written.toString()).toBe('businessId=3&period=custom&from=2026-10-01&to=2026-10-31');
    expect(periodFromParams(written, TODAY)).toEqual(custom);
    expect(current.toString()).toBe('businessId=3&period=7');
  });
});

describe('the windows', () => {
  it('of a preset: N whole UTC days ending today, open to the end of today', () => {
    const window = periodWindow({ kind: 'preset', days: 30 }, TODAY);
    expect(window).toEqual({ after: '2026-10-26T00:00:00.000Z', days: 30 });
    expect(windowDays(window, TODAY)).toEqual({ from: '2026-10-26', to: TODAY });
    expect(periodWindow({ kind: 'preset', days: 7 }, TODAY).after).toBe('2026-11-18T00:00:00.000Z');
  });

  it('of a custom range: its days, the last included', () => {
    const window = periodWindow({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, TODAY);
    expect(window).toEqual({
      after: '2026-10-01T00:00:00.000Z',
      before: '2026-11-01T00:00:00.000Z',
      days: 31,
    });
    expect(windowDays(window, TODAY)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // A range ending today stays open, as a preset.
    expect(periodWindow({ kind: 'custom', from: '2026-11-20', to: TODAY }, TODAY)).toEqual({
      after: '2026-11-20T00:00:00.000Z',
      days: 5,
    });
  });

  it('before it: the same length, ending where it starts', () => {
    expect(previousWindow(periodWindow({ kind: 'preset', days: 30 }, TODAY), TODAY)).toEqual({
      after: '2026-09-26T00:00:00.000Z',
      before: '2026-10-26T00:00:00.000Z',
      days: 30,
    });
    expect(
      previousWindow(periodWindow({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, TODAY), TODAY),
    ).toEqual({ after: '2026-08-31T00:00:00.000Z', before: '2026-10-01T00:00:00.000Z', days: 31 });
  });

  it('none before a period whose previous one is older than the API answers', () => {
    const long = periodWindow({ kind: 'custom', from: '2026-01-01', to: '2026-11-01' }, TODAY);
    expect(previousWindow(long, TODAY)).toBeUndefined();
    expect(previousWindow(periodWindow({ kind: 'preset', days: 90 }, TODAY), TODAY)).toBeDefined();
  });
});

describe('the change against the previous period', () => {
  it('is the exact difference and its percent of the previous figure, 1 decimal half up', () => {
    expect(changeOf('74685.00', '60000')).toEqual({ delta: '14685', percent: '24.5', direction: 'up' });
    expect(changeOf('18574.92', '20000.5')).toEqual({
      delta: '-1425.58',
      percent: '-7.1',
      direction: 'down',
    });
    expect(changeOf(87, 87)).toEqual({ delta: '0', percent: '0.0', direction: 'same' });
    expect(changeOf('0.1', '0.3')).toEqual({ delta: '-0.2', percent: '-66.7', direction: 'down' });
  });

  it('has no percent when the previous period had nothing', () => {
    expect(changeOf(12, 0)).toEqual({ delta: '12', percent: null, direction: 'up' });
    expect(changeOf('0', '0').percent).toBeNull();
  });

  it('of a negative net flow is counted against its size', () => {
    expect(changeOf('-50', '-100')).toEqual({ delta: '50', percent: '50.0', direction: 'up' });
  });

  it('net flow is deposits minus withdrawals, exact', () => {
    expect(netFlow('74685.00', '18574.92')).toBe('56110.08');
    expect(netFlow('0.1', '0.3')).toBe('-0.2');
  });
});

describe('one colour per coin', () => {
  it('is the same for a coin wherever it is asked for, and differs between the known coins', () => {
    expect(coinColor('BTC')).toBe(coinColor('BTC'));
    expect(coinColor('NEWCOIN', 'dark')).toBe(coinColor('NEWCOIN', 'dark'));
    const light = Object.keys(COIN_COLORS).map((code) => coinColor(code, 'light'));
    expect(new Set(light).size).toBe(light.length);
  });

  it('reads at 3:1 on the light and the dark paper', () => {
    const all = [
      ...Object.values(COIN_COLORS),
      ...SPARE_COIN_COLORS,
      { light: coinColor(null), dark: coinColor(null, 'dark') },
    ];
    for (const color of all) {
      expect(getContrastRatio(color.light, BACKGROUNDS.light.paper), color.light).toBeGreaterThanOrEqual(3);
      expect(getContrastRatio(color.dark, BACKGROUNDS.dark.paper), color.dark).toBeGreaterThanOrEqual(3);
    }
  });
});
