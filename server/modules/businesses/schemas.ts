/** Wire shapes of /v1/businesses (src/domain/business.ts's Business and BusinessPayload). */
import { Type } from 'typebox';
import {
  BLOCKCHAIN_FEE_PAYERS,
  BUSINESS_NAME_MAX_LENGTH,
  CALLBACK_URL_MAX_LENGTH,
  OVERPAYMENT_POLICIES,
} from '../../../src/domain/business';
import { CURRENCY_SEED } from '../../../src/domain/currencies';
import { Id, STRICT_BODY, Text } from '../../http/schemas';
import { defineList } from '../../lib/list';
import { displayFiatBalanceSql } from '../balances/repository';
import { CallbackSecretSchema } from '../callbacks/schemas';
import { CurrencyCode, NetworkCode } from '../metadata/schemas';

const Timestamp = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' });

const DisplayCurrencies = Type.Array(CurrencyCode, {
  maxItems: 50,
  uniqueItems: true,
  description: 'Fiat currencies prices may be quoted in',
});
const Networks = Type.Array(NetworkCode, { maxItems: 16, uniqueItems: true });
const DEPOSIT_DESCRIPTION = 'currency → the networks deposits are accepted on';
const DepositCurrencies = Type.Record(CurrencyCode, Networks, {
  maxProperties: 100,
  description: DEPOSIT_DESCRIPTION,
});
/**
 * The same map in a request: request bodies take no open maps (tests/server/openapi.test.ts), so the
 * keys are the platform's cryptocurrencies, each optional; another key is 'is not a known field'.
 */
const DepositCurrenciesRequest = Type.Unsafe<Record<string, string[]>>(
  Type.Object(
    Object.fromEntries(
      CURRENCY_SEED.filter((c) => !c.isFiat).map((c) => [c.abbreviation, Type.Optional(Networks)]),
    ),
    { ...STRICT_BODY, description: DEPOSIT_DESCRIPTION },
  ),
);
const OverpaymentPolicy = Type.Enum([...OVERPAYMENT_POLICIES]);
const BlockchainFeePaidBy = Type.Enum([...BLOCKCHAIN_FEE_PAYERS]);
// Null or a number, taken as sent: request bodies are not coerced (a `null` never becomes 0).
const DepegThreshold = Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 1 })], {
  description: 'A fraction (0.015 is 1.5 %), at most 0.1; null when 1:1 stablecoin rates are off',
});
const FeeDistribution = Type.Number({
  minimum: 0,
  maximum: 1,
  description: "A fraction, at most the organisation's feeDistributionLimit; 0 unless it allows distribution",
});
const CallbackUrl = Text({ maxLength: CALLBACK_URL_MAX_LENGTH, description: 'An http, https or ftp URL' });
const OptionalUrl = Type.Union([CallbackUrl, Type.Null()]);

export const BusinessSchema = Type.Object({
  id: Id,
  businessName: Text({ maxLength: BUSINESS_NAME_MAX_LENGTH }),
  settlementCurrency: CurrencyCode,
  supportedDisplayCurrencies: DisplayCurrencies,
  supportedDepositCurrenciesWithNetworks: DepositCurrencies,
  supportedDepositCurrencies: Type.Array(CurrencyCode, { maxItems: 100 }),
  depositReceivedCallbackUrl: OptionalUrl,
  withdrawalCallbackUrl: OptionalUrl,
  withdrawalApprovalCallbackUrl: OptionalUrl,
  overpaymentPolicy: OverpaymentPolicy,
  refundFollowUpDepositsForOneTimePayments: Type.Boolean(),
  blockchainFeePaidBy: BlockchainFeePaidBy,
  stableCryptoCurrencyDepegThreshold: DepegThreshold,
  userServiceFeeDistributionPercentage: FeeDistribution,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** The creation's answer: the business and its callback signing secret, shown this once. */
export const BusinessCreatedSchema = Type.Object({
  ...BusinessSchema.properties,
  callbackSecret: CallbackSecretSchema,
});

/**
 * The fields of a new business. The callback URLs are optional: an omitted (or empty) one is cleared.
 * The name may be longer than the limit on the wire so that the form's message answers it.
 */
const payloadFields = {
  businessName: Text({
    maxLength: 1000,
    description: `Letters, digits and spaces, at most ${BUSINESS_NAME_MAX_LENGTH}`,
  }),
  supportedDisplayCurrencies: DisplayCurrencies,
  supportedDepositCurrenciesWithNetworks: DepositCurrenciesRequest,
  depositReceivedCallbackUrl: Type.Optional(CallbackUrl),
  withdrawalCallbackUrl: Type.Optional(CallbackUrl),
  withdrawalApprovalCallbackUrl: Type.Optional(CallbackUrl),
  overpaymentPolicy: OverpaymentPolicy,
  refundFollowUpDepositsForOneTimePayments: Type.Boolean(),
  blockchainFeePaidBy: BlockchainFeePaidBy,
  stableCryptoCurrencyDepegThreshold: DepegThreshold,
  userServiceFeeDistributionPercentage: FeeDistribution,
};

export const BusinessCreateBody = Type.Object(payloadFields, STRICT_BODY);
/** PATCH replaces every field of the business named by `id` (as the dashboard's form sends them all). */
export const BusinessUpdateBody = Type.Object({ id: Id, ...payloadFields }, STRICT_BODY);

export const BusinessParams = Type.Object({ id: Id });

/**
 * Oldest first by default (the order they were created in); `q` searches the name. `balance` is the
 * total displayed balance (GET /v1/balances' displayFiatAmount; it needs GET_BALANCES).
 */
export const businessList = defineList({
  listKey: 'businesses',
  sortBy: { name: 'lower(name)', created: 'created_at', balance: displayFiatBalanceSql('businesses') },
  defaultOrder: 'created_at',
  tieBreaker: 'id',
  search: ['name'],
});

const Amount = Type.String({
  maxLength: 64,
  pattern: '^-?[0-9]+(\\.[0-9]+)?$',
  description: 'A decimal number as a string',
});
const Count = Type.Integer({ format: 'int32', minimum: 0, maximum: 2_147_483_647 });

/** GET /v1/businesses/{id}/overview (src/domain/records.ts BusinessOverview): each part null when the caller may not read it. */
export const BusinessOverviewSchema = Type.Object({
  businessId: Id,
  settlementCurrency: CurrencyCode,
  balances: Type.Union([
    Type.Array(Type.Object({ currency: CurrencyCode, available: Amount, held: Amount }), { maxItems: 100 }),
    Type.Null(),
  ]),
  volume30d: Type.Union([
    Type.Array(Type.Object({ currency: CurrencyCode, deposits: Amount, withdrawals: Amount, count: Count }), {
      maxItems: 100,
    }),
    Type.Null(),
  ]),
  callbacks: Type.Union([
    Type.Object({
      total24h: Count,
      delivered24h: Count,
      deliveredShare: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
      failingNow: Count,
      lastFailureAt: Type.Union([Timestamp, Type.Null()]),
    }),
    Type.Null(),
  ]),
});
