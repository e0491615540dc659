/**
 * The second language: the locale from the browser's languages or the tab's choice, `<html lang>`,
 * the public translate (German loaded on demand) and its switch, the admin's provider per
 * locale and its user-menu switch.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Menu from '@mui/material/Menu';
import { AdminContext, memoryStore, useTranslate } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider, loadCatalogue, MissingMessageError } from '../../src/i18n/i18nProvider';
import { LanguageMenuItem } from '../../src/i18n/LanguageMenuItem';
import { LanguageSwitch } from '../../src/i18n/LanguageSwitch';
import {
  changeLocale,
  getLocale,
  initialLocale,
  loadLocaleMessages,
  LOCALE_STORAGE_KEY,
  localeFromLanguages,
  resetLocaleForTests,
  setLocale,
  subscribeLocale,
} from '../../src/i18n/locale';
import { usePublicTranslate } from '../../src/i18n/hooks';
import { translate, translateIn } from '../../src/i18n/translate';

afterEach(() => resetLocaleForTests());

describe('the locale at start', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['de'], 'de'],
    [['DE-at'], 'de'],
    [['fr-FR', 'de-CH', 'en'], 'de'],
    [['en-US', 'de-DE'], 'en'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ])('browser languages %j → %s', (languages, locale) => {
    expect(localeFromLanguages(languages)).toBe(locale);
  });

  it("is the tab's earlier choice first, then the browser's (jsdom: en-US)", () => {
    expect(initialLocale()).toBe('en');
    sessionStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    expect(initialLocale()).toBe('de');
    sessionStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
    expect(initialLocale()).toBe('en');
  });

  it('a choice is kept for the tab, sets <html lang> and tells the subscribers', () => {
    const seen: string[] = [];
    const unsubscribe = subscribeLocale(() => seen.push(getLocale()));
    setLocale('de');
    expect(sessionStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    setLocale('de'); // no change, no news
    setLocale('en');
    unsubscribe();
    setLocale('de');
    expect(seen).toEqual(['de', 'en']);
    expect(document.documentElement.lang).toBe('de');
  });
});

describe('the public translate', () => {
  it('speaks English until German is loaded, then the current locale', async () => {
    expect(translateIn('de')('app.login.title')).toBe('Sign in'); // not loaded yet: English
    await changeLocale('de');
    expect(getLocale()).toBe('de');
    expect(translate('app.login.title')).toBe('Anmelden');
    expect(translate('app.chooser.signedInAs', { email: 'a@example.com' })).toBe(
      'Angemeldet als a@example.com',
    );
    expect(translate('validation.emailRequired')).toBe('E-Mail ist erforderlich');
    expect(translate('app.nowhere', { _: 'Fallback' })).toBe('Fallback');
    await changeLocale('en');
    expect(translate('app.login.title')).toBe('Sign in');
    await loadLocaleMessages('de'); // loaded once, at once
  });

  it('the switch changes the language of what is on screen, without remounting it', async () => {
    function Screen() {
      const t = usePublicTranslate();
      return (
        <main>
          <h1>{t('app.login.title')}</h1>
          <input aria-label={t('app.login.email')} />
          <LanguageSwitch />
        </main>
      );
    }
    render(<Screen />);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'someone@example.com');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Sprache' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'E-Mail' }) as HTMLInputElement).value).toBe(
      'someone@example.com',
    );
    expect(screen.getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(sessionStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});

const declared = {
  en: [{ pages: { sample: { title: 'Sample', only: 'Only in English' } } }],
  de: [{ pages: { sample: { title: 'Beispiel' } } }],
};

describe('the admin provider', () => {
  beforeAll(() => loadCatalogue(declared, 'de')); // AdminRoot's part for a German tab

  it('has a catalogue per locale: react-admin, app and declared texts in German', async () => {
    const i18n = createI18nProvider(declared, { strict: true, locale: 'de' });
    expect(i18n.getLocale()).toBe('de');
    expect(i18n.getLocales?.()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'de', name: 'Deutsch' },
    ]);
    expect(i18n.translate('ra.action.save')).toBe('Speichern');
    expect(i18n.translate('ra.notification.updated', { smart_count: 3 })).toBe('3 Elemente aktualisiert');
    expect(i18n.translate('ra.notification.updated', { smart_count: 1 })).toBe('Element aktualisiert');
    expect(i18n.translate('app.login.title')).toBe('Anmelden');
    expect(i18n.translate('pages.sample.title')).toBe('Beispiel');
    // A key without German shows its English (messages.test.ts keeps the catalogue complete).
    expect(i18n.translate('pages.sample.only')).toBe('Only in English');
    expect(() => i18n.translate('pages.nowhere')).toThrow(MissingMessageError);
    await act(() => i18n.changeLocale('en'));
    expect(i18n.translate('pages.sample.title')).toBe('Sample');
    expect(i18n.translate('ra.action.save')).toBe('Save');
    expect(getLocale()).toBe('en'); // the tab follows the admin's choice
  });

  it("starts in the tab's locale; a plain list of trees is English only", () => {
    setLocale('de');
    const i18n = createI18nProvider(declared.en, { strict: false });
    expect(i18n.getLocale()).toBe('de');
    expect(i18n.translate('ra.action.save')).toBe('Speichern');
    expect(i18n.translate('pages.sample.title')).toBe('Sample');
  });

  it('the user menu item switches react-admin, the tab and <html lang>', async () => {
    function Probe() {
      const t = useTranslate();
      return <p>{t('ra.action.save')}</p>;
    }
    render(
      <AdminContext i18nProvider={createI18nProvider(declared, { strict: true })} store={memoryStore()}>
        <Probe />
        <Menu open anchorEl={document.body}>
          <LanguageMenuItem />
        </Menu>
      </AdminContext>,
    );
    expect(await screen.findByText('Save')).toBeTruthy();
    const english = screen.getByRole('menuitemradio', { name: 'English' });
    expect(english.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    expect(await screen.findByText('Speichern')).toBeTruthy();
    await waitFor(() => expect(getLocale()).toBe('de'));
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' }).getAttribute('aria-checked')).toBe('true');
  });
});
