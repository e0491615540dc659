import { useDataProvider, type DataProvider } from 'react-admin';
import type { Query } from '../../api';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export interface CsvFile {
  blob: Blob;
  /** The server's file name (Content-Disposition), else `<fallback>`. */
  filename: string;
}

/** `attachment; filename="payments-2026-11-21.csv"` → `payments-2026-11-21.csv` (no path parts). */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  let name: string | undefined;
  if (encoded) {
    try {
      name = decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??=
    /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || undefined;
}

export const transactionMethods = {
  /**
   * GET `<path>/export?format=csv&<filters>` through the http client (its Authorization header; the
   * token never goes into a URL), read as a file.
   */
  exportTransactionsCsv: (http) => async (path: string, query: Query, fallbackName: string) => {
    const { json, headers } = await http.request<Blob>(`${path}/export`, {
      query: { format: 'csv', ...query },
      headers: { Accept: 'text/csv' },
      responseType: 'blob',
    });
    const file: CsvFile = {
      blob: json,
      filename: filenameOf(headers.get('Content-Disposition')) ?? fallbackName,
    };
    return file;
  },
} satisfies CustomMethods;

export const useTransactionApi = () => useDataProvider<DataProvider & MethodsOf<typeof transactionMethods>>();

/** Hands a downloaded file to the browser under its name. */
export function saveFile({ blob, filename }: CsvFile, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
