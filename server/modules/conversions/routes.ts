/**
 * /v1/payment/balance/convert: a balance conversion's indicative figures, its quote and the quote's
 * execution. The rules and the movement are the service's (./service.ts), the SQL the repository's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { QUOTE_VALIDITY_SECONDS } from '../../../src/domain/conversions';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import {
  ConversionParams,
  ConversionSchema,
  CreateConversionBody,
  ExecuteConversionBody,
  IndicativeQuery,
  IndicativeSchema,
} from './schemas';
import { conversionsService, ENTITY } from './service';

const PROBE = { amountCurrencyType: 'DEBIT', debitCurrency: 'EUR', creditCurrency: 'USD', amount: '1' };

export const conversionsModule: FastifyPluginAsyncTypebox = async (app) => {
  const service = conversionsService(app.ctx);

  app.get(
    '/indicative',
    {
      config: { access: requires('CREATE_BALANCE_CONVERSION') },
      schema: {
        tags: ['conversions'],
        summary:
          'The figures a conversion would get now (stated rate, fee, rounding against the customer); nothing is stored',
        ...authed,
        querystring: IndicativeQuery,
        response: { 200: IndicativeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.indicative(scopeOf(request), request.query),
  );

  app.post(
    '',
    {
      config: {
        access: requires('CREATE_BALANCE_CONVERSION'),
        tenancy: orgRows('businesses', { probeBody: PROBE, bodyId: 'businessId' }),
        twoFactor: true,
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        tags: ['conversions'],
        summary: `Quotes a conversion (QUOTED, valid ${QUOTE_VALIDITY_SECONDS} s; 400 "Insufficient balance" beyond the debit balance); nothing moves yet`,
        ...authed,
        body: CreateConversionBody,
        response: {
          201: Type.Object({ conversion: ConversionSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const conversion = await service.quote(request, request.body);
      return reply.code(201).send({ conversion });
    },
  );

  app.patch(
    '/:id',
    {
      config: {
        access: requires('CREATE_BALANCE_CONVERSION'),
        tenancy: orgRows('balance_conversions', { probeBody: {} }),
        twoFactor: true,
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        tags: ['conversions'],
        summary:
          'Executes a quote at its figures (the conversion and its fee, two ledger entries); 409 when it expired or was executed',
        ...authed,
        params: ConversionParams,
        body: ExecuteConversionBody,
        response: {
          200: Type.Object({ conversion: ConversionSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
      // No body at all (the dashboard's call) is the empty one; any field is refused.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => ({ conversion: await service.execute(request, request.params.id) }),
  );
};
