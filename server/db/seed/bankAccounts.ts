/**
 * Demo bank accounts (seed version 4): Aurora's settlement accounts in EUR (SEPA), GBP (FPS) and USD
 * (ACH), and one of Borealis's (so organisation isolation has a foreign row to probe). Every number is
 * a published example with valid check digits: the IBAN DE89 3704 0044 0532 0130 00, the UK sort code
 * 60-16-13 with account 31926819 (of the IBAN GB29 NWBK 6016 1331 9268 19), the ABA routing number
 * 021000021, and the IBAN GB82 WEST 1234 5698 7654 32.
 */
import {
  bankAccountFields,
  validateBankAccount,
  type BankAccountValues,
} from '../../../src/domain/bankAccounts';
import type { Db } from '../client';
import { AURORA, BOREALIS } from './demo';

const DAY = 86_400_000;

export const DEMO_BANK_ACCOUNTS: readonly (BankAccountValues & {
  organisationId: number;
  ageDays: number;
})[] = [
  {
    organisationId: AURORA,
    ageDays: 40,
    accountLabel: 'Aurora EUR settlements',
    accountCurrency: 'EUR',
    paymentMethod: 'SEPA',
    holderName: 'Aurora Payments GmbH',
    holderAddress: 'Friedrichstrasse 120',
    holderCity: 'Berlin',
    holderCountry: 'Germany',
    iban: 'DE89370400440532013000',
    bankName: 'Commerzbank',
  },
  {
    organisationId: AURORA,
    ageDays: 30,
    accountLabel: 'Aurora GBP settlements',
    accountCurrency: 'GBP',
    paymentMethod: 'FPS',
    holderName: 'Aurora Payments Ltd',
    holderAddress: '1 Poultry',
    holderCity: 'London',
    holderCountry: 'United Kingdom',
    accountNumber: '31926819',
    sortCode: '601613',
    bankName: 'NatWest',
  },
  {
    organisationId: AURORA,
    ageDays: 20,
    accountLabel: 'Aurora USD settlements',
    accountCurrency: 'USD',
    paymentMethod: 'ACH',
    holderName: 'Aurora Payments Inc',
    holderAddress: '200 Park Avenue',
    holderCity: 'New York',
    holderCountry: 'United States',
    accountNumber: '000123456789',
    routingNumber: '021000021',
    bankName: 'JPMorgan Chase',
    bankEmail: 'treasury@aurora.example.com',
  },
  {
    organisationId: BOREALIS,
    ageDays: 25,
    accountLabel: 'Borealis GBP payouts',
    accountCurrency: 'GBP',
    paymentMethod: 'SWIFT',
    holderName: 'Borealis Exchange Ltd',
    holderAddress: '10 Queen Street',
    holderCity: 'Edinburgh',
    holderCountry: 'United Kingdom',
    iban: 'GB82WEST12345698765432',
    swiftCode: 'NWBKGB2L',
    bankName: 'NatWest',
    bankAddress: '250 Bishopsgate, London',
    intermediaryBankName: 'Deutsche Bank',
    intermediaryBankAddress: 'Taunusanlage 12, Frankfurt',
  },
];

export async function seedBankAccounts(tx: Db, seedDay: Date): Promise<void> {
  for (const { organisationId, ageDays, ...values } of DEMO_BANK_ACCOUNTS) {
    const problems = validateBankAccount(values);
    if (Object.keys(problems).length > 0)
      throw new Error(`Seed: bank account ${values.accountLabel}: ${JSON.stringify(problems)}`);
    const f = bankAccountFields(values);
    const at = new Date(seedDay.getTime() - ageDays * DAY);
    await tx.query(
      `INSERT INTO bank_accounts (organisation_id, account_label, account_currency, payment_method, holder_name,
         holder_address, holder_city, holder_country, iban, account_number, sort_code, routing_number,
         swift_code, bank_name, bank_address, intermediary_bank_name, intermediary_bank_address, bank_email,
         created_at, created_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, NULL, $19)`,
      [
        organisationId,
        f.accountLabel,
        f.accountCurrency,
        f.paymentMethod,
        f.holderName,
        f.holderAddress,
        f.holderCity,
        f.holderCountry,
        f.iban,
        f.accountNumber,
        f.sortCode,
        f.routingNumber,
        f.swiftCode,
        f.bankName,
        f.bankAddress,
        f.intermediaryBankName,
        f.intermediaryBankAddress,
        f.bankEmail,
        at,
      ],
    );
  }
}
