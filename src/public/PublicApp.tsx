/**
 * The screens rendered outside <Admin> (the login chunk: MUI and the form kit, no react-admin).
 * '/' is the login form, or the organisation chooser for a logged-in user without an organisation.
 * Only the login form is in the login page's chunk; the chooser and the password screens are chunks
 * of their own, loaded when shown (main.tsx's overlay covers the wait).
 */
import { useEffect } from 'react';
import { usePageViews } from '../analytics';
import { useAuthState } from '../authProvider/SessionContext';
import type { FetchFn } from '../api/transport';
import { FormKitProvider } from '../forms/FormKitContext';
import { usePublicTranslate } from '../i18n/hooks';
import { navigate, useLocation } from './navigation';
import { LoginPage } from './LoginPage';

import { PublicAlert } from './PublicAlert';
import { preloadable } from './preloadable';

const ChooseOrganisation = preloadable(() =>
  import('./ChooseOrganisation').then((m) => m.ChooseOrganisation),
);
const ForgotPasswordPage = preloadable(() =>
  import('./ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = preloadable(() => import('./ResetPasswordPage').then((m) => m.ResetPasswordPage));

/**
 * Loads the screen a path shows (boot calls it before the first render, so that screen does not
 * suspend); without arguments, every screen and the alert (tests).
 */
export function preloadScreens(pathname?: string, loggedIn = false): Promise<unknown> {
  if (pathname === undefined)
    return Promise.all([
      ChooseOrganisation.preload(),
      ForgotPasswordPage.preload(),
      ResetPasswordPage.preload(),
      PublicAlert.preload(),
    ]);
  if (pathname === '/' && loggedIn) return ChooseOrganisation.preload();
  if (pathname === '/forgot-password' && !loggedIn) return ForgotPasswordPage.preload();
  if (pathname === '/reset-password' && !loggedIn) return ResetPasswordPage.preload();
  return Promise.resolve();
}

export interface PublicAppProps {
  apiUrl: string;
  fetch?: FetchFn;
}

/** Replaces the current entry with `/` once rendered. */
function ToStart() {
  useEffect(() => navigate('/', { replace: true }), []);
  return null;
}

export default function PublicApp({ apiUrl, fetch }: PublicAppProps) {
  const { session } = useAuthState();
  const { pathname } = useLocation();
  // The current locale's translate: a language switch re-renders the screens (and the form kit) in it.
  const translate = usePublicTranslate();
  usePageViews(pathname, session !== null);
  // A logged-in user who has not chosen an organisation is sent to / (the chooser) from every path.
  // Without a session nothing is stored (restore() clears a corrupt value), so other paths just go to /.
  let screen;
  if (pathname === '/') screen = session ? <ChooseOrganisation /> : <LoginPage />;
  else if (pathname === '/forgot-password' && !session)
    screen = <ForgotPasswordPage apiUrl={apiUrl} fetch={fetch} />;
  else if (pathname === '/reset-password' && !session)
    screen = <ResetPasswordPage apiUrl={apiUrl} fetch={fetch} />;
  else screen = <ToStart />;
  return <FormKitProvider translate={translate}>{screen}</FormKitProvider>;
}
