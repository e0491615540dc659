import { useDataProvider, type DataProvider } from 'react-admin';
import type { Query } from '../../api';
import { downloadFile, filenameOf, saveFile, type DownloadedFile } from '../../api/download';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

/** A downloaded CSV (the shared file helper's shape). */
export type CsvFile = DownloadedFile;
export { filenameOf, saveFile };

export const transactionMethods = {
  /**
   * GET `<path>/export?format=csv&<filters>` through the http client (its Authorization header; the
   * token never goes into a URL), read as a file.
   */
  exportTransactionsCsv:
    (http) =>
    (path: string, query: Query, fallbackName: string): Promise<CsvFile> =>
      downloadFile(
        http,
        `${path}/export`,
        { query: { format: 'csv', ...query }, headers: { Accept: 'text/csv' } },
        fallbackName,
      ),
} satisfies CustomMethods;

export const useTransactionApi = () => useDataProvider<DataProvider & MethodsOf<typeof transactionMethods>>();
