/**
 * Wire types of the /v1 endpoints that this foundation covers (docs/product.md#entities-and-their-fields and #calls).
 * The server's TypeBox schemas describe the same shapes; tests hold both to them.
 */
import type { Currency } from './currencies';

export interface BrandResponse {
  value: string;
  name: string;
  fiatDepositAllowed: boolean;
  lightLogoUrl: string;
  darkLogoUrl: string;
  basicIconUrl: string;
  appleTouchIconUrl: string;
  pwaSmallIconUrl: string;
  pwaLargeIconUrl: string;
}

/** POST /v1/auth/login and POST /v1/auth/login/{orgId}; the token is in the X-Identity-Token header. */
export interface LoginResponse {
  user: {
    id: number;
    email: string;
    role: string;
    twoFaEnabled: boolean;
    permissions: string[];
    organisationId: number;
  };
  sessionId: string;
  /** Organisation id → name, every organisation the user belongs to. */
  organisations: Record<string, string>;
}

export interface CurrenciesResponse {
  data: Currency[];
}

/** GET /v1/users/two-fa: a new secret to set up (only while 2FA is off), and whether it is on. */
export interface TwoFaSetupResponse {
  enabled: boolean;
  secret?: string;
  otpauthUri?: string;
}

/** PATCH /v1/users/two-fa */
export interface TwoFaUpdateRequest {
  enabled: boolean;
  code: string;
}

/** PATCH /v1/users/password */
export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
}

export const IDENTITY_HEADER = 'X-Identity-Token';
export const TWO_FA_HEADER = 'X-2FA-Code';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const AUTH_SCHEME = 'Web';
