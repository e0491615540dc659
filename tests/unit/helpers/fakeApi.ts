/** A fake fetch for URL-level tests: handlers by "METHOD path" (path under /v1, without query). */
import type { Session } from '../../../src/domain/session';
import type { LoginResponse } from '../../../src/domain/api';
import type { FetchFn } from '../../../src/api/transport';
import type { Business } from '../../../src/domain/business';

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export function fakeApi(routes: Record<string, Handler | Reply>) {
  const calls: RecordedCall[] = [];
  const fetch: FetchFn = async (input, init = {}) => {
    const url = new URL(input, 'http://api.test');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[k.toLowerCase()] = v;
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url: input,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const body = status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(body, {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };
  return { fetch, calls };
}

export function loginResponse(
  overrides: Partial<LoginResponse['user']> = {},
  organisations: Record<string, string> = { '1': 'Aurora Payments' },
): LoginResponse {
  return {
    user: {
      id: 7,
      email: 'admin@example.com',
      role: 'ADMIN',
      twoFaEnabled: false,
      permissions: ['GET_ORGANISATION', 'GET_BUSINESSES'],
      organisationId: Number(Object.keys(organisations)[0]),
      ...overrides,
    },
    sessionId: 'sess-1',
    organisations,
  };
}

export function sampleSession(overrides: Partial<Session> = {}): Session {
  return {
    token: 'tok-secret-123',
    role: 'ADMIN',
    email: 'admin@example.com',
    id: 7,
    sessionId: 'sess-1',
    sender: null,
    permissions: ['GET_ORGANISATION', 'GET_BUSINESSES'],
    organisationList: [{ id: 1, name: 'Aurora Payments' }],
    organisationName: 'Aurora Payments',
    organisationId: 1,
    hasChosenOrganisation: true,
    authentication: false,
    supportedCurrencies: [],
    sessionExpired: false,
    rateLimited: false,
    ...overrides,
  };
}

/** A SessionStore in memory (the encrypted store has its own tests). */
export function memorySessionStore(initial: Session | null = null) {
  let stored: Session | null = initial;
  return {
    load: async () => stored,
    save: async (s: Session) => {
      stored = s;
    },
    clear: () => {
      stored = null;
    },
    get current() {
      return stored;
    },
  };
}

/** A business as GET /v1/businesses/{id} answers it: EUR settlement, BTC deposits, no options on. */
export function sampleBusiness(
  id: number,
  businessName: string,
  overrides: Partial<Business> = {},
): Business {
  return {
    id,
    businessName,
    settlementCurrency: 'EUR',
    supportedDisplayCurrencies: ['EUR'],
    supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'] },
    supportedDepositCurrencies: ['BTC'],
    depositReceivedCallbackUrl: null,
    withdrawalCallbackUrl: null,
    withdrawalApprovalCallbackUrl: null,
    overpaymentPolicy: 'PROCESS',
    refundFollowUpDepositsForOneTimePayments: false,
    blockchainFeePaidBy: 'USER',
    stableCryptoCurrencyDepegThreshold: null,
    userServiceFeeDistributionPercentage: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
