/**
 * react-admin's i18nProvider (admin chunk only: it imports ra-core through ra-i18n-polyglot).
 *
 * One catalogue per locale. English: ra-language-english, the app messages, and the shell's and the
 * declarations' messages that App passes in. German: the same English underneath (a key without
 * German shows its English; tests/unit/messages.test.ts keeps that from happening), then react-admin's
 * German (./ra.de.ts), the app's (./messages.de.ts, the chunk ./locale.ts loads: not imported here,
 * so it stays one small chunk for both the login page and the admin) and the German trees App
 * passes in.
 *
 * The provider starts in the tab's locale (./locale.ts) and a change of react-admin's locale (the user
 * menu's LanguageMenuItem) is also the tab's, so the public screens, `<html lang>` and the next mount
 * of the admin follow it.
 *
 * A key without a message is a developer's mistake: outside production builds translate throws
 * (so the test that renders the screen fails), in production it shows the key.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
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
import { appMessages, mergeMessages, type MessageTree } from './messages';
import { raMessagesDe } from './ra.de';

/** Message trees per locale: English, and each translation (German keys over the English ones). */
export type LocalisedMessages = { readonly en: readonly MessageTree[] } & {
  readonly [L in TranslatedLocale]?: readonly MessageTree[];
};

/** react-admin's own texts in each translation (bundled with the admin). */
const RA_TRANSLATIONS: Readonly<Record<TranslatedLocale, MessageTree>> = { de: raMessagesDe };

function isTreeList(extra: readonly MessageTree[] | LocalisedMessages): extra is readonly MessageTree[] {
  return Array.isArray(extra);
}

/**
 * A locale's catalogue. `extra` is the shell's and the declarations' trees, per locale (a plain list
 * is English only). A translation's app texts are the ones ./locale.ts has loaded (boot loads the
 * tab's; without them the app texts stay English).
 */
export function buildMessages(
  extra: readonly MessageTree[] | LocalisedMessages = [],
  locale: Locale = 'en',
): TranslationMessages {
  const trees: LocalisedMessages = isTreeList(extra) ? { en: extra } : extra;
  const english = mergeMessages(englishMessages as unknown as MessageTree, appMessages, ...trees.en);
  if (locale === 'en') return english as unknown as TranslationMessages;
  const app = localeMessages(locale);
  return mergeMessages(
    english,
    RA_TRANSLATIONS[locale],
    ...(app ? [app] : []),
    ...(trees[locale] ?? []),
  ) as unknown as TranslationMessages;
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
  const catalogues: Partial<Record<Locale, TranslationMessages>> = {};
  const build = (known: Locale) => (catalogues[known] ??= buildMessages(extra, known));
  // The first catalogue must be synchronous (ra-i18n-polyglot): a translation whose texts are not
  // loaded (boot loads the tab's; here only if that failed) starts in English.
  const initial: Locale = locale === 'en' || localeMessages(locale) ? locale : 'en';
  const messagesOf = (requested: string) => {
    const known: Locale = isLocale(requested) ? requested : 'en';
    if (known === 'en' || localeMessages(known)) return build(known);
    return loadLocaleMessages(known).then(() => build(known));
  };
  const provider = polyglotI18nProvider(messagesOf, initial, AVAILABLE_LOCALES, {
    allowMissing: true,
    ...(strict
      ? {
          onMissingKey: (key: string) => {
            throw new MissingMessageError(key);
          },
        }
      : {}),
  });
  return {
    ...provider,
    changeLocale: async (next: string) => {
      await provider.changeLocale(next);
      if (isLocale(next)) await changeTabLocale(next);
    },
  };
}
