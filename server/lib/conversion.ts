/**
 * Conversion at the stated rates (table conversion_rates, migration 0013; seeded from
 * server/db/seed/rates.ts): 1 unit of a base currency is worth `rate` units of the quote currency, and a
 * currency is worth 1 of itself. Amounts are multiplied by their rates exactly with big.js, the products
 * summed exactly, and only a total is rounded, half up, to the quote currency's precision. A currency
 * without a stated rate into the quote currency adds nothing. Balances (display amounts), statistics
 * (settlement volumes and uniform balances) and reports convert through this one place.
 */
import Big from 'big.js';
import type { Db } from '../db/client';

export interface Conversion {
  /** The stated rate from `base` into `quote` (1 for a currency into itself), or undefined. */
  rate(base: string, quote: string): Big | undefined;
  /** The exact value in `quote` of some amounts, each `[currency, amount]` (unrounded). */
  value(amounts: Iterable<readonly [string, Big]>, quote: string): Big;
  /** A value rounded half up to the precision of `quote` (8 for an unknown currency). */
  round(value: Big, quote: string): string;
}

/** The stated rates into `quotes` and their precisions, read once (two queries). */
export async function conversionInto(db: Db, quotes: readonly string[]): Promise<Conversion> {
  const [rates, precisions] = await Promise.all([
    db.query<{ base: string; quote: string; rate: string }>(
      `SELECT base_currency AS base, quote_currency AS quote, rate::text AS rate
         FROM conversion_rates WHERE quote_currency = ANY($1::text[])`,
      [[...quotes]],
    ),
    db.query<{ abbreviation: string; precision: number }>(
      'SELECT abbreviation, precision FROM currencies WHERE abbreviation = ANY($1::text[])',
      [[...quotes]],
    ),
  ]);
  const byPair = new Map(rates.rows.map((r) => [`${r.base}>${r.quote}`, new Big(r.rate)]));
  const precision = new Map(precisions.rows.map((r) => [r.abbreviation, r.precision]));
  const rate = (base: string, quote: string) =>
    base === quote ? new Big(1) : byPair.get(`${base}>${quote}`);
  return {
    rate,
    value(amounts, quote) {
      let sum = new Big(0);
      for (const [currency, amount] of amounts) {
        const r = rate(currency, quote);
        if (r) sum = sum.plus(amount.times(r));
      }
      return sum;
    },
    round: (value, quote) => value.toFixed(precision.get(quote) ?? 8, Big.roundHalfUp),
  };
}
