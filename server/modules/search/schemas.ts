/** Wire shapes of GET /v1/search (src/domain/search.ts's SearchResult). */
import { Type, type TSchema } from 'typebox';
import { SEARCH_KINDS, SEARCH_Q_MAX_LENGTH } from '../../../src/domain/search';
import { Text } from '../../http/schemas';
import { BusinessId, TransactionId } from '../transactions/schemas';

const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);
const RowId = TransactionId;

export const SearchQuery = Type.Object(
  {
    q: Text({
      minLength: 1,
      maxLength: SEARCH_Q_MAX_LENGTH,
      description:
        'An id, a reference or order id, a transaction hash, an address or a business name (case-insensitive)',
    }),
  },
  { additionalProperties: false },
);

export const SearchResultSchema = Type.Object(
  {
    kind: Type.Enum([...SEARCH_KINDS], {
      description:
        'business, payment, deposit (a payment’s on-chain deposit), unassociated-deposit, withdrawal ' +
        '(crypto), fiat-deposit, white-label-fiat-deposit, settlement, transfer (internal), conversion',
    }),
    id: RowId,
    businessId: Nullable(BusinessId),
    businessName: Nullable(Text({ maxLength: 200 })),
    reference: Nullable(Text({ maxLength: 200 })),
    status: Nullable(Text({ maxLength: 40 })),
    amount: Nullable(
      Type.String({ maxLength: 80, pattern: '^-?[0-9]+(\\.[0-9]+)?$', description: 'Decimal text' }),
    ),
    currency: Nullable(Text({ maxLength: 20 })),
    createdAt: Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' }),
    rank: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
      description: '0 an exact match (id, whole reference, hash, address or name), 1 its start, 2 inside it',
    }),
    paymentId: Type.Optional(RowId),
  },
  { additionalProperties: false },
);

export const SearchResponse = Type.Object(
  { results: Type.Array(SearchResultSchema, { maxItems: 100 }) },
  { additionalProperties: false },
);
