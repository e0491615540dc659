import { WITHDRAWAL_MESSAGES } from '../../domain/withdrawals';

/** The withdrawal page's strings, merged into the catalogue from its declaration. */
export const cryptoWithdrawalMessages = {
  pages: {
    cryptoWithdrawal: {
      menu: 'Crypto withdrawal',
      title: 'Crypto withdrawal',
      intro:
        'Send cryptocurrency to one of your whitelisted addresses. The amount is reserved at once; another user approves the withdrawal before it is sent, unless it is under your approval threshold.',
      business: 'Business',
      pickBusiness: 'Choose a business',
      pair: 'Currency and network',
      pickPair: 'Choose a currency and network',
      address: 'Whitelisted address',
      pickAddress: 'Choose an address',
      pickPairFirst: 'Choose a currency and network first',
      noAddresses: 'No whitelisted addresses yet: add one under Whitelisted addresses first.',
      amount: 'Amount',
      available: 'Available: %{amount}',
      availableHeld: 'Available: %{amount} (%{held} held for approval)',
      availableUnknown: 'The available balance could not be read.',
      destinationTag: 'Destination tag',
      destinationTagHelp: "The whitelisted address's own tag, sent with the withdrawal.",
      submit: 'Withdraw',
      created: "Withdrawal %{id} of %{amount} was created and awaits another user's approval.",
      approved: 'Withdrawal %{id} of %{amount} was approved at once and will be sent shortly.',
      another: 'New withdrawal',
      toApprovals: 'Withdrawal approvals',
      loadFailed: "Couldn't load the whitelisted addresses.",
    },
  },
  validation: { withdrawal: { ...WITHDRAWAL_MESSAGES } },
};
