/**
 * Crypto withdrawals with holds and four-eyes approval (docs/product.md, docs/decisions.md 175–179):
 * the rules the reference API checks and the withdrawal page runs as the user types. Plain TypeScript,
 * shared by browser and server; amounts are decimal strings, never floats.
 *
 * Statuses: the table keeps its stored statuses (lists, exports and search read them); the movement's
 * answers name the two the issue asks for — AWAITING_APPROVAL is answered as PENDING_APPROVAL, and
 * PENDING (approved, waiting to be broadcast) as APPROVED (decision 175).
 */
import Big from 'big.js';
import { ADDRESS_MESSAGES } from './addressMessages';
import { DESTINATION_TAG_MAX, type Chain } from './chains';
import { transferAmountProblem, TRANSFER_MESSAGES } from './transfers';

export const WITHDRAWAL_MESSAGES = {
  amountRequired: TRANSFER_MESSAGES.amountRequired,
  amountNotNumber: TRANSFER_MESSAGES.amountNotNumber,
  amountPositive: TRANSFER_MESSAGES.amountPositive,
  amountDecimals: TRANSFER_MESSAGES.amountDecimals,
  exceededMaximum: TRANSFER_MESSAGES.exceededMaximum,
  insufficientBalance: TRANSFER_MESSAGES.insufficientBalance,
  unknownCurrency: 'Select a cryptocurrency and a network it is offered on',
  addressRequired: 'Select a whitelisted address',
  addressOtherNetwork: 'Select a whitelisted address of this currency and network',
  destinationTagNumeric: ADDRESS_MESSAGES.destinationTagNumeric,
  destinationTagNotUsed: ADDRESS_MESSAGES.destinationTagNotUsed,
  destinationTagMismatch: "The destination tag must be the whitelisted address's tag",
  ownWithdrawal: 'You created this withdrawal: another user must approve or reject it.',
  alreadyApproved: 'This withdrawal was already approved.',
  alreadyRejected: 'This withdrawal was already rejected.',
  reasonTooLong: 'Reason must be at most 500 characters',
  thresholdInvalid: 'Threshold must be a number of 0 or more',
} as const;

export const REJECTION_REASON_MAX = 500;

/** What the movement's answers call a stored status (decision 175). */
export type WithdrawalStatus =
  'PENDING_APPROVAL' | 'APPROVED' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'REJECTED';

const ANSWERED: Record<string, WithdrawalStatus> = {
  AWAITING_APPROVAL: 'PENDING_APPROVAL',
  PENDING: 'APPROVED',
  PROCESSING: 'PROCESSING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  REJECTED: 'REJECTED',
};

/** The movement's name of a stored crypto_withdrawals status. */
export function withdrawalStatusOf(stored: string): WithdrawalStatus {
  const status = ANSWERED[stored];
  if (!status) throw new Error(`Unknown withdrawal status ${stored}`);
  return status;
}

/** What a withdrawal's amount breaks for a network of `precision` decimals, or null (the transfer rules). */
export function withdrawalAmountProblem(amount: string, precision: number): string | null {
  return transferAmountProblem(amount, precision);
}

/** Whether an amount beyond the available balance: 'Insufficient balance' before the server says it. */
export function exceedsAvailable(amount: string, available: string | undefined): boolean {
  if (available === undefined || withdrawalAmountProblem(amount, 18) !== null) return false;
  return new Big(amount).gt(available);
}

/**
 * The destination tag rule (decision 176): the tag is part of the whitelisted destination, so a
 * withdrawal to an XRP or Stellar address carries the whitelisted address's own tag. A tag in the
 * request is optional; when given it must be digits and that same tag, and no other chain takes one.
 */
export function withdrawalTagProblem(
  chain: Chain | undefined,
  whitelistedTag: string | null,
  given: string | null | undefined,
): string | null {
  const tag = (given ?? '').trim();
  if (tag === '') return null;
  if (chain === undefined || DESTINATION_TAG_MAX[chain] === undefined)
    return WITHDRAWAL_MESSAGES.destinationTagNotUsed;
  if (!/^\d{1,20}$/.test(tag)) return WITHDRAWAL_MESSAGES.destinationTagNumeric;
  if (tag !== whitelistedTag) return WITHDRAWAL_MESSAGES.destinationTagMismatch;
  return null;
}

/**
 * Whether a withdrawal needs a second person's approval: always with the default threshold 0, and
 * otherwise when the amount is at or above the organisation's threshold of its currency (under it, it
 * is approved at once).
 */
export function needsApproval(amount: string, threshold: string | null | undefined): boolean {
  return new Big(amount).gte(threshold ?? '0');
}

/** A threshold as typed: a plain decimal of 0 or more, or the message. */
export function thresholdProblem(value: string, precision: number): string | null {
  if (/^0+(\.0+)?$/.test(value.trim()) && value.trim() === value) return null;
  return transferAmountProblem(value, precision) === null ? null : WITHDRAWAL_MESSAGES.thresholdInvalid;
}

/**
 * Why a withdrawal in `stored` status cannot be decided any more (409), or null while it awaits its
 * approval. Anything approved on its way (or failed on the chain) was approved.
 */
export function decidedProblem(stored: string): string | null {
  if (stored === 'AWAITING_APPROVAL') return null;
  return stored === 'REJECTED' ? WITHDRAWAL_MESSAGES.alreadyRejected : WITHDRAWAL_MESSAGES.alreadyApproved;
}
