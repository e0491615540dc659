/**
 * The screens rendered outside <Admin> (the login chunk: MUI and react-hook-form, no react-admin).
 * '/' is the login form, or the organisation chooser for a logged-in user without an organisation.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAuthState } from '../authProvider/SessionContext';
import type { FetchFn } from '../api/transport';
import { FormKitProvider } from '../forms';
import { translate } from '../i18n/translate';
import { ChooseOrganisation } from './ChooseOrganisation';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

export interface PublicAppProps {
  apiUrl: string;
  fetch?: FetchFn;
}

export default function PublicApp({ apiUrl, fetch }: PublicAppProps) {
  const { session } = useAuthState();
  // A logged-in user who has not chosen an organisation is sent to / (the chooser) from every route.
  // Without a session nothing is stored (restore() clears a corrupt value), so other paths just go to /.
  const toStart = <Navigate to="/" replace />;
  return (
    <FormKitProvider translate={translate}>
      <Routes>
        <Route path="/" element={session ? <ChooseOrganisation /> : <LoginPage />} />
        <Route
          path="/forgot-password"
          element={session ? toStart : <ForgotPasswordPage apiUrl={apiUrl} fetch={fetch} />}
        />
        <Route
          path="/reset-password"
          element={session ? toStart : <ResetPasswordPage apiUrl={apiUrl} fetch={fetch} />}
        />
        <Route path="*" element={toStart} />
      </Routes>
    </FormKitProvider>
  );
}
