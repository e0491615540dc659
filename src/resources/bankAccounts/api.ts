/** The bank accounts' call beyond react-admin's CRUD: the fields per currency and payment method. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type {
  BankCommonField,
  BankCurrency,
  BankDetailField,
  PaymentMethod,
} from '../../domain/bankAccounts';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export interface BankAccountMetadata {
  currencies: Array<{
    currency: BankCurrency;
    paymentMethods: Array<{ paymentMethod: PaymentMethod; fields: BankDetailField[] }>;
  }>;
  commonFields: BankCommonField[];
}

export const bankAccountMethods = {
  /** GET bank-accounts/metadata (FETCH_BANK_METADATA). */
  getBankAccountMetadata: (http) => async () =>
    (await http.request<BankAccountMetadata>('bank-accounts/metadata')).json,
} satisfies CustomMethods;

export type BankAccountApi = DataProvider & MethodsOf<typeof bankAccountMethods>;

export const useBankAccountApi = () => useDataProvider<BankAccountApi>();

export const BANK_ACCOUNT_QUERY_KEYS = { metadata: ['bank-accounts', 'metadata'] } as const;
