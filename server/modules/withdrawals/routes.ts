/**
 * /v1/withdrawals: crypto withdrawals with holds and four-eyes approval, their destinations and the
 * approval thresholds. The rules and the movement are the service's (./service.ts), the SQL the
 * repository's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import {
  approvalList,
  ApprovalRowSchema,
  CreateWithdrawalBody,
  DecisionBody,
  DestinationSchema,
  ThresholdBody,
  ThresholdParams,
  ThresholdSchema,
  WithdrawalParams,
  WithdrawalSchema,
} from './schemas';
import { DESTINATIONS_MAX, ENTITY, THRESHOLD_ENTITY, withdrawalsService } from './service';

const PROBE = { businessId: 1, currency: 'BTC', network: 'MAIN', amount: '0.001', whitelistedAddressId: 1 };
const tenancy = orgRows('crypto_withdrawals', { probeBody: PROBE });
const decisionTenancy = orgRows('crypto_withdrawals', { probeBody: {} });
const access = requires('CREATE_WITHDRAWAL');

export const withdrawalsModule: FastifyPluginAsyncTypebox = async (app) => {
  const service = withdrawalsService(app.ctx);

  app.post(
    '/crypto',
    {
      config: { access, tenancy, twoFactor: true, idempotent: true, audit: ENTITY },
      schema: {
        tags: ['withdrawals'],
        summary:
          "Withdraws to a whitelisted address: holds the amount, then awaits another user's approval (or is approved at once under the threshold)",
        ...authed,
        body: CreateWithdrawalBody,
        response: {
          201: Type.Object({ withdrawal: WithdrawalSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ withdrawal: await service.create(request, request.body) }),
  );

  app.get(
    '/destinations',
    {
      config: { access, tenancy: orgRows('whitelisted_addresses') },
      schema: {
        tags: ['withdrawals'],
        summary:
          "The organisation's whitelisted addresses a withdrawal may go to (the withdrawal page's choices)",
        ...authed,
        response: {
          200: Type.Object({ destinations: Type.Array(DestinationSchema, { maxItems: DESTINATIONS_MAX }) }),
          ...errors(401, 403),
        },
      },
    },
    async (request) => ({ destinations: await service.destinations(scopeOf(request)) }),
  );

  app.get(
    '/approvals',
    {
      config: { access, tenancy: orgRows('crypto_withdrawals') },
      schema: {
        tags: ['withdrawals'],
        summary: "The organisation's crypto withdrawals, those awaiting approval first",
        ...authed,
        querystring: approvalList.querystring,
        response: { 200: approvalList.response(ApprovalRowSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => approvalList.answer(await service.approvals(scopeOf(request), request.query)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/crypto/:id/${decision}`,
      {
        config: { access, tenancy: decisionTenancy, twoFactor: true, idempotent: true, audit: ENTITY },
        schema: {
          tags: ['withdrawals'],
          summary:
            decision === 'approve'
              ? 'Approves a withdrawal awaiting approval (not by its creator): the hold becomes the withdrawal'
              : 'Rejects a withdrawal awaiting approval (not by its creator): the hold returns to the balance',
          ...authed,
          params: WithdrawalParams,
          body: DecisionBody,
          response: {
            200: Type.Object({ withdrawal: WithdrawalSchema }),
            ...errors(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => ({
        withdrawal: await service.decide(request, request.params.id, decision, request.body.reason),
      }),
    );
  }

  app.get(
    '/approval-thresholds',
    {
      config: { access, tenancy: orgRows('withdrawal_approval_thresholds') },
      schema: {
        tags: ['withdrawals'],
        summary:
          "The organisation's approval thresholds per currency: a withdrawal under its currency's is approved at once (none: 0)",
        ...authed,
        response: {
          200: Type.Object({ thresholds: Type.Array(ThresholdSchema, { maxItems: 1000 }) }),
          ...errors(401, 403),
        },
      },
    },
    async (request) => ({ thresholds: await service.thresholds(scopeOf(request)) }),
  );

  app.put(
    '/approval-thresholds/:currency',
    {
      config: {
        // ADMIN's: the threshold decides which withdrawals skip the four-eyes rule (decision 177).
        access: requires('CREATE_WITHDRAWAL', 'MANAGE_ROLES'),
        tenancy: orgRows('withdrawal_approval_thresholds', { probeBody: { threshold: '0' } }),
        twoFactor: true,
        audit: THRESHOLD_ENTITY,
      },
      schema: {
        tags: ['withdrawals'],
        summary: "Sets a currency's approval threshold (0: every withdrawal needs an approval)",
        ...authed,
        params: ThresholdParams,
        body: ThresholdBody,
        response: { 200: Type.Object({ threshold: ThresholdSchema }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      threshold: await service.setThreshold(request, request.params.currency, request.body.threshold),
    }),
  );
};
