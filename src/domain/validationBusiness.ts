/**
 * The business form's rule texts (src/domain/business.ts), a module of their own: the businesses
 * feature's catalogue carries them, not the login page's (src/domain/validation.ts merges every text).
 */
export const BUSINESS_MESSAGES = {
  businessNameRequired: 'Business name is required',
  businessNamePattern: 'Name should only contain letters,numbers and spaces',
  businessNameTaken: 'A business with this name already exists',
  callbackUrlFormat: 'Invalid URL format',
  callbackUrlInternal: 'Invalid URL: it must point to a public address',
  requiredFields: 'Please fill in all required fields',
  displayCurrencyRequired: 'Select at least one display currency',
  displayCurrencyInvalid: 'Display currencies must be fiat currencies',
  depositCurrencyRequired: 'Select at least one deposit currency with a network',
  depositCurrencyUnavailable: 'Deposit currencies must be cryptocurrencies enabled for the organisation',
  depositNetworkInvalid: 'Select only networks the currency supports',
  depegThresholdRange: 'The depeg threshold must be above 0 % and at most 10 %',
  feeDistributionRange: "The fee distribution must be between 0 % and the organisation's limit",
  feeDistributionNotAllowed: 'The organisation may not distribute the service fee',
  exclusiveOptions: '1:1 rates and fee distribution cannot both be enabled',
  refundFollowUpRequired: 'Refunding overpayments requires refunding follow-up deposits',
} as const;
