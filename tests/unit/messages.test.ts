/**
 * The message catalogue is complete and has no dead keys. Every key the sources name literally
 * (`translate('pages.x.y')`, `label: 'layout.z'`) must have an English text in the catalogue App
 * builds (app messages, the layout's, and every declaration's); every app and layout message must be
 * named somewhere, so the catalogue cannot keep texts nobody shows. The admin i18nProvider also throws
 * on a missing key outside production builds (see the last test), so a key built at run time fails the
 * test that renders it.
 *
 * German: every English tree has its German twin, key for key (app, layout, react-admin's own texts,
 * and every declaration's `messages` with its `translations.de`), with the same %{placeholders} and
 * the same number of `||||` plural forms, so every page arrives translated.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18nProvider, MissingMessageError } from '../../src/i18n/i18nProvider';
import { appMessages, mergeMessages, type MessageTree } from '../../src/i18n/messages';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../src/domain/validation';
import { appMessagesDe } from '../../src/i18n/messages.de';
import { raMessagesDe } from '../../src/i18n/ra.de';
import englishMessages from 'ra-language-english';
import { layoutMessages } from '../../src/layout/messages';
import { layoutMessagesDe } from '../../src/layout/messages.de';
import { resources } from '../../src/resources/registry';
import { pages } from '../../src/customPages/registry';
import webhooks from './example/webhooks';
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
  .filter((path) => !path.endsWith('messages.ts') && !path.endsWith('.de.ts'))
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
const catalogue = new Set(leaves(adminMessages.reduce((all, tree) => ({ ...all, ...tree }), appMessages)));
for (const tree of adminMessages) for (const key of leaves(tree)) catalogue.add(key);
/**
 * A key naming a branch of the catalogue is a prefix a component completes (a page's texts, a list's
 * export texts: `${texts}.title`); its rendering tests run with strict i18n, so a missing leaf fails
 * them.
 */
const isBranch = (key: string) => [...catalogue].some((leaf) => leaf.startsWith(`${key}.`));
const named = new Set(
  [...text.matchAll(KEY)].map((m) => m[1]).filter((key) => !NOT_MESSAGES.has(key) && !isBranch(key)),
);

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

  it("the login page's catalogue carries the account forms' rule texts only; each feature carries its own", () => {
    expect(Object.keys(appMessages.validation).sort()).toEqual(Object.keys(ACCOUNT_MESSAGES).sort());
    expect(Object.keys(appMessagesDe.validation).sort()).toEqual(Object.keys(ACCOUNT_MESSAGES).sort());
    // Every rule text the API may answer is still in the admin's catalogue, from its feature.
    const admin = new Set(leaves(mergeMessages(appMessages, ...adminMessages)));
    for (const key of Object.keys(MESSAGES)) expect(admin).toContain(`validation.${key}`);
  });

  it('the admin provider throws on a missing key outside production, and shows it in production', () => {
    const strict = createI18nProvider(adminMessages, { strict: true });
    expect(() => strict.translate('pages.nowhere.title')).toThrow(MissingMessageError);
    expect(strict.translate('pages.nowhere.title', { _: 'Fallback' })).toBe('Fallback');
    const lenient = createI18nProvider(adminMessages, { strict: false });
    expect(lenient.translate('pages.nowhere.title')).toBe('pages.nowhere.title');
  });
});

/** A leaf's text by its dotted key. */
function texts(tree: MessageTree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else texts(value, `${prefix}${key}.`, into);
  }
  return into;
}

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
const pluralForms = (text: string) => text.split('||||').length;

/** Each English tree and its German twin (a declaration's German as its loader gives it). */
const TWINS: Array<[string, MessageTree, MessageTree | undefined]> = [
  ['the app (src/i18n/messages.de.ts)', appMessages, appMessagesDe],
  ['the layout (src/layout/messages.de.ts)', layoutMessages, layoutMessagesDe],
  ["react-admin's texts (src/i18n/ra.de.ts)", englishMessages as unknown as MessageTree, raMessagesDe],
  ...(
    await Promise.all(
      [...resources, ...pages, webhooks].map(
        async (d): Promise<Array<[string, MessageTree, MessageTree | undefined]>> =>
          d.messages
            ? [[`the declaration ${d.name} (translations.de)`, d.messages, await d.translations?.de?.()]]
            : [],
      ),
    )
  ).flat(),
];

describe('the German catalogue', () => {
  it('covers every declaration with messages', () => {
    expect(TWINS.map(([name]) => name)).toContain('the declaration change-password (translations.de)');
    expect(TWINS.map(([name]) => name)).toContain('the declaration webhooks (translations.de)');
  });

  it.each(TWINS)('%s: every English key has its German text, and no other', (_name, english, german) => {
    const en = texts(english);
    const de = texts(german ?? {});
    expect({
      missing: [...en.keys()].filter((key) => !de.has(key)),
      extra: [...de.keys()].filter((key) => !en.has(key)),
      empty: [...de]
        .filter(([key, text]) => text.trim() === '' && en.get(key)?.trim() !== '')
        .map(([k]) => k),
    }).toEqual({ missing: [], extra: [], empty: [] });
  });

  it.each(TWINS)('%s: German keeps the %{placeholders} and plural forms', (_name, english, german) => {
    const de = texts(german ?? {});
    const differing = [...texts(english)].flatMap(([key, text]) => {
      const translated = de.get(key);
      if (translated === undefined) return [];
      const same =
        placeholders(text).join() === placeholders(translated).join() &&
        pluralForms(text) === pluralForms(translated);
      return same ? [] : [`${key}: '${text}' → '${translated}'`];
    });
    expect(differing).toEqual([]);
  });

  it('the checks catch a missing key, an extra key and a lost placeholder', () => {
    const en = texts({ a: { b: 'Hello %{name}', c: 'One |||| %{smart_count} items' } });
    const de = texts({ a: { b: 'Hallo', d: 'x' } });
    expect([...en.keys()].filter((k) => !de.has(k))).toEqual(['a.c']);
    expect([...de.keys()].filter((k) => !en.has(k))).toEqual(['a.d']);
    expect(placeholders(en.get('a.b')!)).not.toEqual(placeholders(de.get('a.b')!));
    expect(pluralForms(en.get('a.c')!)).toBe(2);
  });
});
