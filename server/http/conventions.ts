/**
 * The conventions every route follows, enforced in one place:
 * - a /v1 route declares `config.access` (server/auth/access.ts); its guard is installed from it, and a
 *   route without one does not start. The guard runs at preValidation, before the request is checked
 *   against the schema: a caller without a session (or without the permission) learns 401 (403), never
 *   which input the route would refuse;
 * - every route lands in `app.routeTable` with its config and schema, which the route-table tests read;
 * - /v1 answers send `Cache-Control: no-store` (they carry sessions and personal data) unless the route
 *   is declared `cacheable` and sets its own header;
 * - a known path asked with a method it does not have is a 405 with `Allow` (`allowedMethods`);
 * - `config.apiKey: [scopes…]` lets a GET route with a permission access also take an API key holding
 *   those scopes (and the route's permissions) for its one business (server/auth/apiKeys.ts);
 * - `config.twoFactor` makes a route need the acting user's 2FA code in `X-2FA-Code` when 2FA is on
 *   (server/auth/twoFactor.ts), checked after the body and before the handler (a code that is not 6
 *   digits is 400 whether 2FA is on or off); an idempotent route spends it in its key's transaction;
 * - a state-changing route declares `config.audit` (the route-table test holds every POST/PUT/PATCH/DELETE
 *   to it, a few justified exceptions aside) and writes its audit row with `audit(tx, request, …)`; a 2xx
 *   answer of such a route whose request wrote none (`request.audited` unset) is logged, and in test mode
 *   (the tests, E2E_RESET=1) turned into a 500, so every test of a mutation also proves its row;
 * - `config.idempotent` makes a money-moving POST/PATCH need an `Idempotency-Key` (checked after the
 *   body, before the 2FA code) and run its handler once per key, organisation and caller, a retry
 *   answering the stored answer (server/http/idempotency.ts);
 * - a number in the query string or path is finite: a run of 400 digits converts to Infinity
 *   (convertStrictly, server/http/validation.ts), which PostgreSQL would refuse with a 500.
 */
import type {
  FastifyContextConfig,
  FastifySchema,
  onRequestHookHandler,
  onSendAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Permission } from '../../src/domain/permissions';
import { guardFor, type Access } from '../auth/access';
import { checkTwoFactor, requireTwoFactor } from '../auth/twoFactor';
import { idempotentHandler, requireIdempotencyKey } from './idempotency';
import type { Tenancy } from '../auth/scope';
import type { AnyForm } from './forms';
import type { App } from '../context';
import { validationError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every /v1 route. */
    access?: Access;
    /** Whose rows the route reads or writes; required on routes taking an id and on lists. */
    tenancy?: Tenancy;
    /** Public, non-personal answers that set their own Cache-Control (brand assets). */
    cacheable?: boolean;
    /** A POST/PUT/PATCH that takes no body (logout, organisation switch). */
    bodyless?: boolean;
    /** The form whose rules (src/domain/schemas.ts) word the body's field errors. */
    form?: AnyForm;
    /** The route also takes an API key holding these scopes (a GET with a permission access). */
    apiKey?: readonly Permission[];
    /** The route needs the acting user's 2FA code (X-2FA-Code) when the user has 2FA on. */
    twoFactor?: boolean;
    /**
     * A money-moving POST/PATCH: it needs an Idempotency-Key (a UUID) and moves the money once per key
     * (server/http/idempotency.ts); its handler works through `dbOf(request)`.
     */
    idempotent?: boolean;
    /**
     * The entity type (kebab case) whose audit row a state-changing route writes with
     * `audit(tx, request, …)` (server/audit/index.ts), in the transaction of its change.
     */
    audit?: string;
  }
  interface FastifyInstance {
    /** Every route with its method, URL, config and schema (HEAD left out). */
    routeTable: readonly RouteInfo[];
  }
}

export interface RouteInfo {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema;
}

export const isApiPath = (url: string) => url === '/v1' || url.startsWith('/v1/');

export function installRouteConventions(app: App): void {
  const routeTable: RouteInfo[] = [];
  // "METHOD /path" of every route (kept for the OpenAPI completeness test).
  const registeredRoutes: string[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('registeredRoutes', registeredRoutes);

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    const config = (route.config ?? {}) as FastifyContextConfig;
    for (const method of methods) {
      registeredRoutes.push(`${method} ${route.url}`);
      routeTable.push({ method, url: route.url, config, schema: route.schema ?? {} });
    }
    if (!isApiPath(route.url)) return;
    if (!config.access) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no config.access: ` +
          'use requires(...permissions), AUTHENTICATED or PUBLIC from server/auth/access.ts',
      );
    }
    const problem = declarationProblem(methods, config);
    if (problem) throw new Error(`${methods.join(',')} ${route.url}: ${problem}`);
    const guard = guardFor(config.access, config.apiKey);
    if (guard) route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
    if (config.idempotent) route.preHandler = [...[route.preHandler ?? []].flat(), requireIdempotencyKey];
    // An idempotent route checks the code here and spends it with its key's claim (idempotency.ts).
    const twoFactor = config.idempotent ? checkTwoFactor : requireTwoFactor;
    if (config.twoFactor) route.preHandler = [...[route.preHandler ?? []].flat(), twoFactor];
    if (config.idempotent) route.handler = idempotentHandler(route.handler);
  });

  // Set before the handler runs, so that errors (401, 404, 500) carry it too; cacheable routes override it.
  const noStore: onRequestHookHandler = (request, reply, done) => {
    if (isApiPath(request.url.split('?')[0]) && !request.routeOptions.config?.cacheable) {
      reply.header('Cache-Control', 'no-store');
    }
    done();
  };
  app.addHook('onRequest', noStore);

  // A mutation that answered 2xx without writing its audit row (server/audit/index.ts).
  const auditWritten: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const entityType = request.routeOptions.config?.audit;
    if (!entityType || !STATE_CHANGING_METHODS.includes(request.method)) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || request.audited) return payload;
    const message = `${request.method} ${request.routeOptions.url} declares config.audit '${entityType}' but wrote no audit row`;
    request.log.error(message);
    if (!auditStrict(request.server.ctx?.config?.e2eReset)) return payload;
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({ message });
  };
  app.addHook('onSend', auditWritten);

  const finiteNumbers: preHandlerHookHandler = (request, _reply, done) => {
    const errors: Record<string, string> = {};
    for (const values of [request.query, request.params]) {
      if (values === null || typeof values !== 'object') continue;
      for (const [key, value] of Object.entries(values)) {
        const list: unknown[] = Array.isArray(value) ? value : [value];
        if (list.some((v) => typeof v === 'number' && !Number.isFinite(v)))
          errors[key] = 'must be a finite number';
      }
    }
    done(Object.keys(errors).length > 0 ? validationError(errors) : undefined);
  };
  app.addHook('preHandler', finiteNumbers);
}

/** The methods of state-changing requests: each writes an audit row (config.audit). */
export const STATE_CHANGING_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Test mode (the test runner, or the e2e server's E2E_RESET=1): a missing audit row fails the answer. */
export const auditStrict = (e2eReset: boolean | undefined) =>
  e2eReset === true || process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;

/** What is wrong with a route's apiKey, twoFactor or idempotent declaration, if anything. */
function declarationProblem(methods: readonly string[], config: FastifyContextConfig): string | undefined {
  const { access, apiKey, twoFactor, idempotent } = config;
  if (apiKey !== undefined) {
    if (methods.some((m) => m !== 'GET')) return 'config.apiKey is for reading routes (GET) only';
    if (access?.kind !== 'permission') return 'config.apiKey needs a permission access (requires(...))';
    if (access.alternatives)
      return 'config.apiKey needs one permission set (requires(...), not requiresAnyOf)';
    const uncovered = access.permissions.filter((p) => !apiKey.includes(p));
    if (uncovered.length > 0)
      return `config.apiKey must include the route's permissions (${uncovered.join(', ')})`;
  }
  if (twoFactor && access?.kind === 'public') return 'config.twoFactor needs a caller (not PUBLIC)';
  if (idempotent) {
    if (methods.some((m) => m !== 'POST' && m !== 'PATCH' && m !== 'PUT'))
      return 'config.idempotent is for changing routes (POST, PATCH, PUT) only';
    if (access?.kind === 'public') return "config.idempotent needs a caller (keys are an organisation's)";
  }
  return undefined;
}

/** The URL pattern of a route (`/v1/roles/:id`) as a matcher of concrete paths. */
function pathMatcher(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment === '*'
          ? '.*'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods a path has routes for (HEAD with GET), for the 405 of a known path asked with another
 * method; empty for an unknown path. Catch-all routes (`*`, the CORS preflight) do not count.
 */
export function allowedMethods(routeTable: readonly RouteInfo[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routeTable) {
    if (route.url.includes('*') || route.method === 'OPTIONS') continue;
    if (pathMatcher(route.url).test(path)) {
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
    }
  }
  return [...methods].sort();
}

/** The router's limit on a path parameter's length (`maxParamLength`). */
export const PARAM_LENGTH_MAX = 100;

/**
 * The name of the path parameter longer than the router takes (`/v1/businesses/<150 digits>`), for the
 * 400 on it (like any other bad id), or undefined when no route of the method matches the path.
 */
/** The 400 body for a path parameter longer than the router takes (see overlongParameter). */
export const overlongParameterBody = (param: string, message: string) => ({
  message,
  errors: { [param]: `must NOT have more than ${PARAM_LENGTH_MAX} characters` },
});

export function overlongParameter(routeTable: readonly RouteInfo[], method: string, path: string) {
  const segments = path.split('/');
  for (const route of routeTable) {
    if (route.method !== method || route.url.includes('*') || !pathMatcher(route.url).test(path)) continue;
    const names = route.url.split('/');
    const index = names.findIndex(
      (name, i) => name.startsWith(':') && (segments[i] ?? '').length > PARAM_LENGTH_MAX,
    );
    if (index >= 0) return names[index].slice(1);
  }
  return undefined;
}
