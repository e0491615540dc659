/**
 * A tiny translate for the screens outside react-admin (login, chooser, password reset, boot),
 * built on node-polyglot directly: ra-i18n-polyglot imports ra-core, which the login chunk must not load.
 */
import Polyglot from 'node-polyglot';
import { appMessages, type MessageTree } from './messages';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function createTranslate(messages: MessageTree = appMessages, locale = 'en'): Translate {
  // allowMissing: an unknown key renders as the key itself (as react-admin does), never throws.
  const polyglot = new Polyglot({ locale, phrases: messages, allowMissing: true });
  return (key, options) => polyglot.t(key, options);
}

/** The app's English translate. */
export const translate: Translate = createTranslate();

/**
 * Translates a validation message of the yup schemas (`validation.<key>`); any other text (e.g. a
 * server message) is returned unchanged.
 */
export function translateMessage(message: string | undefined, t: Translate = translate): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}
