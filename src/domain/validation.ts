/**
 * Field rules and messages of docs/product.md#validation-rules-and-messages that the dashboard and the reference API share.
 * The form schemas (src/domain/schemas.ts, built with src/domain/forms.ts) use these rules.
 */

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordCase: 'At least one uppercase, one lowercase letter and a number',
  passwordLength: 'At least 8 characters',
  newPasswordRequired: 'New password is required',
  oldPasswordRequired: 'Old password is required',
  confirmationRequired: 'Confirm Password is required',
  confirmationMismatch: "Password doesn't match",
  twoFaRequired: '2FA code is required',
  twoFaDigits: '2FA must be 6 digits',
  // Businesses (src/domain/business.ts).
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
  // Reports (src/domain/reportForms.ts).
  // The API's field texts (server/modules/reports): shown under the field whichever side refuses it.
  reportDateRequired: 'Date is required',
  reportDateInvalid: 'must be a date (YYYY-MM-DD)',
  reportDateInFuture: 'must not be in the future',
  reportFromAfterTo: 'must not be before from',
  reportWindowTooLong: 'may span at most 366 days, both included',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export const PASSWORD_MIN_LENGTH = 8;
export const TWO_FA_DIGITS = 6;

// A pragmatic address check: something@domain.tld, no spaces, no second @.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function hasPasswordCase(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

export function isTwoFaCode(value: string): boolean {
  return new RegExp(`^\\d{${TWO_FA_DIGITS}}$`).test(value);
}
