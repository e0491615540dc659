/**
 * A preference of the signed-in user on this device (./preferences.ts), as React state: read once when
 * the component mounts (so the first paint already shows the choice), written back on every change.
 */
import { useCallback, useState } from 'react';
import { useSession } from '../authProvider';
import { readPreferences, writePreference, type PreferenceName, type Preferences } from './preferences';

export function usePreference<K extends PreferenceName>(
  name: K,
  fallback: NonNullable<Preferences[K]>,
): [NonNullable<Preferences[K]>, (value: NonNullable<Preferences[K]>) => void] {
  const { id } = useSession();
  const [value, setValue] = useState<NonNullable<Preferences[K]>>(
    () => (readPreferences(id)[name] as NonNullable<Preferences[K]> | undefined) ?? fallback,
  );
  const set = useCallback(
    (next: NonNullable<Preferences[K]>) => {
      setValue(next);
      writePreference(id, name, next);
    },
    [id, name],
  );
  return [value, set];
}
