/**
 * The audit log (docs/decisions.md, 'Audit log'): every state-changing request writes one row with
 * `audit(tx, request, event)` inside the transaction of its change, so a change that rolls back leaves
 * no row and a row never describes a change that did not happen. Refusals (failed logins, permission
 * refusals) are written with outcome 'refused'. Only fields a reader may see go into `changes`: never a
 * secret, a password or its hash, a token or a 2FA secret (`changesBetween` takes the fields to compare).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';

export type AuditOutcome = 'success' | 'refused';

export interface AuditActor {
  type: 'user' | 'apiKey' | 'system';
  /** A user's id (as text), an API key's id; null for the system or an unknown user. */
  id: string | null;
  /** What a reader recognises: the user's e-mail, the key's name. */
  label: string;
}

export interface AuditChange {
  before: unknown;
  after: unknown;
}

export interface AuditEvent {
  /** A verb in kebab case: 'create', 'update', 'delete', 'revoke', 'login', … */
  action: string;
  /** The kind of record, in kebab case like the resources: 'business', 'api-key', 'user', 'role', … */
  entityType: string;
  entityId: string | number | null;
  /** Field → before/after; a creation has before null, a deletion after null. */
  changes?: Record<string, AuditChange>;
  outcome?: AuditOutcome;
}

export interface AuditRow extends AuditEvent {
  organisationId: number | null;
  actor: AuditActor;
  at: Date;
  ip: string | null;
  /**
   * On a `config.twoFactor` route: whether the caller's code was checked (false: the caller has 2FA
   * off). Absent (NULL) on every other row: not a question there (migration 0061).
   */
  twoFactor?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request wrote an audit row (the route-table convention checks mutations do). */
    audited?: boolean;
  }
}

/** The acting user or API key of an authenticated request. */
export function actorOf(request: FastifyRequest): AuditActor {
  const { auth } = request;
  return auth.apiKey
    ? { type: 'apiKey', id: auth.apiKey.id, label: auth.apiKey.name }
    : { type: 'user', id: String(auth.userId), label: auth.email };
}

/** Writes one audit row; `db` is the transaction of the change it records (or the pool for a refusal). */
export async function writeAuditRow(db: Db, row: AuditRow): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (organisation_id, at, actor_type, actor_id, actor_label, action, entity_type,
                            entity_id, changes, outcome, ip, two_factor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      row.organisationId,
      row.at,
      row.actor.type,
      row.actor.id,
      row.actor.label,
      row.action,
      row.entityType,
      row.entityId === null ? null : String(row.entityId),
      JSON.stringify(row.changes ?? {}),
      row.outcome ?? 'success',
      row.ip,
      row.twoFactor ?? null,
    ],
  );
}

/**
 * Records `event` for the authenticated caller of `request`, in the caller's organisation, inside `tx`
 * (the transaction of the change).
 */
export async function audit(tx: Db, request: FastifyRequest, event: AuditEvent): Promise<void> {
  await writeAuditRow(tx, {
    ...event,
    organisationId: request.auth.organisationId,
    actor: actorOf(request),
    at: new Date(request.server.ctx.now()),
    ip: request.ip,
    ...(request.routeOptions.config.twoFactor ? { twoFactor: request.twoFactorChecked === true } : {}),
  });
  request.audited = true;
}

/** `audit` bound to a request: what services take, so they need not know the request. */
export type Recorder = (tx: Db, event: AuditEvent) => Promise<void>;

export const recorderOf =
  (request: FastifyRequest): Recorder =>
  (tx, event) =>
    audit(tx, request, event);

/**
 * Says the request needs no `audit` row of its own: it changed nothing (a second revocation of a
 * revoked key) or wrote its rows with `auditForUser` (a password reset by token). The convention check
 * (server/http/conventions.ts) then accepts its 2xx.
 */
export function markAudited(request: FastifyRequest): void {
  request.audited = true;
}

/**
 * Writes `event` for a user who is not (or not yet) the request's authenticated caller (a failed login,
 * a password reset by token): one row in each organisation the user belongs to, or one row without an
 * organisation when there is no such user (`userId` null) or the user belongs to none.
 */
export async function auditForUser(
  db: Db,
  ctx: Pick<AppContext, 'now'>,
  user: { id: number | null; email: string },
  ip: string | null,
  event: AuditEvent,
): Promise<void> {
  const organisations =
    user.id === null
      ? []
      : (
          await db.query<{ organisation_id: number }>(
            'SELECT organisation_id FROM memberships WHERE user_id = $1 ORDER BY organisation_id',
            [user.id],
          )
        ).rows.map((r) => r.organisation_id);
  const actor: AuditActor = {
    type: 'user',
    id: user.id === null ? null : String(user.id),
    label: user.email.slice(0, 320),
  };
  const at = new Date(ctx.now());
  for (const organisationId of organisations.length > 0 ? organisations : [null]) {
    await writeAuditRow(db, { ...event, organisationId, actor, at, ip });
  }
}

/**
 * How long one refusal of one actor on one route is remembered: a second refusal within it writes no
 * row (docs/decisions.md, 'Audit log'), so a client retrying a forbidden call in a loop cannot flood
 * the log; the first refusal of every window is kept.
 */
export const REFUSAL_WINDOW_MS = 10 * 60_000;
/** Refusals remembered per app instance at most (the oldest forgotten first). */
export const REFUSAL_MEMORY = 10_000;

const refusalMemory = new WeakMap<object, Map<string, number>>();

/**
 * Records a permission refusal (the 403 of the access guard or of an API key's scope, business or
 * address) with outcome 'refused', at most once per actor, route and window. `entityId` names the
 * route (`GET /v1/roles`); `missing` the permissions or scopes the caller lacked, when known.
 */
export async function auditRefusal(
  request: FastifyRequest,
  organisationId: number,
  actor: AuditActor,
  missing: readonly string[] = [],
): Promise<void> {
  const { ctx } = request.server;
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const key = `${organisationId}|${actor.type}|${actor.id}|${route}`;
  let memory = refusalMemory.get(ctx);
  if (!memory) refusalMemory.set(ctx, (memory = new Map()));
  const nowMs = ctx.now();
  const last = memory.get(key);
  if (last !== undefined && nowMs - last < REFUSAL_WINDOW_MS && nowMs >= last) return;
  memory.delete(key);
  memory.set(key, nowMs);
  if (memory.size > REFUSAL_MEMORY) memory.delete(memory.keys().next().value!);
  try {
    await writeAuditRow(ctx.db, {
      action: 'access',
      entityType: 'route',
      entityId: route,
      changes: missing.length > 0 ? { missing: { before: null, after: [...missing] } } : {},
      outcome: 'refused',
      organisationId,
      actor,
      at: new Date(nowMs),
      ip: request.ip,
    });
  } catch (error) {
    // The refusal stands whatever happens to its record; the failure is logged, not answered.
    request.log.error({ err: error }, 'audit: a refusal could not be recorded');
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields among `fields` whose values differ between two snapshots of a record (null before: a
 * creation; null after: a deletion). Only the listed fields are compared, so a secret in a snapshot is
 * never copied into the log by accident.
 */
export function changesBetween<T extends Record<string, unknown>>(
  before: T | null | undefined,
  after: T | null | undefined,
  fields: readonly (keyof T & string)[],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    const b = before ? (before[field] ?? null) : null;
    const a = after ? (after[field] ?? null) : null;
    if (!same(b, a)) changes[field] = { before: b, after: a };
  }
  return changes;
}
