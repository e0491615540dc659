/**
 * react-admin's i18nProvider (admin chunk only: it imports ra-core through ra-i18n-polyglot).
 * ra-language-english merged with the app messages and any feature messages App passes in.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { appMessages, mergeMessages, type MessageTree } from './messages';

export function buildMessages(...extra: MessageTree[]): TranslationMessages {
  return mergeMessages(
    englishMessages as unknown as MessageTree,
    appMessages,
    ...extra,
  ) as unknown as TranslationMessages;
}

/** `extra`: feature namespaces (resources, custom pages) merged over the app messages. */
export function createI18nProvider(...extra: MessageTree[]): I18nProvider {
  const messages = buildMessages(...extra);
  return polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
    allowMissing: true,
  });
}
