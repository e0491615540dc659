import { movementMessages } from '../../features/movements/messages';

/** The page's strings, merged into the catalogue from its declaration. */
export const fiatWithdrawalMessages = {
  pages: {
    ...movementMessages.pages,
    fiatWithdrawal: {
      menu: 'Fiat withdrawal',
      title: 'Fiat withdrawal',
      intro:
        "Settle part of a business's balance to one of your organisation's bank accounts in that currency.",
      bankAccount: 'Bank account',
      chooseBankAccount: 'Choose a bank account',
      noBankAccounts: 'Your organisation has no bank account in this currency.',
      bankAccountsFailed: "Couldn't load the bank accounts.",
      next: 'Review withdrawal',
      submit: 'Withdraw',
      done: '%{amount} is on its way to %{account}.',
      again: 'New withdrawal',
    },
  },
};
