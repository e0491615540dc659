/**
 * The login-chunk-safe part of the auth module (no react-admin). The admin's authProvider is in
 * ./authProvider.ts and is imported by App directly.
 */
export { createSessionController, organisationListFrom, sessionFromLogin } from './controller';
export type { SessionControllerOptions } from './controller';
export { createSessionStore, SESSION_STORAGE_KEY } from './sessionStore';
export type { SessionStore, SessionStoreOptions } from './sessionStore';
export { createIndexedDbKeyStore, createMemoryKeyStore } from './keyStore';
export type { KeyStore } from './keyStore';
export {
  SessionControllerProvider,
  useAuthState,
  useOptionalSession,
  useSession,
  useSessionController,
} from './SessionContext';
export type * from './types';
