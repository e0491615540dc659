/**
 * The fiat movements' amount rules (src/domain/fiatMovements.ts, docs/decisions.md 165–169): a
 * settlement's amount (number rules, the organisation's minimum never under 0.01, its maximum, the
 * balance), an expected top-up's amount ('Minimum amount is 0.01 EUR.'), a reference, and the balance
 * check of an internal transfer's form. Every message is the one the server answers.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIAT_WITHDRAWAL_LIMITS,
  depositPaymentReference,
  expectedAmountProblem,
  FIAT_MESSAGES,
  minimumAmountText,
  referenceProblem,
  settlementAmountProblem,
  transferBalanceProblem,
} from '../../src/domain/fiatMovements';

const M = FIAT_MESSAGES;

describe('settlementAmountProblem', () => {
  it.each([
    ['', M.amountRequired],
    ['abc', M.amountNotNumber],
    ['1,50', M.amountNotNumber],
    ['1e2', M.amountNotNumber],
    [' 5', M.amountNotNumber],
    ['1.234', M.amountDecimals],
    ['0', M.lessThanMinimum],
    ['0.00', M.lessThanMinimum],
    ['-3', M.lessThanMinimum],
    ['0.009', M.amountDecimals],
    ['1000000.01', M.exceededMaximum],
  ])('%j → %s (EUR, default limits)', (amount, message) => {
    expect(settlementAmountProblem(amount, 2)).toBe(message);
  });

  it('passes 0.01 and the default maximum', () => {
    expect(settlementAmountProblem('0.01', 2)).toBeNull();
    expect(settlementAmountProblem(DEFAULT_FIAT_WITHDRAWAL_LIMITS.maximum, 2)).toBeNull();
  });

  it("keeps to the organisation's limits, the minimum never under 0.01", () => {
    const limits = { minimum: '50', maximum: '100' };
    expect(settlementAmountProblem('49.99', 2, limits)).toBe(M.lessThanMinimum);
    expect(settlementAmountProblem('50', 2, limits)).toBeNull();
    expect(settlementAmountProblem('100', 2, limits)).toBeNull();
    expect(settlementAmountProblem('100.01', 2, limits)).toBe(M.exceededMaximum);
    expect(settlementAmountProblem('0.001', 3, { minimum: '0', maximum: '10' })).toBe(M.lessThanMinimum);
  });

  it("checks the balance last: 'Insufficient balance'", () => {
    expect(settlementAmountProblem('10.01', 2, undefined, '10')).toBe(M.insufficientBalance);
    expect(settlementAmountProblem('10', 2, undefined, '10')).toBeNull();
    // A limit is named before the balance.
    expect(settlementAmountProblem('2000000', 2, undefined, '10')).toBe(M.exceededMaximum);
  });

  it('follows the precision of the currency (JPY has none)', () => {
    expect(settlementAmountProblem('5.5', 0)).toBe(M.amountDecimals);
    expect(settlementAmountProblem('5', 0)).toBeNull();
  });
});

describe('expectedAmountProblem', () => {
  it("answers 'Minimum amount is 0.01 EUR.' under the fiat minimum", () => {
    expect(expectedAmountProblem('0', 2, 'EUR')).toBe('Minimum amount is 0.01 EUR.');
    expect(expectedAmountProblem('0.00', 2, 'USD')).toBe(minimumAmountText('0.01', 'USD'));
    expect(expectedAmountProblem('0.01', 2, 'EUR')).toBeNull();
  });

  it('keeps the number rules', () => {
    expect(expectedAmountProblem('', 2, 'EUR')).toBe(M.amountRequired);
    expect(expectedAmountProblem('2,5', 2, 'EUR')).toBe(M.amountNotNumber);
    expect(expectedAmountProblem('0.001', 2, 'EUR')).toBe(M.amountDecimals);
  });
});

describe('referenceProblem', () => {
  it('needs a reference without special characters', () => {
    expect(referenceProblem('')).toBe(M.referenceRequired);
    expect(referenceProblem('   ')).toBe(M.referenceRequired);
    for (const c of ['<', '>', '"', "'", ';']) expect(referenceProblem(`a${c}b`)).toBe(M.specialCharacters);
    expect(referenceProblem('Invoice 4711 / May')).toBeNull();
  });
});

describe('transferBalanceProblem', () => {
  it("is 'Insufficient balance' over the available balance, nothing when the balance is unknown", () => {
    expect(transferBalanceProblem('10.01', '10')).toBe(M.insufficientBalance);
    expect(transferBalanceProblem('10', '10')).toBeNull();
    expect(transferBalanceProblem('10', undefined)).toBeNull();
    expect(transferBalanceProblem('not a number', '10')).toBeNull();
  });
});

describe('depositPaymentReference', () => {
  it('starts with the deposit id and keeps to 140 characters', () => {
    expect(depositPaymentReference(42, ' May top-up ')).toBe('FD-42 May top-up');
    expect(depositPaymentReference(1, 'x'.repeat(200))).toHaveLength(140);
  });
});
