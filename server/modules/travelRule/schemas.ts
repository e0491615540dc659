/** Wire shapes of /v1/deposits/travel-rule and its list parameters (docs/decisions.md 148–152). */
import { Type } from 'typebox';
import {
  NATIONAL_IDENTIFIER_TYPES,
  ORIGINATOR_LIMITS,
  ORIGINATOR_TYPES,
  originatorSchema,
} from '../../../src/domain/travelRule';
import { errorTexts, validateForm } from '../../../src/domain/forms';
import { STRICT_BODY, Text, withObjectRule } from '../../http/schemas';
import { defineList, equals } from '../../lib/list';
import {
  BusinessId,
  CurrencyCode,
  Decimal,
  NetworkName,
  Timestamp,
  TransactionId,
} from '../transactions/schemas';

export const OriginatorSchema = Type.Object({
  type: Type.Enum([...ORIGINATOR_TYPES]),
  name: Text({ maxLength: ORIGINATOR_LIMITS.name }),
  address: Text({ maxLength: ORIGINATOR_LIMITS.address }),
  city: Text({ maxLength: ORIGINATOR_LIMITS.city }),
  country: Type.String({ maxLength: 2, pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }),
  nationalIdentifierType: Type.Enum([...NATIONAL_IDENTIFIER_TYPES], { description: 'IVMS 101 code' }),
  nationalIdentifier: Text({ maxLength: ORIGINATOR_LIMITS.nationalIdentifier }),
});

export const TravelRuleDepositSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  businessName: Text({ maxLength: 200 }),
  amount: Decimal,
  currency: CurrencyCode,
  network: NetworkName,
  txHash: Text({ maxLength: 200 }),
  receivedAt: Timestamp,
  /** Whole days since the deposit was received (at the server's clock). */
  ageDays: Type.Integer({ format: 'int32', minimum: 0, maximum: 2_147_483_647 }),
  /** Null while the deposit lacks travel-rule data. */
  originator: Type.Union([OriginatorSchema, Type.Null()]),
  providedAt: Type.Union([Timestamp, Type.Null()]),
});

export const TravelRuleParams = Type.Object({ id: TransactionId });

// Each field is a bounded text here; its rules and their words are the form's (originatorSchema), checked
// by the route so that the API and the dashboard say the same thing. The two types are closed sets
// (enums); when the schema refuses a field, the answer is the form's messages (withObjectRule).
const Field = (maxLength: number) => Text({ maxLength });
const OneOf = (values: readonly string[], description: string) => Type.Enum([...values], { description });

export const UpdateTravelRuleBody = Type.Object(
  {
    originator: withObjectRule(
      Type.Object(
        {
          type: Type.Optional(OneOf(ORIGINATOR_TYPES, 'A natural or a legal person')),
          name: Type.Optional(Field(400)),
          address: Type.Optional(Field(800)),
          city: Type.Optional(Field(400)),
          country: Type.Optional(Field(20)),
          nationalIdentifierType: Type.Optional(OneOf(NATIONAL_IDENTIFIER_TYPES, 'IVMS 101 code')),
          nationalIdentifier: Type.Optional(Field(200)),
        },
        STRICT_BODY,
      ),
      (originator) => errorTexts(validateForm(originatorSchema, originator)),
    ),
  },
  STRICT_BODY,
);

/** The deposits lacking data, newest first unless the caller sorts (the age is the receipt's, reversed). */
export const travelRuleList = defineList({
  listKey: 'deposits',
  sortBy: {
    receivedAt: 't.received_at',
    amount: ['d.amount', 't.received_at'],
    currency: ['d.currency', 't.received_at'],
    network: ['d.network', 't.received_at'],
    business: ['b.name', 't.received_at'],
  },
  defaultSort: { sortBy: 'receivedAt', order: 'desc' },
  tieBreaker: 't.id',
  search: ['b.name', 'd.currency', 'd.tx_hash'],
  filters: { businessId: equals('t.business_id', BusinessId), currency: equals('d.currency', CurrencyCode) },
});
