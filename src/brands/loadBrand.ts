/** Loading the deployment's brand (GET /v1/brands/dashboard) and applying it to the document. */
import type { BrandResponse } from '../domain/api';
import { defaultFetch, type FetchFn } from '../api/transport';
import { DEFAULT_BRAND, findBrand, type BrandDefinition } from '../domain/brands';

/** The brand as the app uses it: the API's answer plus the local definition (colours, name). */
export type LoadedBrand = BrandResponse & { definition: BrandDefinition };

const URL_FIELDS = [
  'lightLogoUrl',
  'darkLogoUrl',
  'basicIconUrl',
  'appleTouchIconUrl',
  'pwaSmallIconUrl',
  'pwaLargeIconUrl',
] as const;

function isBrandResponse(value: unknown): value is BrandResponse {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.value === 'string' &&
    typeof v.fiatDepositAllowed === 'boolean' &&
    URL_FIELDS.every((field) => typeof v[field] === 'string')
  );
}

/** Relative asset URLs are resolved against the API origin when the API is elsewhere. */
function resolveUrl(url: string, apiUrl: string): string {
  if (!apiUrl || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return new URL(url, `${apiUrl}/`).toString();
}

/** Merges the API's answer with the local definition (unknown keys fall back to the default brand). */
export function mergeBrand(response: BrandResponse, apiUrl = ''): LoadedBrand {
  const definition = findBrand(response.value) ?? findBrand(DEFAULT_BRAND)!;
  const urls = Object.fromEntries(URL_FIELDS.map((f) => [f, resolveUrl(response[f], apiUrl)])) as Pick<
    BrandResponse,
    (typeof URL_FIELDS)[number]
  >;
  return {
    ...response,
    ...urls,
    name: response.name || definition.name,
    definition,
  };
}

/** Where index.html's boot script leaves its brand request (a Promise<Response>). */
export const EARLY_BRAND_GLOBAL = '__BRAND_RESPONSE__';

/**
 * The fetch for loadBrand: the first call answers with the brand request that index.html's boot
 * script started before the app's JS arrived (one request, sent early); later calls, or a page
 * without the boot script (the dev server), fetch as usual.
 */
export function earlyBrandFetch(
  target: Record<string, unknown> = window as unknown as Record<string, unknown>,
  fallback: FetchFn = defaultFetch,
): FetchFn {
  return (input, init) => {
    const early = target[EARLY_BRAND_GLOBAL];
    if (early instanceof Promise) {
      delete target[EARLY_BRAND_GLOBAL];
      return early as Promise<Response>;
    }
    return fallback(input, init);
  };
}

export async function loadBrand(apiUrl: string, fetchFn: FetchFn = defaultFetch): Promise<LoadedBrand> {
  const response = await fetchFn(`${apiUrl}/v1/brands/dashboard`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Brand request failed with status ${response.status}`);
  const body: unknown = await response.json();
  if (!isBrandResponse(body)) throw new Error('Brand response has an unexpected shape');
  return mergeBrand(body, apiUrl);
}

function setLink(doc: Document, rel: string, href: string, attrs: Record<string, string> = {}): void {
  const selector = `link[rel="${rel}"]${attrs.sizes ? `[sizes="${attrs.sizes}"]` : ':not([sizes])'}`;
  let link = doc.head.querySelector<HTMLLinkElement>(selector);
  if (!link) {
    link = doc.createElement('link');
    link.rel = rel;
    doc.head.appendChild(link);
  }
  for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, value);
  link.href = href;
}

function setMeta(doc: Document, name: string, content: string): void {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = name;
    doc.head.appendChild(meta);
  }
  meta.content = content;
}

/** Page title, favicon, apple-touch icon, PWA icons and theme colour follow the brand (docs/architecture.md#brands). */
export function applyBrandToDocument(brand: LoadedBrand, doc: Document = document): void {
  doc.title = brand.name;
  setLink(doc, 'icon', brand.basicIconUrl, { type: 'image/svg+xml' });
  setLink(doc, 'apple-touch-icon', brand.appleTouchIconUrl);
  setLink(doc, 'icon', brand.pwaSmallIconUrl, { sizes: '192x192', type: 'image/svg+xml' });
  setLink(doc, 'icon', brand.pwaLargeIconUrl, { sizes: '512x512', type: 'image/svg+xml' });
  setMeta(doc, 'theme-color', brand.definition.primaryColor);
  setMeta(doc, 'application-name', brand.name);
  setMeta(doc, 'apple-mobile-web-app-title', brand.name);
}
