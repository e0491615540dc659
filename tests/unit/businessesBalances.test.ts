/** The business cards' balances (docs/product.md#states-and-transitions and #constants-and-limits): precision per currency, rounding, ranking. */
import { describe, expect, it } from 'vitest';
import {
  balancePrecision,
  cardBalances,
  DEFAULT_CRYPTO_PRECISION,
  roundAmount,
  type BalanceContext,
  type BusinessBalanceRow,
} from '../../src/domain/businessBalances';
import { CURRENCY_SEED } from '../../src/domain/currencies';

const context: BalanceContext = {
  currencies: CURRENCY_SEED,
  coins: [
    { currency: 'BTC', network: 'MAIN', precision: 8 },
    { currency: 'USDT', network: 'TRX', precision: 4 },
    { currency: 'USDT', network: 'ETH', precision: 6 },
    { currency: 'XRP', network: 'MAIN', precision: 3 },
  ],
};

const row = (businessId: number, displayFiatAmount: string | null, balances = {}): BusinessBalanceRow => ({
  businessId,
  balances,
  displayFiatAmount,
  displayFiatCurrency: 'EUR',
  displayCryptoAmount: null,
  displayCryptoCurrency: null,
});

describe('balancePrecision', () => {
  it('shows fiat with 2 decimals, whatever the currency', () => {
    expect(balancePrecision('EUR', context)).toBe(2);
    expect(balancePrecision('JPY', context)).toBe(2);
  });

  it("shows crypto with its network's precision: the default network's when listed", () => {
    expect(balancePrecision('BTC', context)).toBe(8);
    // USDT's default network is ETH (6), listed after TRX (4).
    expect(balancePrecision('USDT', context)).toBe(6);
    expect(balancePrecision('XRP', context)).toBe(3);
  });

  it('falls back to the first listed network, then to 6 decimals', () => {
    expect(
      balancePrecision('USDT', { ...context, coins: [{ currency: 'USDT', network: 'TRX', precision: 4 }] }),
    ).toBe(4);
    expect(balancePrecision('LTC', context)).toBe(DEFAULT_CRYPTO_PRECISION);
    expect(balancePrecision('BTC', { ...context, coins: [] })).toBe(6);
  });

  it('treats a currency the list does not know as crypto when the metadata names it, else as fiat', () => {
    const unknown = { currencies: [], coins: [{ currency: 'DOGE', network: 'MAIN', precision: 5 }] };
    expect(balancePrecision('DOGE', unknown)).toBe(5);
    expect(balancePrecision('CHF', unknown)).toBe(2);
  });
});

describe('roundAmount', () => {
  it('rounds the decimal string half up, exactly, at any size', () => {
    expect(roundAmount('1234.505', 2)).toBe('1234.51');
    expect(roundAmount('0.1234564', 6)).toBe('0.123456');
    expect(roundAmount('0.1234565', 6)).toBe('0.123457');
    expect(roundAmount('123456789012345678901234.999', 2)).toBe('123456789012345678901235.00');
    expect(roundAmount('7', 2)).toBe('7.00');
  });

  it('keeps a value that is no decimal as it is', () => {
    expect(roundAmount('n/a', 2)).toBe('n/a');
  });
});

describe('cardBalances', () => {
  it('rounds every balance to its precision and orders them by currency name', () => {
    const balances = cardBalances(
      row(1, '10', {
        USDT: { amount: '12.3456789' },
        EUR: { amount: '99.999' },
        BTC: { amount: '0.123456789' },
      }),
      context,
    );
    expect(balances).toEqual([
      { currency: 'BTC', amount: '0.12345679', precision: 8 }, // Bitcoin
      { currency: 'EUR', amount: '100.00', precision: 2 }, // Euro
      { currency: 'USDT', amount: '12.345679', precision: 6 }, // Tether
    ]);
  });

  it('carries a held amount, rounded like its balance, only where the API says one', () => {
    const balances = cardBalances(
      row(1, '10', {
        BTC: { amount: '0.5', held: '0.000700001' },
        EUR: { amount: '12' },
      }),
      context,
    );
    expect(balances).toEqual([
      { currency: 'BTC', amount: '0.50000000', held: '0.00070000', precision: 8 },
      { currency: 'EUR', amount: '12.00', precision: 2 },
    ]);
  });

  it('has nothing for a business without a balance row', () => {
    expect(cardBalances(undefined, context)).toEqual([]);
  });
});
