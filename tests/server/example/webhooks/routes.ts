import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requires } from '../../../../server/auth/access';
import { orgRows, scopeOf } from '../../../../server/auth/scope';
import { found } from '../../../../server/http/errors';
import { authed, errors } from '../../../../server/http/schemas';
import { webhooksRepository } from './repository';
import { WebhookParams, WebhookSchema, webhookList } from './schemas';

export const webhooksModule: FastifyPluginAsyncTypebox = async (app) => {
  const webhooks = webhooksRepository(app.ctx.db);
  const config = { access: requires('GET_BUSINESSES'), tenancy: orgRows('webhooks') };
  app.get(
    '',
    {
      config,
      schema: {
        tags: ['webhooks'],
        ...authed,
        querystring: webhookList.querystring,
        response: { 200: webhookList.response(WebhookSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => webhookList.answer(await webhooks.list(scopeOf(request), request.query)),
  );
  app.get(
    '/:id',
    {
      config,
      schema: {
        tags: ['webhooks'],
        ...authed,
        params: WebhookParams,
        response: { 200: WebhookSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await webhooks.find(scopeOf(request), request.params.id)),
  );
};
