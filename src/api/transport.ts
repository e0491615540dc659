/**
 * The lowest layer of every /v1 call (no session, no react-admin): URL building, JSON bodies and
 * response parsing. The session controller and the http client both send through it.
 */
export type QueryValue =
  string | number | boolean | Date | null | undefined | ReadonlyArray<string | number | boolean>;
export type Query = Record<string, QueryValue>;

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export const defaultFetch: FetchFn = (input, init) => globalThis.fetch(input, init);

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else if (value instanceof Date) {
      params.append(key, value.toISOString());
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `${apiUrl}/v1/<path>` for 'businesses', '/businesses' or '/v1/businesses'. */
export function apiUrlFor(apiUrl: string, path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '').replace(/^v1\//, '');
  return `${apiUrl}/v1/${clean}${buildQuery(query)}`;
}

export interface RawResponse<T = unknown> {
  status: number;
  ok: boolean;
  headers: Headers;
  json: T;
}

/** Sends a request; JSON-encodes `body` (Content-Type only when there is a body). Rejects only if fetch does. */
export async function send<T = unknown>(
  fetchFn: FetchFn,
  url: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    blob?: boolean;
  },
): Promise<RawResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetchFn(url, { method: init.method ?? 'GET', headers, body, signal: init.signal });
  let json: unknown;
  if (init.blob && response.ok) {
    json = await response.blob();
  } else {
    const text = response.status === 204 ? '' : await response.text();
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
  }
  return { status: response.status, ok: response.ok, headers: response.headers, json: json as T };
}

export function isAbortError(error: unknown): boolean {
  // DOMException is not always an Error subclass (jsdom), so check the name only.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Whether the page is being left (a reload, a typed address, a link out). The browser cancels the
 * page's requests then, and a cancelled request must not read as a network failure, which logs out
 * (docs/product.md#error-catalogue): a user who reloads while a list loads would otherwise lose the session.
 * `beforeunload` counts for a few seconds only, since a navigation can still be cancelled (a mailto:
 * link); `pagehide` counts until the page shows again (the back-forward cache).
 */
const LEAVING_MS = 5_000;
let leavingSince = -Infinity;
let hidden = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leavingSince = Date.now();
  });
  window.addEventListener('pagehide', () => {
    hidden = true;
  });
  window.addEventListener('pageshow', () => {
    hidden = false;
    leavingSince = -Infinity;
  });
}
export const pageIsLeaving = () => hidden || Date.now() - leavingSince < LEAVING_MS;
