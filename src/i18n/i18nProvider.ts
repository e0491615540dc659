/**
 * react-admin's i18nProvider (admin chunk only: it imports ra-core through ra-i18n-polyglot).
 * ra-language-english merged with the app messages and the declarations' messages that App passes in.
 *
 * A key without a message is a developer's mistake: outside production builds translate throws
 * (so the test that renders the screen fails), in production it shows the key.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { appMessages, mergeMessages, type MessageTree } from './messages';

export function buildMessages(extra: readonly MessageTree[] = []): TranslationMessages {
  return mergeMessages(
    englishMessages as unknown as MessageTree,
    appMessages,
    ...extra,
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
}

/** `extra`: the shell's and the declarations' message trees, merged over the app messages. */
export function createI18nProvider(
  extra: readonly MessageTree[] = [],
  { strict = !import.meta.env.PROD }: I18nProviderOptions = {},
): I18nProvider {
  const messages = buildMessages(extra);
  return polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
    allowMissing: true,
    ...(strict
      ? {
          onMissingKey: (key: string) => {
            throw new MissingMessageError(key);
          },
        }
      : {}),
  });
}
