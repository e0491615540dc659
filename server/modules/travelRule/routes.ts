/**
 * /v1/deposits/travel-rule (docs/decisions.md 148–152): the organisation's crypto deposits lacking the
 * travel rule's originator data (GET_DEPOSITS_WITHOUT_TRAVEL_RULE; the list's `total` is the sidebar's
 * badge), one of them with its data, and the originator's update (UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE),
 * checked with the dashboard's own rules (originatorSchema) and audited in the same transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorTexts, normaliseForm, validateForm } from '../../../src/domain/forms';
import { originatorSchema, type Originator } from '../../../src/domain/travelRule';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { found, validationError } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { travelRuleRepository } from './repository';
import { TravelRuleDepositSchema, TravelRuleParams, travelRuleList, UpdateTravelRuleBody } from './schemas';

/** A valid body, for the isolation test's probe of another organisation's deposit. */
export const PROBE_ORIGINATOR: Originator = {
  type: 'NATURAL',
  name: "Siobhán O'Brien",
  address: "12 O'Connell Street",
  city: 'Dublin',
  country: 'IE',
  nationalIdentifierType: 'CCPT',
  nationalIdentifier: 'PX1234567',
};

const tenancy = orgRows('deposit_travel_rule', { probeBody: { originator: PROBE_ORIGINATOR } });

/** The originator as kept (trimmed), or 400 with the form's texts under `originator.<field>`. */
export function checkOriginator(raw: Record<string, unknown>): Originator {
  const problems = errorTexts(validateForm(originatorSchema, raw));
  if (Object.keys(problems).length > 0) {
    throw validationError(
      Object.fromEntries(Object.entries(problems).map(([field, text]) => [`originator.${field}`, text!])),
    );
  }
  return normaliseForm(originatorSchema, raw) as Originator;
}

export const travelRuleModule: FastifyPluginAsyncTypebox = async (app) => {
  const repository = travelRuleRepository(app.ctx.db);
  const { now } = app.ctx;

  app.get(
    '',
    {
      config: { access: requires('GET_DEPOSITS_WITHOUT_TRAVEL_RULE'), tenancy },
      schema: {
        tags: ['travel-rule'],
        summary: 'Crypto deposits lacking travel-rule (originator) data, newest first unless sorted',
        description: "`total` counts them all (the dashboard's sidebar badge reads it with limit=1).",
        ...authed,
        querystring: travelRuleList.querystring,
        response: { 200: travelRuleList.response(TravelRuleDepositSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => travelRuleList.answer(await repository.list(scopeOf(request), request.query, now())),
  );

  app.get(
    '/:id',
    {
      config: { access: requires('GET_DEPOSITS_WITHOUT_TRAVEL_RULE'), tenancy },
      schema: {
        tags: ['travel-rule'],
        summary: 'One deposit the travel rule applies to, with its originator once given',
        ...authed,
        params: TravelRuleParams,
        response: { 200: TravelRuleDepositSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await repository.find(scopeOf(request), request.params.id, now())),
  );

  app.patch(
    '/:id',
    {
      config: { access: requires('UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE'), tenancy, audit: 'deposit' },
      schema: {
        tags: ['travel-rule'],
        summary: "Sets a deposit's originator (a natural or legal person); the deposit leaves the list",
        description:
          'Field errors name `originator.<field>`. Two changes of one deposit at once run one after ' +
          'the other; the later one is kept, and each has its audit row.',
        ...authed,
        params: TravelRuleParams,
        body: UpdateTravelRuleBody,
        response: { 200: TravelRuleDepositSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const originator = checkOriginator(request.body.originator);
      return found(await repository.update(request, scopeOf(request), request.params.id, originator, now()));
    },
  );
};
