import { useDataProvider, type DataProvider } from 'react-admin';
import type { Query } from '../../api';
import { downloadFile, filenameOf, saveFile, type DownloadedFile } from '../../api/download';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

/** A downloaded CSV (the shared file helper's shape). */
export type CsvFile = DownloadedFile;
export { filenameOf, saveFile };

/**
 * The number of rows an export was cut at, when the server cut it at its row cap
 * (`X-Export-Truncated: true`, `X-Export-Row-Cap: N`), else undefined.
 */
export function exportCutAt(headers: Headers | undefined): number | undefined {
  if (headers?.get('X-Export-Truncated') !== 'true') return undefined;
  const cap = Number(headers.get('X-Export-Row-Cap'));
  return Number.isSafeInteger(cap) && cap > 0 ? cap : undefined;
}

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
