/**
 * /v1/callbacks and the signing secret's rotation (issue 32 §1, docs/decisions.md 236–241): the
 * organisation's callbacks to its merchants, with their attempts; a resend; a new secret.
 *
 * - `GET /callbacks` (list key `callbacks`; businessId, eventType, status, from, to, entityKind,
 *   entityId; newest first) and `GET /callbacks/{id}` (with its payload and attempts) read what the
 *   caller's permissions read: a payment's callbacks with GET_PAYMENTS or GET_PAYMENT, a crypto
 *   withdrawal's with GET_WITHDRAWALS.
 * - `POST /callbacks/{id}/resend` (INITIATE_CALLBACK, Idempotency-Key): 202 with the callback due now.
 * - `POST /businesses/{id}/callback-secret` (UPDATE_BUSINESS, 2FA): 201 with the new secret, shown once.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CALLBACK_RETRY_SCHEDULE_S } from '../../../src/domain/callbacks';
import { requires, requiresAnyOf } from '../../auth/access';
import { orgRows } from '../../auth/scope';
import { authed, errors } from '../../http/schemas';
import {
  BusinessParams,
  CallbackDetailSchema,
  CallbackParams,
  CallbackRowSchema,
  CallbackSecretSchema,
  ResendAnswer,
  callbackList,
} from './schemas';
import { callbacksService } from './service';

/** Who reads callbacks: any one permission that reads the records they are about. */
const READ = requiresAnyOf(['GET_PAYMENTS'], ['GET_PAYMENT'], ['GET_WITHDRAWALS']);

const DELIVERY =
  'Delivered per Standard Webhooks (headers webhook-id, webhook-timestamp, webhook-signature), retried ' +
  `after ${CALLBACK_RETRY_SCHEDULE_S.join(', ')} seconds, then FAILED.`;

export const callbacksModule: FastifyPluginAsyncTypebox = async (app) => {
  const service = callbacksService(app.ctx);
  const tenancy = orgRows('callbacks');

  app.get(
    '/callbacks',
    {
      config: { access: READ, tenancy },
      schema: {
        tags: ['callbacks'],
        summary: "The organisation's callbacks to its merchants, newest first (those the caller may read)",
        description: DELIVERY,
        ...authed,
        querystring: callbackList.querystring,
        response: { 200: callbackList.response(CallbackRowSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => callbackList.answer(await service.list(request, request.query)),
  );

  app.get(
    '/callbacks/:id',
    {
      config: { access: READ, tenancy },
      schema: {
        tags: ['callbacks'],
        summary: 'One callback with its body and its attempts, oldest first (404 for another organisation’s)',
        ...authed,
        params: CallbackParams,
        response: { 200: CallbackDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.detail(request, request.params.id),
  );

  app.post(
    '/callbacks/:id/resend',
    {
      config: {
        access: requires('INITIATE_CALLBACK'),
        tenancy,
        idempotent: true,
        // Nothing to say but its path: no body (as the logout, the rotation below).
        bodyless: true,
        audit: 'callback',
      },
      schema: {
        tags: ['callbacks'],
        summary: 'Resend a callback: a new attempt now, with the same webhook-id, to the business’s URL now',
        description:
          'Answers the callback due now; the attempt follows within about a second (its live event ' +
          'callbacks.updated tells of it). 409 when the business has no URL for the event now.',
        ...authed,
        params: CallbackParams,
        response: { 202: ResendAnswer, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ callback: await service.resend(request, request.params.id) }),
  );

  app.post(
    '/businesses/:id/callback-secret',
    {
      config: {
        access: requires('UPDATE_BUSINESS'),
        tenancy: orgRows('businesses'),
        twoFactor: true,
        bodyless: true,
        audit: 'business',
      },
      schema: {
        tags: ['callbacks'],
        summary: "Rotate the business's callback signing secret: the new one is shown this once",
        description:
          'The previous secret still signs for 24 hours (both signatures are sent), then only the new one.',
        ...authed,
        params: BusinessParams,
        response: { 201: CallbackSecretSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.rotateSecret(request, request.params.id)),
  );
};
