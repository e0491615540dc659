import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pushPageView, resetPageViews, shouldReportPageView, usePageViews } from '../../src/analytics';
import { buildMessages, loadCatalogue } from '../../src/i18n/i18nProvider';
import { appMessages } from '../../src/i18n/messages';
import { createTranslate } from '../../src/i18n/translate';
import { readRuntimeConfig } from '../../src/runtimeConfig';

describe('runtime config', () => {
  it.each([
    [undefined, ''],
    [{}, ''],
    [{ apiUrl: '' }, ''],
    [{ apiUrl: 'https://api.example.com/' }, 'https://api.example.com'],
    [{ apiUrl: 42 }, ''],
  ])('%j → %j', (config, apiUrl) => {
    expect(readRuntimeConfig({ __APP_CONFIG__: config as never })).toEqual({ apiUrl });
  });
});

describe('analytics page views', () => {
  it('skips only the login page (/ without a session)', () => {
    expect(shouldReportPageView('/', false)).toBe(false);
    expect(shouldReportPageView('/', true)).toBe(true);
    expect(shouldReportPageView('/forgot-password', false)).toBe(true);
    expect(shouldReportPageView('/statistics', true)).toBe(true);
  });

  it('pushes { event: page_view, page_path } to dataLayer', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushPageView('/businesses', target);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_path: '/businesses' }]);
  });

  it('the hook reports each new path once, across the public screens and the admin', () => {
    window.dataLayer = [];
    resetPageViews();
    const publicScreens = renderHook(({ path }) => usePageViews(path, false), {
      initialProps: { path: '/' },
    });
    publicScreens.rerender({ path: '/forgot-password' });
    publicScreens.rerender({ path: '/' }); // back to the login form: not reported
    publicScreens.unmount();
    // Logged in on /: the admin mounts on the same path, which is no new page view.
    const admin = renderHook(({ path }) => usePageViews(path, true), { initialProps: { path: '/' } });
    admin.rerender({ path: '/api-keys' });
    admin.rerender({ path: '/api-keys' });
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page_path: '/forgot-password' },
      { event: 'page_view', page_path: '/api-keys' },
    ]);
  });
});

describe('messages', () => {
  it('the public translate and the admin catalogue read the same app texts', () => {
    const t = createTranslate();
    const admin = buildMessages([{ layout: { title: 'x' } }]) as unknown as typeof appMessages & {
      ra: { action: { save: string } };
      layout: { title: string };
    };
    expect(t('app.chooser.title')).toBe('Choose organisation');
    expect(t('app.notice.sessionExpired')).toBe('Session expired');
    expect(admin.app.login.title).toBe(t('app.login.title'));
    expect(admin.ra.action.save).toBe('Save');
    expect(admin.layout.title).toBe('x');
    expect(admin.validation.confirmationMismatch).toBe("Password doesn't match");
  });

  it('the German catalogue lies over the English one: react-admin, app and extra trees', async () => {
    const extra = { en: [{ layout: { title: 'x', only: 'English' } }], de: [{ layout: { title: 'y' } }] };
    await loadCatalogue(extra, 'de');
    const german = buildMessages(extra, 'de') as unknown as {
      ra: { action: { save: string } };
      app: { login: { title: string } };
      layout: { title: string; only: string };
    };
    expect(german.ra.action.save).toBe('Speichern');
    expect(german.app.login.title).toBe('Anmelden');
    expect(german.layout).toEqual({ title: 'y', only: 'English' });
  });

  it('the public translate interpolates %{name}, falls back to _ and then to the key', () => {
    const t = createTranslate({ a: { b: 'Signed in as %{email} (%{role})' } });
    expect(t('a.b', { email: 'x@example.com', role: 0 })).toBe('Signed in as x@example.com (0)');
    expect(t('a.b')).toBe('Signed in as %{email} (%{role})');
    expect(t('a.missing', { _: 'Fallback' })).toBe('Fallback');
    expect(t('a.missing')).toBe('a.missing');
    expect(t('a')).toBe('a'); // a branch is not a message
  });

  it("chooses a plural form by smart_count as react-admin's texts expect (English and German)", () => {
    const t = createTranslate({
      rows: '%{smart_count} row |||| %{smart_count} rows',
      name: 'Settlement |||| Settlements',
      one: 'Just one %{smart_count}',
    });
    expect(t('rows', { smart_count: 1 })).toBe('1 row');
    expect(t('rows', { smart_count: 0 })).toBe('0 rows');
    expect(t('rows', { smart_count: 2 })).toBe('2 rows');
    expect(t('rows', 3)).toBe('3 rows'); // a number is the count
    expect(t('name', { smart_count: 1 })).toBe('Settlement');
    expect(t('name', { smart_count: 2 })).toBe('Settlements');
    expect(t('one', { smart_count: 5 })).toBe('Just one 5'); // one form serves every count
    expect(t('name')).toBe('Settlement |||| Settlements'); // no count, no choice (as polyglot)
    expect(t('missing', { _: '%{smart_count} item |||| %{smart_count} items', smart_count: 4 })).toBe(
      '4 items',
    );
  });

  it('keeps a token whose option is null, renders the empty key as nothing, and asks onMissing', () => {
    const missing: string[] = [];
    const t = createTranslate(
      { a: 'Hello %{name}' },
      {
        onMissing: (key) => {
          missing.push(key);
          return `[${key}]`;
        },
      },
    );
    expect(t('a', { name: null })).toBe('Hello %{name}');
    expect(t('')).toBe('');
    expect(t('b.c')).toBe('[b.c]');
    expect(t('b.d', { _: 'Default' })).toBe('Default'); // `_` comes before onMissing
    expect(missing).toEqual(['b.c']);
  });
});
