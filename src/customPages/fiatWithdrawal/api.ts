/** The page's call, added to the data provider as `dataProvider.createFiatWithdrawal(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';
import type { MovementCallOptions } from '../internalTransfer/api';

export interface FiatWithdrawalBody {
  businessId: number;
  bankAccountId: number;
  currency: string;
  amount: string;
  reference: string;
}

export interface CreatedFiatWithdrawal extends FiatWithdrawalBody {
  id: number;
  bankAccountLabel: string;
  status: string;
  createdAt: string;
}

export const fiatWithdrawalMethods = {
  /** POST payment/withdrawals/fiat (CREATE_FIAT_WITHDRAWAL; Idempotency-Key, X-2FA-Code). */
  createFiatWithdrawal:
    (http) =>
    async (body: FiatWithdrawalBody, { idempotencyKey, twoFaCode }: MovementCallOptions) =>
      (
        await http.request<{ withdrawal: CreatedFiatWithdrawal }>('payment/withdrawals/fiat', {
          method: 'POST',
          body,
          idempotencyKey,
          twoFaCode,
        })
      ).json.withdrawal,
} satisfies CustomMethods;

export const useFiatWithdrawalApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof fiatWithdrawalMethods>>();
