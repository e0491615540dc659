/**
 * Bank accounts (docs/product.md#validation-rules-and-messages, docs/decisions.md 144–145): which
 * fields an account needs for its currency and payment method, their rules and messages, and the
 * masking of account numbers and IBANs. The bank-account form and the reference API both use this
 * module; `GET /v1/bank-accounts/metadata` answers BANK_ACCOUNT_METADATA.
 *
 * IBAN (checksum and country length) and BIC are checked with ibantools; the ABA routing number's
 * checksum (weights 3, 7, 1) and the UK sort code (6 digits) are a line each.
 */
import { isValidBIC, validateIBAN, electronicFormatIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { BankAccountMessageKey } from './bankAccountMessages';
import { hasSpecialCharacters } from './roles';
import { isEmail } from './validation';

export const BANK_CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type BankCurrency = (typeof BANK_CURRENCIES)[number];

export const PAYMENT_METHODS = ['SEPA', 'SWIFT', 'FPS', 'ACH', 'FEDWIRE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The payment methods of each account currency. */
export const METHODS_BY_CURRENCY: Readonly<Record<BankCurrency, readonly PaymentMethod[]>> = {
  EUR: ['SEPA', 'SWIFT'],
  GBP: ['FPS', 'SWIFT'],
  USD: ['ACH', 'FEDWIRE', 'SWIFT'],
};

/** The fields that depend on the currency and the payment method (the others every account has). */
export const BANK_DETAIL_FIELDS = [
  'iban',
  'accountNumber',
  'sortCode',
  'routingNumber',
  'swiftCode',
  'bankName',
  'bankAddress',
  'intermediaryBankName',
  'intermediaryBankAddress',
  'bankEmail',
] as const;
export type BankDetailField = (typeof BANK_DETAIL_FIELDS)[number];

/** Every account's fields: its label and the account holder. */
export const BANK_COMMON_FIELDS = [
  'accountLabel',
  'holderName',
  'holderAddress',
  'holderCity',
  'holderCountry',
] as const;
export type BankCommonField = (typeof BANK_COMMON_FIELDS)[number];

export type BankAccountField = BankCommonField | BankDetailField | 'accountCurrency' | 'paymentMethod';

/** A bank account's text fields as the form and the API carry them ('' or absent: not given). */
export type BankAccountValues = Partial<Record<BankAccountField, string | null>>;

const SWIFT_DETAILS: readonly BankDetailField[] = [
  'swiftCode',
  'bankName',
  'bankAddress',
  'intermediaryBankName',
  'intermediaryBankAddress',
];

/** Currency → payment method → the detail fields it needs (docs/decisions.md 144). */
export const BANK_ACCOUNT_METADATA: Readonly<
  Record<BankCurrency, Partial<Record<PaymentMethod, readonly BankDetailField[]>>>
> = {
  EUR: {
    SEPA: ['iban', 'bankName'],
    SWIFT: ['iban', ...SWIFT_DETAILS],
  },
  GBP: {
    FPS: ['accountNumber', 'sortCode', 'bankName'],
    SWIFT: ['iban', ...SWIFT_DETAILS],
  },
  USD: {
    ACH: ['accountNumber', 'routingNumber', 'bankName', 'bankEmail'],
    FEDWIRE: ['accountNumber', 'routingNumber', 'bankName', 'bankAddress', 'bankEmail'],
    SWIFT: ['accountNumber', ...SWIFT_DETAILS, 'bankEmail'],
  },
};

export const isBankCurrency = (value: unknown): value is BankCurrency =>
  (BANK_CURRENCIES as readonly unknown[]).includes(value);

/** The detail fields of a currency and method; empty while either is missing or they do not go together. */
export function detailFieldsFor(
  currency: string | null | undefined,
  method: string | null | undefined,
): readonly BankDetailField[] {
  if (!isBankCurrency(currency)) return [];
  return BANK_ACCOUNT_METADATA[currency][method as PaymentMethod] ?? [];
}

export { BANK_ACCOUNT_MESSAGES, type BankAccountMessageKey } from './bankAccountMessages';

/** The longest text a bank field takes. */
export const BANK_FIELD_MAX_LENGTH = 200;

/** Spaces and dashes dropped, upper case: how IBANs, BICs, sort codes and numbers are kept. */
export const compact = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/** The IBAN's problem, if any: its country, its length and format for that country, its check digits. */
export function ibanProblem(value: string): BankAccountMessageKey | undefined {
  const iban = electronicFormatIBAN(value) ?? '';
  if (iban === '') return 'ibanRequired';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.length === 0) return undefined;
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'ibanCountry';
  if (
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)
  )
    return 'ibanLength';
  return 'ibanChecksum';
}

export const isIban = (value: string) => ibanProblem(value) === undefined;

/** A BIC (SWIFT code): 8 or 11 characters, bank code, a known country, location (and branch). */
export function isBic(value: string): boolean {
  const bic = compact(value);
  return (bic.length === 8 || bic.length === 11) && isValidBIC(bic);
}

/** A UK sort code: 6 digits (written 12-34-56, 12 34 56 or 123456). */
export const isSortCode = (value: string) => /^\d{6}$/.test(compact(value));

/** An ABA routing number: 9 digits whose weighted sum (3, 7, 1, …) is a multiple of 10. */
export function isRoutingNumber(value: string): boolean {
  const digits = compact(value);
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * weights[i], 0);
  return sum % 10 === 0;
}

function accountNumberProblem(value: string, currency: BankCurrency): BankAccountMessageKey | undefined {
  const number = compact(value);
  if (currency === 'GBP') return /^\d{8}$/.test(number) ? undefined : 'accountNumberUk';
  if (currency === 'USD') return /^\d{4,17}$/.test(number) ? undefined : 'accountNumberUs';
  return /^[A-Z0-9]{1,34}$/.test(number) ? undefined : 'accountNumberFormat';
}

const text = (values: BankAccountValues, name: BankAccountField) => (values[name] ?? '').trim();

/**
 * The field errors of an account (message keys of BANK_ACCOUNT_MESSAGES, one per field, the first
 * failing rule): every common field, the currency and method, and each detail field the pair needs.
 * Detail fields the pair does not need are ignored (and not kept: bankAccountFields).
 */
export function validateBankAccount(
  values: BankAccountValues,
): Partial<Record<BankAccountField, BankAccountMessageKey>> {
  const errors: Partial<Record<BankAccountField, BankAccountMessageKey>> = {};
  for (const name of BANK_COMMON_FIELDS) {
    const value = text(values, name);
    if (value === '') errors[name] = `${name}Required`;
    else if (hasSpecialCharacters(value)) errors[name] = 'specialCharacters';
  }
  const currency = text(values, 'accountCurrency');
  const method = text(values, 'paymentMethod');
  if (!isBankCurrency(currency)) errors.accountCurrency = 'accountCurrencyRequired';
  if (method === '') errors.paymentMethod = 'paymentMethodRequired';
  else if (isBankCurrency(currency) && !METHODS_BY_CURRENCY[currency].includes(method as PaymentMethod))
    errors.paymentMethod = 'paymentMethodCurrency';
  if (!isBankCurrency(currency)) return errors;
  for (const name of detailFieldsFor(currency, method)) {
    const value = text(values, name);
    if (value === '') {
      errors[name] = `${name}Required`;
      continue;
    }
    let problem: BankAccountMessageKey | undefined;
    switch (name) {
      case 'iban':
        problem = ibanProblem(value);
        break;
      case 'accountNumber':
        problem = accountNumberProblem(value, currency);
        break;
      case 'sortCode':
        problem = isSortCode(value) ? undefined : 'sortCodeFormat';
        break;
      case 'routingNumber':
        problem = !/^\d{9}$/.test(compact(value))
          ? 'routingNumberFormat'
          : isRoutingNumber(value)
            ? undefined
            : 'routingNumberChecksum';
        break;
      case 'swiftCode':
        problem = isBic(value) ? undefined : 'swiftCodeFormat';
        break;
      case 'bankEmail':
        problem = isEmail(value) ? undefined : 'bankEmailInvalid';
        break;
      default:
        problem = hasSpecialCharacters(value) ? 'specialCharacters' : undefined;
    }
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** The codes kept without spaces or dashes, in capitals. */
const COMPACTED: readonly BankDetailField[] = [
  'iban',
  'accountNumber',
  'sortCode',
  'routingNumber',
  'swiftCode',
];

/**
 * The fields an account keeps (call after validateBankAccount found nothing): texts trimmed, codes
 * compacted, the e-mail in lower case, and null for every detail field its currency and method do not
 * need.
 */
export function bankAccountFields(values: BankAccountValues): Record<BankAccountField, string | null> {
  const currency = text(values, 'accountCurrency');
  const method = text(values, 'paymentMethod');
  const needed = detailFieldsFor(currency, method);
  const kept = {
    accountCurrency: currency,
    paymentMethod: method,
  } as Record<BankAccountField, string | null>;
  for (const name of BANK_COMMON_FIELDS) kept[name] = text(values, name);
  for (const name of BANK_DETAIL_FIELDS) {
    const value = text(values, name);
    kept[name] = !needed.includes(name)
      ? null
      : COMPACTED.includes(name)
        ? compact(value)
        : name === 'bankEmail'
          ? value.toLowerCase()
          : value;
  }
  return kept;
}

/** The masking character run before the last four characters of a number. */
export const MASK = '••••';

/** An account number or IBAN as lists show it: the last 4 characters only (docs/decisions.md 145). */
export function maskTail(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const compacted = compact(value);
  return compacted.length <= 4 ? MASK : `${MASK} ${compacted.slice(-4)}`;
}

/** An IBAN grouped by four for reading (DE89 3704 0044 0532 0130 00). */
export const groupByFour = (value: string) => compact(value).replace(/(.{4})(?=.)/g, '$1 ');
