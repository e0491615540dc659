/**
 * Demo seed version 4, whitelisted addresses: ten in Aurora over Bitcoin, Ethereum, Tether on Tron,
 * XRP (with destination tags) and USD Coin on Solana, and one in Borealis (so another organisation's
 * row exists for the isolation tests). Every address is a well-known public one (specification test
 * vectors, foundation and documentation addresses) and passes the same checks as a new one.
 */
import { chainOf, isValidAddress } from '../../../src/domain/addresses';
import type { Db } from '../client';
import { AURORA, BOREALIS } from './demo';

const DAY = 86_400_000;

interface DemoAddress {
  organisationId: number;
  label: string;
  currency: string;
  network: string;
  address: string;
  destinationTag?: string;
  /** Days before the seed day. */
  daysAgo: number;
}

export const DEMO_WHITELISTED_ADDRESSES: readonly DemoAddress[] = [
  // BIP 173's P2WPKH example, BIP 13's P2SH example and BIP 86's first taproot address.
  {
    organisationId: AURORA,
    label: 'Treasury cold wallet',
    currency: 'BTC',
    network: 'MAIN',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    daysAgo: 55,
  },
  {
    organisationId: AURORA,
    label: 'Exchange deposit',
    currency: 'BTC',
    network: 'MAIN',
    address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    daysAgo: 48,
  },
  {
    organisationId: AURORA,
    label: 'Taproot vault',
    currency: 'BTC',
    network: 'MAIN',
    address: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    daysAgo: 40,
  },
  // A widely published ENS owner's address and EIP-55's first test vector.
  {
    organisationId: AURORA,
    label: 'Operations wallet',
    currency: 'ETH',
    network: 'ETH',
    address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    daysAgo: 36,
  },
  {
    organisationId: AURORA,
    label: 'Payroll wallet',
    currency: 'ETH',
    network: 'ETH',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    daysAgo: 30,
  },
  {
    organisationId: AURORA,
    label: 'Supplier payouts',
    currency: 'USDT',
    network: 'TRX',
    address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
    daysAgo: 24,
  },
  {
    organisationId: AURORA,
    label: 'OTC desk',
    currency: 'USDT',
    network: 'TRX',
    address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    daysAgo: 18,
  },
  {
    organisationId: AURORA,
    label: 'Exchange XRP account',
    currency: 'XRP',
    network: 'MAIN',
    address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
    destinationTag: '12345678',
    daysAgo: 12,
  },
  {
    organisationId: AURORA,
    label: 'Market maker',
    currency: 'XRP',
    network: 'MAIN',
    address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    destinationTag: '1',
    daysAgo: 8,
  },
  {
    organisationId: AURORA,
    label: 'Solana treasury',
    currency: 'USDC',
    network: 'SOL',
    address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    daysAgo: 3,
  },
  {
    organisationId: BOREALIS,
    label: 'Borealis reserve',
    currency: 'BTC',
    network: 'MAIN',
    address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    daysAgo: 20,
  },
];

export async function seedWhitelistedAddresses(tx: Db, seedDay: Date): Promise<void> {
  // Oldest first, so the ids follow the dates.
  const rows = [...DEMO_WHITELISTED_ADDRESSES].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const entry of rows) {
    const chain = chainOf(entry.currency, entry.network);
    if (!chain || !isValidAddress(chain, entry.address))
      throw new Error(`Seed: ${entry.address} is not a valid ${entry.currency} ${entry.network} address`);
    await tx.query(
      `INSERT INTO whitelisted_addresses (organisation_id, label, currency, network, chain, address,
                                          destination_tag, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1)`,
      [
        entry.organisationId,
        entry.label,
        entry.currency,
        entry.network,
        chain,
        entry.address,
        entry.destinationTag ?? null,
        new Date(seedDay.getTime() - entry.daysAgo * DAY + 10 * 3_600_000),
      ],
    );
  }
}
