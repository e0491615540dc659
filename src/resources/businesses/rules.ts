/**
 * The rules of the create / edit business form (docs/product.md#states-and-transitions, #validation-rules-and-messages and #constants-and-limits) as pure functions, so each
 * has a unit test: the form's values and their defaults, the toggles and what they reset, the
 * sliders' ranges, the deposit-currency panel's states, and the payload sent to the API.
 *
 * The form keeps the depeg threshold and the fee distribution in percent (what the sliders show);
 * the API takes fractions. Conversions go through big.js (1.5 % is 0.015 exactly, never 0.01500…01).
 */
import Big from 'big.js';
import {
  DEPEG_MAX,
  DEPEG_SLIDER,
  FRACTION_DECIMALS,
  type BlockchainFeePaidBy,
  type Business,
  type BusinessFormValues,
  type BusinessPayload,
  type DepositCurrencies,
  type OrganisationMetadata,
  type OverpaymentPolicy,
} from '../../domain/business';
import { compareCurrencies, type Currency } from '../../domain/currencies';

/** Everything the form edits (the string fields of businessFormSchema plus the rest). */
export interface BusinessEditorValues extends BusinessFormValues {
  supportedDisplayCurrencies: string[];
  supportedDepositCurrenciesWithNetworks: DepositCurrencies;
  blockchainFeePaidBy: BlockchainFeePaidBy;
  overpaymentPolicy: OverpaymentPolicy;
  refundFollowUpDepositsForOneTimePayments: boolean;
  /**
   * The follow-up refund's own value, kept while refunding the excess forces it on (never sent):
   * switching the excess refund off again gives it back.
   */
  refundFollowUpBeforeExcessRefund: boolean;
  /** 1:1 stablecoin exchange rates. */
  oneToOneRates: boolean;
  /** Percent, 0–10 (0 while 1:1 rates are off). */
  depegThreshold: number;
  /** Processing fee distribution. */
  feeDistribution: boolean;
  /** Percent, 0 to the organisation's limit × 100 (0 while fee distribution is off). */
  feeDistributionPercentage: number;
}

/** What the organisation allows, as the form reads it. */
export type FeeSettings = Pick<OrganisationMetadata, 'allowServiceFeeDistribution' | 'feeDistributionLimit'>;

/** A new business: nothing chosen, the fee paid by the user, overpayments processed, no options. */
export function emptyBusinessValues(): BusinessEditorValues {
  return {
    businessName: '',
    depositReceivedCallbackUrl: '',
    withdrawalCallbackUrl: '',
    withdrawalApprovalCallbackUrl: '',
    supportedDisplayCurrencies: [],
    supportedDepositCurrenciesWithNetworks: {},
    blockchainFeePaidBy: 'USER',
    overpaymentPolicy: 'PROCESS',
    refundFollowUpDepositsForOneTimePayments: false,
    refundFollowUpBeforeExcessRefund: false,
    oneToOneRates: false,
    depegThreshold: 0,
    feeDistribution: false,
    feeDistributionPercentage: 0,
  };
}

/** A fraction as the percent a slider shows (0.015 → 1.5), to two decimals. */
export function fractionToPercent(fraction: number | null | undefined): number {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return 0;
  return Number(new Big(fraction).times(100).toFixed(FRACTION_DECIMALS - 2));
}

/** A slider's percent as the fraction the API takes (1.5 → 0.015), to four decimals. */
export function percentToFraction(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Number(new Big(percent).div(100).toFixed(FRACTION_DECIMALS));
}

/** An existing business as the form's values. */
export function valuesFromBusiness(business: Business): BusinessEditorValues {
  const depeg = fractionToPercent(business.stableCryptoCurrencyDepegThreshold);
  const fee = fractionToPercent(business.userServiceFeeDistributionPercentage);
  return {
    businessName: business.businessName ?? '',
    depositReceivedCallbackUrl: business.depositReceivedCallbackUrl ?? '',
    withdrawalCallbackUrl: business.withdrawalCallbackUrl ?? '',
    withdrawalApprovalCallbackUrl: business.withdrawalApprovalCallbackUrl ?? '',
    supportedDisplayCurrencies: [...(business.supportedDisplayCurrencies ?? [])],
    supportedDepositCurrenciesWithNetworks: normaliseSelection(
      business.supportedDepositCurrenciesWithNetworks ?? {},
    ),
    blockchainFeePaidBy: business.blockchainFeePaidBy ?? 'USER',
    overpaymentPolicy: business.overpaymentPolicy ?? 'PROCESS',
    // An overpaid refund forces the follow-up refund on, even if the record says otherwise.
    refundFollowUpDepositsForOneTimePayments:
      business.overpaymentPolicy === 'EXCESS_REFUND' ||
      Boolean(business.refundFollowUpDepositsForOneTimePayments),
    refundFollowUpBeforeExcessRefund: Boolean(business.refundFollowUpDepositsForOneTimePayments),
    oneToOneRates: depeg > 0,
    depegThreshold: depeg,
    feeDistribution: depeg === 0 && fee > 0,
    feeDistributionPercentage: depeg === 0 ? fee : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Toggles (docs/product.md#states-and-transitions). Each returns the fields that change.

/**
 * Choosing the overpayment policy: refunding the excess forces the follow-up refund on (its own value
 * kept aside); switching back restores that value.
 */
export function withOverpaymentPolicy(
  values: Pick<
    BusinessEditorValues,
    'overpaymentPolicy' | 'refundFollowUpDepositsForOneTimePayments' | 'refundFollowUpBeforeExcessRefund'
  >,
  policy: OverpaymentPolicy,
): Partial<BusinessEditorValues> {
  if (policy === values.overpaymentPolicy) return { overpaymentPolicy: policy };
  if (policy === 'EXCESS_REFUND')
    return {
      overpaymentPolicy: policy,
      refundFollowUpBeforeExcessRefund: values.refundFollowUpDepositsForOneTimePayments,
      refundFollowUpDepositsForOneTimePayments: true,
    };
  if (values.overpaymentPolicy === 'EXCESS_REFUND')
    return {
      overpaymentPolicy: policy,
      refundFollowUpDepositsForOneTimePayments: values.refundFollowUpBeforeExcessRefund,
    };
  return { overpaymentPolicy: policy };
}

/** The follow-up refund checkbox is locked on while overpayments are refunded. */
export function refundFollowUpLocked(values: Pick<BusinessEditorValues, 'overpaymentPolicy'>): boolean {
  return values.overpaymentPolicy === 'EXCESS_REFUND';
}

/**
 * 1:1 stablecoin rates on: fee distribution off with its percentage reset, and the depeg threshold
 * at least the slider's minimum (1 %). Off: the threshold back to 0 (sent as null).
 */
export function withOneToOneRates(
  values: Pick<BusinessEditorValues, 'depegThreshold'>,
  on: boolean,
): Partial<BusinessEditorValues> {
  if (!on) return { oneToOneRates: false, depegThreshold: 0 };
  return {
    oneToOneRates: true,
    depegThreshold: Math.min(Math.max(values.depegThreshold, DEPEG_SLIDER.min), DEPEG_SLIDER.max),
    feeDistribution: false,
    feeDistributionPercentage: 0,
  };
}

/** Fee distribution on: 1:1 rates off with the depeg threshold reset. Off: its percentage back to 0. */
export function withFeeDistribution(on: boolean): Partial<BusinessEditorValues> {
  return on
    ? { feeDistribution: true, oneToOneRates: false, depegThreshold: 0 }
    : { feeDistribution: false, feeDistributionPercentage: 0 };
}

/** The depeg slider: 0–10 %, step 0.01; its minimum is 1 % while 1:1 rates are on. */
export function depegSliderRange(values: Pick<BusinessEditorValues, 'oneToOneRates'>) {
  return {
    min: values.oneToOneRates ? DEPEG_SLIDER.min : 0,
    max: DEPEG_MAX * 100,
    step: DEPEG_SLIDER.step,
  };
}

/** Whether the organisation may adjust the fee distribution (else the option is not offered). */
export function mayAdjustFeeDistribution(settings: FeeSettings | undefined): boolean {
  return Boolean(settings?.allowServiceFeeDistribution) && (settings?.feeDistributionLimit ?? 0) > 0;
}

/** The fee distribution slider: 0 to the organisation's limit in percent, step 0.01. */
export function feeSliderRange(settings: FeeSettings | undefined) {
  return {
    min: 0,
    max: mayAdjustFeeDistribution(settings) ? fractionToPercent(settings?.feeDistributionLimit) : 0,
    step: 0.01,
  };
}

// ---------------------------------------------------------------------------------------------
// Verify and the payload (docs/product.md#validation-rules-and-messages).

/** Verify needs at least one display currency and one deposit currency with a network. */
export function missingRequiredCurrencies(
  values: Pick<BusinessEditorValues, 'supportedDisplayCurrencies' | 'supportedDepositCurrenciesWithNetworks'>,
): boolean {
  return (
    values.supportedDisplayCurrencies.length === 0 ||
    Object.keys(normaliseSelection(values.supportedDepositCurrenciesWithNetworks)).length === 0
  );
}

/**
 * What POST / PATCH businesses receive: callback URLs only when non-empty (trimmed), the depeg
 * threshold as a fraction or null when 0 (or 1:1 rates off), the fee distribution as a fraction,
 * 0 when it is off or the organisation may not adjust it. The settlement currency is the server's.
 */
export function toPayload(values: BusinessEditorValues, settings: FeeSettings | undefined): BusinessPayload {
  const depeg =
    values.oneToOneRates && values.depegThreshold > 0 ? percentToFraction(values.depegThreshold) : 0;
  const fee =
    values.feeDistribution && mayAdjustFeeDistribution(settings)
      ? percentToFraction(values.feeDistributionPercentage)
      : 0;
  const payload: BusinessPayload = {
    businessName: values.businessName.trim(),
    supportedDisplayCurrencies: [...values.supportedDisplayCurrencies],
    supportedDepositCurrenciesWithNetworks: normaliseSelection(values.supportedDepositCurrenciesWithNetworks),
    blockchainFeePaidBy: values.blockchainFeePaidBy,
    overpaymentPolicy: values.overpaymentPolicy,
    refundFollowUpDepositsForOneTimePayments:
      values.overpaymentPolicy === 'EXCESS_REFUND' || values.refundFollowUpDepositsForOneTimePayments,
    stableCryptoCurrencyDepegThreshold: depeg > 0 ? depeg : null,
    userServiceFeeDistributionPercentage: fee,
  };
  for (const key of [
    'depositReceivedCallbackUrl',
    'withdrawalCallbackUrl',
    'withdrawalApprovalCallbackUrl',
  ] as const) {
    const url = values[key].trim();
    if (url) payload[key] = url;
  }
  return payload;
}

// ---------------------------------------------------------------------------------------------
// The deposit-currency panel (docs/product.md#screens-and-routes).

/** A currency of the panel: 'Name (ABBR)' and the networks it can be deposited on. */
export interface PanelCurrency {
  abbreviation: string;
  name: string;
  networks: string[];
}

/**
 * The panel's currencies: the organisation's enabled cryptocurrencies the platform knows, in the
 * spec's crypto order, plus any currency the business already has (so it can be switched off).
 */
export function panelCurrencies(
  currencies: readonly Pick<Currency, 'abbreviation' | 'name' | 'isFiat' | 'supportedNetworks'>[],
  enabledCryptoCurrencies: readonly string[],
  selection: DepositCurrencies = {},
): PanelCurrency[] {
  const wanted = new Set([...enabledCryptoCurrencies, ...Object.keys(selection)]);
  return currencies
    .filter((c) => !c.isFiat && wanted.has(c.abbreviation) && c.supportedNetworks.length > 0)
    .sort((a, b) => compareCurrencies(a.abbreviation, b.abbreviation, false))
    .map((c) => ({ abbreviation: c.abbreviation, name: c.name, networks: [...c.supportedNetworks] }));
}

/** The switch's label: 'Tether (USDT)'. */
export const currencyLabel = (currency: Pick<PanelCurrency, 'abbreviation' | 'name'>) =>
  `${currency.name} (${currency.abbreviation})`;

/** The selection without currencies that have no network left (a currency with none is off). */
export function normaliseSelection(selection: DepositCurrencies): DepositCurrencies {
  return Object.fromEntries(
    Object.entries(selection)
      .filter(([, networks]) => Array.isArray(networks) && networks.length > 0)
      .map(([currency, networks]) => [currency, [...new Set(networks)]]),
  );
}

/** A currency's switch is on while at least one of its networks is. */
export function isCurrencyOn(selection: DepositCurrencies, currency: string): boolean {
  return (selection[currency]?.length ?? 0) > 0;
}

export function isNetworkOn(selection: DepositCurrencies, currency: string, network: string): boolean {
  return selection[currency]?.includes(network) ?? false;
}

/** A currency with a single network: its checkbox is disabled (it follows the currency's switch). */
export function isNetworkLocked(currency: PanelCurrency): boolean {
  return currency.networks.length === 1;
}

/** Select all is on when every currency is on with every network. */
export function isEverythingSelected(
  selection: DepositCurrencies,
  currencies: readonly PanelCurrency[],
): boolean {
  return (
    currencies.length > 0 &&
    currencies.every((c) => c.networks.every((network) => isNetworkOn(selection, c.abbreviation, network)))
  );
}

/** Select all: every currency with every network, or nothing. */
export function selectAll(currencies: readonly PanelCurrency[], on: boolean): DepositCurrencies {
  return on ? Object.fromEntries(currencies.map((c) => [c.abbreviation, [...c.networks]])) : {};
}

/** A currency's switch: on enables all its networks, off disables them. */
export function toggleCurrency(
  selection: DepositCurrencies,
  currency: PanelCurrency,
  on: boolean,
): DepositCurrencies {
  const next = { ...selection };
  if (on) next[currency.abbreviation] = [...currency.networks];
  else delete next[currency.abbreviation];
  return next;
}

/** A network's checkbox; the last network switched off switches its currency off. */
export function toggleNetwork(
  selection: DepositCurrencies,
  currency: PanelCurrency,
  network: string,
  on: boolean,
): DepositCurrencies {
  const current = selection[currency.abbreviation] ?? [];
  const networks = currency.networks.filter((n) => (n === network ? on : current.includes(n)));
  const next = { ...selection };
  if (networks.length > 0) next[currency.abbreviation] = networks;
  else delete next[currency.abbreviation];
  return next;
}

/** The panel's dialog closes only with at least one currency selected. */
export function canClosePanel(selection: DepositCurrencies): boolean {
  return Object.keys(normaliseSelection(selection)).length > 0;
}
