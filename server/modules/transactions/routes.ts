/**
 * Every transaction list and its CSV export (docs/product.md#calls), registered under /v1: for each list of
 * TRANSACTION_LISTS, `GET <path>` (a page) and `GET <path>/export?format=csv` (the whole filtered set,
 * streamed in keyset batches) and `GET <path>/{id}` (one row, for a record's own page), all with the
 * list's permission and the caller's organisation.
 *
 * A businessId of another organisation, or of the hidden business for a non-ADMIN, matches no row: the
 * list is empty (and the export holds the header only), like any filter that matches nothing; a row of
 * another organisation, or of the hidden business for a non-ADMIN, is a 404 like a missing one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { backgroundOf } from '../../db/client';
import { found } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { CSV_CONTENT_TYPE, csvStream } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavyWork';
import { CsvFile, EXPORT_ROW_CAP_HEADER, EXPORT_TRUNCATED_HEADER, TransactionParams } from './schemas';
import {
  csvColumns,
  exceedsCap,
  exportFileName,
  exportRows,
  findRow,
  listPage,
  TRANSACTION_LISTS,
} from './service';

export { EXPORT_ROW_CAP_HEADER, EXPORT_TRUNCATED_HEADER };

export const transactionsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  for (const def of TRANSACTION_LISTS) {
    const config = { access: requires(def.permission), tenancy: orgRows(def.table) };

    app.get(
      def.path,
      {
        // An API key with the list's permission reads its own business's rows.
        config: { ...config, apiKey: [def.permission] },
        schema: {
          tags: ['transactions'],
          summary: `${def.summary}, newest first unless sorted`,
          ...authed,
          querystring: def.list.querystring,
          response: { 200: def.list.response(def.item), ...errors(400, 401, 403) },
        },
      },
      async (request) =>
        listPage(db, scopeOf(request), def, request.query as { limit: number; offset: number }),
    );

    app.get(
      `${def.path}/:id`,
      {
        config,
        schema: {
          tags: ['transactions'],
          summary: `${def.summary}: one by id (404 for another organisation's)`,
          ...authed,
          params: TransactionParams,
          response: { 200: def.item, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        found(await findRow(db, scopeOf(request), def, (request.params as { id: number }).id)),
    );

    app.get(
      `${def.path}/export`,
      {
        config,
        schema: {
          tags: ['transactions'],
          summary: `${def.summary} as CSV: every row matching the list's filters`,
          description:
            `At most EXPORT_ROW_CAP rows (${EXPORT_ROW_CAP_HEADER}); when more match, the file holds the ` +
            `first ones and ${EXPORT_TRUNCATED_HEADER} is true. Exports and reports under way at once are ` +
            'bounded per user and per instance (429 with Retry-After beyond).',
          ...authed,
          querystring: def.list.exportQuerystring,
          response: { 200: CsvFile, ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        holdHeavySlot(app.ctx, scope.userId, reply);
        const cap = app.ctx.config.exportRowCap;
        const query = request.query as object;
        const heavyDb = backgroundOf(db); // its statements give way to those of other requests
        const truncated = await exceedsCap(heavyDb, scope, def, query, cap);
        const rows = exportRows(heavyDb, scope, def, query, cap);
        // The first batch is read before the answer starts, so a failing query is still a clean 500.
        const first = await rows.next();
        async function* all() {
          if (first.done) return;
          yield first.value;
          yield* rows;
        }
        return (
          reply
            .type(CSV_CONTENT_TYPE)
            .header('Content-Disposition', `attachment; filename="${exportFileName(def, app.ctx.now())}"`)
            .header(EXPORT_ROW_CAP_HEADER, String(cap))
            .header(EXPORT_TRUNCATED_HEADER, String(truncated))
            // A byte stream; the schema documents its text (the type provider expects the string).
            .send(csvStream(csvColumns(def), all()) as unknown as string)
        );
      },
    );
  }
};
