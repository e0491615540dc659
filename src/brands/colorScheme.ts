import { useSyncExternalStore } from 'react';
import type { ThemeMode } from './theme';

/** The system's colour scheme, which the screens outside <Admin> follow (react-admin follows it too). */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** 'dark' when the system prefers it, else 'light' (and 'light' at build time). */
export function useSystemThemeMode(): ThemeMode {
  return useSyncExternalStore(
    subscribe,
    () => (query()?.matches ? 'dark' : 'light'),
    () => 'light',
  );
}
