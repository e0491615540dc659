/**
 * Payment requests (crypto deposits, docs/product.md; docs/decisions.md 170–174): the rules the
 * `/crypto-deposit` form and `POST /v1/payments` share — the optional amount against the network's
 * precision, the expiration in minutes, the mail fields — and what a request shows: its payment URI
 * (the QR code's text), its hosted page's link and the time left before it expires. Plain TypeScript,
 * shared by browser and server; amounts are decimal strings and big.js, never floats.
 */
import Big from 'big.js';
import type { Chain } from './chains';
import { hasSpecialCharacters } from './roles';
import { TRANSFER_MESSAGES, transferAmountProblem } from './transfers';
import { ACCOUNT_MESSAGES, isEmail } from './validation';
import { isCallbackUrl } from './business';
import { BUSINESS_MESSAGES } from './validationBusiness';

/** Expiration of a payment request, in whole minutes (1 minute to 7 days). */
export const EXPIRATION_MIN_MINUTES = 1;
export const EXPIRATION_MAX_MINUTES = 10080;

/** Longest texts of the optional fields (the columns' limits). */
export const PAYMENT_TEXT_MAX = 200;
export const REDIRECT_URL_MAX = 2000;

export const PAYMENT_REQUEST_MESSAGES = {
  amountNotNumber: TRANSFER_MESSAGES.amountNotNumber,
  amountPositive: TRANSFER_MESSAGES.amountPositive,
  amountDecimals: TRANSFER_MESSAGES.amountDecimals,
  exceededMaximum: TRANSFER_MESSAGES.exceededMaximum,
  businessRequired: 'Business is required',
  currencyRequired: 'Currency is required',
  networkRequired: 'Network is required',
  currencyNotEnabled: 'This currency is not enabled for the business',
  networkNotEnabled: 'This network is not enabled for the business',
  expirationRequired: 'Expiration is required',
  expirationNumber: 'Expiration must be a whole number of minutes',
  expirationRange: 'Expiration must be between 1 and 10080 minutes',
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  mailSubjectRequired: 'Mail subject is required',
  senderRequired: 'This field is required',
  specialCharacters: 'Must not contain special characters',
  redirectUrlInvalid: BUSINESS_MESSAGES.callbackUrlFormat,
} as const;

export type PaymentRequestMessage = (typeof PAYMENT_REQUEST_MESSAGES)[keyof typeof PAYMENT_REQUEST_MESSAGES];

/**
 * What is wrong with a request's optional amount for a network of `precision` decimals, or null:
 * empty is an open amount (the payer sends what they choose); otherwise a plain decimal greater than
 * 0 with at most `precision` decimals (the 'amountInternal' rules and messages).
 */
export function paymentAmountProblem(amount: string | undefined | null, precision: number): string | null {
  if (amount === undefined || amount === null || amount === '') return null;
  return transferAmountProblem(amount, precision);
}

/**
 * Whether a payment's `priceAmount` is an open amount: the API answers an open request's price as '0'
 * (docs/decisions.md 171 and 233; a plain decimal, so 0 in any spelling).
 */
export function isOpenAmount(priceAmount: string): boolean {
  return /^0+(\.0+)?$/.test(priceAmount);
}

/**
 * What is wrong with an expiration in minutes (a number, or the form's text), or null: a whole number
 * from 1 to 10080.
 */
export function expirationProblem(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text === '') return PAYMENT_REQUEST_MESSAGES.expirationRequired;
  if (!/^\d{1,6}$/.test(text)) return PAYMENT_REQUEST_MESSAGES.expirationNumber;
  const minutes = Number(text);
  if (minutes < EXPIRATION_MIN_MINUTES || minutes > EXPIRATION_MAX_MINUTES)
    return PAYMENT_REQUEST_MESSAGES.expirationRange;
  return null;
}

/** The sender a request's mail is signed by: all six fields, or none. */
export interface PaymentSender {
  name: string;
  address: string;
  city: string;
  country: string;
  email: string;
  signatureName: string;
}

export const SENDER_FIELDS = ['name', 'address', 'city', 'country', 'email', 'signatureName'] as const;

/** The optional fields of a request as the form and the API take them (trimmed by the caller). */
export interface PaymentRequestExtras {
  paymentId?: string;
  redirectUrl?: string;
  recipientEmail?: string;
  mailSubject?: string;
  sender?: PaymentSender;
}

/**
 * Problems of the optional fields, by field path (`sender.city`): a payment id without special
 * characters; a redirect URL of http(s) or ftp; a valid recipient email, which needs a subject; a
 * sender with each field given, a valid email, no special characters.
 */
export function extrasProblems(extras: PaymentRequestExtras): Record<string, string> {
  const problems: Record<string, string> = {};
  const { paymentId, redirectUrl, recipientEmail, mailSubject, sender } = extras;
  if (paymentId && hasSpecialCharacters(paymentId))
    problems.paymentId = PAYMENT_REQUEST_MESSAGES.specialCharacters;
  if (redirectUrl && !isCallbackUrl(redirectUrl))
    problems.redirectUrl = PAYMENT_REQUEST_MESSAGES.redirectUrlInvalid;
  if (recipientEmail) {
    if (!isEmail(recipientEmail)) problems.recipientEmail = PAYMENT_REQUEST_MESSAGES.emailInvalid;
    if (!mailSubject) problems.mailSubject = PAYMENT_REQUEST_MESSAGES.mailSubjectRequired;
  }
  if (mailSubject && hasSpecialCharacters(mailSubject))
    problems.mailSubject = PAYMENT_REQUEST_MESSAGES.specialCharacters;
  if (sender) {
    for (const field of SENDER_FIELDS) {
      const value = sender[field];
      if (!value) problems[`sender.${field}`] = PAYMENT_REQUEST_MESSAGES.senderRequired;
      else if (field === 'email' && !isEmail(value))
        problems[`sender.${field}`] = PAYMENT_REQUEST_MESSAGES.emailInvalid;
      else if (field !== 'email' && hasSpecialCharacters(value))
        problems[`sender.${field}`] = PAYMENT_REQUEST_MESSAGES.specialCharacters;
    }
  }
  return problems;
}

/** The URI scheme of each chain's wallets (BIP 21 and its forks, EIP-681, Solana Pay, …). */
export const URI_SCHEMES: Readonly<Record<Chain, string>> = {
  BTC: 'bitcoin',
  BCH: 'bitcoincash',
  LTC: 'litecoin',
  EVM_ETH: 'ethereum',
  EVM_BSC: 'ethereum',
  TRON: 'tron',
  SOLANA: 'solana',
  XRP: 'xrpl',
  XLM: 'web+stellar',
};

/** EIP-155 chain ids of the EVM chains (EIP-681's `@chain_id`). */
export const EVM_CHAIN_IDS: Partial<Record<Chain, number>> = { EVM_ETH: 1, EVM_BSC: 56 };

/** The currencies that are an EVM chain's own coin (their amount is `value` in wei, 18 decimals). */
const EVM_NATIVE: Partial<Record<Chain, string>> = { EVM_ETH: 'ETH', EVM_BSC: 'BNB' };

/**
 * The payment URI of a request (docs/decisions.md 172), the QR code's text:
 * - Bitcoin, Bitcoin Cash, Litecoin (BIP 21): `bitcoin:<address>?amount=<decimal>`;
 * - EVM chains (EIP-681): `ethereum:<address>@<chain id>`, with `?value=<wei>` for the chain's own coin
 *   and, for a token (whose contract the API does not hold), the simple form `?amount=<decimal>`;
 * - Stellar (SEP-7): `web+stellar:pay?destination=<address>&amount=<decimal>`;
 * - Tron, Solana (Solana Pay), XRP: `<scheme>:<address>?amount=<decimal>`.
 * Without an amount (an open request) the URI names the address alone.
 */
export function paymentUri(chain: Chain, currency: string, address: string, amount: string | null): string {
  const scheme = URI_SCHEMES[chain];
  const plain = amount === null ? null : new Big(amount).toFixed();
  if (chain === 'XLM') {
    const query = new URLSearchParams({ destination: address });
    if (plain !== null) query.set('amount', plain);
    return `${scheme}:pay?${query.toString()}`;
  }
  const chainId = EVM_CHAIN_IDS[chain];
  const target = chainId === undefined ? address : `${address}@${chainId}`;
  if (plain === null) return `${scheme}:${target}`;
  if (chainId !== undefined && EVM_NATIVE[chain] === currency)
    return `${scheme}:${target}?value=${new Big(plain).times(new Big(10).pow(18)).toFixed(0)}`;
  return `${scheme}:${target}?amount=${plain}`;
}

/** The hosted payment page of a request: `<dashboard origin>/pay/<token>` (docs/decisions.md 173). */
export const PAYMENT_LINK_PATH = '/pay/';

export function paymentLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${PAYMENT_LINK_PATH}${encodeURIComponent(token)}`;
}

/** The time left of a request at `now`: whole seconds, and whether it has expired. */
export interface TimeLeft {
  expired: boolean;
  /** Whole seconds left (0 once expired). */
  seconds: number;
  days: number;
  hours: number;
  minutes: number;
  /** The seconds part (0–59). */
  secs: number;
}

/**
 * The countdown of a request expiring at `expiresAt` (ISO 8601) seen at `now` (epoch ms): seconds
 * rounded up, so the counter shows 00:00:01 until the very end and 00:00:00 only once expired. An
 * unreadable time counts as expired.
 */
export function timeLeft(expiresAt: string, now: number): TimeLeft {
  const end = Date.parse(expiresAt);
  const ms = Number.isNaN(end) ? 0 : end - now;
  const seconds = ms > 0 ? Math.ceil(ms / 1000) : 0;
  return {
    expired: seconds === 0,
    seconds,
    days: Math.floor(seconds / 86400),
    hours: Math.floor((seconds % 86400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    secs: seconds % 60,
  };
}

/** `hh:mm:ss` of the time left (the days are shown apart, in words). */
export function clockText(left: TimeLeft): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(left.hours)}:${two(left.minutes)}:${two(left.secs)}`;
}
