/** Wire shapes of /v1/api-keys and its list parameters. */
import { Type } from 'typebox';
import { API_KEY_SCOPES, IP_ALLOW_LIST_MAX, KEY_NAME_MAX_LENGTH } from '../../../src/domain/apiKeys';
import { EmailAddress, Id, STRICT_BODY, Text } from '../../http/schemas';
import { equals, defineList } from '../../lib/list';

const Timestamp = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' });
const KeyId = Type.String({ format: 'uuid', maxLength: 36, description: 'The key id (a UUID)' });
const Scope = Type.Enum([...API_KEY_SCOPES], { description: 'A permission the key may use' });
// Entries are checked by the service (isIpOrCidr) for the field error the form words.
const IpEntry = Text({ maxLength: 64, description: 'An IPv4 or IPv6 address, or a CIDR range' });

export const ApiKeySchema = Type.Object({
  id: KeyId,
  name: Text({ maxLength: KEY_NAME_MAX_LENGTH }),
  businessId: Id,
  businessName: Text({ maxLength: 200 }),
  scopes: Type.Array(Scope, { maxItems: API_KEY_SCOPES.length }),
  ipAllowList: Type.Array(IpEntry, { maxItems: IP_ALLOW_LIST_MAX }),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  createdBy: Type.Object({ id: Id, email: EmailAddress }),
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
  lastUsedIp: Type.Union([Text({ maxLength: 64 }), Type.Null()]),
  status: Type.Enum(['active', 'expired', 'revoked']),
});

export const ApiKeyParams = Type.Object({ id: KeyId });

const fields = {
  // Blank names and empty scope lists are the service's field errors, in the form's words.
  name: Text({ maxLength: KEY_NAME_MAX_LENGTH, description: 'Letters, numbers and spaces' }),
  scopes: Type.Array(Scope, { maxItems: API_KEY_SCOPES.length, uniqueItems: true }),
  ipAllowList: Type.Array(IpEntry, { maxItems: IP_ALLOW_LIST_MAX, uniqueItems: true }),
  expiresAt: Type.Union([Timestamp, Type.Null()], { description: 'When the key stops working (future)' }),
};

export const CreateApiKeyBody = Type.Object(
  {
    name: fields.name,
    businessId: Id,
    scopes: fields.scopes,
    ipAllowList: Type.Optional(fields.ipAllowList),
    expiresAt: Type.Optional(fields.expiresAt),
  },
  STRICT_BODY,
);

export const UpdateApiKeyBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    scopes: Type.Optional(fields.scopes),
    ipAllowList: Type.Optional(fields.ipAllowList),
    expiresAt: Type.Optional(fields.expiresAt),
  },
  { ...STRICT_BODY, minProperties: 1 },
);

export const CreatedApiKey = Type.Object({
  apiKey: ApiKeySchema,
  secret: Type.String({
    maxLength: 100,
    pattern: '^[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$',
    description: 'The whole credential `<keyId>.<secret>`, shown once',
  }),
});

/** Newest first unless the caller sorts. */
export const apiKeyList = defineList({
  listKey: 'apiKeys',
  sortBy: {
    name: 'k.name',
    createdAt: 'k.created_at',
    lastUsedAt: 'k.last_used_at',
    expiresAt: 'k.expires_at',
  },
  defaultSort: { sortBy: 'createdAt', order: 'desc' },
  tieBreaker: 'k.id',
  search: ['k.name', 'b.name'],
  filters: { businessId: equals('k.business_id', Id) },
});
