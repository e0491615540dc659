/**
 * The report forms' rule texts (src/domain/reportForms.ts), a module of their own: the report pages'
 * catalogues carry them (src/domain/validation.ts merges every text). The API's field texts
 * (server/modules/reports): shown under the field whichever side refuses it.
 */
export const REPORT_MESSAGES = {
  reportDateRequired: 'Date is required',
  reportDateInvalid: 'must be a date (YYYY-MM-DD)',
  reportDateInFuture: 'must not be in the future',
  reportFromAfterTo: 'must not be before from',
  reportWindowTooLong: 'may span at most 366 days, both included',
  // The balance confirmation's letter fields (addressee and signatory).
  reportTextTooLong: 'must be at most 200 characters',
  reportAddressTooLong: 'must be at most 400 characters on at most 6 lines',
  reportControlCharacters: 'must not contain control characters',
  reportAddresseeNameRequired: 'Name the addressee of this address',
  reportSignatoryNameRequired: 'Name the person who holds this title',
} as const;
