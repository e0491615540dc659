/**
 * Fiat movements (docs/product.md, docs/decisions.md 165–169): the amount rules of a settlement to a
 * bank account ('fiatAmount' and 'settlementAmount') and of an expected fiat top-up, shared by the
 * server and the forms. Amounts are decimal strings compared with big.js, never floats.
 */
import Big from 'big.js';
import { TRANSFER_MESSAGES, transferAmountProblem } from './transfers';

/** The smallest fiat amount (docs/product.md#constants-and-limits). */
export const FIAT_MINIMUM = '0.01';

/** The organisation's settlement limits when it has set none (migration 0039's defaults). */
export const DEFAULT_FIAT_WITHDRAWAL_LIMITS = { minimum: FIAT_MINIMUM, maximum: '1000000' } as const;

/**
 * The largest expected fiat deposit: the default maximum of a settlement (decision 225). The
 * organisation's own settlement limits are for its payouts and do not apply to its top-ups.
 */
export const FIAT_DEPOSIT_MAXIMUM = DEFAULT_FIAT_WITHDRAWAL_LIMITS.maximum;

/** Seconds after its creation at which the simulator lets an expected fiat deposit arrive. */
export const FIAT_DEPOSIT_ARRIVAL_SECONDS = 10;

export const FIAT_MESSAGES = {
  ...TRANSFER_MESSAGES,
  lessThanMinimum: 'Amount is less than minimum',
  referenceRequired: 'Reference is required',
  specialCharacters: 'Must not contain special characters (< > " \' ;)',
  bankAccountRequired: 'Bank account is required',
  bankAccountCurrency: 'The bank account is not of this currency',
  fiatCurrency: 'Choose a fiat currency',
  businessRequired: 'Business is required',
} as const;

/** 'Minimum amount is 0.01 EUR.': the shared minimum rule's text (skipped when the currency is '-'). */
export const minimumAmountText = (amount: string, currency: string) =>
  `Minimum amount is ${amount} ${currency}.`;

/** The references' longest length (a bank transfer's remittance line holds 140 characters). */
export const REFERENCE_MAX_LENGTH = 100;

const SPECIAL = /[<>"';]/;

/** What is wrong with a reference, or null: required, no special characters. */
export function referenceProblem(reference: string): string | null {
  if (reference.trim() === '') return FIAT_MESSAGES.referenceRequired;
  if (SPECIAL.test(reference)) return FIAT_MESSAGES.specialCharacters;
  return null;
}

export interface SettlementLimits {
  /** Decimal strings in the settlement's currency. */
  minimum: string;
  maximum: string;
}

/**
 * What is wrong with a settlement's amount, or null, in this order: the number rules of a transfer
 * (required, a plain decimal, more than 0, at most `precision` decimals), then under the minimum
 * (the organisation's, never under 0.01) 'Amount is less than minimum', over its maximum 'Exceeded
 * maximum amount', over the available balance (when known) 'Insufficient balance'.
 */
export function settlementAmountProblem(
  amount: string,
  precision: number,
  limits: SettlementLimits = DEFAULT_FIAT_WITHDRAWAL_LIMITS,
  available?: string,
): string | null {
  const basic = transferAmountProblem(amount, precision);
  if (basic && basic !== FIAT_MESSAGES.amountPositive) return basic;
  if (basic) return FIAT_MESSAGES.lessThanMinimum;
  const value = new Big(amount);
  const minimum = Big(limits.minimum).gt(FIAT_MINIMUM) ? limits.minimum : FIAT_MINIMUM;
  if (value.lt(minimum)) return FIAT_MESSAGES.lessThanMinimum;
  if (value.gt(limits.maximum)) return FIAT_MESSAGES.exceededMaximum;
  if (available !== undefined && value.gt(available)) return FIAT_MESSAGES.insufficientBalance;
  return null;
}

/**
 * What is wrong with an expected fiat deposit's amount, or null: the number rules, then at least
 * 0.01 ('Minimum amount is 0.01 EUR.') and at most FIAT_DEPOSIT_MAXIMUM ('Exceeded maximum amount').
 */
export function expectedAmountProblem(amount: string, precision: number, currency: string): string | null {
  const basic = transferAmountProblem(amount, precision);
  if (basic && basic !== FIAT_MESSAGES.amountPositive) return basic;
  if (basic || new Big(amount).lt(FIAT_MINIMUM)) return minimumAmountText(FIAT_MINIMUM, currency);
  if (new Big(amount).gt(FIAT_DEPOSIT_MAXIMUM)) return FIAT_MESSAGES.exceededMaximum;
  return null;
}

/** What the available balance allows of an internal transfer's amount ('Insufficient balance'). */
export function transferBalanceProblem(amount: string, available: string | undefined): string | null {
  if (available === undefined) return null;
  try {
    return new Big(amount).gt(available) ? FIAT_MESSAGES.insufficientBalance : null;
  } catch {
    return null;
  }
}

/** The payment reference of a fiat deposit's instructions: its id, then the user's reference. */
export const depositPaymentReference = (id: number, reference: string) =>
  `FD-${id} ${reference.trim()}`.slice(0, 140);
