/**
 * The bank-account rules' messages (src/domain/bankAccounts.ts), apart from the rules: the dashboard's
 * catalogue loads them with the shell, the IBAN library only with the form.
 */
export const BANK_ACCOUNT_MESSAGES = {
  accountLabelRequired: 'Account label is required',
  specialCharacters: 'Must not contain special characters (< > " \' ;)',
  holderNameRequired: 'Account holder name is required',
  holderAddressRequired: 'Account holder address is required',
  holderCityRequired: 'Account holder city is required',
  holderCountryRequired: 'Account holder country is required',
  accountCurrencyRequired: 'Account currency is required',
  paymentMethodRequired: 'Payment method is required',
  paymentMethodCurrency: 'This payment method is not offered for the account currency',
  ibanRequired: 'IBAN is required',
  ibanCountry: 'IBAN must start with a known country code',
  ibanLength: 'IBAN has the wrong length or format for its country',
  ibanChecksum: 'IBAN check digits are wrong',
  accountNumberRequired: 'Account number is required',
  accountNumberUk: 'UK account number must be 8 digits',
  accountNumberUs: 'Account number must be 4 to 17 digits',
  accountNumberFormat: 'Account number must be 1 to 34 letters or digits',
  sortCodeRequired: 'Sort code is required',
  sortCodeFormat: 'Sort code must be 6 digits',
  routingNumberRequired: 'Routing number is required',
  routingNumberFormat: 'Routing number must be 9 digits',
  routingNumberChecksum: 'Routing number check digit is wrong',
  swiftCodeRequired: 'SWIFT/BIC code is required',
  swiftCodeFormat: 'SWIFT/BIC code must be 8 or 11 letters and digits',
  bankNameRequired: 'Bank name is required',
  bankAddressRequired: 'Bank address is required',
  intermediaryBankNameRequired: 'Intermediary bank name is required',
  intermediaryBankAddressRequired: 'Intermediary bank address is required',
  bankEmailRequired: 'Email is required',
  bankEmailInvalid: 'Please enter a valid email address',
} as const;

export type BankAccountMessageKey = keyof typeof BANK_ACCOUNT_MESSAGES;
