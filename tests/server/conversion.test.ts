/**
 * Conversion at the stated rates (server/lib/conversion.ts), read in one statement: the rates into the
 * quotes, each quote's precision, and, for the statistics, the organisation's settlement currency with
 * them. Checked against the tables themselves, so a change of the demo rates does not break it.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionInto, settlementConversion } from '../../server/lib/conversion';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

const ratesInto = async (quote: string) =>
  (
    await t.db.query<{ base: string; rate: string }>(
      'SELECT base_currency AS base, rate::text AS rate FROM conversion_rates WHERE quote_currency = $1',
      [quote],
    )
  ).rows;

describe('conversion at the stated rates', () => {
  it('reads every rate into each quote and rounds to the quote’s precision', async () => {
    const convert = await conversionInto(t.db, ['EUR', 'BTC']);
    for (const quote of ['EUR', 'BTC']) {
      const rates = await ratesInto(quote);
      expect(rates.length).toBeGreaterThan(0);
      for (const { base, rate } of rates)
        expect(convert.rate(base, quote)?.toFixed()).toBe(new Big(rate).toFixed());
    }
    expect(convert.rate('EUR', 'EUR')?.toFixed()).toBe('1');
    // EUR has 2 decimals and BTC 8 (the currencies table), half up.
    expect(convert.round(new Big('1.005'), 'EUR')).toBe('1.01');
    expect(convert.round(new Big('0.000000015'), 'BTC')).toBe('0.00000002');
    // Exact products summed, a currency without a rate adding nothing.
    const [{ base, rate }] = await ratesInto('EUR');
    expect(
      convert
        .value(
          [
            [base!, new Big(3)],
            ['NOPE', new Big(5)],
            ['EUR', new Big('0.1')],
          ],
          'EUR',
        )
        .toFixed(),
    ).toBe(new Big(rate!).times(3).plus('0.1').toFixed());
  });

  it('knows no rate and 8 decimals for a quote the tables do not have', async () => {
    const convert = await conversionInto(t.db, ['NOPE']);
    expect(convert.rate('EUR', 'NOPE')).toBeUndefined();
    expect(convert.round(new Big('0.123456789'), 'NOPE')).toBe('0.12345679');
  });

  it('reads an organisation’s settlement currency with its rates, and nothing for an unknown one', async () => {
    const { rows } = await t.db.query<{ currency: string }>(
      'SELECT settlement_currency AS currency FROM organisations WHERE id = 1',
    );
    const found = await settlementConversion(t.db, 1);
    expect(found?.currency).toBe(rows[0]!.currency);
    const rates = await ratesInto(found!.currency);
    expect(rates.length).toBeGreaterThan(0);
    for (const { base, rate } of rates) {
      expect(found!.convert.rate(base, found!.currency)?.toFixed()).toBe(new Big(rate).toFixed());
    }
    expect(await settlementConversion(t.db, 999_999)).toBeUndefined();
  });
});
