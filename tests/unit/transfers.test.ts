/**
 * The 'amountInternal' rules of an internal transfer (src/domain/transfers.ts, docs/decisions.md 163):
 * a plain decimal string greater than 0 with at most the currency's decimals.
 */
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAXIMUM, TRANSFER_MESSAGES, transferAmountProblem } from '../../src/domain/transfers';

describe('transferAmountProblem', () => {
  it('accepts plain decimals within the precision', () => {
    for (const amount of ['1', '0.01', '12.34', '100000', '0.5', '1.10'])
      expect(transferAmountProblem(amount, 2), amount).toBeNull();
    expect(transferAmountProblem('0.00000001', 8)).toBeNull();
    expect(transferAmountProblem('5', 0)).toBeNull();
  });

  it('refuses what is no plain decimal', () => {
    for (const amount of [
      '1e3',
      '1,5',
      ' 1',
      '1 ',
      '+1',
      '01',
      '1.',
      '.5',
      'abc',
      '1.2.3',
      'NaN',
      'Infinity',
    ])
      expect(transferAmountProblem(amount, 2), amount).toBe(TRANSFER_MESSAGES.amountNotNumber);
    expect(transferAmountProblem('', 2)).toBe(TRANSFER_MESSAGES.amountRequired);
  });

  it('refuses zero and negative amounts', () => {
    for (const amount of ['0', '0.00', '-1', '-0.01'])
      expect(transferAmountProblem(amount, 2), amount).toBe(TRANSFER_MESSAGES.amountPositive);
  });

  it("refuses more decimals than the currency's precision", () => {
    expect(transferAmountProblem('0.001', 2)).toBe(TRANSFER_MESSAGES.amountDecimals);
    expect(transferAmountProblem('1.5', 0)).toBe(TRANSFER_MESSAGES.amountDecimals);
    expect(transferAmountProblem('0.0000000001', 8)).toBe(TRANSFER_MESSAGES.amountDecimals);
  });

  it('refuses an amount over what the ledger holds (decision 225), whatever its length', () => {
    expect(transferAmountProblem(AMOUNT_MAXIMUM, 0)).toBeNull();
    for (const amount of [`${AMOUNT_MAXIMUM}.01`, '99999999999999999999', `1${'0'.repeat(40)}`])
      expect(transferAmountProblem(amount, 2), amount).toBe(TRANSFER_MESSAGES.exceededMaximum);
  });
});
