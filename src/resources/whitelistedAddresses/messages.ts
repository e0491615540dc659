import { ADDRESS_MESSAGES } from '../../domain/addressMessages';
import { ERROR_TEXTS } from '../../domain/errors';

export const whitelistedAddressMessages = {
  resources: {
    'whitelisted-addresses': {
      name: 'Whitelisted addresses',
      empty: 'No whitelisted addresses yet.',
      search: 'Search labels and addresses',
      add: 'Add address',
      fields: {
        label: 'Label',
        currency: 'Currency',
        network: 'Network',
        address: 'Address',
        destinationTag: 'Destination tag',
        createdAt: 'Created',
        createdBy: 'Created by',
        twoFaCode: '2FA code',
      },
      noTag: '—',
      tagHelp: 'Required on this network: the tag or memo ID the receiver gave you',
      twoFaHelp: 'The 6-digit code of your authenticator app',
      networkFirst: 'Choose a currency first',
      create: { title: 'Add a whitelisted address', save: 'Whitelist address', done: 'Address whitelisted' },
      remove: {
        action: 'Delete',
        actionOf: 'Delete %{label}',
        title: 'Delete whitelisted address',
        confirm: 'Withdrawals can no longer be sent to this address. You can whitelist it again later.',
        submit: 'Delete address',
        done: 'Address removed from the whitelist',
      },
      cancel: 'Cancel',
      invalidCode: ERROR_TEXTS.invalidTwoFaCode,
      errors: {
        loadFailed: 'The whitelisted addresses could not be loaded.',
        saveFailed: 'The address could not be saved.',
      },
    },
  },
  validation: { ...ADDRESS_MESSAGES },
};
