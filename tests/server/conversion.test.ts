/**
 * Conversion at the stated rates (server/lib/conversion.ts), read in one statement: the rates into the
 * quotes, each quote's precision, and, for the statistics, the organisation's settlement currency with
 * them. Checked against the tables themselves, so a change of the demo rates does not break it. The
 * same rule in SQL (the statistics' histogram converts as it sums) gives the same values.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversionInto,
  precisionSql,
  ratesIntoSql,
  roundedSql,
  settlementConversion,
} from '../../server/lib/conversion';
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

  it('converts in SQL as in JavaScript: exact products, summed, rounded half up once, unknown rates left out', async () => {
    const value = 'sum(a.amount * r.rate)';
    const inSql = async (quote: string, amounts: [string, string][]) =>
      (
        await t.db.query<{ exact: string | null; rounded: string }>(
          `SELECT ${value}::text AS exact, ${roundedSql(value, precisionSql('$1::text'))}::text AS rounded
             FROM unnest($2::text[], $3::numeric[]) a (currency, amount)
             LEFT JOIN (${ratesIntoSql('$1::text')}) r ON r.currency = a.currency`,
          [quote, amounts.map(([c]) => c), amounts.map(([, a]) => a)],
        )
      ).rows[0]!;
    const convert = await conversionInto(t.db, ['EUR', 'BTC', 'NOPE']);
    const inJs = (quote: string, amounts: [string, string][]) => {
      const exact = convert.value(
        amounts.map(([c, a]) => [c, new Big(a)] as const),
        quote,
      );
      return { exact, rounded: convert.round(exact, quote) };
    };

    // Amounts with up to 18 decimals in every currency that has a rate into the quote (a fixed sequence).
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    const amount = () =>
      new Big(next())
        .times(next())
        .div(new Big(10).pow(next() % 19))
        .toFixed(18);
    const cases: [string, [string, string][]][] = [];
    for (const quote of ['EUR', 'BTC']) {
      const bases = (await ratesInto(quote)).map((r) => r.base);
      for (let i = 0; i < 20; i++) cases.push([quote, [...bases, quote, 'NOPE'].map((c) => [c, amount()])]);
      // A sum that ends exactly on a half of the last place, only after the products are added.
      const [base] = bases;
      const part = amount();
      const product = new Big(part).times(convert.rate(base!, quote)!);
      const tie = new Big(quote === 'EUR' ? '50.005' : '0.000000015');
      cases.push([
        quote,
        [
          [base!, part],
          [quote, tie.minus(product).toFixed()],
        ],
      ]);
    }
    cases.push(
      ['EUR', [['EUR', '1.005']]],
      ['BTC', [['BTC', '0.000000015']]],
      ['NOPE', [['NOPE', '0.123456785']]],
    );
    cases.push(['EUR', [['NOPE', '5']]], ['EUR', []]);

    for (const [quote, amounts] of cases) {
      const sql = await inSql(quote, amounts);
      const js = inJs(quote, amounts);
      const label = `${quote} ${JSON.stringify(amounts)}`;
      expect(new Big(sql.exact ?? 0).eq(js.exact), label).toBe(true);
      expect(new Big(sql.rounded).toFixed(), label).toBe(new Big(js.rounded).toFixed());
    }
  });
});
