/** The browser tab's title: '{page} | {brand}' (DESIGN.md section 8: the page title follows the brand). */
export function documentTitle(page: string | null | undefined, brand: string): string {
  const pageTitle = (page ?? '').replace(/\s+/g, ' ').trim();
  if (!pageTitle) return brand;
  return brand ? `${pageTitle} | ${brand}` : pageTitle;
}
