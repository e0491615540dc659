/** Organisation and currency metadata: /v1/payment/organisations/metadata, /v1/withdrawals/metadata. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { compareCurrencies } from '../../../src/domain/currencies';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import { metadataRepository } from './repository';
import { OrganisationMetadataSchema, WithdrawalsMetadataSchema } from './schemas';

export const metadataModule: FastifyPluginAsyncTypebox = async (app) => {
  const metadata = metadataRepository(app.ctx.db);

  app.get(
    '/payment/organisations/metadata',
    {
      config: {
        access: requires('GET_ORGANISATION'),
        tenancy: orgRows('organisation_settings', { organisationColumn: 'organisation_id' }),
      },
      schema: {
        tags: ['metadata'],
        summary: "What the caller's organisation may do: enabled currencies and fee distribution",
        ...authed,
        response: { 200: OrganisationMetadataSchema, ...errors(401, 403) },
      },
    },
    async (request) => metadata.organisation(scopeOf(request)),
  );

  app.get(
    '/withdrawals/metadata',
    {
      config: {
        access: requires('GET_ORGANISATION'),
        tenancy: { kind: 'global', reason: 'currency and network precisions are the same for everyone' },
      },
      schema: {
        tags: ['metadata'],
        summary: 'The precision of every currency on every network it is offered on',
        ...authed,
        response: { 200: WithdrawalsMetadataSchema, ...errors(401, 403) },
      },
    },
    async () => {
      // Currencies in the display order of docs/product.md#constants-and-limits (all are crypto), networks alphabetically.
      const coins = (await metadata.coins()).sort(
        (a, b) => compareCurrencies(a.currency, b.currency, false) || a.network.localeCompare(b.network),
      );
      return { coins };
    },
  );
};
