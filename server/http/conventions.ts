/**
 * The conventions every route follows, enforced in one place:
 * - a /v1 route declares `config.access` (server/auth/access.ts); its guard is installed from it, and a
 *   route without one does not start;
 * - every route lands in `app.routeTable` with its config and schema, which the route-table tests read;
 * - /v1 answers send `Cache-Control: no-store` (they carry sessions and personal data) unless the route
 *   is declared `cacheable` and sets its own header.
 */
import type { FastifyContextConfig, FastifySchema, onRequestHookHandler } from 'fastify';
import { guardFor, type Access } from '../auth/access';
import type { Tenancy } from '../auth/scope';
import type { App } from '../context';

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
    const guard = guardFor(config.access);
    if (guard) route.preHandler = [guard, ...[route.preHandler ?? []].flat()];
  });

  // Set before the handler runs, so that errors (401, 404, 500) carry it too; cacheable routes override it.
  const noStore: onRequestHookHandler = (request, reply, done) => {
    if (isApiPath(request.url.split('?')[0]) && !request.routeOptions.config?.cacheable) {
      reply.header('Cache-Control', 'no-store');
    }
    done();
  };
  app.addHook('onRequest', noStore);
}
