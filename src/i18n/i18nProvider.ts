/**
 * react-admin's i18nProvider (admin chunk only: it imports react-admin's English), over the app's
 * one translate (./translate.ts, decision 206).
 *
 * One catalogue per locale. English: ra-language-english, the app messages, and the shell's and the
 * declarations' messages that App passes in. German: the same English underneath (a key without
 * German shows its English; tests/unit/messages.test.ts keeps that from happening), then react-admin's
 * German (./ra.de.ts), the app's (./messages.de.ts, the chunk ./locale.ts loads, shared with the
 * login page) and the German trees App passes in. Every German part is a chunk of its own, loaded
 * only when German is chosen (./lazyMessages.ts): an English user never downloads one.
 *
 * The provider starts in the tab's locale (./locale.ts) when that locale's catalogue is loaded
 * (AdminRoot awaits loadCatalogue before the admin's first render, so a German user never sees it in
 * English first); a change of react-admin's locale (the user menu's LanguageMenuItem) loads the
 * chosen catalogue, then makes it the tab's, so the public screens, `<html lang>` and the next mount
 * of the admin follow it.
 *
 * A key without a message is a developer's mistake: outside production builds translate throws
 * (so the test that renders the screen fails), in production it shows the key.
 */
import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';
import {
  changeLocale as changeTabLocale,
  getLocale,
  isLocale,
  loadLocaleMessages,
  LOCALE_NAMES,
  LOCALES,
  localeMessages,
  type Locale,
  type TranslatedLocale,
} from './locale';
import { loadedMessages, loadMessages, type LazyMessages, type MessagesLoader } from './lazyMessages';
import { appMessages, mergeMessages, type MessageTree } from './messages';
import { createTranslate, type Translate } from './translate';

/**
 * Message trees per locale: English at hand, and each translation's trees (German keys over the
 * English ones), normally as loaders of their chunks.
 */
export type LocalisedMessages = { readonly en: readonly MessageTree[] } & {
  readonly [L in TranslatedLocale]?: readonly LazyMessages[];
};

/** react-admin's own texts in each translation (a chunk each). */
const RA_TRANSLATIONS: Readonly<Record<TranslatedLocale, MessagesLoader>> = {
  de: () => import('./ra.de').then((m) => m.raMessagesDe),
};

function isTreeList(extra: readonly MessageTree[] | LocalisedMessages): extra is readonly MessageTree[] {
  return Array.isArray(extra);
}

const localised = (extra: readonly MessageTree[] | LocalisedMessages): LocalisedMessages =>
  isTreeList(extra) ? { en: extra } : extra;

/** What a translation's catalogue is made of besides the English: react-admin's, then App's trees. */
const partsOf = (trees: LocalisedMessages, locale: TranslatedLocale): readonly LazyMessages[] => [
  RA_TRANSLATIONS[locale],
  ...(trees[locale] ?? []),
];

/**
 * Whether a locale's catalogue can be built now: English always; a translation once its app texts
 * (./locale.ts), react-admin's and every tree of `extra` are loaded.
 */
export function catalogueLoaded(extra: readonly MessageTree[] | LocalisedMessages, locale: Locale): boolean {
  if (locale === 'en') return true;
  return (
    localeMessages(locale) !== undefined &&
    partsOf(localised(extra), locale).every((part) => loadedMessages(part) !== undefined)
  );
}

/** Loads every chunk of a locale's catalogue (each once; nothing for English). */
export async function loadCatalogue(
  extra: readonly MessageTree[] | LocalisedMessages,
  locale: Locale,
): Promise<void> {
  if (locale === 'en') return;
  await Promise.all([loadLocaleMessages(locale), ...partsOf(localised(extra), locale).map(loadMessages)]);
}

/**
 * A locale's catalogue. `extra` is the shell's and the declarations' trees, per locale (a plain list
 * is English only). A translation's parts are those loaded (loadCatalogue); one not loaded leaves
 * its keys English.
 */
export function buildMessages(
  extra: readonly MessageTree[] | LocalisedMessages = [],
  locale: Locale = 'en',
): MessageTree {
  const trees = localised(extra);
  const english = mergeMessages(englishMessages as unknown as MessageTree, appMessages, ...trees.en);
  if (locale === 'en') return english;
  const [ra, ...declared] = partsOf(trees, locale).map((part) => loadedMessages(part) ?? {});
  const app = localeMessages(locale);
  return mergeMessages(english, ra, ...(app ? [app] : []), ...declared);
}

export class MissingMessageError extends Error {
  constructor(readonly key: string) {
    super(`No message for "${key}": add it to the declaration's messages`);
    this.name = 'MissingMessageError';
  }
}

export interface I18nProviderOptions {
  /** Throw on a missing key (default: everywhere but production builds). */
  strict?: boolean;
  /** The locale to start in (default: the tab's). */
  locale?: Locale;
}

/** The locales react-admin offers, each named in its own language. */
export const AVAILABLE_LOCALES = LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] }));

/** `extra`: the shell's and the declarations' message trees (per locale), merged over the app messages. */
export function createI18nProvider(
  extra: readonly MessageTree[] | LocalisedMessages = [],
  { strict = !import.meta.env.PROD, locale = getLocale() }: I18nProviderOptions = {},
): I18nProvider {
  const translators: Partial<Record<Locale, Translate>> = {};
  const onMissing = strict
    ? (key: string): string => {
        throw new MissingMessageError(key);
      }
    : undefined;
  const translatorOf = (known: Locale) =>
    (translators[known] ??= createTranslate(buildMessages(extra, known), { onMissing }));
  // react-admin's first render translates at once: a translation whose chunks are not loaded
  // (AdminRoot loads the tab's; here only if that failed) starts in English.
  const initial: Locale = catalogueLoaded(extra, locale) ? locale : 'en';
  let current: string = initial;
  let translate = translatorOf(initial);
  return {
    translate: (key, options) => translate(key, options),
    changeLocale: async (next: string) => {
      const known: Locale = isLocale(next) ? next : 'en';
      await loadCatalogue(extra, known);
      translate = translatorOf(known);
      current = next;
      if (isLocale(next)) await changeTabLocale(next);
    },
    getLocale: () => current,
    getLocales: () => AVAILABLE_LOCALES,
  };
}
