/**
 * The balances on the business cards (docs/product.md#screens-and-routes, #states-and-transitions and #constants-and-limits): which precision each currency is
 * shown with, the rounded amounts, and the order of the cards. Decimal strings through big.js, never
 * a float. Plain TypeScript: the dashboard's list and the business detail read it.
 */
import Big from 'big.js';

/** Fiat balances on a card: 2 decimals (docs/product.md#constants-and-limits). */
export const FIAT_BALANCE_PRECISION = 2;
/** Crypto balances whose network precision is unknown: 6 decimals (docs/product.md#constants-and-limits). */
export const DEFAULT_CRYPTO_PRECISION = 6;

/** One coin of GET /v1/withdrawals/metadata. */
export interface CoinMetadata {
  currency: string;
  network: string;
  precision: number;
}

/** What the card needs to know of a currency (a subset of src/domain/currencies.ts' Currency). */
export interface CurrencyInfo {
  abbreviation: string;
  name?: string;
  isFiat: boolean;
  defaultNetwork?: string | null;
}

/**
 * One row of GET /v1/balances. Amounts are decimal strings: `amount` is what the business can move
 * now, `held` (only when above zero) what withdrawals awaiting approval reserve.
 */
export interface BusinessBalanceRow {
  businessId: number;
  balances: Readonly<Record<string, { amount: string; held?: string }>>;
  displayFiatAmount?: string | null;
  displayFiatCurrency?: string | null;
  displayCryptoAmount?: string | null;
  displayCryptoCurrency?: string | null;
}

export interface BalanceContext {
  /** The session's currency list (fiat or crypto, names, default networks). */
  currencies: readonly CurrencyInfo[];
  /** GET withdrawals/metadata's coins; empty when it could not be loaded. */
  coins: readonly CoinMetadata[];
}

/** One balance as the card shows it: the amounts rounded to the precision, as decimal strings. */
export interface CardBalance {
  currency: string;
  amount: string;
  /** Reserved by withdrawals awaiting approval; absent when nothing is held. */
  held?: string;
  precision: number;
}

/**
 * Whether a currency is fiat: as the currency list says; a currency the list does not know is
 * crypto when the coins metadata names it, else fiat.
 */
export function isFiatCurrency(currency: string, { currencies, coins }: BalanceContext): boolean {
  const known = currencies.find((c) => c.abbreviation === currency);
  if (known) return known.isFiat;
  return !coins.some((coin) => coin.currency === currency);
}

/**
 * The decimals a balance of `currency` is shown with: 2 for fiat; for crypto the precision of the
 * currency on its network from the coins metadata: its default network's when listed, else the
 * first listed network's; 6 when the metadata does not name the currency (or failed to load).
 */
export function balancePrecision(currency: string, context: BalanceContext): number {
  if (isFiatCurrency(currency, context)) return FIAT_BALANCE_PRECISION;
  const networks = context.coins.filter(
    (coin) => coin.currency === currency && Number.isInteger(coin.precision) && coin.precision >= 0,
  );
  const defaultNetwork = context.currencies.find((c) => c.abbreviation === currency)?.defaultNetwork;
  const coin = networks.find((c) => c.network === defaultNetwork) ?? networks[0];
  return coin ? coin.precision : DEFAULT_CRYPTO_PRECISION;
}

/** A decimal string rounded half up to `precision` digits ('-' kept for a value that is no decimal). */
export function roundAmount(amount: string, precision: number): string {
  try {
    return new Big(amount).toFixed(precision, Big.roundHalfUp);
  } catch {
    return amount;
  }
}

/**
 * A card's balances: every currency of the row, rounded to its precision, ordered by currency name
 * (docs/product.md#constants-and-limits), the code where the currency list has no name.
 */
export function cardBalances(row: BusinessBalanceRow | undefined, context: BalanceContext): CardBalance[] {
  if (!row) return [];
  const nameOf = (currency: string) =>
    context.currencies.find((c) => c.abbreviation === currency)?.name ?? currency;
  return Object.entries(row.balances)
    .map(([currency, { amount, held }]) => {
      const precision = balancePrecision(currency, context);
      const rounded = { currency, amount: roundAmount(amount, precision), precision };
      return held ? { ...rounded, held: roundAmount(held, precision) } : rounded;
    })
    .sort(
      (a, b) =>
        nameOf(a.currency).localeCompare(nameOf(b.currency), 'en') || a.currency.localeCompare(b.currency),
    );
}
