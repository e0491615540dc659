import { describe, expect, it } from 'vitest';
import {
  businessFormSchema,
  businessProblems,
  DEPEG_MAX,
  isCallbackUrl,
  type BusinessPayload,
  type OrganisationMetadata,
} from '../../src/domain/business';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { errorTexts, validateForm } from '../../src/domain/forms';

const metadata: OrganisationMetadata = {
  enabledFiatSettlementCurrencies: ['EUR'],
  enabledCryptoSettlementCurrencies: ['USDT', 'BTC'],
  enabledCryptoCurrencies: ['BTC', 'ETH', 'USDT'],
  allowServiceFeeDistribution: true,
  feeDistributionLimit: 0.05,
  settlementCurrency: 'EUR',
};

const valid: BusinessPayload = {
  businessName: 'Northwind Coffee 2',
  supportedDisplayCurrencies: ['EUR', 'USD'],
  supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'], USDT: ['ETH', 'TRX'] },
  overpaymentPolicy: 'PROCESS',
  refundFollowUpDepositsForOneTimePayments: false,
  blockchainFeePaidBy: 'USER',
  stableCryptoCurrencyDepegThreshold: null,
  userServiceFeeDistributionPercentage: 0,
};

const problemsOf = (change: Partial<BusinessPayload>, meta: Partial<OrganisationMetadata> = {}) =>
  businessProblems({ ...valid, ...change }, { ...metadata, ...meta }, CURRENCY_SEED);

const formErrors = (values: Record<string, string>) =>
  errorTexts(validateForm(businessFormSchema, { businessName: 'Shop', ...values }));

describe('businessFormSchema (the string fields, docs/product.md#validation-rules-and-messages)', () => {
  it('needs a name of letters, numbers and spaces', () => {
    expect(formErrors({ businessName: '  ' })).toEqual({ businessName: 'Business name is required' });
    expect(formErrors({ businessName: 'Shop & Co' })).toEqual({
      businessName: 'Name should only contain letters,numbers and spaces',
    });
    expect(formErrors({ businessName: 'x'.repeat(101) }).businessName).toBe(
      'Name should only contain letters,numbers and spaces',
    );
    expect(formErrors({ businessName: 'Café 24 Zürich' })).toEqual({});
  });

  it('takes optional http, https and ftp callback URLs and refuses others', () => {
    expect(
      formErrors({
        depositReceivedCallbackUrl: 'https://shop.example/hooks/deposit?x=1',
        withdrawalCallbackUrl: 'ftp://files.example:21/in',
        withdrawalApprovalCallbackUrl: '',
      }),
    ).toEqual({});
    expect(
      formErrors({
        depositReceivedCallbackUrl: 'shop.example',
        withdrawalCallbackUrl: 'javascript:alert(1)',
        withdrawalApprovalCallbackUrl: 'https://has space.example',
      }),
    ).toEqual({
      depositReceivedCallbackUrl: 'Invalid URL format',
      withdrawalCallbackUrl: 'Invalid URL format',
      withdrawalApprovalCallbackUrl: 'Invalid URL format',
    });
    expect(isCallbackUrl(`https://a.example/${'p'.repeat(2000)}`)).toBe(false);
  });
});

describe('businessProblems', () => {
  it('accepts a valid business', () => {
    expect(problemsOf({})).toEqual({});
  });

  it('needs at least one display currency, each a fiat currency (any fiat, not only enabled ones)', () => {
    expect(problemsOf({ supportedDisplayCurrencies: [] })).toEqual({
      supportedDisplayCurrencies: 'displayCurrencyRequired',
    });
    expect(problemsOf({ supportedDisplayCurrencies: ['EUR', 'BTC'] })).toEqual({
      supportedDisplayCurrencies: 'displayCurrencyInvalid',
    });
    expect(problemsOf({ supportedDisplayCurrencies: ['XYZ'] })).toEqual({
      supportedDisplayCurrencies: 'displayCurrencyInvalid',
    });
    expect(problemsOf({ supportedDisplayCurrencies: ['JPY', 'GBP'] })).toEqual({});
  });

  it('needs at least one deposit currency, each with a network', () => {
    expect(problemsOf({ supportedDepositCurrenciesWithNetworks: {} })).toEqual({
      supportedDepositCurrenciesWithNetworks: 'depositCurrencyRequired',
    });
    expect(problemsOf({ supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'], ETH: [] } })).toEqual({
      supportedDepositCurrenciesWithNetworks: 'depositCurrencyRequired',
    });
  });

  it('takes only cryptocurrencies enabled for the organisation', () => {
    expect(problemsOf({ supportedDepositCurrenciesWithNetworks: { LTC: ['MAIN'] } })).toEqual({
      supportedDepositCurrenciesWithNetworks: 'depositCurrencyUnavailable',
    });
    expect(
      problemsOf(
        { supportedDepositCurrenciesWithNetworks: { EUR: ['MAIN'] } },
        { enabledCryptoCurrencies: ['EUR'] },
      ),
    ).toEqual({ supportedDepositCurrenciesWithNetworks: 'depositCurrencyUnavailable' });
  });

  it('takes only networks the currency supports, each once', () => {
    expect(problemsOf({ supportedDepositCurrenciesWithNetworks: { BTC: ['ETH'] } })).toEqual({
      supportedDepositCurrenciesWithNetworks: 'depositNetworkInvalid',
    });
    expect(problemsOf({ supportedDepositCurrenciesWithNetworks: { USDT: ['ETH', 'ETH'] } })).toEqual({
      supportedDepositCurrenciesWithNetworks: 'depositNetworkInvalid',
    });
  });

  it('keeps the depeg threshold above 0 and at most 10 % (or null)', () => {
    expect(problemsOf({ stableCryptoCurrencyDepegThreshold: DEPEG_MAX })).toEqual({});
    expect(problemsOf({ stableCryptoCurrencyDepegThreshold: 0.0001 })).toEqual({});
    for (const bad of [0, -0.01, 0.1001, 0.5, 0.00001, Number.NaN]) {
      expect(problemsOf({ stableCryptoCurrencyDepegThreshold: bad }), String(bad)).toEqual({
        stableCryptoCurrencyDepegThreshold: 'depegThresholdRange',
      });
    }
  });

  it("keeps the fee distribution between 0 and the organisation's limit", () => {
    expect(problemsOf({ userServiceFeeDistributionPercentage: 0.05 })).toEqual({});
    expect(problemsOf({ userServiceFeeDistributionPercentage: 0.0501 })).toEqual({
      userServiceFeeDistributionPercentage: 'feeDistributionRange',
    });
    expect(problemsOf({ userServiceFeeDistributionPercentage: -0.01 })).toEqual({
      userServiceFeeDistributionPercentage: 'feeDistributionRange',
    });
  });

  it('needs a fee distribution of exactly 0 when the organisation may not distribute', () => {
    const closed = { allowServiceFeeDistribution: false, feeDistributionLimit: 0.05 };
    expect(problemsOf({ userServiceFeeDistributionPercentage: 0.01 }, closed)).toEqual({
      userServiceFeeDistributionPercentage: 'feeDistributionNotAllowed',
    });
    expect(problemsOf({ userServiceFeeDistributionPercentage: 0 }, closed)).toEqual({});
  });

  it('refuses 1:1 rates and fee distribution together', () => {
    expect(
      problemsOf({ stableCryptoCurrencyDepegThreshold: 0.01, userServiceFeeDistributionPercentage: 0.01 }),
    ).toEqual({ userServiceFeeDistributionPercentage: 'exclusiveOptions' });
  });

  it('needs follow-up refunds when overpayments are refunded', () => {
    expect(problemsOf({ overpaymentPolicy: 'EXCESS_REFUND' })).toEqual({
      refundFollowUpDepositsForOneTimePayments: 'refundFollowUpRequired',
    });
    expect(
      problemsOf({ overpaymentPolicy: 'EXCESS_REFUND', refundFollowUpDepositsForOneTimePayments: true }),
    ).toEqual({});
  });

  it('reports every broken field at once', () => {
    expect(
      Object.keys(
        problemsOf({
          supportedDisplayCurrencies: [],
          supportedDepositCurrenciesWithNetworks: {},
          stableCryptoCurrencyDepegThreshold: 0.2,
          userServiceFeeDistributionPercentage: 0.2,
          overpaymentPolicy: 'EXCESS_REFUND',
        }),
      ).sort(),
    ).toEqual([
      'refundFollowUpDepositsForOneTimePayments',
      'stableCryptoCurrencyDepegThreshold',
      'supportedDepositCurrenciesWithNetworks',
      'supportedDisplayCurrencies',
      'userServiceFeeDistributionPercentage',
    ]);
  });
});
