/**
 * What a user chose on this device, kept across reloads and sign-ins (docs/decisions.md, 'Preferences
 * per user on this device'): the theme, the language and the businesses' view (cards or table).
 *
 * One localStorage entry per user, keyed by the user's id (`preferences:<id>`), so two people sharing
 * a browser each find their own. Only the names below, each with its closed set of values, are read
 * or written: nothing else (no token, no e-mail, nothing of the session) ever lands there, and a
 * stored value outside its set is ignored.
 *
 * No React, no react-admin: App reads it before the admin mounts (the theme's first paint), the
 * layout and the pages write through `usePreference` (./usePreference.ts).
 */
import { isLocale, type Locale } from '../i18n/locale';

export const PREFERENCES_KEY_PREFIX = 'preferences:';

export type ThemeChoice = 'light' | 'dark';
export type BusinessesView = 'cards' | 'table';

export interface Preferences {
  theme?: ThemeChoice;
  locale?: Locale;
  businessesView?: BusinessesView;
}
export type PreferenceName = keyof Preferences;

/** Each preference's allowed values: anything else read back is dropped. */
const VALID: { [K in PreferenceName]-?: (value: unknown) => value is NonNullable<Preferences[K]> } = {
  theme: (value): value is ThemeChoice => value === 'light' || value === 'dark',
  locale: isLocale,
  businessesView: (value): value is BusinessesView => value === 'cards' || value === 'table',
};

/** The storage key of a user's preferences (`preferences:42`). */
export const preferencesKey = (userId: number | string) => `${PREFERENCES_KEY_PREFIX}${userId}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled: choices hold until the page reloads
  }
}

/** A user's stored preferences, only the known names with valid values. */
export function readPreferences(userId: number | string | undefined): Preferences {
  if (userId === undefined || userId === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(preferencesKey(userId)) ?? '{}');
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(VALID) as PreferenceName[]) {
    const value = (parsed as Record<string, unknown>)[name];
    if (VALID[name](value)) result[name] = value;
  }
  return result as Preferences;
}

/** Stores one preference of a user (an invalid value is refused, not stored). */
export function writePreference<K extends PreferenceName>(
  userId: number | string | undefined,
  name: K,
  value: NonNullable<Preferences[K]>,
): boolean {
  if (userId === undefined || userId === '' || !VALID[name](value)) return false;
  const next = { ...readPreferences(userId), [name]: value };
  try {
    storage()?.setItem(preferencesKey(userId), JSON.stringify(next));
    return true;
  } catch {
    return false; // full or disabled storage
  }
}
