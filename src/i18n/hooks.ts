/**
 * The locale and the public translate as React hooks (apart from ./locale.ts and ./translate.ts,
 * which the admin's provider imports too: keeping React out of them keeps Vite from splitting the
 * login page's first chunk).
 */
import { useSyncExternalStore } from 'react';
import { getLocale, subscribeLocale, type Locale } from './locale';
import { translateIn, type Translate } from './translate';

/** The current locale; the component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}

const currentTranslate = () => translateIn(getLocale());

/**
 * The current locale's translate for a component: it changes with the locale (and when the locale's
 * texts arrive), so the component, and a context it feeds (the form kit's), re-render in it.
 */
export function usePublicTranslate(): Translate {
  return useSyncExternalStore(subscribeLocale, currentTranslate, currentTranslate);
}
