/** /v1/businesses: the organisation's businesses (merchants). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { businessFormSchema } from '../../../src/domain/business';
import type { Permission } from '../../../src/domain/permissions';
import { recorderOf } from '../../audit';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { forbidden, found } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { businessesRepository } from './repository';
import {
  BusinessCreatedSchema,
  BusinessCreateBody,
  BusinessOverviewSchema,
  BusinessParams,
  BusinessSchema,
  BusinessUpdateBody,
  businessList,
} from './schemas';
import { businessesService, businessOverviewService } from './service';

/** A valid business for Borealis, the organisation the isolation test calls from (it sets the `id`). */
const PROBE_FIELDS = {
  businessName: 'Isolation probe',
  supportedDisplayCurrencies: ['GBP'],
  supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'] },
  overpaymentPolicy: 'PROCESS',
  refundFollowUpDepositsForOneTimePayments: false,
  blockchainFeePaidBy: 'USER',
  stableCryptoCurrencyDepegThreshold: null,
  userServiceFeeDistributionPercentage: 0,
};

/** The permission that reads the businesses (the list; the app bar's search reads it too). */
export const READ_BUSINESSES = 'GET_BUSINESSES' satisfies Permission;

export const businessesModule: FastifyPluginAsyncTypebox = async (app) => {
  const businesses = businessesRepository(app.ctx.db);
  const service = businessesService(app.ctx);
  const overviews = businessOverviewService(app.ctx);
  const tenancy = orgRows('businesses');

  app.get(
    '',
    {
      config: { access: requires(READ_BUSINESSES), tenancy },
      schema: {
        tags: ['businesses'],
        summary: "The organisation's businesses (sortBy=balance needs GET_BALANCES)",
        ...authed,
        querystring: businessList.querystring,
        response: { 200: businessList.response(BusinessSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      // The balance order tells balances apart: it needs GET_BALANCES as the balances do.
      if (request.query.sortBy === 'balance' && !request.auth.permissions.includes('GET_BALANCES'))
        throw forbidden();
      return businessList.answer(await businesses.list(scopeOf(request), request.query));
    },
  );

  app.get(
    '/:id',
    {
      config: { access: requires('GET_BUSINESSES'), tenancy },
      schema: {
        tags: ['businesses'],
        summary: 'One business (404 for another organisation’s)',
        ...authed,
        params: BusinessParams,
        response: { 200: BusinessSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await businesses.find(scopeOf(request), request.params.id)),
  );

  app.get(
    '/:id/overview',
    {
      config: { access: requires('GET_BUSINESSES'), tenancy },
      schema: {
        tags: ['businesses'],
        summary:
          "A business's page header: settlement currency, balances with held funds, the last 30 days' volume and callback health",
        description:
          'Scoped as GET /v1/businesses/{id}. `balances` is null without GET_BALANCES, `volume30d` without ' +
          'GET_PAYMENT and GET_WITHDRAWALS (CONFIRMED deposits and COMPLETED withdrawals created in the last ' +
          '30 days), `callbacks` when the caller reads no callbacks (those about payments need GET_PAYMENT, ' +
          'about withdrawals GET_WITHDRAWALS; the health counts only those).',
        ...authed,
        params: BusinessParams,
        response: { 200: BusinessOverviewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => overviews.overview(scopeOf(request), request.auth.permissions, request.params.id),
  );

  app.post(
    '',
    {
      config: {
        access: requires('CREATE_BUSINESS'),
        tenancy: orgRows('businesses', { probeBody: PROBE_FIELDS }),
        form: businessFormSchema,
        audit: 'business',
      },
      schema: {
        tags: ['businesses'],
        summary:
          'Create a business; its settlement currency is the organisation’s. The answer carries its ' +
          'callback signing secret (callbackSecret), shown this once',
        ...authed,
        body: BusinessCreateBody,
        response: { 201: BusinessCreatedSchema, ...errors(400, 401, 403, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(scopeOf(request), request.body, recorderOf(request))),
  );

  app.patch(
    '',
    {
      config: {
        access: requires('UPDATE_BUSINESS'),
        tenancy: orgRows('businesses', { probeBody: { id: 1, ...PROBE_FIELDS }, bodyId: 'id' }),
        form: businessFormSchema,
        audit: 'business',
      },
      schema: {
        tags: ['businesses'],
        summary: 'Update the business named by `id` (404 for another organisation’s)',
        ...authed,
        body: BusinessUpdateBody,
        response: { 200: BusinessSchema, ...errors(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { id, ...payload } = request.body;
      return service.update(scopeOf(request), id, payload, recorderOf(request));
    },
  );
};
