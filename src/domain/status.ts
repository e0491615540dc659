/**
 * What a transaction's status means at a glance (docs/product.md#entities-and-their-fields): one table
 * from every status of TRANSACTION_STATUSES to a meaning — success, pending, attention, failed or
 * neutral — which the status chip (src/layout/StatusChip.tsx) turns into a colour and an icon beside the
 * status's text. Every list, detail and export legend reads it from here, so Paid and Failed never look
 * alike. Plain TypeScript, shared with the server.
 */
import { TRANSACTION_STATUSES } from './transactions';

/** The meanings a status can have, from good to bad, with the neutral one (over, nothing to do). */
export const STATUS_MEANINGS = ['success', 'pending', 'attention', 'failed', 'neutral'] as const;
export type StatusMeaning = (typeof STATUS_MEANINGS)[number];

/** Every status of every kind of transaction. */
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[keyof typeof TRANSACTION_STATUSES][number];

/**
 * The one table. A status means the same in every kind that has it (PENDING waits, FAILED failed,
 * REFUNDED and RETURNED went back, nothing left to do). 'attention' is what staff must act on or look
 * at: a withdrawal awaiting approval, a payment paid too little or too much, an unallocated deposit.
 */
export const STATUS_MEANING: Readonly<Record<TransactionStatus, StatusMeaning>> = {
  PAID: 'success',
  CONFIRMED: 'success',
  COMPLETED: 'success',
  RECEIVED: 'success',
  CREDITED: 'success',
  ALLOCATED: 'success',
  EXECUTED: 'success',
  PENDING: 'pending',
  PROCESSING: 'pending',
  QUOTED: 'pending',
  AWAITING_APPROVAL: 'attention',
  UNDERPAID: 'attention',
  OVERPAID: 'attention',
  UNALLOCATED: 'attention',
  FAILED: 'failed',
  REJECTED: 'failed',
  EXPIRED: 'neutral',
  CANCELLED: 'neutral',
  REFUNDED: 'neutral',
  RETURNED: 'neutral',
};

/** The meaning of a status; a status the table does not know (a newer API) is neutral. */
export function statusMeaning(status: string): StatusMeaning {
  return Object.hasOwn(STATUS_MEANING, status) ? STATUS_MEANING[status as TransactionStatus] : 'neutral';
}
