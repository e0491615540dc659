/**
 * The rules every /v1 route must follow (docs/architecture.md#quality-bars), read from the app's route table
 * (`app.routeTable`: method, URL, config, schema). The route-table and organisation-isolation tests
 * apply them to every route, so a route added later is held to them without touching the tests.
 */
import { API_KEY_SCOPES } from '../../src/domain/apiKeys';
import type { RouteInfo } from '../../server/http/conventions';

type Schemaish = { properties?: Record<string, Schemaish>; type?: unknown; items?: unknown };

export const isApiRoute = (route: RouteInfo) => route.url.startsWith('/v1/');

/** `:name` parameters of the URL (read from the URL, so a route without a params schema is seen too). */
export const urlParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** A parameter that names a row: `id`, `businessId`, `orgId`, … */
export const isIdParam = (name: string) => name === 'id' || /Id$/.test(name);

export const idParams = (route: RouteInfo) => urlParams(route.url).filter(isIdParam);

function successSchema(route: RouteInfo): Schemaish | undefined {
  const response = (route.schema.response ?? {}) as Record<string, Schemaish>;
  const code = Object.keys(response).find((c) => /^2\d\d$/.test(c) || c === '2xx');
  return code === undefined ? undefined : response[code];
}

/** A list answers `{ <listKey>: [...], total }`: returns its list key, or undefined for other routes. */
export function listKey(route: RouteInfo): string | undefined {
  const properties = successSchema(route)?.properties;
  if (!properties || !('total' in properties)) return undefined;
  return Object.keys(properties).find((k) => properties[k].type === 'array');
}

const TAKES_BODY = ['POST', 'PUT', 'PATCH'];

/**
 * Routes that change credentials, addresses money may go to, or money itself: they declare
 * `config.twoFactor` (the user's 2FA code when 2FA is on). `METHOD /path` patterns.
 */
export const TWO_FACTOR_ROUTES: readonly RegExp[] = [
  /^(POST|PATCH|DELETE) \/v1\/api-keys(\/:id)?$/,
  // Bank accounts receive the organisation's money (docs/decisions.md 146).
  /^(POST|PATCH) \/v1\/bank-accounts(\/:id)?$/,
  /^(POST|DELETE) \/v1\/whitelisted-addresses(\/:id)?$/,
  // Money movements (docs/decisions.md 163).
  /^POST \/v1\/payment\/internal-transfers$/,
  // Balance conversions: the quote and its execution (docs/decisions.md 180).
  /^(POST \/v1\/payment\/balance\/convert|PATCH \/v1\/payment\/balance\/convert\/:\w+)$/,
  /^POST \/v1\/payment\/withdrawals\/fiat$/,
  // Crypto withdrawals, their decisions and the threshold that skips the approval (decisions 175–177).
  /^POST \/v1\/withdrawals\/crypto(\/:id\/(approve|reject))?$/,
  /^PUT \/v1\/withdrawals\/approval-thresholds\/:currency$/,
  // A business's callback signing secret: who holds it can sign callbacks as the provider (issue 32).
  /^POST \/v1\/businesses\/:id\/callback-secret$/,
];

/** Whether a route must declare config.twoFactor. */
export const needsTwoFactor = (route: RouteInfo) =>
  TWO_FACTOR_ROUTES.some((pattern) => pattern.test(describeRoute(route)));

/**
 * Routes that move money: they declare `config.idempotent` (an Idempotency-Key per movement, the money
 * moved once per key). `METHOD /path` patterns: the money movements of docs/product.md, so each one is
 * held to it the day it is added.
 */
export const IDEMPOTENT_ROUTES: readonly RegExp[] = [
  /^POST \/v1\/payments$/,
  /^POST \/v1\/withdrawals\/crypto$/,
  /^POST \/v1\/withdrawals\/crypto\/:\w+\/(approve|reject)$/,
  /^POST \/v1\/payment\/withdrawals\/fiat$/,
  /^POST \/v1\/payment\/deposits\/fiat$/,
  /^POST \/v1\/payment\/internal-transfers$/,
  /^(POST \/v1\/payment\/balance\/convert|PATCH \/v1\/payment\/balance\/convert\/:\w+)$/,
  // Not money, but a merchant must get one resend per click, whatever the client's retries (issue 32).
  /^POST \/v1\/callbacks\/:\w+\/resend$/,
];

/** Whether a route must declare config.idempotent. */
export const needsIdempotency = (route: RouteInfo) =>
  IDEMPOTENT_ROUTES.some((pattern) => pattern.test(describeRoute(route)));

/** The reading routes an API key may call: the transaction lists (not their exports) and one business's balances. */
export const takesApiKey = (route: RouteInfo) =>
  route.method === 'GET' &&
  ((listKey(route) !== undefined && (route.schema.tags as string[] | undefined)?.includes('transactions')) ||
    route.url === '/v1/balances/:businessId');

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * State-changing routes that write no audit row of their own declaration (docs/decisions.md, decision
 * 153), each with its reason. Every other POST/PUT/PATCH/DELETE /v1 route declares `config.audit`.
 */
export const AUDIT_EXEMPT: Readonly<Record<string, string>> = {
  'POST /v1/auth/login': 'a session, not a record; a failed login writes its own refused row',
  'POST /v1/auth/login/:orgId': 'the organisation switch: a session replaced, no record changed',
  'POST /v1/auth/logout': 'a session ended, no record changed',
  'POST /v1/auth/forgot-password': 'changes nothing the user sees: the reset, if used, is audited',
  'POST /v1/reports/balance-confirmation': 'a read (a letter is prepared), POST for its body only',
  'POST /v1/reports/transaction-ledger': 'a read (a sheet is prepared), POST for its body only',
  'POST /v1/testing/reset': 'test mode only: empties the database',
};

/** Whether a route must declare config.audit (a state-changing /v1 route not exempt). */
export const needsAudit = (route: RouteInfo) =>
  isApiRoute(route) && STATE_CHANGING.includes(route.method) && !(describeRoute(route) in AUDIT_EXEMPT);

/** What a route lacks; empty when it follows every rule. */
export function routeProblems(route: RouteInfo): string[] {
  const problems: string[] = [];
  const { config, schema } = route;
  if (!config.access) problems.push('no config.access (requires(...), AUTHENTICATED or PUBLIC)');
  if (!successSchema(route)) problems.push('no 2xx response schema');
  if (urlParams(route.url).length > 0 && !schema.params)
    problems.push('path parameters without a params schema');
  if (TAKES_BODY.includes(route.method) && !schema.body && !config.bodyless) {
    problems.push('no body schema (or config.bodyless for a route that takes none)');
  }
  const list = listKey(route);
  if (list !== undefined && !schema.querystring) problems.push('a list without a querystring schema');
  if (route.method === 'GET' && schema.body) problems.push('a GET with a body schema');
  if ((idParams(route).length > 0 || list !== undefined) && !config.tenancy) {
    problems.push('takes an id or lists rows but declares no config.tenancy');
  }
  if (config.tenancy?.kind === 'organisation-rows' && schema.body && config.tenancy.probeBody === undefined) {
    problems.push('organisation rows with a body: give tenancy.probeBody for the isolation test');
  }
  if (needsTwoFactor(route) && !config.twoFactor)
    problems.push('changes something sensitive: declare config.twoFactor');
  if (needsIdempotency(route) && !config.idempotent)
    problems.push('moves money: declare config.idempotent (an Idempotency-Key per movement)');
  if (takesApiKey(route) && !config.apiKey)
    problems.push('a reading route for integrators: declare config.apiKey');
  const unknownScopes = (config.apiKey ?? []).filter(
    (s) => !(API_KEY_SCOPES as readonly string[]).includes(s),
  );
  if (unknownScopes.length > 0)
    problems.push(`config.apiKey names scopes keys cannot hold: ${unknownScopes.join(', ')}`);
  if (needsAudit(route) && !config.audit)
    problems.push("changes state: declare config.audit: '<entity-type>' and write its audit row");
  if (config.audit !== undefined && !STATE_CHANGING.includes(route.method))
    problems.push('config.audit on a route that changes nothing');
  if (config.audit !== undefined && !/^[a-z][a-z-]{0,39}$/.test(config.audit))
    problems.push('config.audit is an entity type in kebab case');
  if (config.cacheable && config.access?.kind !== 'public') {
    problems.push('cacheable, yet not public: authenticated answers are never cached');
  }
  return problems;
}

export const describeRoute = (route: RouteInfo) => `${route.method} ${route.url}`;
