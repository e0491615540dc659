/**
 * Route guards: `authenticate` (Authorization: Web <token>) and `requirePermission(...)`.
 * Use as preHandler: `{ preHandler: requirePermission('MANAGE_ROLES') }`; then `request.auth` is set and
 * organisation-scoped SQL uses `request.auth.organisationId` (foreign ids answer 404, see orgScope).
 */
import type { FastifyRequest } from 'fastify';
import { AUTH_SCHEME } from '../../src/domain/api';
import type { Permission } from '../../src/domain/permissions';
import { forbidden, unauthorized } from '../http/errors';
import { findLiveSession, type AuthContext } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; only read it in routes that use authenticate or requirePermission. */
    auth: AuthContext;
  }
}

const AUTH_PATTERN = new RegExp(`^${AUTH_SCHEME}\\s+([A-Za-z0-9_-]{20,200})\\s*$`, 'i');

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? AUTH_PATTERN.exec(header)?.[1] : undefined;
}

export async function authenticate(request: FastifyRequest): Promise<void> {
  const token = tokenFrom(request);
  if (!token) throw unauthorized();
  const { db, config, now } = request.server.ctx;
  const auth = await findLiveSession(db, config, now(), token);
  if (!auth) throw unauthorized();
  request.auth = auth;
}

/** authenticate, then 403 (never 401) when any of the permissions is missing. */
export function requirePermission(...permissions: Permission[]) {
  return async function requirePermissionHandler(request: FastifyRequest): Promise<void> {
    await authenticate(request);
    if (!permissions.every((p) => request.auth.permissions.includes(p))) throw forbidden();
  };
}

/** The caller's organisation id, for `WHERE organisation_id = $1` in organisation-scoped queries. */
export function orgScope(request: FastifyRequest): number {
  return request.auth.organisationId;
}
