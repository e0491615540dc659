import { useMemo, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { satisfies, type AccessContext, type Requirement } from '../domain/requirements';
import { landingPage } from '../domain/landing';
import { useSession } from '../authProvider';
import { useBrand } from '../brands';

/** The session's permissions and the deployment's brand, as satisfies() reads them. */
export function useAccessContext(): AccessContext {
  const { permissions } = useSession();
  const { fiatDepositAllowed } = useBrand();
  return useMemo(() => ({ permissions, brand: { fiatDepositAllowed } }), [permissions, fiatDepositAllowed]);
}

/** Route guard (docs/product.md#screens-and-routes 'Guards'): a failing requirement redirects to `/`. */
export function RequireAccess({ requires, children }: { requires: Requirement; children: ReactNode }) {
  const context = useAccessContext();
  return satisfies(requires, context) ? <>{children}</> : <Navigate to="/" replace />;
}

/** `/` inside the admin, and logged-out-only routes for a logged-in user: the landing page. */
export function LandingRedirect() {
  const { permissions } = useSession();
  return <Navigate to={landingPage(permissions)} replace />;
}

/** react-admin's access-denied route: back to `/` (which redirects to the landing page). */
export function AccessDeniedRedirect() {
  return <Navigate to="/" replace />;
}
