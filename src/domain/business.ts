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

/** IPv4 blocks that are not the public internet (RFC 6890 and friends), as [first octets, prefix]. */
const INTERNAL_V4: readonly (readonly [number, number, number, number, number])[] = [
  [0, 0, 0, 0, 8], // "this network"
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata services)
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, broadcast
];

function v4Number(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isInternalV4(address: string): boolean {
  const n = v4Number(address);
  if (n === undefined) return false;
  return INTERNAL_V4.some(([a, b, c, d, prefix]) => {
    const block = ((a * 256 + b) * 256 + c) * 256 + d;
    const size = 2 ** (32 - prefix);
    return n >= block && n < block + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or undefined. */
function v6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4Number(v4[1]);
    if (n === undefined) return undefined;
    text = `${text.slice(0, -v4[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
}

function isInternalV6(address: string): boolean {
  const g = v6Groups(address);
  if (!g) return false;
  const v4Tail = `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  const zeros = (count: number) => g.slice(0, count).every((x) => x === 0);
  if (zeros(8)) return true; // unspecified
  if (zeros(7) && g[7] === 1) return true; // loopback
  if (zeros(5) && g[5] === 0xffff) return isInternalV4(v4Tail); // IPv4-mapped
  if (zeros(6)) return true; // IPv4-compatible (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isInternalV4(v4Tail); // NAT64
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  return false;
}

/**
 * Whether an IP address (IPv4 dotted, or IPv6 without brackets) is not on the public internet:
 * loopback, private, link-local (169.254.169.254, the cloud metadata service), carrier-grade NAT,
 * multicast, reserved, documentation, and IPv6's equivalents, IPv4-mapped ones included. Also what the
 * server checks a callback's resolved address against when it sends (server/lib/outboundUrl.ts).
 */
export function isInternalAddress(address: string): boolean {
  return address.includes(':') ? isInternalV6(address) : isInternalV4(address);
}

/** Host names that name this machine or a local network, never a public service. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/**
 * Whether a callback URL names a public host: not an internal address in any spelling (the URL parser
 * reads `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` as 127.0.0.1, `[::ffff:127.0.0.1]` as an
 * IPv4-mapped address), not `localhost` or a local-network name, and not a single-label name (which
 * only an internal resolver answers). A name that resolves to an internal address is caught when the
 * callback is sent. A text that is no URL passes here (isCallbackUrl refuses it).
 */
export function isPublicCallbackUrl(value: string): boolean {
  let host: string;
  try {
    host = new URL(value.trim()).hostname;
  } catch {
    return true;
  }
  host = host.replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) return !isInternalAddress(host.slice(1, -1));
  if (/^[\d.]+$/.test(host)) return !isInternalAddress(host);
  return host.includes('.') && !INTERNAL_NAME.test(host);
}

const callbackUrl = () =>
  trimmed(when('callbackUrlFormat', isCallbackUrl), when('callbackUrlInternal', isPublicCallbackUrl));

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

/**
 * A light fold of a business name for the pickers (compatibility forms, case, white space): two
 * businesses an ADMIN sees whose names fold alike ('Aurora Treasury' and 'aurora TREASURY', one of
 * them hidden from non-admins) are told apart by their ids. The server's full key
 * (src/domain/businessName.ts) also maps look-alike letters; its table stays out of the browser.
 */
export function pickerNameFold(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** The ids of the businesses whose name folds like another's of the list (pickerNameFold). */
export function lookAlikeIds(businesses: readonly { id: string; name: string }[]): Set<string> {
  const byFold = new Map<string, string[]>();
  for (const b of businesses) {
    const fold = pickerNameFold(b.name);
    byFold.set(fold, [...(byFold.get(fold) ?? []), b.id]);
  }
  return new Set([...byFold.values()].filter((ids) => ids.length > 1).flat());
}
