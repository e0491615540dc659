/** Currencies, networks and ordering (docs/product.md#entities-and-their-fields and #constants-and-limits). */

export interface Currency {
  abbreviation: string;
  name: string;
  isFiat: boolean;
  defaultNetwork: string | null;
  supportedNetworks: string[];
  precision: number;
}

export const NETWORKS = ['MAIN', 'BSC', 'TRX', 'ETH', 'SOL'] as const;
export type Network = (typeof NETWORKS)[number];
export const NETWORK_LABELS: Record<Network, string> = {
  MAIN: 'MAIN',
  BSC: 'BSC (BEP20)',
  TRX: 'TRX (TRC20)',
  ETH: 'ETH (ERC20)',
  SOL: 'SOL (SPL)',
};

const FIAT_FIRST = ['EUR', 'USD', 'GBP', 'JPY'];
const CRYPTO_FIRST = ['BTC', 'BCH', 'LTC', 'ETH', 'USDT', 'XLM', 'XRP'];

function rank(list: string[], abbreviation: string): number {
  const i = list.indexOf(abbreviation);
  return i === -1 ? list.length : i;
}

/** Fiat EUR, USD, GBP, JPY first; crypto BTC, BCH, LTC, ETH, USDT, XLM, XRP first; then alphabetical. */
export function compareCurrencies(a: string, b: string, isFiat: boolean): number {
  const order = isFiat ? FIAT_FIRST : CRYPTO_FIRST;
  return rank(order, a) - rank(order, b) || a.localeCompare(b);
}

export function sortCurrencies<T extends { abbreviation: string; isFiat: boolean }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) =>
    a.isFiat !== b.isFiat ? (a.isFiat ? -1 : 1) : compareCurrencies(a.abbreviation, b.abbreviation, a.isFiat),
  );
}

/**
 * Balances are listed by currency name (then code, for equal names): the name from `known` (the
 * session's currency list), else from the reference data, else the code itself.
 */
export function currencyNameOf(
  code: string,
  known: readonly Pick<Currency, 'abbreviation' | 'name'>[] = [],
): string {
  return (
    known.find((c) => c.abbreviation === code)?.name ??
    CURRENCY_SEED.find((c) => c.abbreviation === code)?.name ??
    code
  );
}

/** A comparator of currency codes by currency name (`currencyNameOf`), then by code. */
export function byCurrencyName(
  known: readonly Pick<Currency, 'abbreviation' | 'name'>[] = [],
): (a: string, b: string) => number {
  return (a, b) =>
    currencyNameOf(a, known).localeCompare(currencyNameOf(b, known), 'en') || (a < b ? -1 : a > b ? 1 : 0);
}

/** The reference data the API seeds its currency table with. */
export const CURRENCY_SEED: readonly Currency[] = [
  {
    abbreviation: 'EUR',
    name: 'Euro',
    isFiat: true,
    defaultNetwork: null,
    supportedNetworks: [],
    precision: 2,
  },
  {
    abbreviation: 'USD',
    name: 'US Dollar',
    isFiat: true,
    defaultNetwork: null,
    supportedNetworks: [],
    precision: 2,
  },
  {
    abbreviation: 'GBP',
    name: 'Pound Sterling',
    isFiat: true,
    defaultNetwork: null,
    supportedNetworks: [],
    precision: 2,
  },
  {
    abbreviation: 'JPY',
    name: 'Japanese Yen',
    isFiat: true,
    defaultNetwork: null,
    supportedNetworks: [],
    precision: 0,
  },
  {
    abbreviation: 'BTC',
    name: 'Bitcoin',
    isFiat: false,
    defaultNetwork: 'MAIN',
    supportedNetworks: ['MAIN'],
    precision: 8,
  },
  {
    abbreviation: 'BCH',
    name: 'Bitcoin Cash',
    isFiat: false,
    defaultNetwork: 'MAIN',
    supportedNetworks: ['MAIN'],
    precision: 8,
  },
  {
    abbreviation: 'LTC',
    name: 'Litecoin',
    isFiat: false,
    defaultNetwork: 'MAIN',
    supportedNetworks: ['MAIN'],
    precision: 8,
  },
  {
    abbreviation: 'ETH',
    name: 'Ethereum',
    isFiat: false,
    defaultNetwork: 'ETH',
    supportedNetworks: ['ETH'],
    precision: 8,
  },
  {
    abbreviation: 'USDT',
    name: 'Tether',
    isFiat: false,
    defaultNetwork: 'ETH',
    supportedNetworks: ['ETH', 'TRX', 'BSC', 'SOL'],
    precision: 6,
  },
  {
    abbreviation: 'USDC',
    name: 'USD Coin',
    isFiat: false,
    defaultNetwork: 'ETH',
    supportedNetworks: ['ETH', 'BSC', 'SOL'],
    precision: 6,
  },
  {
    abbreviation: 'XLM',
    name: 'Stellar',
    isFiat: false,
    defaultNetwork: 'MAIN',
    supportedNetworks: ['MAIN'],
    precision: 7,
  },
  {
    abbreviation: 'XRP',
    name: 'XRP',
    isFiat: false,
    defaultNetwork: 'MAIN',
    supportedNetworks: ['MAIN'],
    precision: 6,
  },
  {
    abbreviation: 'LINK',
    name: 'Chainlink',
    isFiat: false,
    defaultNetwork: 'ETH',
    supportedNetworks: ['ETH'],
    precision: 8,
  },
];
