/**
 * The deposit address of a payment request (docs/decisions.md 172): derived, not random, from the
 * request's organisation and id and its chain — SHA-256 of `deposit-address:<chain>:<org>:<id>` — and
 * encoded in the chain's own format, so the same request always shows the same address and
 * `isValidAddress` (src/domain/addresses.ts) accepts every one. The reference API holds no keys: the
 * address is a well-formed stand-in that no wallet controls.
 */
import { base32nopad, base58, base58xrp, bech32, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import crc16xmodem from 'crc/calculators/crc16xmodem';
import type { Chain } from '../../../src/domain/addresses';

const base58check = createBase58check(sha256);

const versioned = (version: number, body: Uint8Array) => base58check.encode(Uint8Array.of(version, ...body));

const segwit = (prefix: string, program: Uint8Array) =>
  bech32.encode(prefix, [0, ...bech32.toWords(program)]);

/** EIP-55: a letter upper case where the Keccak-256 of the lower-case hex has a nibble ≥ 8. */
function eip55(body: Uint8Array): string {
  const hex = bytesToHex(body);
  const hash = keccak_256(utf8ToBytes(hex));
  let out = '';
  for (let i = 0; i < hex.length; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i].toUpperCase() : hex[i];
  }
  return `0x${out}`;
}

function stellar(key: Uint8Array): string {
  const bytes = Uint8Array.of(6 << 3, ...key);
  const crc = crc16xmodem(bytes);
  return base32nopad.encode(Uint8Array.of(...bytes, crc & 0xff, crc >> 8));
}

const ENCODERS: Record<Chain, (seed: Uint8Array) => string> = {
  BTC: (seed) => segwit('bc', seed.subarray(0, 20)),
  LTC: (seed) => segwit('ltc', seed.subarray(0, 20)),
  BCH: (seed) => versioned(0x00, seed.subarray(0, 20)),
  EVM_ETH: (seed) => eip55(seed.subarray(0, 20)),
  EVM_BSC: (seed) => eip55(seed.subarray(0, 20)),
  TRON: (seed) => versioned(0x41, seed.subarray(0, 20)),
  SOLANA: (seed) => base58.encode(seed),
  // A classic address: Bitcoin's base58check of type 0, carried over to the XRP alphabet.
  XRP: (seed) => base58xrp.encode(base58.decode(versioned(0x00, seed.subarray(0, 20)))),
  XLM: (seed) => stellar(seed),
};

/** The deposit address of request `paymentId` of `organisationId` on `chain`. */
export function depositAddress(chain: Chain, organisationId: number, paymentId: number): string {
  const seed = sha256(utf8ToBytes(`deposit-address:${chain}:${organisationId}:${paymentId}`));
  return ENCODERS[chain](seed);
}
