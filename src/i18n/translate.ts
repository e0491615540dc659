/**
 * The translate of the screens outside react-admin (login, chooser, password reset, boot): the same
 * catalogue and the same `%{name}` interpolation as the admin's polyglot provider, in a few lines, so
 * the login page loads neither ra-core nor node-polyglot. (These screens need no plural forms.)
 */
import { appMessages, type MessageTree } from './messages';

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

/** The app's English translate. */
export const translate: Translate = createTranslate();

/**
 * Translates a validation message of the form schemas (`validation.<key>`); any other text (e.g. a
 * server message) is returned unchanged.
 */
export function translateMessage(message: string | undefined, t: Translate = translate): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}
