/** SQL of the audit log: the organisation's rows as an audit entry, for the list and the export. */
export type { AuditEntry } from '../../../src/domain/auditLog';
import type { OrgScope } from '../../auth/scope';
import type { ListSource } from '../../lib/list';
import { isoUtc } from '../transactions/repository';

const SELECT = `a.id, ${isoUtc('a.at')} AS "at",
  json_build_object('type', a.actor_type, 'id', a.actor_id, 'label', a.actor_label) AS actor,
  a.action, a.entity_type AS "entityType", a.entity_id AS "entityId", a.changes, a.outcome, a.ip`;

/** The organisation's audit rows as a list's source (its filters and order are the list's). */
export const auditSource = (scope: OrgScope): ListSource => ({
  select: SELECT,
  from: 'audit_log a',
  owner: { column: 'a.organisation_id', scope },
});
