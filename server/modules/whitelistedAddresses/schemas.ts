/** Wire shapes of /v1/whitelisted-addresses and its list parameters. */
import { Type } from 'typebox';
import { ADDRESS_LABEL_MAX_LENGTH, ADDRESS_MAX_LENGTH } from '../../../src/domain/addresses';
import { EmailAddress, Id, STRICT_BODY, Text } from '../../http/schemas';
import { defineList, equals } from '../../lib/list';

const Timestamp = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' });
const CurrencyCode = Type.String({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' });
const NetworkCode = Type.String({ maxLength: 16, pattern: '^[A-Z0-9_]{1,16}$' });

export const WhitelistedAddressSchema = Type.Object({
  id: Id,
  label: Text({ maxLength: ADDRESS_LABEL_MAX_LENGTH }),
  currency: CurrencyCode,
  network: NetworkCode,
  address: Text({ maxLength: ADDRESS_MAX_LENGTH }),
  destinationTag: Type.Union([Type.String({ maxLength: 20, pattern: '^[0-9]{1,20}$' }), Type.Null()], {
    description: "XRP's destination tag or Stellar's memo id; null on the other networks",
  }),
  createdAt: Timestamp,
  createdBy: Type.Union([Type.Object({ id: Id, email: EmailAddress }), Type.Null()]),
});

export const WhitelistedAddressParams = Type.Object({ id: Id });

// The texts are checked by the service (src/domain/addresses.ts) for the field errors the form words:
// a blank, a wrong network or an address failing its checksum is a 400 on its field.
export const CreateWhitelistedAddressBody = Type.Object(
  {
    label: Text({ maxLength: ADDRESS_LABEL_MAX_LENGTH, description: 'No < > " \' ;' }),
    currency: Text({ maxLength: 10, description: 'A cryptocurrency (BTC, ETH, USDT, …)' }),
    network: Text({ maxLength: 16, description: "One of the currency's supported networks" }),
    address: Text({
      maxLength: ADDRESS_MAX_LENGTH,
      description: 'An address of the network, format and checksum checked',
    }),
    destinationTag: Type.Optional(
      Type.Union([Text({ maxLength: 20 }), Type.Null()], {
        description: 'Digits; required for XRP and XLM, refused elsewhere',
      }),
    ),
  },
  STRICT_BODY,
);

/** Newest first unless the caller sorts. */
export const whitelistedAddressList = defineList({
  listKey: 'addresses',
  sortBy: {
    label: 'a.label',
    currency: 'a.currency',
    network: 'a.network',
    createdAt: 'a.created_at',
  },
  defaultSort: { sortBy: 'createdAt', order: 'desc' },
  tieBreaker: 'a.id',
  search: ['a.label', 'a.address', 'a.currency'],
  filters: { currency: equals('a.currency', CurrencyCode), network: equals('a.network', NetworkCode) },
});
