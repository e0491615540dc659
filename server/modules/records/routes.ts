/**
 * /v1/records/{kind}/{id}: a record's page in one call (issue 32 §2, src/domain/records.ts RecordPage),
 * one route per kind of RECORD_KINDS, each with its kind's read permission (its list's; a payment's
 * deposit: the payments') and its table's tenancy, so the isolation test proves another organisation's
 * id is 404 on each, and each answer's `record` is documented with that kind's own schema. An unknown
 * kind matches no route (404). No API key: like the transactions' own record routes, a page is the
 * dashboard's (decision 245).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import { PaymentDepositSchema, TransactionId } from '../transactions/schemas';
import { RecordPageSchema, RecordParams } from './schemas';
import { RECORD_KIND_SPECS, recordsService } from './service';

export const recordsModule: FastifyPluginAsyncTypebox = async (app) => {
  const records = recordsService(app.ctx);

  for (const spec of RECORD_KIND_SPECS) {
    const record =
      spec.kind === 'payment-deposits'
        ? Type.Object({ ...PaymentDepositSchema.properties, paymentId: TransactionId })
        : spec.list.item;
    app.get(
      `/${spec.kind}/:id`,
      {
        config: { access: requires(spec.list.permission), tenancy: orgRows(spec.table) },
        schema: {
          tags: ['records'],
          summary:
            `The page of one record of ${spec.kind}: its header, the record as its own GET answers it, ` +
            'its timeline, ledger entries, related records, callbacks and the actions allowed now',
          description:
            'Organisation-scoped and permission-filtered like the record itself (404 for another ' +
            "organisation's id or, for a non-ADMIN, the hidden business's); callbacks need the permission " +
            'that reads the record they are about, related records their own, audit steps GET_AUDIT_LOG.',
          ...authed,
          params: RecordParams,
          response: { 200: RecordPageSchema(spec.kind, record), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        records.page(
          { scope: scopeOf(request), permissions: request.auth.permissions },
          spec.kind,
          request.params.id,
        ),
    );
  }
};
