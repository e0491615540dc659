/**
 * `config.idempotent` (docs/decisions.md, 'Idempotent money movements'): a money-moving POST or PATCH
 * takes an `Idempotency-Key` header (a UUID) and moves the money once per key, whatever the retries:
 *
 * - a missing or malformed key is 400 (checked before the 2FA code, so a refused request keeps its code);
 * - a `config.twoFactor` route's code is checked before the handler (a missing or wrong one is 401 and
 *   changes nothing; server/auth/twoFactor.ts `checkTwoFactor`), not spent there;
 * - the request claims its key (organisation × key, migration 0037, with its principal, 0054) in the
 *   transaction that makes its change, then spends its 2FA code in that transaction
 *   (`spendTwoFactor`: 401 when already spent), runs the handler in it (`dbOf(request)`), and stores its
 *   answer (status and body) in the same row before it commits: the change, the spent code and the
 *   stored answer commit together;
 * - a second request with the same key waits on the first one's uncommitted claim (the primary key; on
 *   another API instance on the same database alike), then answers the stored status and body without a
 *   second change (header `Idempotent-Replayed: true`) and without spending its code, so the retry of a
 *   lost answer may carry the code the first request spent; the same key with another request (route,
 *   path parameters or body) is 422;
 * - a key is its principal's: the user of a session, or the API key (`principalOf`). Another principal
 *   of the organisation sending it is 422, the answer of a key used with another request, and never
 *   gets the stored answer (docs/decisions.md 224);
 * - a refused request (the handler throws, or answers 4xx/5xx) rolls back: no change, no stored key,
 *   the 2FA code unspent, so a retry (or the corrected request) runs afresh with the same code;
 * - keys belong to the caller's organisation and are kept 24 hours (the server's clock, `ctx.now`).
 *
 * The handler of an idempotent route reads and writes through `dbOf(request)` (its `transaction()`
 * joins the one holding the key): a query on `app.ctx.db` inside it would run outside the claim (and,
 * on PGlite, wait for the claim's transaction to end).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../src/domain/api';
import { markAudited } from '../audit';
import { scopeOf } from '../auth/scope';
import { spendTwoFactor } from '../auth/twoFactor';
import type { Db } from '../db/client';
import { ApiError, SERVER_TEXTS } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Inside the handler of a `config.idempotent` route: the transaction that holds its key. */
    idempotentTx?: Db;
  }
}

/** How long a key is kept: a retry within it answers the first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** The header that marks a stored answer given again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database a handler works with: its idempotent transaction, or the app's database. */
export const dbOf = (request: FastifyRequest): Db => request.idempotentTx ?? request.server.ctx.db;

/** The request's key (lower case), or a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[HEADER];
  const value = typeof header === 'string' ? header.trim() : '';
  if (!UUID.test(value))
    throw new ApiError(400, {
      message: SERVER_TEXTS.idempotencyKeyRequired,
      errors: { [IDEMPOTENCY_HEADER]: value ? 'must be a UUID' : 'is required' },
    });
  return value.toLowerCase();
}

/** preHandler of an idempotent route: the key is there and a UUID (400 otherwise). */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  idempotencyKeyOf(request);
}

/** Who holds a key the request uses: the API key for an API-key caller, else the user. */
export function principalOf(request: FastifyRequest): string {
  const { apiKey, userId } = request.auth;
  return apiKey ? `api-key:${apiKey.id}` : `user:${userId}`;
}

/** JSON with object keys sorted: the same request whatever the order of its fields. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What tells one request from another under a key: its route, path parameters and body. */
export function requestHash(route: string, params: unknown, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ route, params: params ?? {}, body: body ?? null }))
    .digest('hex');
}

/** A handler's refusal (a 4xx/5xx answer it returned): rolls the claim back, then is answered as is. */
class Refused {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** Runs the handler, with what it passes to `reply.send` captured instead of sent (sent after the commit). */
async function capture(
  handler: RouteHandlerMethod,
  self: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  let sent: { body: unknown } | undefined;
  // What `send` answers while captured: the reply without its `then` (a reply is a thenable that settles
  // once sent, so a handler's `return reply.send(x)` would otherwise wait for a send that comes later).
  const stand = new Proxy(reply, {
    get: (target, property) => (property === 'then' ? undefined : Reflect.get(target, property, target)),
  });
  const own = reply as unknown as { send: (body?: unknown) => unknown };
  own.send = (body?: unknown) => {
    sent = { body };
    return stand;
  };
  try {
    const value = await (handler as (this: unknown, rq: FastifyRequest, rp: FastifyReply) => unknown).call(
      self,
      request,
      reply,
    );
    return value === stand || value === reply || value === undefined ? sent?.body : value;
  } finally {
    delete (own as { send?: unknown }).send; // back to Reply.prototype.send
  }
}

/** 422: the key was used with another request (or by another principal). */
const keyReused = () =>
  new ApiError(422, {
    message: SERVER_TEXTS.idempotencyKeyReused,
    errors: { [IDEMPOTENCY_HEADER]: 'was used with another request' },
  });

/** The handler of a `config.idempotent` route: the original one, once per key (installed by conventions.ts). */
export function idempotentHandler(handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const { db, now } = request.server.ctx;
    const scope = scopeOf(request);
    const key = idempotencyKeyOf(request);
    const principal = principalOf(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const hash = requestHash(route, request.params, request.body);
    const at = now();
    let outcome: { status: number; body: unknown; replayed: boolean };
    try {
      outcome = await db.transaction(async (tx) => {
        // An expired key is free again.
        await tx.query(
          'DELETE FROM idempotency_keys WHERE organisation_id = $1 AND key = $2 AND expires_at <= $3',
          [scope.organisationId, key, new Date(at)],
        );
        // The claim: a concurrent holder of the key makes this wait until it commits or rolls back.
        const { rows: claimed } = await tx.query(
          `INSERT INTO idempotency_keys
             (organisation_id, key, route, request_hash, user_id, principal, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (organisation_id, key) DO NOTHING RETURNING key`,
          [
            scope.organisationId,
            key,
            route,
            hash,
            request.auth.apiKey ? null : scope.userId,
            principal,
            new Date(at),
            new Date(at + IDEMPOTENCY_TTL_MS),
          ],
        );
        if (claimed.length === 0) {
          const { rows } = await tx.query<{
            principal: string;
            route: string;
            request_hash: string;
            status: number | null;
            response: unknown;
          }>(
            `SELECT principal, route, request_hash, status, response FROM idempotency_keys
              WHERE organisation_id = $1 AND key = $2`,
            [scope.organisationId, key],
          );
          const stored = rows[0];
          // Another principal's key: to this caller, a key used with another request (nothing of it shown).
          if (stored && stored.principal !== principal) throw keyReused();
          if (!stored || stored.status === null)
            throw new ApiError(409, { message: SERVER_TEXTS.idempotencyKeyBusy });
          if (stored.route !== route || stored.request_hash !== hash) throw keyReused();
          return { status: Number(stored.status), body: stored.response, replayed: true };
        }
        // The claim holds: the 2FA code is spent with it (rolled back with a refusal, spent by a success).
        await spendTwoFactor(tx, request);
        request.idempotentTx = tx;

        let body: unknown;
        try {
          body = await capture(handler, this, request, reply);
        } finally {
          request.idempotentTx = undefined;
        }
        const status = reply.statusCode;
        if (status < 200 || status > 299) throw new Refused(status, body);
        await tx.query(
          'UPDATE idempotency_keys SET status = $3, response = $4 WHERE organisation_id = $1 AND key = $2',
          [scope.organisationId, key, status, body === undefined ? null : JSON.stringify(body)],
        );
        // Keys past their 24 hours go, a few at a time, never waiting on one another's locks.
        await tx.query(
          `DELETE FROM idempotency_keys WHERE (organisation_id, key) IN (
             SELECT organisation_id, key FROM idempotency_keys WHERE expires_at <= $1
              ORDER BY expires_at LIMIT 100 FOR UPDATE SKIP LOCKED)`,
          [new Date(at)],
        );
        return { status, body, replayed: false };
      });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      outcome = { status: error.status, body: error.body, replayed: false };
    }
    if (outcome.replayed) {
      reply.header(REPLAYED_HEADER, 'true');
      // A replay changes nothing: the first request wrote the audit row of the change.
      markAudited(request);
    }
    return reply.code(outcome.status).send(outcome.body ?? null);
  };
}
