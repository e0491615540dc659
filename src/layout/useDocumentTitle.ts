import { useEffect } from 'react';
import { documentTitle } from '../brands/documentTitle';

/** Where react-admin's <TitlePortal> (in the app bar) receives each page's <Title>. */
export const TITLE_ELEMENT_ID = 'react-admin-title';

/**
 * The tab title follows the page: '{page title} | {brand}'. Every page declares its title with
 * react-admin's <Title> (or gets one from its List, Edit, Show...), which renders into the app bar's
 * title element; this hook watches that element, so every page of the layout has its tab title
 * without doing anything. Mounted once, by the app bar, after the element exists.
 */
export function useDocumentTitle(brandName: string, elementId = TITLE_ELEMENT_ID): void {
  useEffect(() => {
    const element = document.getElementById(elementId);
    if (!element) return;
    const update = () => {
      const next = documentTitle(element.textContent, brandName);
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = brandName;
    };
  }, [brandName, elementId]);
}
