/** Page views for the tag manager (docs/product.md#screens-and-routes: a page view on each navigation except the login page). */
import { useEffect, useEffectEvent } from 'react';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export interface PageViewEvent {
  event: 'page_view';
  page_path: string;
}

/** Whether a navigation is reported: everything but the login form ('/' without a session). */
export function shouldReportPageView(pathname: string, loggedIn: boolean): boolean {
  return !(pathname === '/' && !loggedIn);
}

export function pushPageView(pathname: string, target: { dataLayer?: unknown[] } = window): void {
  const event: PageViewEvent = { event: 'page_view', page_path: pathname };
  target.dataLayer = target.dataLayer ?? [];
  target.dataLayer.push(event);
}

/** The path seen last, by whichever router: the public screens and the admin report one sequence. */
let lastSeen: string | null = null;

/** Forgets the last path (tests). */
export function resetPageViews(): void {
  lastSeen = null;
}

/**
 * Reports a page view when `pathname` changes. The public screens and the admin (each with its own
 * router) both call it, and a path is reported once however the screens change over it: logging in
 * on `/` and landing in the admin on `/` is not a new page view.
 */
export function usePageViews(pathname: string, loggedIn: boolean): void {
  const report = useEffectEvent((path: string) => {
    if (path === lastSeen) return;
    lastSeen = path;
    if (shouldReportPageView(path, loggedIn)) pushPageView(path);
  });
  useEffect(() => {
    report(pathname);
  }, [pathname]);
}
