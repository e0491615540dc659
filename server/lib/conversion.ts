/**
 * Conversion at the stated rates (table conversion_rates, migration 0013; seeded from
 * server/db/seed/rates.ts): 1 unit of a base currency is worth `rate` units of the quote currency, and a
 * currency is worth 1 of itself. Amounts are multiplied by their rates exactly with big.js, the products
 * summed exactly, and only a total is rounded, half up, to the quote currency's precision. A currency
 * without a stated rate into the quote currency adds nothing. Balances (display amounts), statistics
 * (settlement volumes and uniform balances) and reports convert through this one place: in JavaScript
 * (`Conversion`), or, where a statement converts as it sums (the statistics' histogram), in SQL by the
 * same rule (`ratesIntoSql`, `precisionSql`, `roundedSql`; tests/server/conversion.test.ts holds the
 * two equal; docs/decisions.md 216).
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

/** A quote currency's row: its precision and one stated rate into it (base and rate null when none). */
interface QuoteRow {
  quote: string;
  precision: number | null;
  base: string | null;
  rate: string | null;
}

/** The rates and precisions of some quotes, one row per rate (or one per quote without rates). */
const QUOTE_ROWS = `c.precision, r.base_currency AS base, r.rate::text AS rate`;

/** The stated rates into `quotes` and their precisions, read once (one statement). */
export async function conversionInto(db: Db, quotes: readonly string[]): Promise<Conversion> {
  const { rows } = await db.query<QuoteRow>(
    `SELECT q.code AS quote, ${QUOTE_ROWS}
       FROM unnest($1::text[]) q (code)
       LEFT JOIN currencies c ON c.abbreviation = q.code
       LEFT JOIN conversion_rates r ON r.quote_currency = q.code`,
    [[...quotes]],
  );
  return conversionOf(rows);
}

/**
 * An organisation's settlement currency and the stated rates into it, in one statement (the
 * statistics read both on every call); undefined when there is no such organisation.
 */
export async function settlementConversion(
  db: Db,
  organisationId: number,
): Promise<{ currency: string; convert: Conversion } | undefined> {
  const { rows } = await db.query<QuoteRow>(
    `SELECT o.settlement_currency AS quote, ${QUOTE_ROWS}
       FROM organisations o
       LEFT JOIN currencies c ON c.abbreviation = o.settlement_currency
       LEFT JOIN conversion_rates r ON r.quote_currency = o.settlement_currency
      WHERE o.id = $1`,
    [organisationId],
    { prepare: true },
  );
  return rows.length === 0 ? undefined : { currency: rows[0]!.quote, convert: conversionOf(rows) };
}

/**
 * In SQL, the stated rates into `quote` (a text expression) as a relation (currency, rate), with the
 * quote itself at 1: a currency without a stated rate has no row, so that a sum of `amount * rate`
 * over a left join leaves it out, as `value` does. PostgreSQL's numeric product is exact, and so is
 * its sum.
 */
export const ratesIntoSql = (quote: string) =>
  `SELECT r.base_currency AS currency, r.rate FROM conversion_rates r WHERE r.quote_currency = ${quote}
   UNION ALL SELECT ${quote}, 1::numeric`;

/** In SQL, the precision of `quote` (a text expression), 8 for an unknown currency, as `round` takes. */
export const precisionSql = (quote: string) =>
  `COALESCE((SELECT c.precision FROM currencies c WHERE c.abbreviation = ${quote}), 8)`;

/**
 * In SQL, an exact value (NULL counts as 0) rounded to `precision` places as `round` does:
 * PostgreSQL rounds a numeric's half away from zero, which is big.js's roundHalfUp.
 */
export const roundedSql = (value: string, precision: string) => `round(COALESCE(${value}, 0), ${precision})`;

function conversionOf(rows: readonly QuoteRow[]): Conversion {
  const byPair = new Map<string, Big>();
  const precision = new Map<string, number>();
  for (const r of rows) {
    if (r.base !== null && r.rate !== null) byPair.set(`${r.base}>${r.quote}`, new Big(r.rate));
    if (r.precision !== null) precision.set(r.quote, r.precision);
  }
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
