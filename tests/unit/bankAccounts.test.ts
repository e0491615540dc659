/**
 * The bank-account rules (src/domain/bankAccounts.ts, docs/decisions.md 144–145) on published valid
 * and invalid examples: IBAN (checksum and country length), BIC, UK sort code, ABA routing number;
 * the fields each currency and payment method need, with their messages; masking.
 */
import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNT_METADATA,
  bankAccountFields,
  detailFieldsFor,
  ibanProblem,
  isBic,
  isIban,
  isRoutingNumber,
  isSortCode,
  maskTail,
  METHODS_BY_CURRENCY,
  validateBankAccount,
  type BankAccountValues,
} from '../../src/domain/bankAccounts';

describe('IBAN', () => {
  it.each([
    'DE89370400440532013000', // Germany
    'GB29 NWBK 6016 1331 9268 19', // United Kingdom, grouped
    'FR1420041010050500013M02606', // France
    'NL91ABNA0417164300', // Netherlands
    'be68 5390 0754 7034', // Belgium, lower case
  ])('takes %s', (iban) => {
    expect(isIban(iban)).toBe(true);
  });

  it.each([
    ['DE89370400440532013001', 'ibanChecksum'],
    ['FR1420041010050500013M02607', 'ibanChecksum'],
    ['GB28NWBK60161331926819', 'ibanChecksum'],
    ['DE8937040044053201300', 'ibanLength'], // one digit short for Germany
    ['NL91ABNA04171643001', 'ibanLength'], // one digit long for the Netherlands
    ['XX89370400440532013000', 'ibanCountry'],
    ['', 'ibanRequired'],
  ] as const)('refuses %s: %s', (iban, problem) => {
    expect(ibanProblem(iban)).toBe(problem);
  });
});

describe('BIC', () => {
  it.each(['DEUTDEFF', 'DEUTDEFF500', 'NWBKGB2L', 'BNPAFRPPXXX', 'chasus33'])('takes %s', (bic) => {
    expect(isBic(bic)).toBe(true);
  });
  it.each(['DEUTDEF', 'DEUTDEFF50', 'DEUTDEFF5000', 'DEUTZZFF', '1234DEFF', ''])('refuses %s', (bic) => {
    expect(isBic(bic)).toBe(false);
  });
});

describe('UK sort code', () => {
  it.each(['60-16-13', '601613', '20 00 00'])('takes %s', (code) => {
    expect(isSortCode(code)).toBe(true);
  });
  it.each(['60-16-1', '6016134', 'AB-CD-EF', ''])('refuses %s', (code) => {
    expect(isSortCode(code)).toBe(false);
  });
});

describe('ABA routing number', () => {
  it.each(['021000021', '011000015', '026009593', '121000358'])('takes %s', (number) => {
    expect(isRoutingNumber(number)).toBe(true);
  });
  it.each(['021000022', '123456789', '12345678', '0210000210', 'A21000021'])('refuses %s', (number) => {
    expect(isRoutingNumber(number)).toBe(false);
  });
});

const HOLDER = {
  accountLabel: 'Payouts',
  holderName: 'Aurora Payments',
  holderAddress: '1 Main Street',
  holderCity: 'Berlin',
  holderCountry: 'Germany',
};

const VALID: Record<string, BankAccountValues> = {
  'EUR SEPA': {
    ...HOLDER,
    accountCurrency: 'EUR',
    paymentMethod: 'SEPA',
    iban: 'DE89370400440532013000',
    bankName: 'B',
  },
  'EUR SWIFT': {
    ...HOLDER,
    accountCurrency: 'EUR',
    paymentMethod: 'SWIFT',
    iban: 'DE89370400440532013000',
    swiftCode: 'COBADEFF',
    bankName: 'Commerzbank',
    bankAddress: 'Frankfurt',
    intermediaryBankName: 'Deutsche Bank',
    intermediaryBankAddress: 'Frankfurt',
  },
  'GBP FPS': {
    ...HOLDER,
    accountCurrency: 'GBP',
    paymentMethod: 'FPS',
    accountNumber: '31926819',
    sortCode: '60-16-13',
    bankName: 'NatWest',
  },
  'USD ACH': {
    ...HOLDER,
    accountCurrency: 'USD',
    paymentMethod: 'ACH',
    accountNumber: '000123456789',
    routingNumber: '021000021',
    bankName: 'Chase',
    bankEmail: 'ops@example.com',
  },
};

describe('an account’s fields follow its currency and payment method', () => {
  it('offers EUR: SEPA, SWIFT; GBP: FPS, SWIFT; USD: ACH, FEDWIRE, SWIFT, each with its fields', () => {
    expect(METHODS_BY_CURRENCY).toEqual({
      EUR: ['SEPA', 'SWIFT'],
      GBP: ['FPS', 'SWIFT'],
      USD: ['ACH', 'FEDWIRE', 'SWIFT'],
    });
    for (const [currency, methods] of Object.entries(METHODS_BY_CURRENCY))
      for (const method of methods) expect(detailFieldsFor(currency, method).length).toBeGreaterThan(0);
    expect(detailFieldsFor('EUR', 'ACH')).toEqual([]);
    expect(detailFieldsFor('', '')).toEqual([]);
    // bankEmail is asked of every USD account and of no other.
    for (const [currency, methods] of Object.entries(BANK_ACCOUNT_METADATA))
      for (const fields of Object.values(methods))
        expect(fields.includes('bankEmail')).toBe(currency === 'USD');
  });

  it.each(Object.entries(VALID))('takes a valid %s account', (_, values) => {
    expect(validateBankAccount(values)).toEqual({});
  });

  it.each(Object.entries(VALID))('requires every field a %s account needs, with its message', (_, values) => {
    const needed = detailFieldsFor(values.accountCurrency, values.paymentMethod);
    for (const name of needed) {
      const errors = validateBankAccount({ ...values, [name]: '  ' });
      expect(errors).toEqual({ [name]: `${name}Required` });
    }
  });

  it('requires the label and holder fields, currency and method', () => {
    expect(validateBankAccount({})).toEqual({
      accountLabel: 'accountLabelRequired',
      holderName: 'holderNameRequired',
      holderAddress: 'holderAddressRequired',
      holderCity: 'holderCityRequired',
      holderCountry: 'holderCountryRequired',
      accountCurrency: 'accountCurrencyRequired',
      paymentMethod: 'paymentMethodRequired',
    });
    expect(BANK_ACCOUNT_MESSAGES.accountLabelRequired).toBe('Account label is required');
  });

  it('words each format problem', () => {
    const check = (values: BankAccountValues) => validateBankAccount(values);
    expect(check({ ...VALID['EUR SEPA'], iban: 'DE89370400440532013001' })).toEqual({ iban: 'ibanChecksum' });
    expect(check({ ...VALID['EUR SWIFT'], swiftCode: 'COBADEF' })).toEqual({ swiftCode: 'swiftCodeFormat' });
    expect(check({ ...VALID['GBP FPS'], sortCode: '60161' })).toEqual({ sortCode: 'sortCodeFormat' });
    expect(check({ ...VALID['GBP FPS'], accountNumber: '3192681' })).toEqual({
      accountNumber: 'accountNumberUk',
    });
    expect(check({ ...VALID['USD ACH'], routingNumber: '02100002' })).toEqual({
      routingNumber: 'routingNumberFormat',
    });
    expect(check({ ...VALID['USD ACH'], routingNumber: '021000022' })).toEqual({
      routingNumber: 'routingNumberChecksum',
    });
    expect(check({ ...VALID['USD ACH'], accountNumber: '123' })).toEqual({
      accountNumber: 'accountNumberUs',
    });
    expect(check({ ...VALID['USD ACH'], bankEmail: 'ops@' })).toEqual({ bankEmail: 'bankEmailInvalid' });
    expect(check({ ...VALID['USD ACH'], bankEmail: '' })).toEqual({ bankEmail: 'bankEmailRequired' });
    expect(check({ ...VALID['USD ACH'], paymentMethod: 'SEPA' })).toEqual({
      paymentMethod: 'paymentMethodCurrency',
    });
    expect(check({ ...VALID['USD ACH'], holderName: 'Robert"); DROP' })).toEqual({
      holderName: 'specialCharacters',
    });
    expect(BANK_ACCOUNT_MESSAGES.bankEmailInvalid).toBe('Please enter a valid email address');
  });

  it('ignores, and does not keep, fields the currency and method do not need', () => {
    const values = { ...VALID['GBP FPS'], iban: 'not an iban', bankEmail: 'x' };
    expect(validateBankAccount(values)).toEqual({});
    expect(bankAccountFields(values)).toMatchObject({
      iban: null,
      bankEmail: null,
      sortCode: '601613',
      accountNumber: '31926819',
    });
  });
});

describe('masking', () => {
  it('shows the last 4 characters of an IBAN or account number only', () => {
    expect(maskTail('DE89 3704 0044 0532 0130 00')).toBe('•••• 3000');
    expect(maskTail('31926819')).toBe('•••• 6819');
    expect(maskTail('1234')).toBe('••••');
    expect(maskTail(null)).toBeNull();
  });
});
