/**
 * The businesses' calls beyond react-admin's CRUD, added to the data provider by the declaration:
 * the organisation's metadata (settlement currency, enabled cryptocurrencies, fee distribution), the
 * coins' precision per network, and the balances (every visible business's, or one business's).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { OrganisationMetadata } from '../../domain/business';
import type { CallbackSecretAnswer } from '../../domain/callbacks';
import type { BusinessOverview } from '../../domain/records';
import type { BusinessBalanceRow, CoinMetadata } from '../../domain/businessBalances';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export const businessMethods = {
  /** GET payment/organisations/metadata (GET_ORGANISATION). */
  getOrganisationMetadata: (http) => async () =>
    (await http.request<OrganisationMetadata>('payment/organisations/metadata')).json,
  /** GET withdrawals/metadata (GET_ORGANISATION): the coins' precision per network. */
  getWithdrawalsMetadata: (http) => async () =>
    (await http.request<{ coins: CoinMetadata[] }>('withdrawals/metadata')).json.coins ?? [],
  /** GET balances (GET_BALANCES): one row per visible business. */
  getBusinessBalances: (http) => async () =>
    (await http.request<{ balances: BusinessBalanceRow[] }>('balances')).json.balances ?? [],
  /** GET balances/{businessId} (GET_BALANCES): one business's row (404 for a foreign or hidden one). */
  getBusinessBalance: (http) => async (businessId: number) =>
    (await http.request<BusinessBalanceRow>(`balances/${encodeURIComponent(String(businessId))}`)).json,
  /**
   * GET businesses/{id}/overview (GET_BUSINESSES): the business page's header; each part null when the
   * caller may not read it.
   */
  getBusinessOverview: (http) => async (businessId: number, signal?: AbortSignal) =>
    (
      await http.request<BusinessOverview>(`businesses/${encodeURIComponent(String(businessId))}/overview`, {
        signal,
      })
    ).json,
  /**
   * POST businesses/{id}/callback-secret (UPDATE_BUSINESS, 2FA): a new signing secret, shown this once;
   * the previous one keeps signing beside it until `previousRetiresAt`.
   */
  rotateCallbackSecret: (http) => async (businessId: number, twoFaCode?: string) =>
    (
      await http.request<CallbackSecretAnswer>(
        `businesses/${encodeURIComponent(String(businessId))}/callback-secret`,
        { method: 'POST', twoFaCode },
      )
    ).json,
} satisfies CustomMethods;

export type BusinessApi = DataProvider & MethodsOf<typeof businessMethods>;

export const useBusinessApi = () => useDataProvider<BusinessApi>();

/** React Query keys of these calls (switching organisation clears every cached query). */
export const BUSINESS_QUERY_KEYS = {
  organisationMetadata: ['businesses', 'organisationMetadata'],
  withdrawalsMetadata: ['businesses', 'withdrawalsMetadata'],
  balances: ['businesses', 'balances'],
  overview: (businessId: number) => ['businesses', 'overview', businessId] as const,
} as const;
