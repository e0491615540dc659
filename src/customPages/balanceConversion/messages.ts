import { CONVERSION_MESSAGES, type ConversionMessage } from '../../domain/conversions';

/** The rules' texts (src/domain/conversions.ts), as strings another language replaces. */
const RULES: Record<ConversionMessage, string> = CONVERSION_MESSAGES;

/** The page's strings, merged into the catalogue from its declaration. */
export const balanceConversionMessages = {
  pages: {
    balanceConversion: {
      menu: 'Balance conversion',
      title: 'Balance conversion',
      intro:
        'Convert part of a business balance into another currency. The figures are indicative until you get a quote; a quote holds for one minute.',
      business: 'Business',
      businessesFailed: "Couldn't load the businesses.",
      choose: 'Choose…',
      nothingToConvert: 'This business holds no balance to convert.',
      debitCurrency: 'Convert from',
      creditCurrency: 'Convert into',
      amountCurrencyType: 'The amount is',
      amountCurrencyTypeHelp: 'What leaves the balance (debit), or what arrives (credit)',
      types: { DEBIT: 'What leaves the balance (debit)', CREDIT: 'What arrives (credit)' },
      amount: 'Amount',
      amountHelp: 'Use a point for decimals, e.g. 100.50',
      indicative: 'Indicative figures',
      updating: 'updating…',
      rate: 'Rate',
      debitAmount: 'Debited',
      fee: 'Fee (included)',
      creditAmount: 'Credited',
      overview: '%{business}: %{debit} into %{credit}',
      getQuote: 'Get quote',
      execute: 'Convert',
      expiresIn: 'This quote holds for %{time}',
      expired: 'This quote has expired. Request a new quote.',
      executeCodeHelp: 'A new code from your authenticator app: each code works once',
      executed: 'The conversion was executed.',
      another: 'New conversion',
      toConversions: 'Conversions of this business',
      validation: {
        businessRequired: 'Choose a business',
        currencyRequired: 'Choose a currency',
        ...RULES,
      },
    },
  },
};
