/**
 * Run-time configuration (docs/architecture.md#overview: one build serves every deployment).
 * index.html loads /runtime-config.js before the app; it sets `window.__APP_CONFIG__ = { apiUrl }`,
 * where '' (or a missing value) means the API is on the same origin.
 */
export interface RuntimeConfig {
  /** The API origin without a trailing slash ('' = same origin). Calls go to `${apiUrl}/v1/...`. */
  apiUrl: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: { apiUrl?: unknown };
  }
}

export function normaliseApiUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.trim().replace(/\/+$/, '');
}

export function readRuntimeConfig(source: { __APP_CONFIG__?: { apiUrl?: unknown } } = window): RuntimeConfig {
  return { apiUrl: normaliseApiUrl(source.__APP_CONFIG__?.apiUrl) };
}
