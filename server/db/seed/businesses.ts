/**
 * The settings of the demo businesses (seed version 2). Every deposit currency is one its
 * organisation enables (ORGANISATION_SETTINGS.enabledCryptoCurrencies) with networks the currency
 * supports; fee distribution stays within the organisation's limit and is 0 where the organisation
 * may not adjust it; 1:1 rates (a depeg threshold) and fee distribution exclude each other;
 * EXCESS_REFUND comes with follow-up refunds. A test checks them with the form's own rules.
 */
import type { BlockchainFeePaidBy, DepositCurrencies, OverpaymentPolicy } from '../../../src/domain/business';

export interface DemoBusinessSettings {
  displayCurrencies: readonly string[];
  depositCurrencies: Readonly<DepositCurrencies>;
  overpaymentPolicy: OverpaymentPolicy;
  refundFollowUpDeposits: boolean;
  blockchainFeePaidBy: BlockchainFeePaidBy;
  /** A fraction (decimal string) or null when 1:1 stablecoin rates are off. */
  depegThreshold: string | null;
  /** A fraction (decimal string). */
  feeDistribution: string;
  /** The callback host, or null for a business without callbacks. */
  callbackHost: string | null;
}

const settings = (
  displayCurrencies: string[],
  depositCurrencies: DepositCurrencies,
  options: Partial<Omit<DemoBusinessSettings, 'displayCurrencies' | 'depositCurrencies'>> = {},
): DemoBusinessSettings => ({
  displayCurrencies,
  depositCurrencies,
  overpaymentPolicy: 'PROCESS',
  refundFollowUpDeposits: false,
  blockchainFeePaidBy: 'USER',
  depegThreshold: null,
  feeDistribution: '0',
  callbackHost: null,
  ...options,
});

/** By business id (BUSINESSES in demo.ts). */
export const BUSINESS_SETTINGS: Readonly<Record<number, DemoBusinessSettings>> = {
  1: settings(
    ['EUR', 'USD'],
    { BTC: ['MAIN'], USDT: ['ETH', 'TRX'], USDC: ['ETH'] },
    {
      feeDistribution: '0.01',
      callbackHost: 'northwind-coffee.example',
    },
  ),
  2: settings(
    ['EUR'],
    { BTC: ['MAIN'], ETH: ['ETH'], USDT: ['TRX', 'BSC'], LTC: ['MAIN'] },
    {
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpDeposits: true,
      blockchainFeePaidBy: 'MERCHANT',
      depegThreshold: '0.02',
      callbackHost: 'lumen-games.example',
    },
  ),
  3: settings(
    ['EUR', 'GBP'],
    { BTC: ['MAIN'], USDC: ['ETH', 'SOL'], XRP: ['MAIN'] },
    {
      refundFollowUpDeposits: true,
      callbackHost: 'harbor-freight.example',
    },
  ),
  4: settings(
    ['EUR', 'USD', 'GBP'],
    { BTC: ['MAIN'], ETH: ['ETH'], USDT: ['ETH', 'TRX', 'SOL'] },
    {
      blockchainFeePaidBy: 'MERCHANT',
      feeDistribution: '0.025',
      callbackHost: 'atlas-travel.example',
    },
  ),
  5: settings(
    ['EUR'],
    { BTC: ['MAIN'], LTC: ['MAIN'], USDT: ['BSC'], USDC: ['BSC'] },
    {
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpDeposits: true,
      depegThreshold: '0.015',
    },
  ),
  6: settings(
    ['EUR'],
    { BTC: ['MAIN'], ETH: ['ETH'], USDC: ['ETH'] },
    { callbackHost: 'verde-energy.example' },
  ),
  7: settings(
    ['EUR', 'USD'],
    { USDT: ['TRX'], USDC: ['ETH'], XRP: ['MAIN'] },
    {
      blockchainFeePaidBy: 'MERCHANT',
      depegThreshold: '0.01',
      callbackHost: 'orbit-telecom.example',
    },
  ),
  8: settings(['EUR'], { BTC: ['MAIN'], USDT: ['ETH'] }),
  9: settings(
    ['EUR'],
    { BTC: ['MAIN'], ETH: ['ETH'], USDT: ['ETH', 'TRX'], USDC: ['ETH'] },
    {
      blockchainFeePaidBy: 'MERCHANT',
      callbackHost: 'treasury.aurora-payments.example',
    },
  ),
  10: settings(['GBP', 'EUR'], { BTC: ['MAIN'], ETH: ['ETH'] }, { callbackHost: 'fjord-trading.example' }),
  11: settings(
    ['GBP'],
    { BTC: ['MAIN'], USDC: ['ETH', 'SOL'] },
    {
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpDeposits: true,
      blockchainFeePaidBy: 'MERCHANT',
      depegThreshold: '0.03',
    },
  ),
  12: settings(
    ['USD'],
    { BTC: ['MAIN'], USDT: ['TRX', 'ETH'] },
    {
      feeDistribution: '0.015',
      callbackHost: 'cobalt-retail.example',
    },
  ),
  13: settings(
    ['USD', 'EUR'],
    { USDT: ['TRX'], USDC: ['ETH', 'BSC'] },
    {
      blockchainFeePaidBy: 'MERCHANT',
      depegThreshold: '0.02',
    },
  ),
};
