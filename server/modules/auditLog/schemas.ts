/** Wire shapes of /v1/audit-log and its list parameters. */
import { Type } from 'typebox';
import { Text } from '../../http/schemas';
import { atLeast, before, defineList, equals, type ListFilter } from '../../lib/list';
import { EXPORT_HEADERS } from '../transactions/schemas';

const Timestamp = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' });
const Kebab = Type.String({ maxLength: 40, pattern: '^[a-z][a-z-]{0,39}$' });

/** A value before or after a change, as the audit row holds it (any JSON, kept small by its writers). */
const FieldValue = Type.Unknown({ description: 'The value (any JSON), null when absent' });

export const AuditEntrySchema = Type.Object({
  id: Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  at: Timestamp,
  actor: Type.Object({
    type: Type.Enum(['user', 'apiKey', 'system']),
    id: Type.Union([Text({ maxLength: 100 }), Type.Null()]),
    label: Text({ maxLength: 320 }),
  }),
  action: Kebab,
  entityType: Kebab,
  entityId: Type.Union([Text({ maxLength: 200 }), Type.Null()]),
  changes: Type.Record(
    Type.String({ maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9]*$' }),
    Type.Object({
      before: FieldValue,
      after: FieldValue,
    }),
    { maxProperties: 100 },
  ),
  outcome: Type.Enum(['success', 'refused']),
  ip: Type.Union([Text({ maxLength: 64 }), Type.Null()]),
});

/** The actor: a user's e-mail or an API key's name (case aside), or a user's or key's id. */
const actor: ListFilter = {
  schema: Text({ maxLength: 320, description: "An e-mail, a key's name, or a user's or key's id" }),
  where: (p) => `(lower(a.actor_label) = lower(${p}) OR a.actor_id = ${p})`,
};

/** Newest first; `after`/`before` bound `at` (after inclusive, before exclusive). */
export const auditList = defineList({
  listKey: 'entries',
  sortBy: { at: 'a.at' },
  defaultSort: { sortBy: 'at', order: 'desc' },
  tieBreaker: 'a.id',
  search: ['a.actor_label', 'a.action', 'a.entity_type', 'a.entity_id'],
  filters: {
    actor,
    action: equals('a.action', Kebab),
    entityType: equals('a.entity_type', Kebab),
    entityId: equals('a.entity_id', Text({ maxLength: 200 })),
    outcome: equals('a.outcome', Type.Enum(['success', 'refused'])),
    after: atLeast('a.at', Timestamp),
    before: before('a.at', Timestamp),
  },
});

/** The export's answer: CSV text (streamed). */
export const AuditCsvFile = {
  description: 'The filtered entries as CSV (RFC 4180, UTF-8, a header record first)',
  headers: {
    'Content-Disposition': Type.String({
      maxLength: 100,
      pattern: '^attachment; filename="audit-log-\\d{4}-\\d{2}-\\d{2}\\.csv"$',
      description: 'attachment; filename="audit-log-<YYYY-MM-DD>.csv" (the UTC date of the export)',
    }),
    ...EXPORT_HEADERS,
  },
  content: {
    'text/csv': {
      schema: Type.String({ maxLength: 2_147_483_647, pattern: '^[^\\u0000]*$' }),
    },
  },
};
