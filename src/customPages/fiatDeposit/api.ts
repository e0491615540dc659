/** The page's call, added to the data provider as `dataProvider.createFiatDeposit(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export interface FiatDepositBody {
  businessId: number;
  currency: string;
  expectedAmount: string;
  reference: string;
}

export interface CreatedFiatDeposit extends FiatDepositBody {
  id: number;
  status: string;
  instructions: { beneficiary: string; iban: string; bic: string; reference: string };
  arrivesAt: string;
  createdAt: string;
}

export const fiatDepositMethods = {
  /** POST payment/deposits/fiat (CREATE_FIAT_DEPOSIT, where the brand allows it; Idempotency-Key). */
  createFiatDeposit:
    (http) =>
    async (body: FiatDepositBody, { idempotencyKey }: { idempotencyKey: string }) =>
      (
        await http.request<{ fiatDeposit: CreatedFiatDeposit }>('payment/deposits/fiat', {
          method: 'POST',
          body,
          idempotencyKey,
        })
      ).json.fiatDeposit,
} satisfies CustomMethods;

export const useFiatDepositApi = () => useDataProvider<DataProvider & MethodsOf<typeof fiatDepositMethods>>();
