/**
 * /v1/payment/withdrawals/fiat and /v1/payment/deposits/fiat: the fiat movements' creation (their rules
 * in ./service.ts, their lists in server/modules/transactions).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requires } from '../../auth/access';
import { orgRows } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import { CreateDepositBody, CreateWithdrawalBody, DepositSchema, WithdrawalSchema } from './schemas';
import { DEPOSIT, fiatMovementsService, WITHDRAWAL } from './service';

const withdrawalTenancy = orgRows('fiat_withdrawals', {
  probeBody: { businessId: 1, bankAccountId: 1, currency: 'EUR', amount: '1', reference: 'probe' },
});
const depositTenancy = orgRows('fiat_deposits', {
  probeBody: { businessId: 1, currency: 'EUR', expectedAmount: '1', reference: 'probe' },
});

export const fiatMovementsModule: FastifyPluginAsyncTypebox = async (app) => {
  const service = fiatMovementsService(app.ctx);

  app.post(
    '/withdrawals/fiat',
    {
      config: {
        access: requires('CREATE_FIAT_WITHDRAWAL'),
        tenancy: withdrawalTenancy,
        twoFactor: true,
        idempotent: true,
        audit: WITHDRAWAL,
      },
      schema: {
        tags: ['fiat movements'],
        summary:
          "Settles an amount of a business's balance to a bank account of the organisation (one ledger entry; 400 on the limits and the balance)",
        ...authed,
        body: CreateWithdrawalBody,
        response: {
          201: Type.Object({ withdrawal: WithdrawalSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const withdrawal = await service.settle(request, request.body);
      return reply.code(201).send({ withdrawal });
    },
  );

  app.post(
    '/deposits/fiat',
    {
      config: {
        access: requires('CREATE_FIAT_DEPOSIT'),
        tenancy: depositTenancy,
        idempotent: true,
        audit: DEPOSIT,
      },
      schema: {
        tags: ['fiat movements'],
        summary:
          'Announces a fiat top-up of a business and answers how to pay it (403 where the brand allows no fiat deposits)',
        ...authed,
        body: CreateDepositBody,
        response: {
          201: Type.Object({ fiatDeposit: DepositSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const fiatDeposit = await service.expectDeposit(request, request.body);
      return reply.code(201).send({ fiatDeposit });
    },
  );
};
