import { FIAT_MESSAGES } from '../../domain/fiatMovements';
import { ERROR_TEXTS } from '../../domain/errors';
import { noHoldingText } from '../../domain/transfers';

/** The money pages' shared texts (./MovementKit.tsx), merged into each page's messages. */
export const movementMessages = {
  pages: {
    movements: {
      business: 'Business',
      chooseBusiness: 'Choose a business',
      currency: 'Currency',
      amount: 'Amount',
      reference: 'Reference',
      available: 'Available: %{amount}',
      businessesFailed: "Couldn't load the businesses.",
      // The English texts are the rules' own (one source for the forms and the server).
      validation: {
        ...(FIAT_MESSAGES as Record<keyof typeof FIAT_MESSAGES, string>),
        minimumAmount: 'Minimum amount is %{amount} %{currency}.',
        noHolding: noHoldingText('%{currency}'),
        currencyRequired: 'Currency is required',
        invalidTwoFaCode: ERROR_TEXTS.invalidTwoFaCode,
      },
    },
  },
};
