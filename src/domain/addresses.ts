/**
 * Whitelisted addresses (docs/product.md#validation-rules-and-messages; docs/decisions.md 138–142): the
 * address rules the dashboard's form and the reference API share. An address is checked against its
 * chain's format AND checksum with maintained codecs (@scure/base for base58, base58check, bech32,
 * bech32m and base32; @noble/hashes for SHA-256 and Keccak-256; crc for Stellar's CRC16-XModem), never
 * with a pattern alone:
 *
 * - Bitcoin, Litecoin: base58check (P2PKH, P2SH) or segwit bech32 (version 0) / bech32m (version 1+);
 * - Bitcoin Cash: base58check (legacy P2PKH, P2SH);
 * - Ethereum and BNB Smart Chain: 0x and 40 hex digits, EIP-55 checksum when the letters are mixed case;
 * - Tron: base58check of 0x41 and 20 bytes;
 * - Solana: base58 of a 32-byte public key;
 * - XRP Ledger: a classic address (base58check in the XRP alphabet, type 0);
 * - Stellar: an account id (G…, base32 of type 6 << 3, the key and its CRC16-XModem).
 */
import { base32nopad, base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import crc16xmodem from 'crc/calculators/crc16xmodem';
import type { AddressMessageKey } from './addressMessages';
import { chainOf, DESTINATION_TAG_MAX, isCaseInsensitive, type Chain } from './chains';
import { hasSpecialCharacters } from './roles';

export {
  CHAINS,
  chainOf,
  DESTINATION_TAG_MAX,
  isCaseInsensitive,
  needsDestinationTag,
  type Chain,
} from './chains';
export { ADDRESS_MESSAGES, type AddressMessageKey } from './addressMessages';

/** The message key of an invalid address on `chain` (it names the network). */
export const invalidAddressKey = (chain: Chain) => `addressInvalid${chain}` as AddressMessageKey;

export const ADDRESS_LABEL_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 128;

const base58check = createBase58check(sha256);

/** The payload of a base58check text, or undefined when its checksum or alphabet is wrong. */
function base58checkPayload(text: string): Uint8Array | undefined {
  try {
    return base58check.decode(text);
  } catch {
    return undefined;
  }
}

/** A segwit address of `prefix` ('bc', 'ltc'): bech32 for version 0, bech32m for 1–16 (BIP 173, 350). */
function isSegwit(text: string, prefix: string): boolean {
  // Bech32 is one case throughout; the human-readable part is compared in lower case.
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  if (!lower.startsWith(`${prefix}1`)) return false;
  for (const codec of [bech32, bech32m]) {
    const decoded = codec.decodeUnsafe(lower);
    if (!decoded || decoded.prefix !== prefix || decoded.words.length === 0) continue;
    const [version, ...data] = decoded.words;
    if (version > 16) return false;
    if ((version === 0) !== (codec === bech32)) continue; // v0 is bech32, v1+ bech32m
    const program = codec.fromWordsUnsafe(data);
    if (!program || program.length < 2 || program.length > 40) return false;
    if (version === 0 && program.length !== 20 && program.length !== 32) return false;
    return true;
  }
  return false;
}

/** A base58check address of 21 bytes whose first byte is one of `versions`. */
function isVersioned(text: string, versions: readonly number[]): boolean {
  const payload = base58checkPayload(text);
  return payload !== undefined && payload.length === 21 && versions.includes(payload[0]);
}

/** EIP-55: each letter upper case where the Keccak-256 of the lower-case address has a nibble ≥ 8. */
function isEvm(text: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const hex = text.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true; // no checksum carried
  const hash = keccak_256(utf8ToBytes(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const c = hex[i];
    if (/[a-f]/.test(c) && nibble >= 8) return false;
    if (/[A-F]/.test(c) && nibble < 8) return false;
  }
  return true;
}

function isSolana(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false;
  try {
    return base58.decode(text).length === 32;
  } catch {
    return false;
  }
}

/** A classic XRP Ledger address: the XRP alphabet's base58 carried over to Bitcoin's, then base58check. */
function isXrp(text: string): boolean {
  if (!text.startsWith('r') || text.length < 25 || text.length > 35) return false;
  try {
    const payload = base58checkPayload(base58.encode(base58xrp.decode(text)));
    return payload !== undefined && payload.length === 21 && payload[0] === 0;
  } catch {
    return false;
  }
}

/** A Stellar account id (SEP-23 strkey): 'G', 56 characters, version byte 6 << 3, CRC16-XModem. */
function isStellar(text: string): boolean {
  if (!/^G[A-Z2-7]{55}$/.test(text)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base32nopad.decode(text);
  } catch {
    return false;
  }
  if (bytes.length !== 35 || bytes[0] !== 6 << 3) return false;
  const crc = crc16xmodem(bytes.subarray(0, 33));
  // The checksum is stored little-endian.
  return bytes[33] === (crc & 0xff) && bytes[34] === crc >> 8;
}

const VALIDATORS: Record<Chain, (text: string) => boolean> = {
  // Bitcoin: P2PKH 0x00 ('1…'), P2SH 0x05 ('3…').
  BTC: (text) => isVersioned(text, [0x00, 0x05]) || isSegwit(text, 'bc'),
  BCH: (text) => isVersioned(text, [0x00, 0x05]),
  // Litecoin: P2PKH 0x30 ('L…'), P2SH 0x32 ('M…') and the older 0x05 ('3…').
  LTC: (text) => isVersioned(text, [0x30, 0x32, 0x05]) || isSegwit(text, 'ltc'),
  EVM_ETH: isEvm,
  EVM_BSC: isEvm,
  TRON: (text) => isVersioned(text, [0x41]),
  SOLANA: isSolana,
  XRP: isXrp,
  XLM: isStellar,
};

/** Whether `address` (as typed: no trimming here) is a valid address of `chain`. */
export function isValidAddress(chain: Chain, address: string): boolean {
  if (address.length === 0 || address.length > ADDRESS_MAX_LENGTH) return false;
  return VALIDATORS[chain](address);
}

/** The form of an address the duplicate rule compares (EVM: lower case; others: as written). */
export function addressKey(chain: Chain, address: string): string {
  return isCaseInsensitive(chain) ? address.toLowerCase() : address;
}

export interface AddressInput {
  label: string;
  currency: string;
  network: string;
  address: string;
  destinationTag: string;
}

/** What the rules need to know of the currencies: each one's networks (crypto only have any). */
export type NetworksOf = (currency: string) => readonly string[] | undefined;

/**
 * Every invalid field of a new address with the message key of its first failing rule ({} when all
 * hold). Texts are trimmed by the caller. `networksOf` gives a known cryptocurrency's networks.
 */
export function addressProblems(
  input: AddressInput,
  networksOf: NetworksOf,
): Partial<Record<keyof AddressInput, AddressMessageKey>> {
  const problems: Partial<Record<keyof AddressInput, AddressMessageKey>> = {};
  const { label, currency, network, address, destinationTag } = input;
  if (label === '') problems.label = 'addressLabelRequired';
  else if (hasSpecialCharacters(label)) problems.label = 'addressLabelSpecial';
  const networks = currency === '' ? undefined : networksOf(currency);
  if (currency === '') problems.currency = 'addressCurrencyRequired';
  else if (!networks || networks.length === 0) problems.currency = 'addressCurrencyUnknown';
  if (network === '') problems.network = 'addressNetworkRequired';
  else if (networks && networks.length > 0 && !networks.includes(network))
    problems.network = 'addressNetworkUnsupported';
  const chain = problems.currency || problems.network ? undefined : chainOf(currency, network);
  if (!problems.currency && !problems.network && !chain) problems.network = 'addressNetworkUnsupported';
  if (address === '') problems.address = 'addressRequired';
  else if (chain && !isValidAddress(chain, address)) problems.address = invalidAddressKey(chain);
  const tagMax = chain ? DESTINATION_TAG_MAX[chain] : undefined;
  if (tagMax !== undefined) {
    if (destinationTag === '') problems.destinationTag = 'destinationTagRequired';
    else if (!/^\d{1,20}$/.test(destinationTag)) problems.destinationTag = 'destinationTagNumeric';
    else if (BigInt(destinationTag) > tagMax) problems.destinationTag = 'destinationTagRange';
  } else if (chain && destinationTag !== '') problems.destinationTag = 'destinationTagNotUsed';
  return problems;
}

/** The display name of a chain, as the address messages word it. */
export const CHAIN_NAMES: Record<Chain, string> = {
  BTC: 'Bitcoin',
  BCH: 'Bitcoin Cash',
  LTC: 'Litecoin',
  EVM_ETH: 'Ethereum (ERC20)',
  EVM_BSC: 'BNB Smart Chain (BEP20)',
  TRON: 'Tron (TRC20)',
  SOLANA: 'Solana (SPL)',
  XRP: 'XRP Ledger',
  XLM: 'Stellar',
};
