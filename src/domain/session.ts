/** The session of docs/product.md#entities-and-their-fields: what the dashboard keeps of a login (plain data, no React). */
import type { Currency } from './currencies';

export interface OrganisationRef {
  id: number;
  name: string;
}

export interface Session {
  token: string;
  role: string;
  email: string;
  id: number;
  sessionId: string;
  sender: string | null;
  permissions: string[];
  /** Sorted by name. */
  organisationList: OrganisationRef[];
  organisationName: string;
  organisationId: number;
  /** True at login only if the user has exactly one organisation; true after choosing one. */
  hasChosenOrganisation: boolean;
  /** Two-factor authentication is enabled for the user. */
  authentication: boolean;
  supportedCurrencies: Currency[];
  sessionExpired: boolean;
  rateLimited: boolean;
}

/** Why the user was logged out without asking: shown once on the login page. */
export type LogoutReason = 'sessionExpired' | 'rateLimited';
