/** POST /v1/payments: creates a payment request (./service.ts); the list is server/modules/transactions. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requires } from '../../auth/access';
import { orgRows } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import { CreatePaymentBody, PaymentRequestSchema } from './schemas';
import { ENTITY, paymentRequestsService } from './service';

// The tests (and the simulator's header) read the deposit's delay here.

const PROBE = { businessId: 1, currency: 'BTC', network: 'MAIN', expirationMinutes: 60 };
const tenancy = orgRows('payments', { probeBody: PROBE });

export const paymentRequestsModule: FastifyPluginAsyncTypebox = async (app) => {
  const service = paymentRequestsService(app.ctx);

  app.post(
    '',
    {
      config: { access: requires('CREATE_PAYMENT'), tenancy, idempotent: true, audit: ENTITY },
      schema: {
        tags: ['payments'],
        summary:
          'Creates a payment request: a deposit address, its payment URI and hosted link, open until it expires; answers the payment as the list reads it (status PENDING)',
        ...authed,
        body: CreatePaymentBody,
        response: {
          201: Type.Object({ payment: PaymentRequestSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const payment = await service.create(request, request.body);
      return reply.code(201).send({ payment });
    },
  );
};
