/**
 * The demo's stated conversion rates (table conversion_rates, migration 0013): every seeded currency
 * into each of the display targets EUR, USD, GBP, USDT and BTC. The rates are derived from one fixed
 * USD price per currency, so they agree with each other (EUR→GBP = EUR→USD ÷ GBP→USD); each is
 * rounded half up to 18 decimal places (the column's scale) with big.js, never through a float.
 */
import Big from 'big.js';
import { CURRENCY_SEED } from '../../../src/domain/currencies';
import type { Db } from '../client';

/** The currencies every balance can be shown in (fiat and crypto display amounts). */
export const RATE_TARGETS = ['EUR', 'USD', 'GBP', 'USDT', 'BTC'] as const;

/** The demo's price of one unit of each seeded currency in US dollars (decimal strings). */
export const USD_PRICES: Readonly<Record<string, string>> = {
  EUR: '1.08',
  USD: '1',
  GBP: '1.27',
  JPY: '0.0067',
  BTC: '65000',
  BCH: '350',
  LTC: '80',
  ETH: '3200',
  USDT: '1',
  USDC: '1',
  XLM: '0.11',
  XRP: '0.52',
  LINK: '14',
};

/** When the demo's rates were stated. */
export const RATES_AS_OF = '2026-03-01T00:00:00Z';

export interface ConversionRate {
  base: string;
  quote: string;
  /** A decimal string: 1 base is worth `rate` quote. */
  rate: string;
}

/** A big.js constructor of its own: division to 18 places, rounded half up (the global one untouched). */
const Rate = Big();
Rate.DP = 18;
Rate.RM = Big.roundHalfUp;

function rateOf(base: string, quote: string): string {
  const price = USD_PRICES[base];
  if (price === undefined) throw new Error(`rates.ts: no USD price for the seeded currency ${base}`);
  return new Rate(price).div(USD_PRICES[quote]).toFixed();
}

/** Every seeded currency into every target (no row for a currency into itself). */
export const CONVERSION_RATES: readonly ConversionRate[] = CURRENCY_SEED.flatMap((currency) =>
  RATE_TARGETS.filter((quote) => quote !== currency.abbreviation).map((quote) => ({
    base: currency.abbreviation,
    quote,
    rate: rateOf(currency.abbreviation, quote),
  })),
);

/** Writes CONVERSION_RATES (a newer statement of a pair replaces the older one). */
export async function seedConversionRates(tx: Db, asOf: string = RATES_AS_OF): Promise<void> {
  for (const r of CONVERSION_RATES) {
    await tx.query(
      `INSERT INTO conversion_rates (base_currency, quote_currency, rate, as_of) VALUES ($1, $2, $3, $4)
       ON CONFLICT (base_currency, quote_currency) DO UPDATE SET rate = EXCLUDED.rate, as_of = EXCLUDED.as_of`,
      [r.base, r.quote, r.rate, asOf],
    );
  }
}
