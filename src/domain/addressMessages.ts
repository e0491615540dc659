/**
 * The whitelisted-address rules' messages (src/domain/addresses.ts), apart from the rules: the dashboard's
 * catalogue loads them with the shell, the address codecs only with the form.
 */
export const ADDRESS_MESSAGES = {
  addressLabelRequired: 'Label is required',
  addressLabelSpecial: 'Label must not contain special characters',
  addressCurrencyRequired: 'Currency is required',
  addressCurrencyUnknown: 'Select a cryptocurrency',
  addressNetworkRequired: 'Network is required',
  addressNetworkUnsupported: 'Select a network the currency supports',
  addressRequired: 'Address is required',
  addressInvalidBTC: 'Not a valid Bitcoin address',
  addressInvalidBCH: 'Not a valid Bitcoin Cash address',
  addressInvalidLTC: 'Not a valid Litecoin address',
  addressInvalidEVM_ETH: 'Not a valid Ethereum (ERC20) address',
  addressInvalidEVM_BSC: 'Not a valid BNB Smart Chain (BEP20) address',
  addressInvalidTRON: 'Not a valid Tron (TRC20) address',
  addressInvalidSOLANA: 'Not a valid Solana (SPL) address',
  addressInvalidXRP: 'Not a valid XRP Ledger address',
  addressInvalidXLM: 'Not a valid Stellar address',
  destinationTagRequired: 'Destination tag is required',
  destinationTagNumeric: 'Destination tag must be a whole number',
  destinationTagRange: 'Destination tag is too large',
  destinationTagNotUsed: 'Only XRP and Stellar addresses take a destination tag',
  addressDuplicate: 'This address is already whitelisted',
} as const;

export type AddressMessageKey = keyof typeof ADDRESS_MESSAGES;
