/**
 * The crypto withdrawal's rules (src/domain/withdrawals.ts, docs/decisions.md 175–177): the amount
 * against the network's precision, the destination tag of the whitelisted address, the approval
 * threshold, the statuses the movement answers and the refusal of a decided withdrawal.
 */
import { describe, expect, it } from 'vitest';
import {
  decidedProblem,
  exceedsAvailable,
  needsApproval,
  thresholdProblem,
  WITHDRAWAL_MESSAGES,
  withdrawalAmountProblem,
  withdrawalStatusOf,
  withdrawalTagProblem,
} from '../../src/domain/withdrawals';
import { TRANSACTION_STATUSES } from '../../src/domain/transactions';

describe('withdrawalAmountProblem', () => {
  it("accepts a plain decimal within the network's precision", () => {
    expect(withdrawalAmountProblem('0.00000001', 8)).toBeNull();
    expect(withdrawalAmountProblem('12.5', 6)).toBeNull();
    expect(withdrawalAmountProblem('3', 0)).toBeNull();
  });

  it('refuses more decimals than the network takes, a comma, exponents, zero and blanks', () => {
    expect(withdrawalAmountProblem('0.000000001', 8)).toBe(WITHDRAWAL_MESSAGES.amountDecimals);
    expect(withdrawalAmountProblem('1.5', 0)).toBe(WITHDRAWAL_MESSAGES.amountDecimals);
    expect(withdrawalAmountProblem('0,5', 8)).toBe(WITHDRAWAL_MESSAGES.amountNotNumber);
    expect(withdrawalAmountProblem('1e3', 8)).toBe(WITHDRAWAL_MESSAGES.amountNotNumber);
    expect(withdrawalAmountProblem('0', 8)).toBe(WITHDRAWAL_MESSAGES.amountPositive);
    expect(withdrawalAmountProblem('-1', 8)).toBe(WITHDRAWAL_MESSAGES.amountPositive);
    expect(withdrawalAmountProblem('', 8)).toBe(WITHDRAWAL_MESSAGES.amountRequired);
  });

  it("flags an amount beyond the available balance, and nothing it can't read", () => {
    expect(exceedsAvailable('1.00000001', '1')).toBe(true);
    expect(exceedsAvailable('1', '1')).toBe(false);
    expect(exceedsAvailable('abc', '1')).toBe(false);
    expect(exceedsAvailable('5', undefined)).toBe(false);
  });
});

describe('withdrawalTagProblem', () => {
  it('takes no tag, or the whitelisted one, on XRP and Stellar', () => {
    expect(withdrawalTagProblem('XRP', '12345', undefined)).toBeNull();
    expect(withdrawalTagProblem('XRP', '12345', '')).toBeNull();
    expect(withdrawalTagProblem('XRP', '12345', '12345')).toBeNull();
    expect(withdrawalTagProblem('XLM', '18446744073709551615', '18446744073709551615')).toBeNull();
  });

  it('refuses another tag, a non-numeric one, and any tag on the other chains', () => {
    expect(withdrawalTagProblem('XRP', '12345', '54321')).toBe(WITHDRAWAL_MESSAGES.destinationTagMismatch);
    expect(withdrawalTagProblem('XRP', '12345', '12a')).toBe(WITHDRAWAL_MESSAGES.destinationTagNumeric);
    expect(withdrawalTagProblem('BTC', null, '1')).toBe(WITHDRAWAL_MESSAGES.destinationTagNotUsed);
    expect(withdrawalTagProblem('EVM_ETH', null, '7')).toBe(WITHDRAWAL_MESSAGES.destinationTagNotUsed);
    expect(withdrawalTagProblem(undefined, null, '7')).toBe(WITHDRAWAL_MESSAGES.destinationTagNotUsed);
  });
});

describe('the approval threshold', () => {
  it('needs an approval for every amount at the default 0, and at or above the threshold', () => {
    expect(needsApproval('0.00000001', undefined)).toBe(true);
    expect(needsApproval('0.00000001', '0')).toBe(true);
    expect(needsApproval('0.5', '1')).toBe(false);
    expect(needsApproval('1', '1')).toBe(true);
    expect(needsApproval('1.5', '1')).toBe(true);
  });

  it('takes a threshold of 0 or more within the precision', () => {
    for (const value of ['0', '0.00', '1', '0.5']) expect(thresholdProblem(value, 8), value).toBeNull();
    for (const value of ['-1', '', 'x', '1,5', '0.123456789'])
      expect(thresholdProblem(value, 8), value).toBe(WITHDRAWAL_MESSAGES.thresholdInvalid);
  });
});

describe('statuses', () => {
  it('answers AWAITING_APPROVAL as PENDING_APPROVAL and PENDING as APPROVED, every stored status named', () => {
    expect(withdrawalStatusOf('AWAITING_APPROVAL')).toBe('PENDING_APPROVAL');
    expect(withdrawalStatusOf('PENDING')).toBe('APPROVED');
    for (const status of TRANSACTION_STATUSES.cryptoWithdrawals)
      expect(() => withdrawalStatusOf(status), status).not.toThrow();
  });

  it('says why a decided withdrawal cannot be decided again', () => {
    expect(decidedProblem('AWAITING_APPROVAL')).toBeNull();
    expect(decidedProblem('REJECTED')).toBe('This withdrawal was already rejected.');
    for (const status of ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'])
      expect(decidedProblem(status), status).toBe('This withdrawal was already approved.');
  });
});
