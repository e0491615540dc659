/**
 * /v1/whitelisted-addresses: the organisation's whitelisted addresses (docs/decisions.md 138–142). List,
 * read, create and delete with WHITELIST_ADDRESSES; an address is never edited (delete and add again).
 * A new address is checked against its network's format and checksum by the rules the dashboard's form
 * runs (src/domain/addresses.ts); a destination already whitelisted is 409, also when two requests race
 * (the unique index decides). Creating and deleting need the user's 2FA code when 2FA is on, and each
 * writes its audit row in the transaction of its change.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ADDRESS_MESSAGES,
  addressProblems,
  chainOf,
  type AddressInput,
  type Chain,
} from '../../../src/domain/addresses';
import { audit, changesBetween } from '../../audit';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { ApiError, found, notFound, validationError } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { isDuplicateAddress, whitelistedAddressesRepository, type NewWhitelistedAddress } from './repository';
import {
  CreateWhitelistedAddressBody,
  WhitelistedAddressParams,
  WhitelistedAddressSchema,
  whitelistedAddressList,
} from './schemas';

const ENTITY = 'whitelisted-address';
/** The fields an audit row shows of an address (all of them: none is secret). */
const AUDITED = ['label', 'currency', 'network', 'address', 'destinationTag'] as const;

const PROBE = {
  label: 'Probe',
  currency: 'BTC',
  network: 'MAIN',
  address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
};
const tenancy = orgRows('whitelisted_addresses', { probeBody: PROBE });
const access = requires('WHITELIST_ADDRESSES');

/** 409 on the address field: the organisation already has this destination. */
const duplicate = () =>
  new ApiError(409, {
    message: ADDRESS_MESSAGES.addressDuplicate,
    errors: { address: ADDRESS_MESSAGES.addressDuplicate },
  });

type CreateBody = {
  label: string;
  currency: string;
  network: string;
  address: string;
  destinationTag?: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The checked new address of a POST (set before the 2FA check, read by the handler). */
    whitelistEntry?: NewWhitelistedAddress;
  }
}

export const whitelistedAddressesModule: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.ctx;
  const addresses = whitelistedAddressesRepository(db);

  /**
   * The body's rules, and the duplicate, checked before the 2FA code is (a refused input keeps the
   * user's code usable, as for the schema's own refusals).
   */
  async function checkEntry(request: FastifyRequest): Promise<void> {
    const body = request.body as CreateBody;
    const input: AddressInput = {
      label: body.label.trim(),
      currency: body.currency.trim(),
      network: body.network.trim(),
      address: body.address.trim(),
      destinationTag: (body.destinationTag ?? '').trim(),
    };
    const networks = input.currency ? await addresses.networksOf(input.currency) : undefined;
    const problems = addressProblems(input, () => networks);
    if (Object.keys(problems).length > 0) {
      throw validationError(
        Object.fromEntries(Object.entries(problems).map(([name, key]) => [name, ADDRESS_MESSAGES[key]])),
      );
    }
    const entry: NewWhitelistedAddress = {
      label: input.label,
      currency: input.currency,
      network: input.network,
      chain: chainOf(input.currency, input.network) as Chain,
      address: input.address,
      destinationTag: input.destinationTag === '' ? null : input.destinationTag,
    };
    if (await addresses.exists(scopeOf(request), entry)) throw duplicate();
    request.whitelistEntry = entry;
  }

  app.get(
    '',
    {
      config: { access, tenancy },
      schema: {
        tags: ['whitelisted-addresses'],
        summary: "The organisation's whitelisted addresses, newest first",
        ...authed,
        querystring: whitelistedAddressList.querystring,
        response: {
          200: whitelistedAddressList.response(WhitelistedAddressSchema),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => whitelistedAddressList.answer(await addresses.list(scopeOf(request), request.query)),
  );

  app.get(
    '/:id',
    {
      config: { access, tenancy },
      schema: {
        tags: ['whitelisted-addresses'],
        summary: 'One whitelisted address (404 for another organisation’s)',
        ...authed,
        params: WhitelistedAddressParams,
        response: { 200: WhitelistedAddressSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await addresses.find(scopeOf(request), request.params.id)),
  );

  app.post(
    '',
    {
      config: { access, tenancy, twoFactor: true, audit: ENTITY },
      preHandler: checkEntry,
      schema: {
        tags: ['whitelisted-addresses'],
        summary:
          "Whitelists an address of one of the currency's networks (format and checksum checked; 409 for one already whitelisted)",
        ...authed,
        body: CreateWhitelistedAddressBody,
        response: { 201: WhitelistedAddressSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const entry = request.whitelistEntry!;
      try {
        const created = await db.transaction(async (tx) => {
          const row = await whitelistedAddressesRepository(tx).insert(scope, entry, now());
          await audit(tx, request, {
            action: 'create',
            entityType: ENTITY,
            entityId: row.id,
            changes: changesBetween(null, row, AUDITED),
          });
          return row;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isDuplicateAddress(error)) throw duplicate();
        throw error;
      }
    },
  );

  app.delete(
    '/:id',
    {
      config: { access, tenancy, twoFactor: true, audit: ENTITY },
      schema: {
        tags: ['whitelisted-addresses'],
        summary: 'Removes a whitelisted address; the answer is the address removed',
        ...authed,
        params: WhitelistedAddressParams,
        response: { 200: WhitelistedAddressSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      return db.transaction(async (tx) => {
        const removed = await whitelistedAddressesRepository(tx).remove(scope, request.params.id);
        if (!removed) throw notFound();
        await audit(tx, request, {
          action: 'delete',
          entityType: ENTITY,
          entityId: removed.id,
          changes: changesBetween(removed, null, AUDITED),
        });
        return removed;
      });
    },
  );
};
