/**
 * Reference data of demo seed version 2: the precision of each cryptocurrency on each network, and the
 * prices the demo activity is priced with.
 */
import Big from 'big.js';
import { CURRENCY_SEED } from '../../../src/domain/currencies';
import { USD_PRICES } from './rates';

/**
 * Decimals shown and accepted per currency and network (currency_networks). Tokens keep their
 * on-chain decimals where those are at most 8 (USDT and USDC have 6 on Ethereum, Tron and Solana);
 * where the chain has more (ETH and LINK 18, the BEP20 stablecoins 18) the platform works with 8, so
 * every amount it shows fits a balance column. Every network of every crypto currency of
 * CURRENCY_SEED has a row (a test checks it).
 */
export const NETWORK_PRECISION: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  BTC: { MAIN: 8 },
  BCH: { MAIN: 8 },
  LTC: { MAIN: 8 },
  ETH: { ETH: 8 },
  USDT: { ETH: 6, TRX: 6, BSC: 8, SOL: 6 },
  USDC: { ETH: 6, BSC: 8, SOL: 6 },
  XLM: { MAIN: 7 },
  XRP: { MAIN: 6 },
  LINK: { ETH: 8 },
};

export function currencyNetworkRows(): { currency: string; network: string; precision: number }[] {
  return CURRENCY_SEED.filter((c) => !c.isFiat).flatMap((c) =>
    c.supportedNetworks.map((network) => {
      const precision = NETWORK_PRECISION[c.abbreviation]?.[network];
      if (precision === undefined) throw new Error(`Seed: no precision for ${c.abbreviation} on ${network}`);
      return { currency: c.abbreviation, network, precision };
    }),
  );
}

/** The precision of an amount in a currency on a network (fiat: the currency's own). */
export function precisionOf(currency: string, network: string | null): number {
  if (network) {
    const precision = NETWORK_PRECISION[currency]?.[network];
    if (precision !== undefined) return precision;
  }
  const known = CURRENCY_SEED.find((c) => c.abbreviation === currency);
  if (!known) throw new Error(`Seed: unknown currency ${currency}`);
  return Math.min(known.precision, 8);
}

/**
 * What one unit of a currency is worth in EUR in the demo: the conversion rates' USD prices
 * (rates.ts) over the euro's, so the demo's amounts agree with the balances' display amounts.
 */
export function eurPrice(currency: string): Big {
  const usd = USD_PRICES[currency];
  if (usd === undefined) throw new Error(`Seed: no demo price for ${currency}`);
  return new Big(usd).div(USD_PRICES.EUR);
}
