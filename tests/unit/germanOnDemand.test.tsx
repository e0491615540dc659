/**
 * The German catalogue loads only when German is chosen: every German tree of the admin (react-admin's,
 * the layout's and each declaration's `translations.de`) is a chunk behind a loader, never a static
 * import, so an English user's admin carries none of it. A user who switches to German in the user
 * menu loads them then; a German tab loads them at start, before the admin's first render, so its
 * first screen is already German. Each loader runs once, whatever the switches after.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslate } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminRoot from '../../src/AdminRoot';
import { SessionControllerProvider } from '../../src/authProvider/SessionContext';
import { BrandProvider } from '../../src/brands';
import { page, type PageDeclaration, type ResourceDeclaration } from '../../src/declarations';
import { everyone } from '../../src/domain/requirements';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import type { MessagesLoader } from '../../src/i18n/lazyMessages';
import { resetLocaleForTests, setLocale } from '../../src/i18n/locale';
import type { MessageTree } from '../../src/i18n/messages';
import { pages } from '../../src/customPages/registry';
import { resources } from '../../src/resources/registry';
import { fakeApi, sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { sampleBrand } from './helpers/renderAdmin';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the German trees in the sources', () => {
  it('are imported only by loaders (import()), never statically', () => {
    const germanModule = /^import\b[^;]*\bfrom\s+'[^']*\.de'/m;
    const statics = sources('src').filter((path) => germanModule.test(readFileSync(path, 'utf8')));
    expect(statics).toEqual([]);
  });

  it('every declaration with messages carries a loader of their German', () => {
    for (const d of [...resources, ...pages].filter((d) => d.messages))
      expect(typeof d.translations?.de, d.name).toBe('function');
  });
});

/** The texts the probe page rendered, in order. */
let rendered: string[] = [];

function Probe() {
  const translate = useTranslate();
  const title = translate('pages.probe.title');
  rendered.push(title);
  return <h2>{title}</h2>;
}

const probeMessages = { pages: { probe: { title: 'Probe in English' } } };
const probeGerman: MessageTree = { pages: { probe: { title: 'Probe auf Deutsch' } } };

/**
 * The registries with every German loader counted (by declaration name), and a probe page at /probe
 * whose German loader is `probeLoader`.
 */
function counted(probeLoader: MessagesLoader) {
  const calls = new Map<string, number>();
  const count = <D extends ResourceDeclaration | PageDeclaration>(d: D): D => {
    const load = d.translations?.de;
    if (!load) return d;
    return {
      ...d,
      translations: {
        de: () => {
          calls.set(d.name, (calls.get(d.name) ?? 0) + 1);
          return load();
        },
      },
    };
  };
  const probe = page({
    name: 'probe',
    path: '/probe',
    access: everyone,
    component: Probe,
    messages: probeMessages,
    translations: { de: probeLoader },
  });
  return { resources: resources.map(count), pages: [...pages.map(count), probe], calls };
}

function renderAdmin(declared: ReturnType<typeof counted>) {
  const api = fakeApi({});
  const controller = fakeController(sampleSession({ permissions: [...BUILT_IN_ROLE_PERMISSIONS.ADMIN] }));
  window.history.replaceState(null, '', '/probe');
  render(
    <SessionControllerProvider controller={controller}>
      <BrandProvider brand={sampleBrand}>
        <AdminRoot
          controller={controller}
          brand={sampleBrand}
          apiUrl=""
          fetch={api.fetch}
          resources={declared.resources}
          pages={declared.pages}
        />
      </BrandProvider>
    </SessionControllerProvider>,
  );
}

async function chooseLanguage(menuName: string, language: string) {
  await userEvent.click(await screen.findByRole('button', { name: menuName }));
  await userEvent.click(await screen.findByRole('menuitemradio', { name: language }));
}

afterEach(() => {
  resetLocaleForTests();
  window.history.replaceState(null, '', '/');
  rendered = [];
});

describe('loading the German catalogue', { timeout: 60_000 }, () => {
  it('an English user loads no German tree, until switching to German: then each once', async () => {
    const probeLoader = vi.fn(async () => probeGerman);
    const declared = counted(probeLoader);
    renderAdmin(declared);
    expect(await screen.findByRole('heading', { level: 2, name: 'Probe in English' })).toBeTruthy();
    expect(probeLoader).not.toHaveBeenCalled();
    expect(Object.fromEntries(declared.calls)).toEqual({});

    await chooseLanguage('Profile', 'Deutsch');
    expect(await screen.findByRole('heading', { level: 2, name: 'Probe auf Deutsch' })).toBeTruthy();
    expect(probeLoader).toHaveBeenCalledTimes(1);
    const withGerman = [...resources, ...pages].filter((d) => d.translations?.de).map((d) => d.name);
    expect(withGerman.length).toBeGreaterThan(4);
    expect(Object.fromEntries(declared.calls)).toEqual(
      Object.fromEntries(withGerman.map((name) => [name, 1])),
    );

    // Back to English and to German again: nothing more is loaded.
    await chooseLanguage('Profil', 'English');
    expect(await screen.findByRole('heading', { level: 2, name: 'Probe in English' })).toBeTruthy();
    await chooseLanguage('Profile', 'Deutsch');
    expect(await screen.findByRole('heading', { level: 2, name: 'Probe auf Deutsch' })).toBeTruthy();
    expect(probeLoader).toHaveBeenCalledTimes(1);
    expect([...declared.calls.values()].every((n) => n === 1)).toBe(true);
  });

  it('a German tab loads them at start, before the first render: its first screen is German', async () => {
    setLocale('de');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const probeLoader = vi.fn(async () => {
      await held;
      return probeGerman;
    });
    renderAdmin(counted(probeLoader));
    // The loading overlay while the German loads; nothing of the admin yet.
    await waitFor(() => expect(probeLoader).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(rendered).toEqual([]);
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'Probe auf Deutsch' })).toBeTruthy();
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.every((text) => text === 'Probe auf Deutsch')).toBe(true);
    expect(probeLoader).toHaveBeenCalledTimes(1);
  });
});
