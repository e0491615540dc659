/**
 * Route guards: `authenticate` (Authorization: Web <token>) and `requirePermission(...)`; a request
 * presenting an API key (`Authorization: ApiKey …`) is authenticated by server/auth/apiKeys.ts instead,
 * and only a route that declares `config.apiKey` accepts it. Routes do not
 * use them directly: they declare `config.access` (server/auth/access.ts) and the app installs the
 * guard. Afterwards `request.auth` is set and `scopeOf(request)` (server/auth/scope.ts) gives the
 * organisation scope that repositories require.
 */
import type { FastifyRequest } from 'fastify';
import { AUTH_SCHEME } from '../../src/domain/api';
import type { Permission } from '../../src/domain/permissions';
import { actorOf, auditRefusal } from '../audit';
import { forbidden, unauthorized } from '../http/errors';
import { authenticateApiKey, presentsApiKey } from './apiKeys';
import { findLiveSession, type AuthContext } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; only read it in routes whose access is not public. */
    auth: AuthContext;
  }
}

const AUTH_PATTERN = new RegExp(`^${AUTH_SCHEME}\\s+([A-Za-z0-9_-]{20,200})\\s*$`, 'i');

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? AUTH_PATTERN.exec(header)?.[1] : undefined;
}

export async function authenticate(request: FastifyRequest): Promise<void> {
  if (presentsApiKey(request)) return authenticateApiKey(request, undefined);
  const token = tokenFrom(request);
  if (!token) throw unauthorized();
  const { db, config, now } = request.server.ctx;
  const auth = await findLiveSession(db, config, now(), token);
  if (!auth) throw unauthorized();
  request.auth = auth;
}

/**
 * authenticate, then 403 (never 401) unless the role holds every permission of one of the sets
 * (usually one set: `requires(...)`). `apiKeyScopes`: the route also takes an API key holding these
 * scopes (config.apiKey).
 */
export function requirePermission(
  sets: readonly (readonly Permission[])[],
  apiKeyScopes?: readonly Permission[],
) {
  return async function requirePermissionHandler(request: FastifyRequest): Promise<void> {
    if (presentsApiKey(request)) await authenticateApiKey(request, apiKeyScopes);
    else await authenticate(request);
    const held = request.auth.permissions;
    if (!sets.some((set) => set.every((p) => held.includes(p)))) {
      // Recorded with outcome 'refused', once per actor, route and window (server/audit/index.ts),
      // naming what the first (usually the only) set lacks.
      const missing = sets[0].filter((p) => !held.includes(p));
      await auditRefusal(request, request.auth.organisationId, actorOf(request), missing);
      throw forbidden();
    }
  };
}
