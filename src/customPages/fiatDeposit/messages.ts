import { movementMessages } from '../../features/movements/messages';

/** The page's strings, merged into the catalogue from its declaration. */
export const fiatDepositMessages = {
  pages: {
    ...movementMessages.pages,
    fiatDeposit: {
      menu: 'Fiat deposit',
      title: 'Fiat deposit',
      intro:
        "Top up a business's balance by bank transfer: announce the amount, then pay it with the instructions shown.",
      expectedAmount: 'Expected amount',
      next: 'Review deposit',
      submit: 'Get instructions',
      done: 'Pay %{amount} with these details. The balance is credited when the money arrives.',
      instructions: 'Payment instructions',
      beneficiary: 'Beneficiary',
      iban: 'IBAN',
      bic: 'BIC',
      paymentReference: 'Payment reference',
      status: 'Status',
      expected: 'Expected',
      again: 'New deposit',
    },
  },
};
