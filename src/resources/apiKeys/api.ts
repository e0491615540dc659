/**
 * The API keys' calls beyond react-admin's CRUD: the creation, whose answer holds the secret (shown
 * once, so it never enters react-admin's record cache), and the businesses a key may be made for.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';
import type { ApiKeyRecord } from './ApiKeyList';

export interface KeyBusiness {
  id: number;
  name: string;
}

export const apiKeyMethods = {
  /** POST api-keys (CREATE_API_CREDENTIALS, the 2FA code when 2FA is on): the key and its secret. */
  createApiKey: (http) => async (body: Record<string, unknown>, twoFaCode?: string) =>
    (
      await http.request<{ apiKey: ApiKeyRecord; secret: string }>('api-keys', {
        method: 'POST',
        body,
        twoFaCode,
      })
    ).json,
  /** GET api-keys/businesses (CREATE_API_CREDENTIALS): ids and names, by name. */
  getKeyBusinesses: (http) => async () =>
    (await http.request<{ businesses: KeyBusiness[] }>('api-keys/businesses', { query: { limit: 100 } })).json
      .businesses,
} satisfies CustomMethods;

export const useApiKeyApi = () => useDataProvider<DataProvider & MethodsOf<typeof apiKeyMethods>>();
