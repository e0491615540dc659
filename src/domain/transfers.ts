/**
 * Internal transfers between two businesses of one organisation (docs/product.md, docs/decisions.md
 * 163–164): the amount rules ('amountInternal') the server checks and a form can run as it is typed.
 * Amounts are decimal strings, never floats.
 */
import Big from 'big.js';

export const TRANSFER_MESSAGES = {
  amountRequired: 'Amount is required',
  amountNotNumber: 'Amount must be a number',
  amountPositive: 'Amount must be greater than 0',
  amountDecimals: 'Amount must have fewer decimal digits',
  exceededMaximum: 'Exceeded maximum amount',
  insufficientBalance: 'Insufficient balance',
  sameBusiness: 'Choose another business to transfer to',
  unknownCurrency: 'Unknown currency',
} as const;

/**
 * The largest amount any movement, request or threshold takes (10^15; decision 225). The ledger's
 * columns are NUMERIC(38, 18): a balance holds less than 10^20, and an account's balance is the sum of
 * its movements (an organisation's external account takes every deposit of every business), so one
 * amount stays five orders of magnitude under it. A movement may keep to a lower maximum of its own.
 */
export const AMOUNT_MAXIMUM = '1000000000000000';

/** Whether an amount (a valid decimal string) is over AMOUNT_MAXIMUM. */
export const exceedsAmountMaximum = (amount: string) => new Big(amount).gt(AMOUNT_MAXIMUM);

/**
 * A movement out of a currency the business has never held (no ledger account in it), on the currency
 * field: 'The business holds no JPY.' rather than 'Insufficient balance', which reads as "some, but
 * not enough". Transfers, settlements, crypto withdrawals and conversion quotes answer it.
 */
export const noHoldingText = (currency: string) => `The business holds no ${currency}.`;

/** The currency a noHoldingText names, or undefined for any other text. */
export function noHoldingCurrency(text: string): string | undefined {
  return /^The business holds no ([A-Z0-9]{1,12})\.$/.exec(text)?.[1];
}

/** A plain decimal: digits, an optional fraction; no sign, exponent, comma or spaces. */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * What is wrong with an internal transfer's amount (a decimal string) for a currency of `precision`
 * decimals, or null: required, a plain decimal, greater than 0, at most AMOUNT_MAXIMUM ('Exceeded
 * maximum amount'), at most `precision` decimals. Every amount rule of the API starts with it.
 */
export function transferAmountProblem(amount: string, precision: number): string | null {
  const text = amount.trim();
  if (text === '') return TRANSFER_MESSAGES.amountRequired;
  if (text.startsWith('-') && PLAIN_DECIMAL.test(text.slice(1))) return TRANSFER_MESSAGES.amountPositive;
  if (text !== amount || !PLAIN_DECIMAL.test(text)) return TRANSFER_MESSAGES.amountNotNumber;
  if (new Big(text).lte(0)) return TRANSFER_MESSAGES.amountPositive;
  if (exceedsAmountMaximum(text)) return TRANSFER_MESSAGES.exceededMaximum;
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  if (decimals > precision) return TRANSFER_MESSAGES.amountDecimals;
  return null;
}
