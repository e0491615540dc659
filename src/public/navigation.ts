/**
 * The public screens' router: four paths need no router library, and react-router stays out of the
 * login page (the admin's BrowserRouter, in its own chunk, reads the same window.history when it
 * mounts). `navigate` pushes or replaces a history entry; every subscriber re-reads the location.
 */
import { useSyncExternalStore, type MouseEvent } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export interface PublicLocation {
  pathname: string;
  search: string;
  hash: string;
}

let cached: { href: string; location: PublicLocation } | null = null;

function snapshot(): PublicLocation {
  const { href, pathname, search, hash } = window.location;
  if (cached?.href !== href) cached = { href, location: { pathname, search, hash } };
  return cached.location;
}

/** At build time (the prerendered login page) the location is `/`. */
const SERVER_LOCATION: PublicLocation = { pathname: '/', search: '', hash: '' };

/** The current location; re-renders on navigate() and on the browser's back and forward. */
export function useLocation(): PublicLocation {
  return useSyncExternalStore(subscribe, snapshot, () => SERVER_LOCATION);
}

export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(window.history.state, '', to);
  else window.history.pushState(null, '', to);
  for (const listener of [...listeners]) listener();
}

/**
 * onClick of a plain link (`<Link href="/forgot-password" onClick={followLink}>`): a left click
 * without a modifier navigates in the page; any other click (new tab, new window) is the browser's.
 */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '/');
}
