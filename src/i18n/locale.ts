/**
 * The user's language (English or German) for the whole tab: the public screens and the admin read
 * it from here, so a choice made on the login page holds after login, and one made in the user menu
 * holds after logout or an organisation switch (which remount the admin).
 *
 * The first choice comes from the browser's languages (the first one we support wins; none: English).
 * A choice made by the user is kept in sessionStorage for the tab's life (a reload keeps it, a new tab
 * asks the browser again): a language is no personal data, and this is the only key besides the
 * encrypted session. `<html lang>` follows the locale.
 *
 * The app texts of a translation are a chunk of their own, loaded here before a switch
 * (changeLocale) or at boot (loadLocaleMessages), so English users' login page never loads them.
 *
 * No React (hooks are in ./hooks.ts: a module of both the login and the admin graph that imported
 * react made Vite split the first chunk, +1.4 kB gzip), no react-admin, and nothing but types of the
 * catalogue.
 */
import type { MessageTree } from './messages';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
/** The locales whose texts are translations of the English ones. */
export type TranslatedLocale = Exclude<Locale, 'en'>;
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself (what a language switch shows, whatever the current language). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', de: 'Deutsch' };
/** The label of a language switch, in each language (kept with the names, outside the catalogue). */
export const LANGUAGE_LABELS: Readonly<Record<Locale, string>> = { en: 'Language', de: 'Sprache' };

/** The sessionStorage key of the user's choice. */
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages we support (`de-AT` → `de`), else English. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.split('-')[0].toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** The browser's languages, most preferred first (none outside a browser). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage disabled: the choice lives in memory only
  }
}

function readStoredLocale(): Locale | undefined {
  try {
    const stored = storage()?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The language the user chose in this tab (login page or user menu), none when it follows the browser. */
export function chosenLocale(): Locale | undefined {
  return readStoredLocale();
}

function storeLocale(locale: Locale): void {
  try {
    storage()?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // full or disabled storage: the choice still holds until the tab reloads
  }
}

/**
 * The locale at start: the tab's earlier choice, else the browser's languages. Outside a browser
 * (the build's prerender, whatever the machine's language) always the default.
 */
export function initialLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  return readStoredLocale() ?? localeFromLanguages(browserLanguages());
}

function applyToDocument(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

let current: Locale = initialLocale();
applyToDocument(current);
const listeners = new Set<() => void>();

export function getLocale(): Locale {
  return current;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function update(locale: Locale): void {
  if (locale === current) return;
  current = locale;
  applyToDocument(locale);
  notify();
}

/**
 * Sets the locale now (no loading: changeLocale loads the texts first, then calls this), keeps
 * the choice for the tab, updates `<html lang>` and tells the subscribers.
 */
export function setLocale(locale: Locale): void {
  storeLocale(locale);
  update(locale);
}

/** The chunks of the translations' app texts (one dynamic import each). */
const LOADERS: Readonly<Record<TranslatedLocale, () => Promise<MessageTree>>> = {
  de: () => import('./messages.de').then((m) => m.appMessagesDe),
};
const loaded: Partial<Record<TranslatedLocale, MessageTree>> = {};
const loading: Partial<Record<TranslatedLocale, Promise<void>>> = {};

/** A translation's app texts once loaded (English is ./messages.ts itself). */
export function localeMessages(locale: TranslatedLocale): MessageTree | undefined {
  return loaded[locale];
}

/**
 * Loads a locale's app texts (once; a failed load can be retried). The subscribers hear of it, so
 * a screen rendered in English meanwhile re-renders in its language.
 */
export function loadLocaleMessages(locale: Locale = current): Promise<void> {
  if (locale === 'en' || loaded[locale]) return Promise.resolve();
  loading[locale] ??= LOADERS[locale]().then(
    (messages) => {
      loaded[locale] = messages;
      notify();
    },
    (error: unknown) => {
      delete loading[locale];
      throw error;
    },
  );
  return loading[locale];
}

/** Loads the locale's texts, then switches to it (everything subscribed re-renders in it). */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocaleMessages(locale);
  setLocale(locale);
}

/** Told when the locale changes or its texts arrive. */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tests: forget the tab's choice and start again from the browser's languages. */
export function resetLocaleForTests(): void {
  try {
    storage()?.removeItem(LOCALE_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  update(initialLocale());
}

// A German tab starts loading its texts with the first script, before boot asks for them.
if (typeof document !== 'undefined' && current !== 'en') void loadLocaleMessages().catch(() => {});
