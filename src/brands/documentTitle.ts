/** The browser tab's title: '{page} | {brand}' (docs/architecture.md#brands: the page title follows the brand). */
export function documentTitle(page: string | null | undefined, brand: string): string {
  const pageTitle = (page ?? '').replace(/\s+/g, ' ').trim();
  if (!pageTitle) return brand;
  return brand ? `${pageTitle} | ${brand}` : pageTitle;
}
