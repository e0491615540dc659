/**
 * The one translate of the app: react-admin's i18nProvider (./i18nProvider.ts) and the screens
 * outside react-admin (login, chooser, password reset, boot) both use it, so the login page loads
 * neither ra-core nor a translation library, and the admin none either (decision 206).
 *
 * It does what react-admin's texts need of polyglot, which it replaced: `%{name}` takes the option of
 * that name (and stays as it is without one); `a |||| b` is a text with plural forms, of which
 * `smart_count` chooses one (English and German: the first for exactly one, the second otherwise);
 * a key without a text takes its `_` option, else `onMissing` answers (the key itself by default).
 *
 * `translate` speaks the current locale (./locale.ts, which also loads a translation's texts). Until
 * they are loaded, and for a key they lack, the English text shows.
 */
import { getLocale, localeMessages, type Locale } from './locale';
import { appMessages, mergeMessages, type MessageTree } from './messages';

export type Translate = (key: string, options?: Record<string, unknown> | number) => string;

function flatten(tree: MessageTree, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[`${prefix}${key}`] = value;
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/** Between a text's plural forms. */
const PLURAL_FORMS = '||||';

/** Which plural form a count takes in English and German (the only languages offered). */
const pluralForm = (count: number): number => (count === 1 ? 0 : 1);

export interface TranslateOptions {
  /** What a key without a text and without a `_` option renders as (default: the key). */
  onMissing?: (key: string) => string;
}

/**
 * A translate over a catalogue: the keys of `messages` with a text, their dotted paths. A number for
 * options is the count (`t('x', 3)` is `t('x', { smart_count: 3 })`).
 */
export function createTranslate(
  messages: MessageTree = appMessages,
  { onMissing = (key) => key }: TranslateOptions = {},
): Translate {
  // react-admin translates an empty label (a column without a title, say) and expects nothing back.
  const phrases = flatten(messages, '', { '': '' });
  return (key, given = {}) => {
    const options: Record<string, unknown> = typeof given === 'number' ? { smart_count: given } : given;
    let phrase: string;
    if (Object.hasOwn(phrases, key)) phrase = phrases[key];
    else if (typeof options._ === 'string') phrase = options._;
    else return onMissing(key);
    const count = options.smart_count;
    if (count !== undefined && count !== null && phrase) {
      const forms = phrase.split(PLURAL_FORMS);
      phrase = (forms[pluralForm(Number(count))] ?? forms[0]).trim();
    }
    return phrase.replace(/%\{(\w+)\}/g, (token, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? token : String(value);
    });
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
