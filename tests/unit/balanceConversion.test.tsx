/**
 * Balance conversions (docs/decisions.md 180–182): the amount rules and their messages (comma,
 * precision, sign), the figures of a quote with every rounding against the customer, the rate of a
 * pair from stated rates, the countdown, and the debounced indicative query that never shows an older
 * answer over a newer one.
 */
import { act, renderHook } from '@testing-library/react';
import Big from 'big.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONVERSION_MESSAGES,
  conversionAmountProblem,
  conversionFigures,
  countdownText,
  rateBetween,
  secondsLeft,
} from '../../src/domain/conversions';
import { useCountdown, useDebouncedQuery } from '../../src/customPages/balanceConversion/hooks';
import { balanceConversionMessages } from '../../src/customPages/balanceConversion/messages';
import { balanceConversionMessagesDe } from '../../src/customPages/balanceConversion/messages.de';

describe('the amount rules', () => {
  it('name each problem with its message', () => {
    expect(conversionAmountProblem('', 2)).toBe(CONVERSION_MESSAGES.amountRequired);
    expect(conversionAmountProblem('1,5', 2)).toBe(CONVERSION_MESSAGES.amountComma);
    expect(conversionAmountProblem('1,000.5', 2)).toBe(CONVERSION_MESSAGES.amountComma);
    expect(conversionAmountProblem('abc', 2)).toBe(CONVERSION_MESSAGES.amountNotNumber);
    expect(conversionAmountProblem('1e3', 2)).toBe(CONVERSION_MESSAGES.amountNotNumber);
    expect(conversionAmountProblem(' 1', 2)).toBe(CONVERSION_MESSAGES.amountNotNumber);
    expect(conversionAmountProblem('0', 2)).toBe(CONVERSION_MESSAGES.amountPositive);
    expect(conversionAmountProblem('-1', 2)).toBe(CONVERSION_MESSAGES.amountPositive);
    expect(conversionAmountProblem('0.001', 2)).toBe(CONVERSION_MESSAGES.amountDecimals);
    expect(conversionAmountProblem('1', 0)).toBeNull();
    expect(conversionAmountProblem('1.5', 0)).toBe(CONVERSION_MESSAGES.amountDecimals);
    expect(conversionAmountProblem('0.00000001', 8)).toBeNull();
    expect(conversionAmountProblem('100.50', 2)).toBeNull();
  });

  it('have a German text for every message', () => {
    const en = balanceConversionMessages.pages.balanceConversion.validation;
    const de = balanceConversionMessagesDe.pages.balanceConversion.validation;
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(CONVERSION_MESSAGES)) expect(en).toHaveProperty(key);
  });
});

describe('the figures of a conversion', () => {
  const base = { rate: '1.08', debitPrecision: 2, creditPrecision: 2 } as const;

  it('of a debit amount: the fee included, the credit rounded down', () => {
    expect(conversionFigures({ ...base, amountCurrencyType: 'DEBIT', amount: '100' })).toEqual({
      rate: '1.08',
      debitAmount: '100',
      creditAmount: '107.46',
      fee: '0.5',
    });
  });

  it('of a credit amount: the converted part and the fee rounded up', () => {
    expect(conversionFigures({ ...base, amountCurrencyType: 'CREDIT', amount: '100' })).toEqual({
      rate: '1.08',
      debitAmount: '93.07',
      creditAmount: '100',
      fee: '0.47',
    });
  });

  it('round against the customer at every precision, and debit = converted + fee', () => {
    for (const amount of ['0.03', '1', '12.34', '999.99', '123456.78']) {
      for (const [rate, cp] of [
        ['0.000015384615384615', 8],
        ['65000', 2],
        ['0.925925925925925926', 2],
      ] as const) {
        for (const type of ['DEBIT', 'CREDIT'] as const) {
          const f = conversionFigures({
            amountCurrencyType: type,
            amount,
            rate,
            debitPrecision: 2,
            creditPrecision: cp,
            feeRate: '0.005',
          });
          if (!f) continue;
          const converted = new Big(f.debitAmount).minus(f.fee);
          expect(new Big(f.fee).gte(converted.times('0.005')), `${type} ${amount} @${rate}`).toBe(true);
          expect(new Big(f.creditAmount).lte(converted.times(rate)), `${type} ${amount} @${rate}`).toBe(true);
          for (const [value, p] of [
            [f.debitAmount, 2],
            [f.fee, 2],
            [f.creditAmount, cp],
          ] as const)
            expect(new Big(value).round(p).eq(value)).toBe(true);
        }
      }
    }
  });

  it('are null when nothing would be credited', () => {
    expect(
      conversionFigures({
        amountCurrencyType: 'DEBIT',
        amount: '0.01',
        rate: '0.0000001',
        debitPrecision: 2,
        creditPrecision: 2,
      }),
    ).toBeNull();
  });

  it('take the pair’s rate, else the inverse of the reverse pair, rounded down', () => {
    const rates: Record<string, string> = { 'EUR>USD': '1.08', 'BTC>EUR': '60185.185185185185185185' };
    const stated = (base: string, quote: string): string | undefined => rates[`${base}>${quote}`];
    expect(rateBetween('EUR', 'USD', stated)).toBe('1.08');
    expect(rateBetween('USD', 'EUR', stated)).toBe('0.925925925925925925');
    expect(rateBetween('EUR', 'BTC', stated)).toBe('0.000016615384615384');
    expect(rateBetween('XRP', 'LTC', stated)).toBeUndefined();
  });
});

describe('the countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts whole seconds down to 0 and reads m:ss', () => {
    const at = Date.parse('2026-03-02T09:00:00Z');
    expect(secondsLeft('2026-03-02T09:01:00Z', at)).toBe(60);
    expect(secondsLeft('2026-03-02T09:01:00Z', at + 500)).toBe(60);
    expect(secondsLeft('2026-03-02T09:01:00Z', at + 59_001)).toBe(1);
    expect(secondsLeft('2026-03-02T09:01:00Z', at + 61_000)).toBe(0);
    expect(countdownText(60)).toBe('1:00');
    expect(countdownText(59)).toBe('0:59');
    expect(countdownText(5)).toBe('0:05');
    expect(countdownText(0)).toBe('0:00');
  });

  it('ticks every second until the quote expires', () => {
    vi.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
    const { result } = renderHook(() => useCountdown('2026-03-02T09:00:03Z'));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
  });
});

describe('the debounced indicative query', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetcher whose answers the test releases by hand, in any order. */
  function manualFetcher() {
    const calls: { input: string; signal: AbortSignal; resolve: (v: string) => void }[] = [];
    const fetcher = vi.fn(
      (input: string, signal: AbortSignal) =>
        new Promise<string>((resolve) => {
          calls.push({ input, signal, resolve });
        }),
    );
    return { calls, fetcher };
  }

  it('asks once the typing pauses, not for every keystroke', async () => {
    const { calls, fetcher } = manualFetcher();
    const { result, rerender } = renderHook(({ input }) => useDebouncedQuery(input, fetcher, 400), {
      initialProps: { input: '1' as string | null },
    });
    expect(result.current.pending).toBe(true);
    rerender({ input: '10' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ input: '100' });
    act(() => vi.advanceTimersByTime(399));
    expect(fetcher).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(calls[0].input).toBe('100');
    await act(async () => calls[0].resolve('answer 100'));
    expect(result.current).toEqual({ data: 'answer 100', error: undefined, pending: false });
  });

  it('never shows an older answer over a newer one', async () => {
    const { calls, fetcher } = manualFetcher();
    const { result, rerender } = renderHook(({ input }) => useDebouncedQuery(input, fetcher, 400), {
      initialProps: { input: '1' as string | null },
    });
    act(() => vi.advanceTimersByTime(400));
    rerender({ input: '2' });
    act(() => vi.advanceTimersByTime(400));
    expect(calls.map((c) => c.input)).toEqual(['1', '2']);
    expect(calls[0].signal.aborted).toBe(true);
    // The newer answer first, then the older one arrives late: the newer stays.
    await act(async () => calls[1].resolve('answer 2'));
    await act(async () => calls[0].resolve('answer 1'));
    expect(result.current.data).toBe('answer 2');
    // And an older answer arriving while the newer is still on its way is not shown either.
    rerender({ input: '3' });
    act(() => vi.advanceTimersByTime(400));
    rerender({ input: '4' });
    act(() => vi.advanceTimersByTime(400));
    await act(async () => calls[2].resolve('answer 3'));
    expect(result.current.data).toBe('answer 2');
    expect(result.current.pending).toBe(true);
    await act(async () => calls[3].resolve('answer 4'));
    expect(result.current).toEqual({ data: 'answer 4', error: undefined, pending: false });
  });

  it('asks for nothing without an input, and shows the latest failure', async () => {
    const fetcher = vi.fn((input: string) =>
      input === 'bad' ? Promise.reject(new Error('refused')) : Promise.resolve(`answer ${input}`),
    );
    const { result, rerender } = renderHook(({ input }) => useDebouncedQuery(input, fetcher, 400), {
      initialProps: { input: null as string | null },
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(fetcher).not.toHaveBeenCalled();
    expect(result.current).toEqual({ data: undefined, error: undefined, pending: false });
    rerender({ input: 'bad' });
    await act(async () => vi.advanceTimersByTime(400));
    expect((result.current.error as Error).message).toBe('refused');
    expect(result.current.data).toBeUndefined();
  });
});
