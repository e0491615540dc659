/**
 * The screens rendered outside <Admin> (the login chunk: MUI and react-hook-form, no react-admin).
 * '/' is the login form, or the organisation chooser for a logged-in user without an organisation.
 */
import { useEffect } from 'react';
import { usePageViews } from '../analytics';
import { useAuthState } from '../authProvider/SessionContext';
import type { FetchFn } from '../api/transport';
import { FormKitProvider } from '../forms/FormKitContext';
import { usePublicTranslate } from '../i18n/hooks';
import { ChooseOrganisation } from './ChooseOrganisation';
import { navigate, useLocation } from './navigation';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

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
