/** The page's own call, added to the data provider as `dataProvider.changePassword(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { ChangePasswordRequest } from '../../domain/api';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export const changePasswordMethods = {
  changePassword: (http) => async (input: ChangePasswordRequest) => {
    await http.request('users/password', { method: 'PATCH', body: input });
  },
} satisfies CustomMethods;

export const useChangePasswordApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof changePasswordMethods>>();
