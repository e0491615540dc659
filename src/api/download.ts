/**
 * Files from the API (docs/product.md#calls: "a helper posting with a blob response that downloads a file"):
 * a request through the authenticated http client read as a Blob, named by the server's
 * Content-Disposition (else the caller's fallback), and handed to the browser. The token travels in
 * the Authorization header, never in a URL. Imported by its path from the admin side (the CSV export
 * of the transaction lists, the report pages); not part of the login chunk.
 */
import type { HttpClient, RequestOptions } from './httpClient';

export interface DownloadedFile {
  blob: Blob;
  /** The server's file name (Content-Disposition), else the caller's fallback. */
  filename: string;
  /** The answer's headers (an export's row cap, say). */
  headers?: Headers;
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

/**
 * Sends the request (GET with a query, or POST with a JSON body) and reads the answer as a file.
 * Failures are the http client's (ApiError with the error body, the session rules applied).
 */
export async function downloadFile(
  http: HttpClient,
  path: string,
  options: Omit<RequestOptions, 'responseType'>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const { json, headers } = await http.request<Blob>(path, { ...options, responseType: 'blob' });
  return { blob: json, filename: filenameOf(headers.get('Content-Disposition')) ?? fallbackName, headers };
}

/**
 * The number of rows an export was cut at, when the server cut it at its row cap
 * (`X-Export-Truncated: true`, `X-Export-Row-Cap: N`), else undefined.
 */
export function exportCutAt(headers: Headers | undefined): number | undefined {
  if (headers?.get('X-Export-Truncated') !== 'true') return undefined;
  const cap = Number(headers.get('X-Export-Row-Cap'));
  return Number.isSafeInteger(cap) && cap > 0 ? cap : undefined;
}

/** Hands a downloaded file to the browser under its name. */
export function saveFile({ blob, filename }: DownloadedFile, doc: Document = document): void {
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
