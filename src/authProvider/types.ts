/** The session (docs/product.md#entities-and-their-fields) and the controller every part of the dashboard reads it through. */
import type { LogoutReason, Session } from '../domain/session';

export type { LogoutReason, OrganisationRef, Session } from '../domain/session';

export interface AuthState {
  /** Restoring the stored session at start. */
  status: 'restoring' | 'ready';
  session: Session | null;
  /** A notice for the login page after a forced logout; cleared once shown. */
  notice: LogoutReason | null;
}

export interface SessionController {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Reads the encrypted stored session (boot). */
  restore(): Promise<void>;
  /** Logs in, fetches the currency list (its failure logs out), stores the session. Rejects with the API error. */
  login(input: { email: string; password: string; twoFaCode?: string }): Promise<Session>;
  /**
   * Chooses (first time) or switches organisation: a new token, permissions and session. A 401 ends
   * the session ('Session expired'). `beforeCommit` runs with the new session in the same task as
   * it replaces the old one (a switch moves the address to the new landing page there, so the
   * remounted admin never opens the old organisation's page).
   */
  chooseOrganisation(
    organisationId: number,
    options?: { beforeCommit?: (session: Session) => void },
  ): Promise<Session>;
  /** Replaces the token after the server rotated it (password or 2FA change). */
  replaceToken(token: string, patch?: Partial<Session>): Promise<void>;
  /** Logs out on the server (best effort) and clears the stored session. */
  logout(): Promise<void>;
  /** Forced logout without a server call: 401 ('Session expired') or network failure (rate-limit text). */
  expire(reason: LogoutReason): Promise<void>;
  clearNotice(): void;
}

/** What each resource or page needs, per action: built by App from the registries, read by canAccess. */
export type AccessAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'access';
export type AccessTable = Record<
  string,
  Partial<Record<AccessAction, import('../domain/requirements').Requirement>>
>;
