/**
 * API keys (docs/product.md#validation-rules-and-messages, keyName and ip): the field rules and texts the
 * API-key form and the reference API share, and a key's status.
 */
import { isBusinessName } from './business';

export const API_KEY_MESSAGES = {
  keyNameRequired: 'Key name is required',
  keyNamePattern: 'Key name should only contain letters,numbers and spaces',
  ipInvalid: 'Invalid IP address format',
  scopesRequired: 'Select at least one scope',
  expiryPast: 'The expiry date must be in the future',
  /** 409: a PATCH of an expired key (an expired key is dead: a new expiry would revive it). */
  keyExpired: 'This API key has expired and cannot be changed. Create a new key.',
  /** 409: a PATCH of a revoked key. */
  keyRevoked: 'This API key was revoked and cannot be changed. Create a new key.',
} as const;

export const KEY_NAME_MAX_LENGTH = 100;
/** Entries of an IP allow list at most. */
export const IP_ALLOW_LIST_MAX = 50;

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/** Letters, numbers and spaces (the business-name rule), at most KEY_NAME_MAX_LENGTH characters. */
export function isKeyName(value: string): boolean {
  return value.trim() !== '' && value.length <= KEY_NAME_MAX_LENGTH && isBusinessName(value);
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(value: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(value) || !value.includes(':')) return false;
  try {
    // The URL parser validates an IPv6 literal the same way in browsers and Node.
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** An IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `2001:db8::/32`). */
export function isIpOrCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** A key's status at `nowMs`: revoked wins over expired. */
export function apiKeyStatus(
  key: { revokedAt: string | null; expiresAt: string | null },
  nowMs: number,
): ApiKeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= nowMs) return 'expired';
  return 'active';
}

/**
 * What a key may be given: the read permissions of the endpoints that take keys (the transaction lists
 * and a business's balances). The route-table test holds this list to the routes' `config.apiKey`.
 */
export const API_KEY_SCOPES = [
  'GET_PAYMENT',
  'GET_PAYMENTS',
  'GET_WITHDRAWALS',
  'GET_FIAT_DEPOSITS',
  'GET_FIAT_WITHDRAWALS',
  'GET_INTERNAL_TRANSFERS',
  'FETCH_MANUAL_MOVEMENTS',
  'GET_BALANCE_CONVERSIONS',
  'GET_BALANCES',
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a key's status means at a glance (the status chip's colour and icon). */
export const API_KEY_STATUS_MEANING = {
  active: 'success',
  expired: 'neutral',
  revoked: 'failed',
} as const satisfies Record<ApiKeyStatus, 'success' | 'neutral' | 'failed'>;
