/**
 * /v1/api-keys: the organisation's API keys (docs/decisions.md, 'API keys'). A key is created for one
 * business with scopes no wider than its creator's permissions; the answer to the creation carries
 * the whole credential once, and only its hash is kept. Creating, changing and deleting a key need the
 * user's 2FA code when 2FA is on. Deleting revokes: the key stops working on its next use, on every
 * instance (keys are looked up on every use), and stays listed as revoked.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_KEY_MESSAGES, isIpOrCidr, isKeyName, type ApiKeyScope } from '../../../src/domain/apiKeys';
import { audit, changesBetween, markAudited } from '../../audit';
import { requires } from '../../auth/access';
import { newApiKey } from '../../auth/apiKeys';
import { orgRows, scopeOf, type OrgScope } from '../../auth/scope';
import { ApiError, found, notFound, validationError } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { keyBusinessesRoutes } from './businesses';
import { apiKeysRepository, type ApiKeyChange, type ApiKeyView } from './repository';
import {
  ApiKeyParams,
  ApiKeySchema,
  apiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  UpdateApiKeyBody,
} from './schemas';

const PROBE = { name: 'Probe' };

/** 409 for a key that no longer works: an expired or revoked key is dead, and no change revives it. */
function refuseDead(key: ApiKeyView): void {
  if (key.status === 'revoked') throw new ApiError(409, { message: API_KEY_MESSAGES.keyRevoked });
  if (key.status === 'expired') throw new ApiError(409, { message: API_KEY_MESSAGES.keyExpired });
}

/** What a key's audit rows compare: never its secret or hash (neither is in the view). */
const AUDIT_FIELDS = ['name', 'businessId', 'scopes', 'ipAllowList', 'expiresAt', 'status'] as const;
const keyChanges = (before: ApiKeyView | undefined, after: ApiKeyView | undefined) =>
  changesBetween<Record<string, unknown>>(
    before as Record<string, unknown> | undefined,
    after as Record<string, unknown> | undefined,
    AUDIT_FIELDS,
  );
const tenancy = orgRows('api_keys', { probeBody: PROBE });

/** 403 naming the scopes the acting user does not hold. */
export const widerScopesText = (scopes: readonly string[]) =>
  `You cannot give a key permissions you do not have: ${scopes.join(', ')}.`;

interface KeyFields {
  name?: string;
  scopes?: ApiKeyScope[];
  ipAllowList?: string[];
  expiresAt?: string | null;
}

/** The field errors of a key's fields, and the 403 for scopes beyond the caller's; the fields as kept. */
function checkFields(fields: KeyFields, permissions: readonly string[], nowMs: number): ApiKeyChange {
  const errs: Record<string, string> = {};
  const name = fields.name?.trim();
  if (name !== undefined) {
    if (name === '') errs.name = API_KEY_MESSAGES.keyNameRequired;
    else if (!isKeyName(name)) errs.name = API_KEY_MESSAGES.keyNamePattern;
  }
  if (fields.scopes !== undefined && fields.scopes.length === 0)
    errs.scopes = API_KEY_MESSAGES.scopesRequired;
  const ipAllowList = fields.ipAllowList?.map((entry) => entry.trim());
  if (ipAllowList?.some((entry) => !isIpOrCidr(entry))) errs.ipAllowList = API_KEY_MESSAGES.ipInvalid;
  if (fields.expiresAt && Date.parse(fields.expiresAt) <= nowMs) errs.expiresAt = API_KEY_MESSAGES.expiryPast;
  if (Object.keys(errs).length > 0) throw validationError(errs);
  const wider = (fields.scopes ?? []).filter((scope) => !permissions.includes(scope));
  if (wider.length > 0) throw new ApiError(403, { message: widerScopesText(wider) });
  return { name, scopes: fields.scopes, ipAllowList, expiresAt: fields.expiresAt };
}

export const apiKeysModule: FastifyPluginAsyncTypebox = async (app) => {
  const keys = apiKeysRepository(app.ctx.db);
  const { now } = app.ctx;
  const permissionsOf = (request: { auth: { permissions: readonly string[] } }) => request.auth.permissions;
  await app.register(keyBusinessesRoutes);

  app.get(
    '',
    {
      config: { access: requires('GET_API_CREDENTIALS'), tenancy },
      schema: {
        tags: ['api-keys'],
        summary: "The organisation's API keys (never their secrets), newest first",
        ...authed,
        querystring: apiKeyList.querystring,
        response: { 200: apiKeyList.response(ApiKeySchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => apiKeyList.answer(await keys.list(scopeOf(request), request.query, now())),
  );

  app.get(
    '/:id',
    {
      config: { access: requires('GET_API_CREDENTIALS'), tenancy },
      schema: {
        tags: ['api-keys'],
        summary: 'One API key (404 for another organisation’s)',
        ...authed,
        params: ApiKeyParams,
        response: { 200: ApiKeySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await keys.find(scopeOf(request), request.params.id, now())),
  );

  app.post(
    '',
    {
      config: {
        access: requires('CREATE_API_CREDENTIALS'),
        tenancy: orgRows('api_keys', {
          probeBody: { name: 'Probe', businessId: 1, scopes: ['GET_PAYMENT'] },
        }),
        twoFactor: true,
        audit: 'api-key',
      },
      schema: {
        tags: ['api-keys'],
        summary: 'Creates an API key for a business; the answer holds its secret, shown this once',
        ...authed,
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const scope: OrgScope = scopeOf(request);
      const nowMs = now();
      const fields = checkFields(request.body, permissionsOf(request), nowMs);
      if (!(await keys.businessVisible(scope, request.body.businessId))) {
        throw validationError({ businessId: 'Select a business of the organisation' });
      }
      const { id, credential, secretHash } = newApiKey();
      const apiKey = await app.ctx.db.transaction(async (tx) => {
        const created = await apiKeysRepository(tx).insert(
          scope,
          {
            id,
            businessId: request.body.businessId,
            name: fields.name!,
            secretHash,
            scopes: fields.scopes!,
            ipAllowList: fields.ipAllowList ?? [],
            expiresAt: fields.expiresAt ?? null,
          },
          nowMs,
        );
        await audit(tx, request, {
          action: 'create',
          entityType: 'api-key',
          entityId: id,
          changes: keyChanges(undefined, created),
        });
        return created;
      });
      return reply.code(201).send({ apiKey, secret: credential });
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: requires('UPDATE_API_CREDENTIALS'), tenancy, twoFactor: true, audit: 'api-key' },
      schema: {
        tags: ['api-keys'],
        summary:
          "Changes a key's name, scopes, IP allow list or expiry (409 for an expired or revoked key: it stays dead)",
        ...authed,
        params: ApiKeyParams,
        body: UpdateApiKeyBody,
        response: { 200: ApiKeySchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const nowMs = now();
      const change = checkFields(request.body, permissionsOf(request), nowMs);
      const scope = scopeOf(request);
      const { id } = request.params;
      return app.ctx.db.transaction(async (tx) => {
        const repository = apiKeysRepository(tx);
        const before = found(await repository.find(scope, id, nowMs));
        refuseDead(before);
        const after = await repository.update(scope, id, change, nowMs);
        if (!after) {
          // Revoked since it was read (or gone): the second read says which.
          refuseDead(found(await repository.find(scope, id, nowMs)));
          throw notFound();
        }
        await audit(tx, request, {
          action: 'update',
          entityType: 'api-key',
          entityId: id,
          changes: keyChanges(before, after),
        });
        return after;
      });
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: requires('DELETE_API_CREDENTIALS'), tenancy, twoFactor: true, audit: 'api-key' },
      schema: {
        tags: ['api-keys'],
        summary: 'Revokes a key: it stops working on its next use and stays listed as revoked',
        ...authed,
        params: ApiKeyParams,
        response: { 200: ApiKeySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const nowMs = now();
      return app.ctx.db.transaction(async (tx) => {
        const repository = apiKeysRepository(tx);
        const before = found(await repository.find(scope, id, nowMs));
        const after = found(await repository.revoke(scope, id, nowMs));
        // A second revocation changes nothing, and writes no second row.
        if (before.status === 'revoked') markAudited(request);
        else
          await audit(tx, request, {
            action: 'revoke',
            entityType: 'api-key',
            entityId: id,
            changes: keyChanges(before, after),
          });
        return after;
      });
    },
  );
};
