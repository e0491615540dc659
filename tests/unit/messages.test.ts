/**
 * The message catalogue is complete and has no dead keys. Every key the sources name literally
 * (`translate('pages.x.y')`, `label: 'layout.z'`) must have an English text in the catalogue App
 * builds (app messages, the layout's, and every declaration's); every app and layout message must be
 * named somewhere, so the catalogue cannot keep texts nobody shows. The admin i18nProvider also throws
 * on a missing key outside production builds (see the last test), so a key built at run time fails the
 * test that renders it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18nProvider, MissingMessageError } from '../../src/i18n/i18nProvider';
import { appMessages, type MessageTree } from '../../src/i18n/messages';
import { layoutMessages } from '../../src/layout/messages';
import { adminMessages } from './helpers/renderAdmin';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function leaves(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

const NAMESPACES = ['app', 'layout', 'pages', 'resources'];
const KEY = new RegExp(
  `['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*)['"\`]`,
  'g',
);
/** Keys completed at run time: `app.notice.${reason}`, `layout.sections.${section}`. */
const DYNAMIC_PREFIXES = ['app.notice.', 'layout.sections.'];

/** Strings shaped like keys that are not messages: the session's storage key, a store key. */
const NOT_MESSAGES = new Set(['app.session', 'layout.mobileSidebarOpen']);

const text = sources('src')
  .filter((path) => !path.endsWith(join('i18n', 'messages.ts')) && !path.endsWith('messages.ts'))
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
const named = new Set([...text.matchAll(KEY)].map((m) => m[1]).filter((key) => !NOT_MESSAGES.has(key)));
const catalogue = new Set(leaves(adminMessages.reduce((all, tree) => ({ ...all, ...tree }), appMessages)));
for (const tree of adminMessages) for (const key of leaves(tree)) catalogue.add(key);

describe('the message catalogue', () => {
  it('finds the keys the sources name (the scan itself works)', () => {
    expect(named).toContain('pages.changePassword.title');
    expect(named).toContain('layout.notFound.title');
    expect(named).toContain('app.login.submit');
  });

  it('has an English text for every key the sources name', () => {
    expect([...named].filter((key) => !catalogue.has(key))).toEqual([]);
  });

  it('keeps no app or layout text that no source names', () => {
    const live = (key: string) => named.has(key) || DYNAMIC_PREFIXES.some((p) => key.startsWith(p));
    const dead = [...leaves(appMessages.app, 'app.'), ...leaves(layoutMessages)].filter((key) => !live(key));
    expect(dead).toEqual([]);
  });

  it('the admin provider throws on a missing key outside production, and shows it in production', () => {
    const strict = createI18nProvider(adminMessages, { strict: true });
    expect(() => strict.translate('pages.nowhere.title')).toThrow(MissingMessageError);
    expect(strict.translate('pages.nowhere.title', { _: 'Fallback' })).toBe('Fallback');
    const lenient = createI18nProvider(adminMessages, { strict: false });
    expect(lenient.translate('pages.nowhere.title')).toBe('pages.nowhere.title');
  });
});
