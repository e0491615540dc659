/** The page's own calls, added to the data provider as `dataProvider.getTwoFaSetup()` / `updateTwoFa(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { TwoFaSetupResponse, TwoFaUpdateRequest } from '../../domain/api';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export const authenticationMethods = {
  getTwoFaSetup: (http) => async () => (await http.request<TwoFaSetupResponse>('users/two-fa')).json,
  updateTwoFa: (http) => async (input: TwoFaUpdateRequest) => {
    // The answer rotates the token; the session learns the new 2FA state with it.
    await http.request('users/two-fa', {
      method: 'PATCH',
      body: input,
      sessionPatch: { authentication: input.enabled },
    });
  },
} satisfies CustomMethods;

export const useAuthenticationApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof authenticationMethods>>();
