/**
 * The rules of reading, resending and signing callbacks (issue 32 §1):
 *
 * - Reading needs the permission that reads the record a callback is about (CALLBACK_READ_PERMISSIONS:
 *   a payment's GET_PAYMENTS or GET_PAYMENT, a crypto withdrawal's GET_WITHDRAWALS); a callback of
 *   another kind, of another organisation, or of a business the caller may not see is not found.
 * - A resend (INITIATE_CALLBACK) makes the callback due now, to the business's URL of its kind as it is
 *   now (a corrected URL receives it; a SKIPPED one is sent once the business has one), with the same
 *   webhook-id: the worker makes the attempt within about a second and records it as the user's. A
 *   business without the URL now is a 409. Audited, in the Idempotency-Key's transaction.
 * - A rotation (UPDATE_BUSINESS, 2FA) answers the new secret this once; the previous one still signs
 *   for 24 hours (both signatures sent), then only the new one. Audited without the secret.
 */
import type { FastifyRequest } from 'fastify';
import { readableCallbackKinds, type CallbackEntityKind } from '../../../src/domain/callbacks';
import { audit, changesBetween } from '../../audit';
import { scopeOf } from '../../auth/scope';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../http/errors';
import { dbOf } from '../../http/idempotency';
import type { ListQueryOf } from '../../lib/list';
import { requireVisibleBusinesses } from '../businesses/service';
import { callbacksRepository } from './repository';
import type { callbackList } from './schemas';

export const ENTITY = 'callback';

/** The message of a resend whose business has no URL for the callback's event now. */
export const NO_URL_NOW = 'The business has no callback URL for this event: add one on its settings first.';

const kindsOf = (request: FastifyRequest): CallbackEntityKind[] =>
  readableCallbackKinds(request.auth.permissions);

export function callbacksService({ db, now }: AppContext) {
  const callbacks = callbacksRepository(db);

  return {
    async list(request: FastifyRequest, query: ListQueryOf<typeof callbackList>) {
      return callbacks.list(scopeOf(request), kindsOf(request), query);
    },

    /** One callback with its payload and attempts (404 when the caller may not read it). */
    async detail(request: FastifyRequest, id: number) {
      const found = await callbacks.find(scopeOf(request), kindsOf(request), id);
      if (!found) throw notFound();
      const { urlKind: _kind, ...callback } = found;
      return { callback, attempts: await callbacks.attempts(id) };
    },

    /** Makes the callback due now for the caller's resend; answers its row. */
    async resend(request: FastifyRequest, id: number) {
      const scope = scopeOf(request);
      const kinds = kindsOf(request);
      return dbOf(request).transaction(async (tx) => {
        const inTx = callbacksRepository(tx);
        const before = await inTx.find(scope, kinds, id, true);
        if (!before) throw notFound();
        const url = await inTx.currentUrl(scope, before.businessId, before.urlKind);
        if (url === null) throw new ApiError(409, { message: NO_URL_NOW });
        await inTx.resend(scope, id, url, new Date(now()));
        const { payload: _payload, urlKind: _kind, ...after } = (await inTx.find(scope, kinds, id))!;
        await audit(tx, request, {
          action: 'resend',
          entityType: ENTITY,
          entityId: id,
          changes: changesBetween(
            { status: before.status, url: before.url },
            { status: after.status, url: after.url },
            ['status', 'url'],
          ),
        });
        return after;
      });
    },

    /** Rotates the business's signing secret; answers the new one (shown once). */
    async rotateSecret(request: FastifyRequest, businessId: number) {
      const scope = scopeOf(request);
      await requireVisibleBusinesses(db, scope, businessId);
      return db.transaction(async (tx) => {
        const answer = await callbacksRepository(tx).rotateSecret(scope, businessId, new Date(now()));
        await audit(tx, request, {
          action: 'rotate-callback-secret',
          entityType: 'business',
          entityId: businessId,
          // When the new secret took over and when the old one stops: never the secret itself.
          changes: {
            callbackSecretCreatedAt: { before: null, after: answer.createdAt },
            previousCallbackSecretRetiresAt: { before: null, after: answer.previousRetiresAt },
          },
        });
        return answer;
      });
    },
  };
}
