/**
 * POST /v1/payment/internal-transfers: the internal transfer movement (its rules: ./service.ts). The list
 * of transfers (GET, same path) is one of the transaction lists (server/modules/transactions).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requires } from '../../auth/access';
import { orgRows } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import { CreateTransferBody, TransferSchema } from './schemas';
import { ENTITY, transfersService } from './service';

const PROBE = { fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: '1' };
const tenancy = orgRows('internal_transfers', { probeBody: PROBE });

export const transfersModule: FastifyPluginAsyncTypebox = async (app) => {
  const transfers = transfersService(app.ctx);

  app.post(
    '',
    {
      config: {
        access: requires('CREATE_INTERNAL_TRANSFER'),
        tenancy,
        twoFactor: true,
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        tags: ['transfers'],
        summary:
          'Moves an amount between two businesses of the organisation (one ledger entry; 400 "Insufficient balance" beyond the source balance)',
        ...authed,
        body: CreateTransferBody,
        response: { 201: Type.Object({ transfer: TransferSchema }), ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ transfer: await transfers.create(request, request.body) }),
  );
};
