/**
 * The session controller (docs/product.md#entities-and-their-fields and #states-and-transitions): login, organisation choice, logout and forced
 * logout, with the state React reads through useSyncExternalStore. No react-admin here: the login
 * chunk loads it.
 */
import { AUTH_SCHEME, IDENTITY_HEADER, type CurrenciesResponse, type LoginResponse } from '../domain/api';
import { ERROR_TEXTS } from '../domain/errors';
import { normaliseEmail } from '../domain/validation';
import { ApiError } from '../api/apiError';
import { classifyFailure, responseFailure } from '../api/errorRules';
import { apiUrlFor, defaultFetch, send, type FetchFn, type RawResponse } from '../api/transport';
import type { SessionStore } from './sessionStore';
import type { AuthState, LogoutReason, OrganisationRef, Session, SessionController } from './types';

export interface SessionControllerOptions {
  apiUrl: string;
  store: SessionStore;
  fetch?: FetchFn;
}

/** organisations map (id → name) → list sorted by name (then id, for equal names). */
export function organisationListFrom(organisations: Record<string, string>): OrganisationRef[] {
  return Object.entries(organisations)
    .map(([id, name]) => ({ id: Number(id), name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** The session of docs/product.md#entities-and-their-fields from a login response (before the currency list is added). */
export function sessionFromLogin(
  response: LoginResponse,
  token: string,
  options: { chosen?: boolean } = {},
): Session {
  const organisationList = organisationListFrom(response.organisations ?? {});
  const organisationId = response.user.organisationId;
  return {
    token,
    role: response.user.role,
    email: response.user.email,
    id: response.user.id,
    sessionId: response.sessionId,
    sender: null,
    permissions: [...response.user.permissions],
    organisationList,
    organisationName:
      response.organisations?.[String(organisationId)] ??
      organisationList.find((o) => o.id === organisationId)?.name ??
      '',
    organisationId,
    hasChosenOrganisation: options.chosen === true || organisationList.length === 1,
    authentication: response.user.twoFaEnabled,
    supportedCurrencies: [],
    sessionExpired: false,
    rateLimited: false,
  };
}

function failure(path: string, response: RawResponse): ApiError {
  return responseFailure(path, response).error;
}

export function createSessionController(options: SessionControllerOptions): SessionController {
  const { apiUrl, store } = options;
  const fetchFn = options.fetch ?? defaultFetch;
  let state: AuthState = { status: 'restoring', session: null, notice: null };
  const listeners = new Set<() => void>();

  const setState = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const call = async <T>(path: string, init: { method?: string; body?: unknown; token?: string }) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.Authorization = `${AUTH_SCHEME} ${init.token}`;
    let response: RawResponse<T>;
    try {
      response = await send<T>(fetchFn, apiUrlFor(apiUrl, path), {
        method: init.method,
        body: init.body,
        headers,
      });
    } catch {
      throw new ApiError(classifyFailure({ kind: 'network', path }).message, 0);
    }
    if (!response.ok) throw failure(path, response);
    return response;
  };

  const clearAll = () => {
    store.clear();
    setState({ session: null });
  };

  /**
   * Login response → session with currencies → stored → state. Currency failure clears everything.
   * `beforeCommit` runs with the new session just before it becomes the state, in the same task.
   */
  const establish = async (
    response: RawResponse<LoginResponse>,
    chosen: boolean,
    beforeCommit?: (session: Session) => void,
  ): Promise<Session> => {
    const token = response.headers.get(IDENTITY_HEADER);
    if (!token || !response.json?.user) {
      clearAll();
      throw new ApiError(ERROR_TEXTS.loginFailed, response.status, undefined);
    }
    const draft = sessionFromLogin(response.json, token, { chosen });
    let supportedCurrencies: Session['supportedCurrencies'];
    try {
      const currencies = await call<CurrenciesResponse>('currencies', { token });
      supportedCurrencies = Array.isArray(currencies.json?.data) ? currencies.json.data : [];
    } catch (error) {
      clearAll();
      // Best effort: the token is of no use without the currency list.
      void call('auth/logout', { method: 'POST', token }).catch(() => undefined);
      throw error;
    }
    const session: Session = { ...draft, supportedCurrencies };
    try {
      await store.save(session);
    } catch {
      // Storage or Web Crypto unavailable: the session lives in memory only (a reload logs out).
    }
    beforeCommit?.(session);
    setState({ session, notice: null });
    return session;
  };

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async restore() {
      const session = await store.load().catch(() => null);
      setState({ status: 'ready', session: state.session ?? session });
    },

    async login({ email, password, twoFaCode }) {
      const body: { email: string; password: string; twoFaCode?: number } = {
        email: normaliseEmail(email),
        password,
      };
      const code = twoFaCode?.trim();
      if (code) body.twoFaCode = Number(code);
      const response = await call<LoginResponse>('auth/login', { method: 'POST', body });
      return establish(response, false);
    },

    async chooseOrganisation(organisationId, options = {}) {
      const token = state.session?.token;
      if (!token) throw new ApiError(ERROR_TEXTS.sessionExpired, 401, undefined);
      let response: RawResponse<LoginResponse>;
      try {
        response = await call<LoginResponse>(`auth/login/${encodeURIComponent(String(organisationId))}`, {
          method: 'POST',
          token,
        });
      } catch (error) {
        // A login URL, but with a session (docs/decisions.md): its 401 means the session is over.
        if (error instanceof ApiError && error.status === 401 && state.session?.token === token) {
          store.clear();
          setState({ session: null, notice: 'sessionExpired' });
        }
        throw error;
      }
      return establish(response, true, options.beforeCommit);
    },

    async replaceToken(token, patch) {
      const current = state.session;
      if (!current) return;
      const session: Session = { ...current, ...patch, token };
      setState({ session });
      try {
        await store.save(session);
      } catch {
        // kept in memory
      }
    },

    async logout() {
      const token = state.session?.token;
      clearAll();
      setState({ notice: null });
      if (token) await call('auth/logout', { method: 'POST', token }).catch(() => undefined);
    },

    async expire(reason: LogoutReason) {
      store.clear();
      setState({ session: null, notice: reason });
    },

    clearNotice() {
      if (state.notice !== null) setState({ notice: null });
    },
  };
}
