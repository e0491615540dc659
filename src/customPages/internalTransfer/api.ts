/** The page's call, added to the data provider as `dataProvider.createInternalTransfer(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export interface TransferBody {
  fromBusinessId: number;
  toBusinessId: number;
  currency: string;
  amount: string;
}

export interface CreatedTransfer extends TransferBody {
  id: number;
  status: string;
  createdAt: string;
}

export interface MovementCallOptions {
  idempotencyKey: string;
  twoFaCode?: string;
}

export const internalTransferMethods = {
  /** POST payment/internal-transfers (CREATE_INTERNAL_TRANSFER; Idempotency-Key, X-2FA-Code). */
  createInternalTransfer:
    (http) =>
    async (
      body: TransferBody,
      { idempotencyKey, twoFaCode }: MovementCallOptions,
    ): Promise<CreatedTransfer> =>
      (
        await http.request<{ transfer: CreatedTransfer }>('payment/internal-transfers', {
          method: 'POST',
          body,
          idempotencyKey,
          twoFaCode,
        })
      ).json.transfer,
} satisfies CustomMethods;

export const useInternalTransferApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof internalTransferMethods>>();
