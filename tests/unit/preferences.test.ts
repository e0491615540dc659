/** Preferences per user on this device: keyed by the user's id, closed names and values, nothing else. */
import { afterEach, describe, expect, it } from 'vitest';
import { preferencesKey, readPreferences, writePreference } from '../../src/layout/preferences';

afterEach(() => localStorage.clear());

describe('preferences', () => {
  it('keeps each user their own choices', () => {
    writePreference(7, 'theme', 'dark');
    writePreference(7, 'locale', 'de');
    writePreference(8, 'businessesView', 'table');
    expect(readPreferences(7)).toEqual({ theme: 'dark', locale: 'de' });
    expect(readPreferences(8)).toEqual({ businessesView: 'table' });
    expect(readPreferences(9)).toEqual({});
    expect(Object.keys(localStorage).sort()).toEqual([preferencesKey(7), preferencesKey(8)]);
  });

  it('stores only the known names with their allowed values', () => {
    expect(writePreference(7, 'theme', 'purple' as never)).toBe(false);
    expect(writePreference(undefined, 'theme', 'dark')).toBe(false);
    localStorage.setItem(preferencesKey(7), JSON.stringify({ theme: 'dark', token: 'secret', locale: 'fr' }));
    expect(readPreferences(7)).toEqual({ theme: 'dark' });
    writePreference(7, 'businessesView', 'cards');
    expect(JSON.parse(localStorage.getItem(preferencesKey(7)) ?? '{}')).toEqual({
      theme: 'dark',
      businessesView: 'cards',
    });
  });

  it('reads a damaged entry as no preferences', () => {
    localStorage.setItem(preferencesKey(7), '{not json');
    expect(readPreferences(7)).toEqual({});
  });
});
