import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthState, Session, SessionController } from './types';

const SessionControllerContext = createContext<SessionController | null>(null);

export function SessionControllerProvider({
  controller,
  children,
}: {
  controller: SessionController;
  children: ReactNode;
}) {
  return <SessionControllerContext.Provider value={controller}>{children}</SessionControllerContext.Provider>;
}

export function useSessionController(): SessionController {
  const controller = useContext(SessionControllerContext);
  if (!controller) throw new Error('useSessionController() must be used inside <SessionControllerProvider>');
  return controller;
}

/** The controller's state, re-rendering on every change. */
export function useAuthState(): AuthState {
  const controller = useSessionController();
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}

/** The current session, or null when logged out. */
export function useOptionalSession(): Session | null {
  return useAuthState().session;
}

/** The current session; inside the admin there always is one (main.tsx only mounts App with one). */
export function useSession(): Session {
  const session = useAuthState().session;
  if (!session) throw new Error('useSession() called without a session (outside the admin?)');
  return session;
}
