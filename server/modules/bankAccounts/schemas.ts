/** Wire shapes of /v1/bank-accounts, its metadata and its list parameters. */
import { Type } from 'typebox';
import {
  BANK_ACCOUNT_MESSAGES,
  BANK_COMMON_FIELDS,
  BANK_CURRENCIES,
  BANK_DETAIL_FIELDS,
  BANK_FIELD_MAX_LENGTH,
  PAYMENT_METHODS,
  validateBankAccount,
  type BankAccountValues,
} from '../../../src/domain/bankAccounts';
import { EmailAddress, Id, STRICT_BODY, Text, textRule, withObjectRule, withRule } from '../../http/schemas';
import { defineList, equals } from '../../lib/list';

const Timestamp = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' });
const Currency = Type.Enum([...BANK_CURRENCIES], { description: 'The account currency' });
const Method = Type.Enum([...PAYMENT_METHODS], { description: 'How the account is paid' });
const FieldText = Text({ maxLength: BANK_FIELD_MAX_LENGTH });
const Nullable = <T extends ReturnType<typeof Text>>(schema: T) => Type.Union([schema, Type.Null()]);

export const BankAccountSchema = Type.Object({
  id: Id,
  accountLabel: FieldText,
  accountCurrency: Currency,
  paymentMethod: Method,
  holderName: FieldText,
  holderAddress: FieldText,
  holderCity: FieldText,
  holderCountry: FieldText,
  iban: Nullable(
    Text({ maxLength: 40, description: 'Whole on GET /{id} for MANAGE_BANK_ACCOUNTS, else masked' }),
  ),
  accountNumber: Nullable(
    Text({ maxLength: 40, description: 'Whole on GET /{id} for MANAGE_BANK_ACCOUNTS, else masked' }),
  ),
  sortCode: Nullable(Text({ maxLength: 6 })),
  routingNumber: Nullable(Text({ maxLength: 9 })),
  swiftCode: Nullable(Text({ maxLength: 11 })),
  bankName: Nullable(FieldText),
  bankAddress: Nullable(FieldText),
  intermediaryBankName: Nullable(FieldText),
  intermediaryBankAddress: Nullable(FieldText),
  bankEmail: Nullable(EmailAddress),
  masked: Type.Boolean({ description: 'Whether iban and accountNumber show only their last 4 characters' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const BankAccountParams = Type.Object({ id: Id });

// Rules and messages are the shared validator's (src/domain/bankAccounts.ts), so a blank or malformed
// value is a field error in the form's words. The currency and the method are closed sets (enums); a
// value out of them is answered with the validator's message for it (withRule), as the form says it.
const validatorRule = (name: 'accountCurrency' | 'paymentMethod') =>
  withRule(
    Type.Union([name === 'accountCurrency' ? Currency : Method, Type.Null()]),
    textRule((value, body) => {
      const key = validateBankAccount({ ...body, [name]: value } as BankAccountValues)[name];
      return key ? BANK_ACCOUNT_MESSAGES[key] : null;
    }),
  );
const bodyFields = {
  ...Object.fromEntries(
    [...BANK_COMMON_FIELDS, ...BANK_DETAIL_FIELDS].map((name) => [
      name,
      Type.Optional(Type.Union([FieldText, Type.Null()])),
    ]),
  ),
  accountCurrency: Type.Optional(validatorRule('accountCurrency')),
  paymentMethod: Type.Optional(validatorRule('paymentMethod')),
};

/** A new account is checked whole: a refused field answers every field's message, as the validator would. */
export const CreateBankAccountBody = withObjectRule(Type.Object(bodyFields, STRICT_BODY), (values) => {
  const problems = validateBankAccount(values as BankAccountValues);
  return Object.fromEntries(
    Object.entries(problems).map(([name, key]) => [name, BANK_ACCOUNT_MESSAGES[key]]),
  );
});
export const UpdateBankAccountBody = Type.Object(bodyFields, { ...STRICT_BODY, minProperties: 1 });

export const BankAccountMetadata = Type.Object({
  currencies: Type.Array(
    Type.Object({
      currency: Currency,
      paymentMethods: Type.Array(
        Type.Object({
          paymentMethod: Method,
          fields: Type.Array(Type.Enum([...BANK_DETAIL_FIELDS]), {
            maxItems: BANK_DETAIL_FIELDS.length,
            description: 'The detail fields this currency and method need, each required',
          }),
        }),
        { maxItems: PAYMENT_METHODS.length },
      ),
    }),
    { maxItems: BANK_CURRENCIES.length },
  ),
  commonFields: Type.Array(Type.Enum([...BANK_COMMON_FIELDS]), {
    maxItems: BANK_COMMON_FIELDS.length,
    description: 'The fields every account needs, besides currency and payment method',
  }),
});

/** Newest first unless the caller sorts. */
export const bankAccountList = defineList({
  listKey: 'bankAccounts',
  sortBy: {
    accountLabel: 'a.account_label',
    accountCurrency: 'a.account_currency',
    paymentMethod: 'a.payment_method',
    createdAt: 'a.created_at',
  },
  defaultSort: { sortBy: 'createdAt', order: 'desc' },
  tieBreaker: 'a.id',
  search: ['a.account_label', 'a.holder_name', 'a.bank_name'],
  filters: {
    accountCurrency: equals('a.account_currency', Currency),
    paymentMethod: equals('a.payment_method', Method),
  },
});
