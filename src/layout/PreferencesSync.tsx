/**
 * Keeps the language a preference of the signed-in user on this device (./preferences.ts): a
 * language chosen in this tab (on the login page or in the user menu) becomes the user's; a tab that
 * has no choice of its own (a new tab, another browser window) starts in the user's stored language.
 * The theme needs no sync here: App starts react-admin's store with it, the user menu stores it.
 */
import { useEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { useSession } from '../authProvider';
import { chosenLocale } from '../i18n/locale';
import { readPreferences, writePreference } from './preferences';

export function PreferencesSync() {
  const { id } = useSession();
  const [locale, setLocale] = useLocaleState();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const stored = readPreferences(id).locale;
    if (!chosenLocale() && stored && stored !== locale) setLocale(stored);
  }, [id, locale, setLocale]);
  useEffect(() => {
    const chosen = chosenLocale();
    if (chosen && chosen === locale) writePreference(id, 'locale', chosen);
  }, [id, locale]);
  return null;
}
