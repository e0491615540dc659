/**
 * Field rules and messages of docs/product.md#validation-rules-and-messages that the dashboard and the reference API share.
 * The form schemas (src/domain/schemas.ts, built with src/domain/forms.ts) use these rules.
 */

import { BUSINESS_MESSAGES } from './validationBusiness';
import { REPORT_MESSAGES } from './validationReports';
import { TRAVEL_RULE_MESSAGES } from './validationTravelRule';

export { BUSINESS_MESSAGES, REPORT_MESSAGES, TRAVEL_RULE_MESSAGES };

/** The account forms' texts (sign in, passwords, 2FA): the only ones the login page's catalogue carries. */
export const ACCOUNT_MESSAGES = {
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
} as const;

/** Every rule's text, by key (what the API answers; the dashboard's catalogues carry them per feature). */
// A pure call (not a spread) so that a bundle which never reads MESSAGES drops the feature texts.
export const MESSAGES = /* @__PURE__ */ Object.assign(
  {},
  ACCOUNT_MESSAGES,
  BUSINESS_MESSAGES,
  REPORT_MESSAGES,
  TRAVEL_RULE_MESSAGES,
  // Object.assign types at most three sources; past them it answers `any`.
) as typeof ACCOUNT_MESSAGES &
  typeof BUSINESS_MESSAGES &
  typeof REPORT_MESSAGES &
  typeof TRAVEL_RULE_MESSAGES;

export type MessageKey = keyof typeof MESSAGES;

/**
 * The product's words for a text over its limit ('must be at most 200 characters', as the report
 * letters' fields say): the API answers them for every field whose schema's maxLength refused it.
 */
export function maxLengthText(limit: number): string {
  return `must be at most ${limit} characters`;
}

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
