/**
 * The audit log (docs/decisions.md, 'Audit log'): every state-changing request writes one row with
 * `audit(tx, request, event)` inside the transaction of its change, so a change that rolls back leaves
 * no row and a row never describes a change that did not happen. Refusals (failed logins, permission
 * refusals) are written with outcome 'refused'. Only fields a reader may see go into `changes`: never a
 * secret, a password or its hash, a token or a 2FA secret (`changesBetween` takes the fields to compare).
 */
import type { FastifyRequest } from 'fastify';
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
                            entity_id, changes, outcome, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
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
  });
  request.audited = true;
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
