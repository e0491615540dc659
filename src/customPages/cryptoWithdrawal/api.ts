/** The withdrawal page's calls, added to the data provider (`dataProvider.createCryptoWithdrawal(...)`, …). */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CoinMetadata } from '../../domain/businessBalances';
import type { WithdrawalStatus } from '../../domain/withdrawals';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

/** A whitelisted address a withdrawal may go to (GET /v1/withdrawals/destinations). */
export interface Destination {
  id: number;
  label: string;
  currency: string;
  network: string;
  address: string;
  destinationTag: string | null;
}

export interface CreateWithdrawalBody {
  businessId: number;
  currency: string;
  network: string;
  amount: string;
  whitelistedAddressId: number;
}

export interface CreatedWithdrawal {
  id: number;
  status: WithdrawalStatus;
  amount: string;
  currency: string;
  network: string;
  address: string;
  destinationTag: string | null;
}

export const cryptoWithdrawalMethods = {
  withdrawalDestinations: (http) => async (): Promise<Destination[]> =>
    (await http.request<{ destinations: Destination[] }>('withdrawals/destinations')).json.destinations,
  /** GET withdrawals/metadata: the precision of each currency on each network. */
  withdrawalPrecisions: (http) => async (): Promise<CoinMetadata[]> =>
    (await http.request<{ coins: CoinMetadata[] }>('withdrawals/metadata')).json.coins ?? [],
  createCryptoWithdrawal:
    (http) =>
    async (
      body: CreateWithdrawalBody,
      options: { idempotencyKey: string; twoFaCode?: string },
    ): Promise<CreatedWithdrawal> =>
      (
        await http.request<{ withdrawal: CreatedWithdrawal }>('withdrawals/crypto', {
          method: 'POST',
          body,
          idempotencyKey: options.idempotencyKey,
          twoFaCode: options.twoFaCode,
        })
      ).json.withdrawal,
} satisfies CustomMethods;

export const useCryptoWithdrawalApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof cryptoWithdrawalMethods>>();
