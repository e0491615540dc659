import { movementMessages } from '../../features/movements/messages';

/** The page's strings, merged into the catalogue from its declaration. */
export const internalTransferMessages = {
  pages: {
    ...movementMessages.pages,
    internalTransfer: {
      menu: 'Internal transfer',
      title: 'Internal transfer',
      intro: 'Move an amount between two businesses of your organisation. Both balances change at once.',
      from: 'From business',
      to: 'To business',
      next: 'Review transfer',
      submit: 'Transfer',
      done: 'Transferred %{amount} from %{from} to %{to}.',
      again: 'New transfer',
    },
  },
};
