/**
 * The ledgers a currency on a network is on, and what their payments need (a destination tag), apart
 * from the address codecs (src/domain/addresses.ts): the money pages' rules and messages load with the
 * shell, the codecs only with the forms that check an address.
 */
/** The ledgers whose address formats differ: a currency on a network is one of them. */
export const CHAINS = ['BTC', 'BCH', 'LTC', 'EVM_ETH', 'EVM_BSC', 'TRON', 'SOLANA', 'XRP', 'XLM'] as const;
export type Chain = (typeof CHAINS)[number];

/** The chain of a currency on a network: MAIN is the currency's own ledger, the others are named. */
export function chainOf(currency: string, network: string): Chain | undefined {
  switch (network) {
    case 'ETH':
      return 'EVM_ETH';
    case 'BSC':
      return 'EVM_BSC';
    case 'TRX':
      return 'TRON';
    case 'SOL':
      return 'SOLANA';
    case 'MAIN':
      return (['BTC', 'BCH', 'LTC', 'XRP', 'XLM'] as const).find((c) => c === currency);
    default:
      return undefined;
  }
}

/** EVM addresses are one account whatever the letters' case; every other format is case-exact. */
export const isCaseInsensitive = (chain: Chain) => chain === 'EVM_ETH' || chain === 'EVM_BSC';

/** The chains whose payments need a destination tag (XRP) or memo id (XLM), with its largest value. */
export const DESTINATION_TAG_MAX: Partial<Record<Chain, bigint>> = {
  XRP: 4294967295n, // a 32-bit unsigned integer
  XLM: 18446744073709551615n, // a 64-bit unsigned memo id
};

export const needsDestinationTag = (chain: Chain | undefined) =>
  chain !== undefined && DESTINATION_TAG_MAX[chain] !== undefined;
