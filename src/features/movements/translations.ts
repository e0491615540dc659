/**
 * A movement page's German texts: its own and the shared movement texts (./messages.de.ts), each
 * loaded on demand. A German module is only ever imported by a loader, so English users never download
 * it (tests/unit/germanOnDemand.test.tsx).
 */
export function movementTranslationsDe<T extends { pages: object }>(load: () => Promise<T>) {
  return () =>
    Promise.all([load(), import('./messages.de')]).then(([page, shared]) => ({
      pages: { ...shared.movementMessagesDe.pages, ...page.pages },
    }));
}
