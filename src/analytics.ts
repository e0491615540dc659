/** Page views for the tag manager (spec section 2: a page view on each navigation except the login page). */
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router-dom';

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

/** Call once inside the router (Root) so it covers the public screens and the admin alike. */
export function usePageViews(loggedIn: boolean): void {
  const { pathname } = useLocation();
  // Reported per navigation only: logging in or out on the same path is not a page view.
  const report = useEffectEvent((path: string) => {
    if (shouldReportPageView(path, loggedIn)) pushPageView(path);
  });
  useEffect(() => {
    report(pathname);
  }, [pathname]);
}
