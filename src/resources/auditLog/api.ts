/** The audit log's CSV export through the http client (the token never goes into a URL). */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { Query } from '../../api';
import { downloadFile, type DownloadedFile } from '../../api/download';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export const auditLogMethods = {
  /** GET /v1/audit-log/export?format=csv&<filters>, read as a file. */
  exportAuditLogCsv:
    (http) =>
    (query: Query, fallbackName: string): Promise<DownloadedFile> =>
      downloadFile(
        http,
        'audit-log/export',
        { query: { format: 'csv', ...query }, headers: { Accept: 'text/csv' } },
        fallbackName,
      ),
} satisfies CustomMethods;

export const useAuditLogApi = () => useDataProvider<DataProvider & MethodsOf<typeof auditLogMethods>>();
