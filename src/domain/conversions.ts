/**
 * Balance conversions (docs/product.md, docs/decisions.md 180–182): the amount rules and messages the
 * server checks and the form runs as it is typed, and the figures of a quote, shared by browser and
 * server. Amounts are decimal strings and big.js, never floats.
 *
 * The figures (decision 181): the fee is CONVERSION_FEE_RATE of the converted part, in the debit
 * currency, and included in the debit amount (debitAmount = converted + fee). Every rounding goes
 * against the customer, at the precision of the currency it is in:
 * - DEBIT (the amount is what leaves the debit balance): converted = debit ÷ (1 + feeRate) rounded down,
 *   fee = debit − converted, credit = converted × rate rounded down;
 * - CREDIT (the amount is what arrives): converted = credit ÷ rate rounded up, fee = converted × feeRate
 *   rounded up, debit = converted + fee.
 * Either way fee ≥ converted × feeRate and credit ≤ converted × rate.
 */
import Big from 'big.js';
import { exceedsAmountMaximum, TRANSFER_MESSAGES, transferAmountProblem } from './transfers';

export const AMOUNT_CURRENCY_TYPES = ['DEBIT', 'CREDIT'] as const;
export type AmountCurrencyType = (typeof AMOUNT_CURRENCY_TYPES)[number];

/** The conversion fee: 0.5 % of the converted amount, in the debit currency (docs/decisions.md 181). */
export const CONVERSION_FEE_RATE = '0.005';
/** How long a quote can be executed after it was created (docs/decisions.md 180). */
export const QUOTE_VALIDITY_SECONDS = 60;

export const CONVERSION_MESSAGES = {
  amountRequired: TRANSFER_MESSAGES.amountRequired,
  amountNotNumber: TRANSFER_MESSAGES.amountNotNumber,
  amountComma: 'Use a point, not a comma, for decimals',
  amountPositive: TRANSFER_MESSAGES.amountPositive,
  amountDecimals: TRANSFER_MESSAGES.amountDecimals,
  exceededMaximum: TRANSFER_MESSAGES.exceededMaximum,
  amountTooSmall: 'Amount is too small to convert',
  insufficientBalance: TRANSFER_MESSAGES.insufficientBalance,
  sameCurrency: 'Choose another currency to convert into',
  unknownCurrency: TRANSFER_MESSAGES.unknownCurrency,
  noRate: 'No conversion rate for this pair of currencies',
  quoteExpired: 'This quote has expired. Request a new quote.',
  alreadyExecuted: 'This conversion was already executed.',
  notExecutable: 'This conversion can no longer be executed. Request a new quote.',
} as const;

export type ConversionMessage = keyof typeof CONVERSION_MESSAGES;

/**
 * Whether a business can convert from a currency: it holds a positive available balance of it
 * (GET /v1/balances' `amount`; what withdrawals awaiting approval hold is not in it).
 */
export function holdsToConvert(balance: { amount: string } | undefined): boolean {
  if (!balance) return false;
  try {
    return new Big(balance.amount).gt(0);
  } catch {
    return false;
  }
}

/**
 * What is wrong with a conversion's amount (a decimal string) in a currency of `precision` decimals,
 * or null: required, a plain decimal with a point (a comma is named as such), greater than 0, at most
 * `precision` decimals.
 */
export function conversionAmountProblem(amount: string, precision: number): string | null {
  if (amount.trim() !== '' && amount.includes(',')) return CONVERSION_MESSAGES.amountComma;
  return transferAmountProblem(amount, precision);
}

/** The message key (of CONVERSION_MESSAGES) of a problem text, for the catalogue. */
export function conversionMessageKey(text: string): ConversionMessage | undefined {
  return (Object.keys(CONVERSION_MESSAGES) as ConversionMessage[]).find(
    (key) => CONVERSION_MESSAGES[key] === text,
  );
}

export interface ConversionFigures {
  /** Credit units per debit unit (decimal string). */
  rate: string;
  debitAmount: string;
  creditAmount: string;
  /** In the debit currency, included in debitAmount. */
  fee: string;
}

export interface QuoteInput {
  amountCurrencyType: AmountCurrencyType;
  /** A valid amount (conversionAmountProblem passed) in the currency the type names. */
  amount: string;
  /** Credit units per debit unit (decimal string, > 0). */
  rate: string;
  debitPrecision: number;
  creditPrecision: number;
  feeRate?: string;
}

/** Exact enough for divisions that are rounded to a currency's precision afterwards. */
const Exact = Big();
Exact.DP = 40;

/** Big's rounding modes (the type declares them as numbers 0 and 3). */
const DOWN = 0;
const UP = 3;

/**
 * The figures of a conversion (see the module's comment), or null when the amount is too small to
 * convert anything (nothing converted, or nothing credited).
 */
export function conversionFigures(input: QuoteInput): ConversionFigures | null {
  const rate = new Exact(input.rate);
  const feeRate = new Exact(input.feeRate ?? CONVERSION_FEE_RATE);
  const amount = new Exact(input.amount);
  let debit: Big;
  let converted: Big;
  let credit: Big;
  if (input.amountCurrencyType === 'DEBIT') {
    debit = amount;
    converted = debit.div(feeRate.plus(1)).round(input.debitPrecision, DOWN);
    credit = converted.times(rate).round(input.creditPrecision, DOWN);
  } else {
    credit = amount;
    converted = credit.div(rate).round(input.debitPrecision, UP);
    debit = converted.plus(converted.times(feeRate).round(input.debitPrecision, UP));
  }
  if (converted.lte(0) || credit.lte(0)) return null;
  return {
    rate: rate.toFixed(),
    debitAmount: debit.toFixed(),
    creditAmount: credit.toFixed(),
    fee: debit.minus(converted).toFixed(),
  };
}

/**
 * What is wrong with a conversion's figures, or null: the side the amount did not name is worked out
 * at the rate, and either side over AMOUNT_MAXIMUM is 'Exceeded maximum amount' (10^9 BTC is
 * 9.7 × 10^15 JPY at the demo's rates), on the amount.
 */
export function conversionFiguresProblem(figures: ConversionFigures): string | null {
  return exceedsAmountMaximum(figures.debitAmount) || exceedsAmountMaximum(figures.creditAmount)
    ? CONVERSION_MESSAGES.exceededMaximum
    : null;
}

/**
 * The rate from `debit` into `credit` from stated rates (1 `base` is worth `rate` `quote`): the pair's
 * own rate, else the inverse of the reverse pair's, rounded down to 18 decimals (against the customer),
 * else undefined.
 */
export function rateBetween(
  debit: string,
  credit: string,
  stated: (base: string, quote: string) => string | undefined,
): string | undefined {
  const direct = stated(debit, credit);
  if (direct !== undefined) return new Big(direct).toFixed();
  const reverse = stated(credit, debit);
  if (reverse === undefined) return undefined;
  const inverse = new Exact(1).div(reverse).round(18, DOWN);
  return inverse.gt(0) ? inverse.toFixed() : undefined;
}

/** Whole seconds left until `expiresAt` (ISO) at `now` (ms), never below 0. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** A countdown's text: 0:59, 1:00, 12:05. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
