/**
 * The create / edit business form's rules (docs/product.md#states-and-transitions, #validation-rules-and-messages and #constants-and-limits): the toggles and what they
 * reset, the sliders, the payload, and the deposit-currency panel's states.
 */
import { describe, expect, it } from 'vitest';
import type { Business } from '../../src/domain/business';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import {
  canClosePanel,
  currencyLabel,
  depegSliderRange,
  emptyBusinessValues,
  feeSliderRange,
  fractionToPercent,
  isCurrencyOn,
  isEverythingSelected,
  isNetworkLocked,
  mayAdjustFeeDistribution,
  missingRequiredCurrencies,
  panelCurrencies,
  percentToFraction,
  refundFollowUpLocked,
  selectAll,
  toggleCurrency,
  toggleNetwork,
  toPayload,
  valuesFromBusiness,
  withFeeDistribution,
  withOneToOneRates,
  withOverpaymentPolicy,
  type BusinessEditorValues,
} from '../../src/resources/businesses/rules';

const ALLOWED = { allowServiceFeeDistribution: true, feeDistributionLimit: 0.05 };
const NOT_ALLOWED = { allowServiceFeeDistribution: false, feeDistributionLimit: 0.05 };

const values = (overrides: Partial<BusinessEditorValues> = {}): BusinessEditorValues => ({
  ...emptyBusinessValues(),
  businessName: 'Northwind Coffee',
  supportedDisplayCurrencies: ['EUR'],
  supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'] },
  ...overrides,
});

describe('the toggles', () => {
  it('refunding overpayments forces the follow-up refund on and locks it', () => {
    expect(withOverpaymentPolicy(values(), 'EXCESS_REFUND')).toEqual({
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpBeforeExcessRefund: false,
      refundFollowUpDepositsForOneTimePayments: true,
    });
    expect(refundFollowUpLocked({ overpaymentPolicy: 'EXCESS_REFUND' })).toBe(true);
    expect(refundFollowUpLocked({ overpaymentPolicy: 'PROCESS' })).toBe(false);
    // Choosing PROCESS while processing changes nothing else.
    expect(withOverpaymentPolicy(values(), 'PROCESS')).toEqual({ overpaymentPolicy: 'PROCESS' });
  });

  it('switching the excess refund off again restores the follow-up refund it forced on', () => {
    for (const before of [false, true]) {
      let form = values({ refundFollowUpDepositsForOneTimePayments: before });
      form = { ...form, ...withOverpaymentPolicy(form, 'EXCESS_REFUND') };
      expect(form.refundFollowUpDepositsForOneTimePayments).toBe(true);
      form = { ...form, ...withOverpaymentPolicy(form, 'PROCESS') };
      expect(form.overpaymentPolicy).toBe('PROCESS');
      expect(form.refundFollowUpDepositsForOneTimePayments).toBe(before);
    }
  });

  it('enabling 1:1 rates turns fee distribution off and resets its percentage; the depeg is at least 1 %', () => {
    expect(withOneToOneRates({ depegThreshold: 0 }, true)).toEqual({
      oneToOneRates: true,
      depegThreshold: 1,
      feeDistribution: false,
      feeDistributionPercentage: 0,
    });
    expect(withOneToOneRates({ depegThreshold: 2.5 }, true)).toMatchObject({ depegThreshold: 2.5 });
    expect(withOneToOneRates({ depegThreshold: 2.5 }, false)).toEqual({
      oneToOneRates: false,
      depegThreshold: 0,
    });
  });

  it('enabling fee distribution turns 1:1 rates off and resets the depeg threshold', () => {
    expect(withFeeDistribution(true)).toEqual({
      feeDistribution: true,
      oneToOneRates: false,
      depegThreshold: 0,
    });
    expect(withFeeDistribution(false)).toEqual({ feeDistribution: false, feeDistributionPercentage: 0 });
  });

  it('the two options exclude each other whichever is switched on last', () => {
    let state = values();
    state = { ...state, ...withFeeDistribution(true), feeDistributionPercentage: 3 };
    state = { ...state, ...withOneToOneRates(state, true) };
    expect(state).toMatchObject({
      oneToOneRates: true,
      feeDistribution: false,
      feeDistributionPercentage: 0,
    });
    state = { ...state, ...withFeeDistribution(true) };
    expect(state).toMatchObject({ oneToOneRates: false, depegThreshold: 0, feeDistribution: true });
  });
});

describe('the sliders', () => {
  it('depeg: 0–10 %, step 0.01, minimum 1 % while 1:1 rates are on', () => {
    expect(depegSliderRange({ oneToOneRates: false })).toEqual({ min: 0, max: 10, step: 0.01 });
    expect(depegSliderRange({ oneToOneRates: true })).toEqual({ min: 1, max: 10, step: 0.01 });
  });

  it("fee distribution: up to the organisation's limit in percent; nothing when it may not adjust it", () => {
    expect(feeSliderRange(ALLOWED)).toEqual({ min: 0, max: 5, step: 0.01 });
    expect(feeSliderRange({ allowServiceFeeDistribution: true, feeDistributionLimit: 0.0125 }).max).toBe(
      1.25,
    );
    expect(mayAdjustFeeDistribution(ALLOWED)).toBe(true);
    expect(mayAdjustFeeDistribution(NOT_ALLOWED)).toBe(false);
    expect(mayAdjustFeeDistribution({ allowServiceFeeDistribution: true, feeDistributionLimit: 0 })).toBe(
      false,
    );
    expect(mayAdjustFeeDistribution(undefined)).toBe(false);
    expect(feeSliderRange(NOT_ALLOWED).max).toBe(0);
  });

  it('converts between percent and fractions exactly', () => {
    expect(percentToFraction(1.5)).toBe(0.015);
    expect(percentToFraction(0.07)).toBe(0.0007);
    expect(percentToFraction(10)).toBe(0.1);
    expect(fractionToPercent(0.015)).toBe(1.5);
    expect(fractionToPercent(0.0007)).toBe(0.07);
    expect(fractionToPercent(null)).toBe(0);
  });
});

describe('the payload', () => {
  it('sends a callback URL only when it is not empty (trimmed)', () => {
    const payload = toPayload(
      values({ depositReceivedCallbackUrl: '  https://shop.example/paid ', withdrawalCallbackUrl: '   ' }),
      ALLOWED,
    );
    expect(payload.depositReceivedCallbackUrl).toBe('https://shop.example/paid');
    expect(payload).not.toHaveProperty('withdrawalCallbackUrl');
    expect(payload).not.toHaveProperty('withdrawalApprovalCallbackUrl');
  });

  it('sends the depeg threshold as a fraction, or null when 0 or 1:1 rates are off', () => {
    expect(toPayload(values({ oneToOneRates: true, depegThreshold: 2.35 }), ALLOWED)).toMatchObject({
      stableCryptoCurrencyDepegThreshold: 0.0235,
    });
    expect(toPayload(values({ oneToOneRates: true, depegThreshold: 0 }), ALLOWED)).toMatchObject({
      stableCryptoCurrencyDepegThreshold: null,
    });
    expect(toPayload(values({ oneToOneRates: false, depegThreshold: 3 }), ALLOWED)).toMatchObject({
      stableCryptoCurrencyDepegThreshold: null,
    });
  });

  it('sends the fee distribution as a fraction, and 0 when the organisation may not adjust it', () => {
    const on = values({ feeDistribution: true, feeDistributionPercentage: 2.5 });
    expect(toPayload(on, ALLOWED).userServiceFeeDistributionPercentage).toBe(0.025);
    expect(toPayload(on, NOT_ALLOWED).userServiceFeeDistributionPercentage).toBe(0);
    expect(toPayload(on, undefined).userServiceFeeDistributionPercentage).toBe(0);
    expect(toPayload({ ...on, feeDistribution: false }, ALLOWED).userServiceFeeDistributionPercentage).toBe(
      0,
    );
  });

  it('sends the rest as the form has it: trimmed name, currencies without empty ones, the policies', () => {
    expect(
      toPayload(
        values({
          businessName: '  Northwind Coffee ',
          supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'], USDT: [] },
          blockchainFeePaidBy: 'MERCHANT',
          overpaymentPolicy: 'EXCESS_REFUND',
          refundFollowUpDepositsForOneTimePayments: false,
        }),
        ALLOWED,
      ),
    ).toEqual({
      businessName: 'Northwind Coffee',
      supportedDisplayCurrencies: ['EUR'],
      supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'] },
      blockchainFeePaidBy: 'MERCHANT',
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpDepositsForOneTimePayments: true,
      stableCryptoCurrencyDepegThreshold: null,
      userServiceFeeDistributionPercentage: 0,
    });
  });

  it('Verify needs a display currency and a deposit currency with a network', () => {
    expect(missingRequiredCurrencies(values())).toBe(false);
    expect(missingRequiredCurrencies(values({ supportedDisplayCurrencies: [] }))).toBe(true);
    expect(missingRequiredCurrencies(values({ supportedDepositCurrenciesWithNetworks: {} }))).toBe(true);
    expect(missingRequiredCurrencies(values({ supportedDepositCurrenciesWithNetworks: { BTC: [] } }))).toBe(
      true,
    );
  });
});

describe('an existing business as form values', () => {
  const business: Business = {
    id: 3,
    businessName: 'Harbor Freight',
    settlementCurrency: 'EUR',
    supportedDisplayCurrencies: ['EUR', 'USD'],
    supportedDepositCurrenciesWithNetworks: { USDT: ['ETH', 'TRX'] },
    supportedDepositCurrencies: ['USDT'],
    depositReceivedCallbackUrl: 'https://harbor.example/paid',
    withdrawalCallbackUrl: null,
    withdrawalApprovalCallbackUrl: null,
    overpaymentPolicy: 'PROCESS',
    refundFollowUpDepositsForOneTimePayments: false,
    blockchainFeePaidBy: 'USER',
    stableCryptoCurrencyDepegThreshold: 0.015,
    userServiceFeeDistributionPercentage: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('shows fractions as percent and derives the toggles', () => {
    expect(valuesFromBusiness(business)).toMatchObject({
      withdrawalCallbackUrl: '',
      oneToOneRates: true,
      depegThreshold: 1.5,
      feeDistribution: false,
      feeDistributionPercentage: 0,
    });
    expect(
      valuesFromBusiness({
        ...business,
        stableCryptoCurrencyDepegThreshold: null,
        userServiceFeeDistributionPercentage: 0.02,
      }),
    ).toMatchObject({
      oneToOneRates: false,
      depegThreshold: 0,
      feeDistribution: true,
      feeDistributionPercentage: 2,
    });
  });

  it('round-trips to the same payload', () => {
    const payload = toPayload(valuesFromBusiness(business), ALLOWED);
    expect(payload).toMatchObject({
      businessName: 'Harbor Freight',
      depositReceivedCallbackUrl: 'https://harbor.example/paid',
      supportedDepositCurrenciesWithNetworks: { USDT: ['ETH', 'TRX'] },
      stableCryptoCurrencyDepegThreshold: 0.015,
      userServiceFeeDistributionPercentage: 0,
    });
  });
});

describe('the deposit-currency panel', () => {
  const currencies = panelCurrencies(CURRENCY_SEED, ['USDT', 'BTC', 'ETH', 'EUR', 'NOPE']);
  const byCode = (code: string) => currencies.find((c) => c.abbreviation === code)!;

  it("lists the organisation's enabled cryptocurrencies in the spec's order, labelled 'Name (ABBR)'", () => {
    expect(currencies.map(currencyLabel)).toEqual(['Bitcoin (BTC)', 'Ethereum (ETH)', 'Tether (USDT)']);
    expect(byCode('USDT').networks).toEqual(['ETH', 'TRX', 'BSC', 'SOL']);
    // A currency the business already has stays, so it can be switched off.
    expect(panelCurrencies(CURRENCY_SEED, ['BTC'], { LTC: ['MAIN'] }).map((c) => c.abbreviation)).toEqual([
      'BTC',
      'LTC',
    ]);
  });

  it('Select all turns every currency and network on, then everything off', () => {
    const all = selectAll(currencies, true);
    expect(all).toEqual({ BTC: ['MAIN'], ETH: ['ETH'], USDT: ['ETH', 'TRX', 'BSC', 'SOL'] });
    expect(isEverythingSelected(all, currencies)).toBe(true);
    expect(selectAll(currencies, false)).toEqual({});
    expect(isEverythingSelected({ ...all, USDT: ['ETH'] }, currencies)).toBe(false);
  });

  it("a currency's switch enables all its networks, and off disables them", () => {
    const on = toggleCurrency({}, byCode('USDT'), true);
    expect(on).toEqual({ USDT: ['ETH', 'TRX', 'BSC', 'SOL'] });
    expect(isCurrencyOn(on, 'USDT')).toBe(true);
    expect(toggleCurrency(on, byCode('USDT'), false)).toEqual({});
  });

  it('a network checkbox adds or removes its network; the last one off switches the currency off', () => {
    let selection = toggleNetwork({}, byCode('USDT'), 'TRX', true);
    expect(selection).toEqual({ USDT: ['TRX'] });
    selection = toggleNetwork(selection, byCode('USDT'), 'ETH', true);
    expect(selection).toEqual({ USDT: ['ETH', 'TRX'] }); // in the currency's network order
    selection = toggleNetwork(selection, byCode('USDT'), 'ETH', false);
    selection = toggleNetwork(selection, byCode('USDT'), 'TRX', false);
    expect(selection).toEqual({});
    expect(isCurrencyOn(selection, 'USDT')).toBe(false);
  });

  it("a single network's checkbox is locked", () => {
    expect(isNetworkLocked(byCode('BTC'))).toBe(true);
    expect(isNetworkLocked(byCode('USDT'))).toBe(false);
  });

  it('closes only with at least one currency selected', () => {
    expect(canClosePanel({})).toBe(false);
    expect(canClosePanel({ USDT: [] })).toBe(false);
    expect(canClosePanel({ BTC: ['MAIN'] })).toBe(true);
  });
});
