/**
 * Every transaction list and its CSV export (docs/product.md#calls), registered under /v1: for each list of
 * TRANSACTION_LISTS, `GET <path>` (a page) and `GET <path>/export?format=csv` (the whole filtered set,
 * streamed in keyset batches), both with the list's permission and the caller's organisation.
 *
 * A businessId of another organisation, or of the hidden business for a non-ADMIN, matches no row: the
 * list is empty (and the export holds the header only), like any filter that matches nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import { CSV_CONTENT_TYPE, csvStream } from '../../lib/csv';
import { CsvFile } from './schemas';
import { csvColumns, exportFileName, exportRows, listPage, TRANSACTION_LISTS } from './service';

export const transactionsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  for (const def of TRANSACTION_LISTS) {
    const config = { access: requires(def.permission), tenancy: orgRows(def.table) };

    app.get(
      def.path,
      {
        config,
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
      `${def.path}/export`,
      {
        config,
        schema: {
          tags: ['transactions'],
          summary: `${def.summary} as CSV: every row matching the list's filters`,
          ...authed,
          querystring: def.list.exportQuerystring,
          response: { 200: CsvFile, ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const rows = exportRows(db, scopeOf(request), def, request.query as object);
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
            // A byte stream; the schema documents its text (the type provider expects the string).
            .send(csvStream(csvColumns(def), all()) as unknown as string)
        );
      },
    );
  }
};
