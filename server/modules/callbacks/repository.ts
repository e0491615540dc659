/**
 * SQL of the organisation's callbacks and signing secrets. Every read and write takes the caller's
 * scope: a callback is found only in the caller's organisation, of a business the caller may see (the
 * hidden one for ADMIN only, an API key its own), and of a kind the caller may read (`kinds`, from
 * CALLBACK_READ_PERMISSIONS). The worker's own statements (across organisations, as the simulator's
 * steps) live in ./worker.ts.
 */
import {
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_SECRET_OVERLAP_MS,
  type CallbackEntityKind,
  type CallbackUrlKind,
} from '../../../src/domain/callbacks';
import { businessConditions, organisationsBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf, ListSource } from '../../lib/list';
import { isoUtc } from '../transactions/repository';
import { destinationOf, URL_COLUMNS } from './outbox';
import {
  callbackList,
  type CallbackAttemptAnswer,
  type CallbackPayloadAnswer,
  type CallbackRowAnswer,
} from './schemas';
import { newCallbackSecret } from './signing';

const ROW = `c.id, c.webhook_id AS "webhookId", c.business_id AS "businessId", b.name AS "businessName",
  c.event_type AS "eventType", c.entity_kind AS "entityKind", c.entity_id::text AS "entityId",
  c.entity_status AS "entityStatus", c.status, c.attempts,
  (${CALLBACK_MAX_ATTEMPTS} + c.resends + (c.resent_by IS NOT NULL)::int) AS "maxAttempts",
  ${isoUtc('c.next_attempt_at')} AS "nextAttemptAt", ${isoUtc('c.delivered_at')} AS "deliveredAt",
  c.last_status_code AS "lastStatusCode", c.last_error AS "lastError", c.url,
  ${isoUtc('c.created_at')} AS "createdAt", ${isoUtc('c.updated_at')} AS "updatedAt"`;
const FROM = 'callbacks c JOIN businesses b ON b.id = c.business_id';

type CallbackPayloadRow = CallbackPayloadAnswer;

/** The conditions that keep a caller to its organisation's callbacks it may read. */
function readable(scope: OrgScope, kinds: readonly CallbackEntityKind[], param: (value: unknown) => string) {
  return [
    `c.entity_kind = ANY (${param([...kinds])}::text[])`,
    ...businessConditions(scope, ['c.business_id'], param),
  ];
}

/** A statement's placeholders, from $1. */
function placeholders() {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, param };
}

export function callbacksRepository(db: Db) {
  /** One callback the caller may read, with its payload; `lock` takes its row lock. */
  async function find(
    scope: OrgScope,
    kinds: readonly CallbackEntityKind[],
    id: number,
    lock = false,
  ): Promise<(CallbackRowAnswer & { payload: CallbackPayloadRow; urlKind: CallbackUrlKind }) | undefined> {
    const { params, param } = placeholders();
    const conditions = [
      `c.id = ${param(id)}`,
      `c.organisation_id = ${param(scope.organisationId)}`,
      ...readable(scope, kinds, param),
    ];
    const { rows } = await db.query<
      CallbackRowAnswer & { payload: CallbackPayloadRow; urlKind: CallbackUrlKind }
    >(
      `SELECT ${ROW}, c.payload, c.url_kind AS "urlKind" FROM ${FROM}
        WHERE ${conditions.join(' AND ')}${lock ? ' FOR UPDATE OF c' : ''}`,
      params,
    );
    return rows[0];
  }

  return {
    /** The caller's callbacks as a list's source (its filters and order are the list's). */
    source(scope: OrgScope, kinds: readonly CallbackEntityKind[]): ListSource {
      return {
        select: ROW,
        from: FROM,
        owner: {
          column: 'c.organisation_id',
          scope,
          // Filtered to a business (its foreign key makes its callbacks the organisation's): one test.
          once: (organisation, param, selection) =>
            selection.businessId === undefined
              ? undefined
              : organisationsBusiness(organisation, `${param(selection.businessId)}::integer`),
        },
        where: (param) => readable(scope, kinds, param),
        answerColumns: true,
      };
    },

    /** A page of the caller's callbacks. */
    list(scope: OrgScope, kinds: readonly CallbackEntityKind[], query: ListQueryOf<typeof callbackList>) {
      return callbackList.run<CallbackRowAnswer>(db, query, this.source(scope, kinds));
    },

    find,

    /** A callback's attempts, oldest first (the callback was found for the caller first). */
    async attempts(callbackId: number) {
      const { rows } = await db.query<CallbackAttemptAnswer>(
        `SELECT a.attempt, a.trigger, u.email AS "resentBy", ${isoUtc('a.started_at')} AS "startedAt",
                a.status_code AS "statusCode", a.error, a.latency_ms AS "latencyMs",
                a.response_excerpt AS "responseExcerpt", ${isoUtc('a.next_attempt_at')} AS "nextAttemptAt"
           FROM callback_attempts a LEFT JOIN users u ON u.id = a.resent_by
          WHERE a.callback_id = $1
          ORDER BY a.attempt`,
        [callbackId],
      );
      return rows;
    },

    /** The business's URL of a kind now (null: none), for a resend. */
    async currentUrl(scope: OrgScope, businessId: number, kind: CallbackUrlKind): Promise<string | null> {
      const { rows } = await db.query<{ url: string | null }>(
        `SELECT NULLIF(btrim(${URL_COLUMNS[kind]}), '') AS url FROM businesses WHERE id = $1 AND organisation_id = $2`,
        [businessId, scope.organisationId],
      );
      return rows[0]?.url ?? null;
    },

    /**
     * Makes the callback due now for a resend by `scope`'s user, to `url` (the business's URL now):
     * PENDING, its claim (a delivery under way) let go, so the next claim sends it with the same
     * webhook-id and records the attempt as the user's resend.
     */
    async resend(scope: OrgScope, id: number, url: string, at: Date): Promise<void> {
      await db.query(
        `UPDATE callbacks SET status = 'PENDING', next_attempt_at = $3, resent_by = $4, url = $5,
                destination = ${destinationOf('$5::text')}, claimed_until = NULL, claim_token = NULL,
                updated_at = $3
          WHERE id = $1 AND organisation_id = $2`,
        [id, scope.organisationId, at, scope.userId, url],
      );
    },

    /** A new business's first signing secret (its creation's transaction). */
    async createSecret(scope: OrgScope, businessId: number, at: Date) {
      const secret = newCallbackSecret();
      await db.query(
        `INSERT INTO callback_secrets (organisation_id, business_id, secret, created_at) VALUES ($1, $2, $3, $4)`,
        [scope.organisationId, businessId, secret, at],
      );
      return { secret, createdAt: at.toISOString(), previousRetiresAt: null };
    },

    /**
     * Rotates the business's secret (in a transaction): a new one signs from now; the one it replaces
     * signs beside it for CALLBACK_SECRET_OVERLAP_MS; any older one still signing stops now. The
     * business's row lock makes two rotations take turns.
     */
    async rotateSecret(scope: OrgScope, businessId: number, at: Date) {
      await db.query('SELECT 1 FROM businesses WHERE id = $1 AND organisation_id = $2 FOR NO KEY UPDATE', [
        businessId,
        scope.organisationId,
      ]);
      const { rows } = await db.query<{ id: number | string; retires_at: Date | string | null }>(
        `SELECT id, retires_at FROM callback_secrets
          WHERE business_id = $1 AND organisation_id = $2 AND (retires_at IS NULL OR retires_at > $3)
          ORDER BY created_at DESC, id DESC`,
        [businessId, scope.organisationId, at],
      );
      const current = rows.find((r) => r.retires_at === null) ?? rows[0];
      const retiresAt = current ? new Date(at.getTime() + CALLBACK_SECRET_OVERLAP_MS) : null;
      const others = rows.filter((r) => r !== current).map((r) => Number(r.id));
      if (others.length > 0)
        await db.query('UPDATE callback_secrets SET retires_at = $2 WHERE id = ANY ($1::bigint[])', [
          others,
          at,
        ]);
      if (current)
        await db.query('UPDATE callback_secrets SET retires_at = $2 WHERE id = $1', [
          Number(current.id),
          retiresAt,
        ]);
      const secret = newCallbackSecret();
      await db.query(
        `INSERT INTO callback_secrets (organisation_id, business_id, secret, created_at) VALUES ($1, $2, $3, $4)`,
        [scope.organisationId, businessId, secret, at],
      );
      return {
        secret,
        createdAt: at.toISOString(),
        previousRetiresAt: retiresAt ? retiresAt.toISOString() : null,
      };
    },
  };
}
