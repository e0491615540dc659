import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../../../src/dataProvider/types';

export const webhookMethods = {
  sendTestEvent: (http) => async (id: number) => {
    await http.request(`webhooks/${id}/test`, { method: 'POST' });
  },
} satisfies CustomMethods;

export const useWebhookApi = () => useDataProvider<DataProvider & MethodsOf<typeof webhookMethods>>();
