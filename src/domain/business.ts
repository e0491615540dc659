/**
 * Businesses (merchants) of an organisation: the shapes the API sends and takes, and the rules the
 * edit-business form and the reference API share (docs/product.md#entities-and-their-fields, #states-and-transitions, #validation-rules-and-messages and #constants-and-limits).
 *
 * - The string fields (name and the three callback URLs) are a form schema (`businessFormSchema`,
 *   src/domain/forms.ts): the dashboard binds it with `formResolver`, the server runs `validateForm`.
 * - Every other rule is `businessProblems(payload, metadata, currencies)`, a pure function giving
 *   field → message key; the form runs it before Verify, the server before it saves anything.
 *
 * Fractions: the depeg threshold and the fee distribution are fractions (0.015 is 1.5 %); the
 * sliders show percent (fraction × 100).
 */
import { defineForm, required, trimmed, when, type ValuesOf } from './forms';
import type { MessageKey } from './validation';

export type OverpaymentPolicy = 'PROCESS' | 'EXCESS_REFUND';
export const OVERPAYMENT_POLICIES: readonly OverpaymentPolicy[] = ['PROCESS', 'EXCESS_REFUND'];

export type BlockchainFeePaidBy = 'USER' | 'MERCHANT';
export const BLOCKCHAIN_FEE_PAYERS: readonly BlockchainFeePaidBy[] = ['USER', 'MERCHANT'];

/** Deposit selection: currency abbreviation → its enabled networks. */
export type DepositCurrencies = Record<string, string[]>;

/** A business as the API answers it. */
export interface Business {
  id: number;
  businessName: string;
  settlementCurrency: string;
  supportedDisplayCurrencies: string[];
  supportedDepositCurrenciesWithNetworks: DepositCurrencies;
  /** The keys of supportedDepositCurrenciesWithNetworks (the legacy list form). */
  supportedDepositCurrencies: string[];
  depositReceivedCallbackUrl: string | null;
  withdrawalCallbackUrl: string | null;
  withdrawalApprovalCallbackUrl: string | null;
  overpaymentPolicy: OverpaymentPolicy;
  refundFollowUpDepositsForOneTimePayments: boolean;
  blockchainFeePaidBy: BlockchainFeePaidBy;
  /** A fraction (0 < x ≤ DEPEG_MAX), or null when 1:1 stablecoin rates are off. */
  stableCryptoCurrencyDepegThreshold: number | null;
  /** A fraction, 0 ≤ x ≤ the organisation's feeDistributionLimit. */
  userServiceFeeDistributionPercentage: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * POST /v1/businesses (and PATCH with `id`): the business fields but those the server sets. A
 * callback URL is sent only when non-empty (docs/product.md#validation-rules-and-messages).
 */
export interface BusinessPayload {
  businessName: string;
  supportedDisplayCurrencies: string[];
  supportedDepositCurrenciesWithNetworks: DepositCurrencies;
  depositReceivedCallbackUrl?: string;
  withdrawalCallbackUrl?: string;
  withdrawalApprovalCallbackUrl?: string;
  overpaymentPolicy: OverpaymentPolicy;
  refundFollowUpDepositsForOneTimePayments: boolean;
  blockchainFeePaidBy: BlockchainFeePaidBy;
  stableCryptoCurrencyDepegThreshold: number | null;
  userServiceFeeDistributionPercentage: number;
}

/** GET /v1/payment/organisations/metadata. */
export interface OrganisationMetadata {
  enabledFiatSettlementCurrencies: string[];
  enabledCryptoSettlementCurrencies: string[];
  enabledCryptoCurrencies: string[];
  allowServiceFeeDistribution: boolean;
  /** A fraction: 0.05 is 5 %. */
  feeDistributionLimit: number;
  settlementCurrency: string;
}

/** What businessProblems needs of a currency (a row of GET /v1/currencies). */
export interface BusinessCurrency {
  abbreviation: string;
  isFiat: boolean;
  supportedNetworks: readonly string[];
}

/** Letters (any script), digits and spaces. */
export const BUSINESS_NAME_PATTERN = /^[\p{L}\p{N} ]+$/u;
export const BUSINESS_NAME_MAX_LENGTH = 100;
/** An http, https or ftp URL: scheme, a host without spaces, an optional port, path and query. */
export const CALLBACK_URL_PATTERN = /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i;
export const CALLBACK_URL_MAX_LENGTH = 2000;

/** The largest depeg threshold (a fraction: 10 %). */
export const DEPEG_MAX = 0.1;
/** Fractions carry at most four decimals (two decimals of a percent; NUMERIC(6, 4) in the database). */
export const FRACTION_DECIMALS = 4;

/** The depeg slider, in percent: 1–10 when 1:1 rates are on (docs/product.md#constants-and-limits), step 0.01. */
export const DEPEG_SLIDER = { min: 1, max: DEPEG_MAX * 100, step: 0.01 } as const;

export function isBusinessName(value: string): boolean {
  return BUSINESS_NAME_PATTERN.test(value);
}

export function isCallbackUrl(value: string): boolean {
  return value.length <= CALLBACK_URL_MAX_LENGTH && CALLBACK_URL_PATTERN.test(value);
}

const callbackUrl = () => trimmed(when('callbackUrlFormat', isCallbackUrl));

/** The string fields of the edit-business form (and of the POST/PATCH body). */
export const businessFormSchema = defineForm({
  businessName: trimmed(
    required('businessNameRequired'),
    when('businessNamePattern', (value) => isBusinessName(value) && value.length <= BUSINESS_NAME_MAX_LENGTH),
  ),
  depositReceivedCallbackUrl: callbackUrl(),
  withdrawalCallbackUrl: callbackUrl(),
  withdrawalApprovalCallbackUrl: callbackUrl(),
});
export type BusinessFormValues = ValuesOf<typeof businessFormSchema>;

/** The fields businessProblems reports on. */
export type BusinessProblemField =
  | 'supportedDisplayCurrencies'
  | 'supportedDepositCurrenciesWithNetworks'
  | 'stableCryptoCurrencyDepegThreshold'
  | 'userServiceFeeDistributionPercentage'
  | 'refundFollowUpDepositsForOneTimePayments';

export type BusinessProblems = Partial<Record<BusinessProblemField, MessageKey>>;

type BusinessRulesInput = Pick<
  BusinessPayload,
  | 'supportedDisplayCurrencies'
  | 'supportedDepositCurrenciesWithNetworks'
  | 'overpaymentPolicy'
  | 'refundFollowUpDepositsForOneTimePayments'
  | 'stableCryptoCurrencyDepegThreshold'
  | 'userServiceFeeDistributionPercentage'
>;

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * The rules of a business beyond its string fields, as field → message key (`{}` when valid). One
 * message per field: the first rule that fails.
 *
 * - Display currencies: at least one, each a fiat currency of `currencies`. Decision: any fiat
 *   currency the platform lists, not only the organisation's enabled fiat settlement currencies —
 *   a display currency is what prices are quoted in, settlement happens in the organisation's
 *   settlement currency regardless.
 * - Deposit currencies: at least one; each a cryptocurrency enabled for the organisation
 *   (metadata.enabledCryptoCurrencies) with at least one network, each network one the currency
 *   supports (its supportedNetworks), no network twice.
 * - Depeg threshold: null (1:1 rates off) or 0 < x ≤ DEPEG_MAX.
 * - Fee distribution: 0 ≤ x ≤ metadata.feeDistributionLimit; exactly 0 unless the organisation
 *   allows fee distribution.
 * - 1:1 rates and fee distribution exclude each other (reported on the fee distribution field).
 * - EXCESS_REFUND requires refundFollowUpDepositsForOneTimePayments.
 */
export function businessProblems(
  payload: BusinessRulesInput,
  metadata: Pick<
    OrganisationMetadata,
    'enabledCryptoCurrencies' | 'allowServiceFeeDistribution' | 'feeDistributionLimit'
  >,
  currencies: readonly BusinessCurrency[],
): BusinessProblems {
  const problems: BusinessProblems = {};
  const byCode = new Map(currencies.map((currency) => [currency.abbreviation, currency]));

  const display = payload.supportedDisplayCurrencies;
  if (display.length === 0) problems.supportedDisplayCurrencies = 'displayCurrencyRequired';
  else if (!display.every((code) => byCode.get(code)?.isFiat === true))
    problems.supportedDisplayCurrencies = 'displayCurrencyInvalid';

  const deposits = Object.entries(payload.supportedDepositCurrenciesWithNetworks);
  const enabled = new Set(metadata.enabledCryptoCurrencies);
  if (deposits.length === 0 || deposits.some(([, networks]) => networks.length === 0))
    problems.supportedDepositCurrenciesWithNetworks = 'depositCurrencyRequired';
  else if (deposits.some(([code]) => !enabled.has(code) || byCode.get(code)?.isFiat !== false))
    problems.supportedDepositCurrenciesWithNetworks = 'depositCurrencyUnavailable';
  else if (
    deposits.some(
      ([code, networks]) =>
        new Set(networks).size !== networks.length ||
        networks.some((network) => !(byCode.get(code)?.supportedNetworks ?? []).includes(network)),
    )
  )
    problems.supportedDepositCurrenciesWithNetworks = 'depositNetworkInvalid';

  const depeg = payload.stableCryptoCurrencyDepegThreshold;
  if (
    depeg !== null &&
    (!Number.isFinite(depeg) ||
      depeg <= 0 ||
      depeg > DEPEG_MAX ||
      !hasAtMostDecimals(depeg, FRACTION_DECIMALS))
  )
    problems.stableCryptoCurrencyDepegThreshold = 'depegThresholdRange';

  const fee = payload.userServiceFeeDistributionPercentage;
  if (!Number.isFinite(fee) || fee < 0 || !hasAtMostDecimals(fee, FRACTION_DECIMALS))
    problems.userServiceFeeDistributionPercentage = 'feeDistributionRange';
  else if (fee > 0 && !metadata.allowServiceFeeDistribution)
    problems.userServiceFeeDistributionPercentage = 'feeDistributionNotAllowed';
  else if (fee > metadata.feeDistributionLimit)
    problems.userServiceFeeDistributionPercentage = 'feeDistributionRange';
  else if (fee > 0 && depeg !== null) problems.userServiceFeeDistributionPercentage = 'exclusiveOptions';

  if (payload.overpaymentPolicy === 'EXCESS_REFUND' && !payload.refundFollowUpDepositsForOneTimePayments)
    problems.refundFollowUpDepositsForOneTimePayments = 'refundFollowUpRequired';

  return problems;
}
