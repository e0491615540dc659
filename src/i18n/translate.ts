/**
 * The translate of the screens outside react-admin (login, chooser, password reset, boot): the same
 * catalogue and the same `%{name}` interpolation as the admin's polyglot provider, in a few lines, so
 * the login page loads neither ra-core nor node-polyglot. (These screens need no plural forms.)
 *
 * It speaks the current locale (./locale.ts, which also loads a translation's texts). Until they are
 * loaded, and for a key they lack, the English text shows.
 */
import { getLocale, localeMessages, type Locale } from './locale';
import { appMessages, mergeMessages, type MessageTree } from './messages';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

function flatten(tree: MessageTree, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[`${prefix}${key}`] = value;
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * An unknown key renders as its `_` option or as the key itself (as react-admin does), never throws;
 * `%{name}` takes the option of that name, and stays as it is without one.
 */
export function createTranslate(messages: MessageTree = appMessages): Translate {
  const phrases = flatten(messages);
  return (key, options = {}) => {
    const phrase = Object.hasOwn(phrases, key)
      ? phrases[key]
      : typeof options._ === 'string'
        ? options._
        : key;
    return phrase.replace(/%\{(\w+)\}/g, (token, name: string) =>
      Object.hasOwn(options, name) ? String(options[name]) : token,
    );
  };
}

const english = createTranslate();
/** Each translation's translate, built once its texts are loaded (over the English ones). */
const translations = new WeakMap<MessageTree, Translate>();

/** The translate of a locale (English while its texts are not loaded). */
export function translateIn(locale: Locale): Translate {
  if (locale === 'en') return english;
  const messages = localeMessages(locale);
  if (!messages) return english;
  let translate = translations.get(messages);
  if (!translate)
    translations.set(messages, (translate = createTranslate(mergeMessages(appMessages, messages))));
  return translate;
}

/** The app's translate, in the current locale. */
export const translate: Translate = (key, options) => translateIn(getLocale())(key, options);

/**
 * Translates a validation message of the form schemas (`validation.<key>`); any other text (e.g. a
 * server message) is returned unchanged.
 */
export function translateMessage(message: string | undefined, t: Translate = translate): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}
