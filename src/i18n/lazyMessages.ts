/**
 * Message trees loaded on demand. A translation's texts are a chunk of their own, named by a loader
 * (`de: () => import('./messages.de').then((m) => m.webhookMessagesDe)`), so an English user never
 * downloads them; the admin's i18nProvider (./i18nProvider.ts) calls the loaders of a language when it
 * is chosen (in the user menu, or at boot for a tab already in it).
 *
 * Each loader is called once (a failed load may be retried) and what it gave is kept by the loader
 * itself: a catalogue built later (the admin remounts on every organisation switch) finds it loaded
 * and starts in that language at once, with no load and no English first. A tree already at hand
 * (tests, a small translation) may stand where a loader would.
 *
 * No React, no react-admin.
 */
import type { MessageTree } from './messages';

/** A translation's message tree, loaded when its language is chosen. */
export type MessagesLoader = () => Promise<MessageTree>;
/** A tree at hand, or its loader. */
export type LazyMessages = MessageTree | MessagesLoader;

const loaded = new WeakMap<MessagesLoader, MessageTree>();
const loading = new WeakMap<MessagesLoader, Promise<MessageTree>>();

/** The tree, if it is at hand or its loader has given it. */
export function loadedMessages(source: LazyMessages): MessageTree | undefined {
  return typeof source === 'function' ? loaded.get(source) : source;
}

/** The tree, calling its loader the first time (the same promise to every caller until it settles). */
export function loadMessages(source: LazyMessages): Promise<MessageTree> {
  if (typeof source !== 'function') return Promise.resolve(source);
  const tree = loaded.get(source);
  if (tree) return Promise.resolve(tree);
  let pending = loading.get(source);
  if (!pending) {
    pending = source().then(
      (result) => {
        loaded.set(source, result);
        loading.delete(source);
        return result;
      },
      (error: unknown) => {
        loading.delete(source);
        throw error;
      },
    );
    loading.set(source, pending);
  }
  return pending;
}
