/** The page's call, added to the data provider as `dataProvider.downloadTransactionLedger(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import { downloadFile, type DownloadedFile } from '../../api/download';
import type { LedgerFormat, TransactionLedgerRequest } from '../../domain/reportForms';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

/** What each format is answered with. */
export const LEDGER_MEDIA_TYPES: Record<LedgerFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const transactionLedgerMethods = {
  /** POST /v1/reports/transaction-ledger with the JSON body, answered by a CSV or XLSX file. */
  downloadTransactionLedger:
    (http) =>
    (body: TransactionLedgerRequest, fallbackName: string): Promise<DownloadedFile> =>
      downloadFile(
        http,
        'reports/transaction-ledger',
        { method: 'POST', body, headers: { Accept: `${LEDGER_MEDIA_TYPES[body.format]}, application/json` } },
        fallbackName,
      ),
} satisfies CustomMethods;

export const useTransactionLedgerApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof transactionLedgerMethods>>();
