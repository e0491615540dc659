/**
 * /v1/audit-log: the organisation's audit log (docs/decisions.md, 'Audit log'), read-only. The list
 * (newest first) filters by actor, action, entity type and id, outcome and time (`after` inclusive,
 * `before` exclusive); the export gives the whole filtered set as CSV, formula-safe, under the row cap
 * and the heavy-work bounds of the other exports. A record's timeline is the list filtered by
 * `entityType` and `entityId`. Rows without an organisation (failed logins of unknown e-mails) are
 * nobody's to read here.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { backgroundOf } from '../../db/client';
import { authed, errors } from '../../http/schemas';
import { csvStream, CSV_CONTENT_TYPE, type CsvColumn } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavyWork';
import { EXPORT_ROW_CAP_HEADER, EXPORT_TRUNCATED_HEADER } from '../transactions/routes';
import { auditSource as source, type AuditEntry } from './repository';
import { AuditCsvFile, AuditEntrySchema, auditList } from './schemas';

/** A value of a change as one cell: text as it is, anything else as its JSON. */
const cellText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The export's columns; `changes` as `field: before → after` lines. */
const CSV_COLUMNS: readonly CsvColumn<AuditEntry>[] = [
  { header: 'At', value: (e) => e.at },
  { header: 'Actor type', value: (e) => e.actor.type },
  { header: 'Actor id', value: (e) => e.actor.id },
  { header: 'Actor', value: (e) => e.actor.label },
  { header: 'Action', value: (e) => e.action },
  { header: 'Entity type', value: (e) => e.entityType },
  { header: 'Entity id', value: (e) => e.entityId },
  {
    header: 'Changes',
    value: (e) =>
      Object.entries(e.changes)
        .map(([field, c]) => `${field}: ${cellText(c.before)} → ${cellText(c.after)}`)
        .join('\n'),
  },
  { header: 'Outcome', value: (e) => e.outcome },
  { header: 'IP', value: (e) => e.ip },
];

export const auditLogModule: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tenancy = orgRows('audit_log');

  app.get(
    '',
    {
      config: { access: requires('GET_AUDIT_LOG'), tenancy },
      schema: {
        tags: ['audit-log'],
        summary:
          "The organisation's audit log, newest first; filter by entityType and entityId for a record's history",
        ...authed,
        querystring: auditList.querystring,
        response: { 200: auditList.response(AuditEntrySchema), ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      auditList.answer(await auditList.run<AuditEntry>(db, request.query, source(scopeOf(request)))),
  );

  app.get(
    '/export',
    {
      config: { access: requires('GET_AUDIT_LOG'), tenancy },
      schema: {
        tags: ['audit-log'],
        summary: 'The audit log as CSV: every entry matching the list’s filters',
        description:
          `At most EXPORT_ROW_CAP rows (${EXPORT_ROW_CAP_HEADER}); when more match, the file holds the ` +
          `newest ones and ${EXPORT_TRUNCATED_HEADER} is true. Cells that a spreadsheet would read as a ` +
          'formula start with an apostrophe. Exports and reports under way at once are bounded per user ' +
          'and per instance (429 with Retry-After beyond).',
        ...authed,
        querystring: auditList.exportQuerystring,
        response: { 200: AuditCsvFile, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      holdHeavySlot(app.ctx, scope.userId, reply);
      const cap = app.ctx.config.exportRowCap;
      const heavyDb = backgroundOf(db); // its statements give way to those of other requests
      const query = request.query;
      const truncated = (await auditList.countUpTo(heavyDb, query, source(scope), cap)) > cap;
      const batches = auditList.batches<AuditEntry>(heavyDb, query, source(scope));
      // The first batch is read before the answer starts, so a failing query is still a clean 500.
      const first = await batches.next();
      async function* capped() {
        let left = cap;
        for (let next = first; !next.done && left > 0; next = await batches.next()) {
          const rows = next.value.length > left ? next.value.slice(0, left) : next.value;
          left -= rows.length;
          yield rows;
        }
      }
      const day = new Date(app.ctx.now()).toISOString().slice(0, 10);
      return (
        reply
          .type(CSV_CONTENT_TYPE)
          .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
          .header(EXPORT_ROW_CAP_HEADER, String(cap))
          .header(EXPORT_TRUNCATED_HEADER, String(truncated))
          // A byte stream; the schema documents its text (the type provider expects the string).
          .send(csvStream(CSV_COLUMNS, capped()) as unknown as string)
      );
    },
  );
};
