/** The page's call, added to the data provider as `dataProvider.downloadBalanceConfirmation(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import { downloadFile, type DownloadedFile } from '../../api/download';
import type { BalanceConfirmationRequest } from '../../domain/reportForms';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export const balanceConfirmationMethods = {
  /** POST /v1/reports/balance-confirmation with the JSON body, answered by a PDF. */
  downloadBalanceConfirmation:
    (http) =>
    (body: BalanceConfirmationRequest, fallbackName: string): Promise<DownloadedFile> =>
      downloadFile(
        http,
        'reports/balance-confirmation',
        { method: 'POST', body, headers: { Accept: 'application/pdf, application/json' } },
        fallbackName,
      ),
} satisfies CustomMethods;

export const useBalanceConfirmationApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof balanceConfirmationMethods>>();
