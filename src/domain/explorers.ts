/**
 * Block explorers: where a transaction hash or an address of a network can be looked at. One URL
 * template per chain and target (`{value}` is replaced by the URL-encoded hash or address); a brand may
 * replace a chain's templates, or switch its links off with null (`BrandDefinition.explorers`).
 *
 * A network named MAIN is the currency's own chain (BTC on MAIN is Bitcoin); a token names the chain it
 * runs on (USDT on TRX is Tron).
 */
export type ExplorerTarget = 'tx' | 'address';

export type ExplorerTemplates = Readonly<Record<ExplorerTarget, string>>;

/** A brand's replacements: a chain's templates, or null for no links on that chain. */
export type ExplorerOverrides = Readonly<Record<string, ExplorerTemplates | null>>;

export const EXPLORERS: Readonly<Record<string, ExplorerTemplates>> = {
  BTC: { tx: 'https://mempool.space/tx/{value}', address: 'https://mempool.space/address/{value}' },
  BCH: {
    tx: 'https://blockchair.com/bitcoin-cash/transaction/{value}',
    address: 'https://blockchair.com/bitcoin-cash/address/{value}',
  },
  LTC: {
    tx: 'https://blockchair.com/litecoin/transaction/{value}',
    address: 'https://blockchair.com/litecoin/address/{value}',
  },
  ETH: { tx: 'https://etherscan.io/tx/{value}', address: 'https://etherscan.io/address/{value}' },
  BSC: { tx: 'https://bscscan.com/tx/{value}', address: 'https://bscscan.com/address/{value}' },
  TRX: {
    tx: 'https://tronscan.org/#/transaction/{value}',
    address: 'https://tronscan.org/#/address/{value}',
  },
  SOL: { tx: 'https://solscan.io/tx/{value}', address: 'https://solscan.io/account/{value}' },
  XLM: {
    tx: 'https://stellar.expert/explorer/public/tx/{value}',
    address: 'https://stellar.expert/explorer/public/account/{value}',
  },
  XRP: {
    tx: 'https://livenet.xrpl.org/transactions/{value}',
    address: 'https://livenet.xrpl.org/accounts/{value}',
  },
};

/** The chain a currency's network names: MAIN is the currency's own. */
export function chainOf(currency: string | undefined, network: string | undefined): string | undefined {
  if (!network) return undefined;
  return network === 'MAIN' ? currency : network;
}

/**
 * The explorer page of a hash or an address on a currency's network, or undefined when the chain has
 * none (or the brand switched it off).
 */
export function explorerUrl(
  target: ExplorerTarget,
  value: string,
  where: { currency?: string; network?: string },
  overrides: ExplorerOverrides = {},
): string | undefined {
  const chain = chainOf(where.currency, where.network);
  if (!chain || !value) return undefined;
  const templates = chain in overrides ? overrides[chain] : EXPLORERS[chain];
  return templates ? templates[target].replace('{value}', encodeURIComponent(value)) : undefined;
}
