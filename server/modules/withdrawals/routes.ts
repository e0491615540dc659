/**
 * Crypto withdrawals with holds and four-eyes approval (docs/product.md; docs/decisions.md 175–179).
 * The list of crypto withdrawals (GET /v1/withdrawals/crypto) is one of the transaction lists
 * (server/modules/transactions); this module holds the movement:
 *
 * - POST /crypto (CREATE_WITHDRAWAL, 2FA, idempotent): to one of the organisation's whitelisted
 *   addresses of that currency and network (its destination tag with it), the amount checked against
 *   the network's precision. One entry holds the amount (business → held); 'Insufficient balance' when
 *   the available balance is short, under concurrency too (the ledger locks the balance row). Under the
 *   organisation's threshold of the currency it is approved at once (a second entry, held → external);
 *   otherwise it awaits another user's approval.
 * - GET /approvals: the organisation's withdrawals, those awaiting approval first.
 * - POST /crypto/{id}/approve and /reject (CREATE_WITHDRAWAL, 2FA, idempotent): never by the user who
 *   created it (403); the row is locked, so of two deciders at once one wins and the other is 409. An
 *   approval turns the hold into the withdrawal (held → external), a rejection returns it (held →
 *   business). A withdrawal recorded before holds existed (the demo history) holds nothing: its
 *   approval debits the available balance, its rejection moves nothing.
 * - GET /approval-thresholds and PUT /approval-thresholds/{currency} (ADMIN: MANAGE_ROLES too, 2FA).
 *
 * Every change commits with its audit row in the transaction holding the Idempotency-Key (`dbOf`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Big from 'big.js';
import { Type, type Static } from 'typebox';
import { chainOf } from '../../../src/domain/addresses';
import {
  decidedProblem,
  needsApproval,
  REJECTION_REASON_MAX,
  thresholdProblem,
  WITHDRAWAL_MESSAGES,
  withdrawalAmountProblem,
  withdrawalStatusOf,
  withdrawalTagProblem,
} from '../../../src/domain/withdrawals';
import { audit, changesBetween } from '../../audit';
import { requires } from '../../auth/access';
import { businessConditions, orgRows, scopeOf, visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationError } from '../../http/errors';
import { dbOf } from '../../http/idempotency';
import { assertHolds } from '../../http/holdings';
import { changeMovement, createMovement } from '../../http/movement';
import { authed, errors } from '../../http/schemas';
import { decimal, isoUtc } from '../transactions/repository';
import {
  approvalList,
  ApprovalRowSchema,
  CreateWithdrawalBody,
  DecisionBody,
  DestinationSchema,
  ThresholdBody,
  ThresholdParams,
  ThresholdSchema,
  WithdrawalParams,
  WithdrawalSchema,
} from './schemas';

const ENTITY = 'crypto-withdrawal';
const THRESHOLD_ENTITY = 'withdrawal-threshold';
/** The fields an audit row shows of a withdrawal (none is secret: the address is a public one). */
const AUDITED = [
  'businessId',
  'currency',
  'network',
  'amount',
  'address',
  'destinationTag',
  'status',
  'rejectionReason',
] as const;

const PROBE = { businessId: 1, currency: 'BTC', network: 'MAIN', amount: '0.001', whitelistedAddressId: 1 };
const tenancy = orgRows('crypto_withdrawals', { probeBody: PROBE });
const decisionTenancy = orgRows('crypto_withdrawals', { probeBody: {} });
const access = requires('CREATE_WITHDRAWAL');
/** The withdrawal page's choices: far beyond any organisation's whitelist. */
const DESTINATIONS_MAX = 1000;

const insufficient = () =>
  validationError(
    { amount: WITHDRAWAL_MESSAGES.insufficientBalance },
    WITHDRAWAL_MESSAGES.insufficientBalance,
  );

type Row = {
  id: string | number;
  business_id: number;
  currency: string;
  network: string;
  amount: string;
  address: string;
  destination_tag: string | null;
  whitelisted_address_id: number | null;
  status: string;
  tx_hash: string | null;
  created_at: string;
  created_by: number | null;
  created_by_email: string | null;
  decided_by: number | null;
  decided_by_email: string | null;
  decided_at: string | null;
  rejection_reason: string | null;
  hold_entry_id: string | number | null;
};

const SELECT = `w.id, w.business_id, w.currency, w.network, ${decimal('w.amount')} AS amount, w.address,
  w.destination_tag, w.whitelisted_address_id, w.status, w.tx_hash, ${isoUtc('w.created_at')} AS created_at,
  w.created_by, cu.email AS created_by_email, w.decided_by, du.email AS decided_by_email,
  CASE WHEN w.decided_at IS NULL THEN NULL ELSE ${isoUtc('w.decided_at')} END AS decided_at,
  w.rejection_reason, w.hold_entry_id`;
const FROM = `crypto_withdrawals w LEFT JOIN users cu ON cu.id = w.created_by
  LEFT JOIN users du ON du.id = w.decided_by`;

const userOf = (id: number | null, email: string | null) =>
  id === null || email === null ? null : { id, email };

function viewOf(r: Row) {
  return {
    id: Number(r.id),
    businessId: r.business_id,
    currency: r.currency,
    network: r.network,
    amount: r.amount,
    address: r.address,
    destinationTag: r.destination_tag,
    whitelistedAddressId: r.whitelisted_address_id,
    status: withdrawalStatusOf(r.status),
    txHash: r.tx_hash,
    createdAt: r.created_at,
    createdBy: userOf(r.created_by, r.created_by_email),
    decidedBy: userOf(r.decided_by, r.decided_by_email),
    decidedAt: r.decided_at,
    rejectionReason: r.rejection_reason,
  };
}

async function findRow(db: Db, scope: OrgScope, id: number, lock: boolean): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${SELECT} FROM ${FROM}
      WHERE w.id = $1 AND w.organisation_id = $2 AND ${visibleBusiness(scope, 'w.business_id')}
        ${scope.onlyBusinessId === null ? '' : `AND w.business_id = ${Number(scope.onlyBusinessId)}`}
      ${lock ? 'FOR UPDATE OF w' : ''}`,
    [id, scope.organisationId],
  );
  return rows[0];
}

const held = (businessId: number, currency: string) => ({ kind: 'held' as const, businessId, currency });
const available = (businessId: number, currency: string) => ({
  kind: 'business' as const,
  businessId,
  currency,
});
const external = (currency: string) => ({ kind: 'external' as const, currency });
const minus = (amount: string) => new Big(amount).times(-1).toFixed();

/** The entry that sends a withdrawal out: its hold (or, without one, the available balance) → external. */
function executionEntry(
  row: Pick<Row, 'id' | 'business_id' | 'currency' | 'amount' | 'hold_entry_id'>,
  at: Date,
) {
  const from = row.hold_entry_id === null ? available : held;
  return {
    kind: 'withdrawal',
    reference: `crypto-withdrawal:${row.id}`,
    description: `Crypto withdrawal ${row.id}`,
    at,
    postings: [
      { account: from(row.business_id, row.currency), amount: minus(row.amount) },
      { account: external(row.currency), amount: new Big(row.amount).toFixed() },
    ],
  };
}

export const withdrawalsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { now } = app.ctx;

  app.post(
    '/crypto',
    {
      config: { access, tenancy, twoFactor: true, idempotent: true, audit: ENTITY },
      schema: {
        tags: ['withdrawals'],
        summary:
          "Withdraws to a whitelisted address: holds the amount, then awaits another user's approval (or is approved at once under the threshold)",
        ...authed,
        body: CreateWithdrawalBody,
        response: {
          201: Type.Object({ withdrawal: WithdrawalSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const db = dbOf(request);
      const { businessId, currency, network, amount, whitelistedAddressId, destinationTag } = request.body;

      const { rows: businesses } = await db.query(
        `SELECT id FROM businesses WHERE organisation_id = $1 AND id = $2 AND ${visibleBusiness(scope, 'id')}`,
        [scope.organisationId, businessId],
      );
      if (!businesses[0] || (scope.onlyBusinessId !== null && scope.onlyBusinessId !== businessId))
        throw notFound();

      const errs: Record<string, string> = {};
      const { rows: precisions } = await db.query<{ precision: number }>(
        `SELECT COALESCE(cn.precision, LEAST(c.precision, 8)) AS precision
           FROM currencies c LEFT JOIN currency_networks cn ON cn.currency = c.abbreviation AND cn.network = $2
          WHERE c.abbreviation = $1 AND NOT c.is_fiat AND $2 = ANY (c.supported_networks)`,
        [currency, network],
      );
      const precision = precisions[0]?.precision;
      if (precision === undefined) errs.currency = WITHDRAWAL_MESSAGES.unknownCurrency;
      const amountProblem = withdrawalAmountProblem(amount, precision ?? 18);
      if (amountProblem) errs.amount = amountProblem;

      const { rows: addresses } = await db.query<{
        currency: string;
        network: string;
        address: string;
        destination_tag: string | null;
      }>(
        `SELECT currency, network, address, destination_tag FROM whitelisted_addresses
          WHERE id = $1 AND organisation_id = $2`,
        [whitelistedAddressId, scope.organisationId],
      );
      const target = addresses[0];
      if (!target) errs.whitelistedAddressId = WITHDRAWAL_MESSAGES.addressRequired;
      else if (target.currency !== currency || target.network !== network)
        errs.whitelistedAddressId = WITHDRAWAL_MESSAGES.addressOtherNetwork;
      else {
        const tagProblem = withdrawalTagProblem(
          chainOf(currency, network),
          target.destination_tag,
          destinationTag,
        );
        if (tagProblem) errs.destinationTag = tagProblem;
      }
      if (Object.keys(errs).length > 0 || !target) throw validationError(errs);
      await assertHolds(db, scope, businessId, currency, 'currency');

      const value = new Big(amount).toFixed();
      const { rows: thresholds } = await db.query<{ threshold: string }>(
        `SELECT threshold::text AS threshold FROM withdrawal_approval_thresholds
          WHERE organisation_id = $1 AND currency = $2`,
        [scope.organisationId, currency],
      );
      const approvedAtOnce = !needsApproval(value, thresholds[0]?.threshold);
      const at = new Date(now());

      const withdrawal = await createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const { rows } = await tx.query<{ id: string | number }>(
            `INSERT INTO crypto_withdrawals
               (organisation_id, business_id, currency, network, amount, fee, address, destination_tag,
                whitelisted_address_id, status, created_by, created_at, updated_at, decided_at)
             VALUES ($1, $2, $3, $4, $5::numeric, 0, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id`,
            [
              scope.organisationId,
              businessId,
              currency,
              network,
              value,
              target.address,
              target.destination_tag,
              whitelistedAddressId,
              approvedAtOnce ? 'PENDING' : 'AWAITING_APPROVAL',
              scope.userId,
              at,
              approvedAtOnce ? at : null,
            ],
          );
          const id = Number(rows[0].id);
          const holdId = await post({
            kind: 'withdrawal_hold',
            reference: `crypto-withdrawal-hold:${id}`,
            description: `Hold of crypto withdrawal ${id}`,
            at,
            postings: [
              { account: available(businessId, currency), amount: minus(value) },
              { account: held(businessId, currency), amount: value },
            ],
          });
          let entryId: number | null = null;
          if (approvedAtOnce) {
            entryId = await post(
              executionEntry(
                { id, business_id: businessId, currency, amount: value, hold_entry_id: holdId },
                at,
              ),
            );
          }
          await tx.query(
            'UPDATE crypto_withdrawals SET hold_entry_id = $2, ledger_entry_id = $3 WHERE id = $1',
            [id, holdId, entryId],
          );
          return viewOf((await findRow(tx, scope, id, false)) as Row);
        },
      });
      return reply.code(201).send({ withdrawal });
    },
  );

  app.get(
    '/destinations',
    {
      config: { access, tenancy: orgRows('whitelisted_addresses') },
      schema: {
        tags: ['withdrawals'],
        summary:
          "The organisation's whitelisted addresses a withdrawal may go to (the withdrawal page's choices)",
        ...authed,
        response: {
          200: Type.Object({ destinations: Type.Array(DestinationSchema, { maxItems: DESTINATIONS_MAX }) }),
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { rows } = await app.ctx.db.query<{
        id: number;
        label: string;
        currency: string;
        network: string;
        address: string;
        destination_tag: string | null;
      }>(
        `SELECT id, label, currency, network, address, destination_tag FROM whitelisted_addresses
          WHERE organisation_id = $1 ORDER BY currency, network, label, id LIMIT $2`,
        [scope.organisationId, DESTINATIONS_MAX],
      );
      return {
        destinations: rows.map((r) => ({
          id: r.id,
          label: r.label,
          currency: r.currency,
          network: r.network,
          address: r.address,
          destinationTag: r.destination_tag,
        })),
      };
    },
  );

  app.get(
    '/approvals',
    {
      config: { access, tenancy: orgRows('crypto_withdrawals') },
      schema: {
        tags: ['withdrawals'],
        summary: "The organisation's crypto withdrawals, those awaiting approval first",
        ...authed,
        querystring: approvalList.querystring,
        response: { 200: approvalList.response(ApprovalRowSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const page = await approvalList.run<Row & { business_name: string; address_label: string | null }>(
        app.ctx.db,
        request.query,
        {
          select: `${SELECT}, b.name AS business_name, wa.label AS address_label`,
          from: `${FROM} JOIN businesses b ON b.id = w.business_id
            LEFT JOIN whitelisted_addresses wa ON wa.id = w.whitelisted_address_id`,
          owner: { column: 'w.organisation_id', scope },
          where: (param) => businessConditions(scope, ['w.business_id'], param),
        },
      );
      return approvalList.answer({
        ...page,
        rows: page.rows.map((r) => ({
          ...viewOf(r),
          status: r.status as Static<typeof ApprovalRowSchema>['status'],
          businessName: r.business_name,
          addressLabel: r.address_label,
          ownWithdrawal: r.created_by !== null && r.created_by === scope.userId,
        })),
      });
    },
  );

  /** Approves or rejects a withdrawal awaiting approval: the four-eyes rule, then one decision wins. */
  async function decide(
    request: FastifyRequest,
    id: number,
    decision: 'approve' | 'reject',
    reason?: string,
  ) {
    const scope = scopeOf(request);
    const text = reason?.trim() ? reason.trim() : null;
    if (text !== null && text.length > REJECTION_REASON_MAX)
      throw validationError({ reason: WITHDRAWAL_MESSAGES.reasonTooLong });
    const at = new Date(now());
    return changeMovement(request, {
      action: decision,
      entityType: ENTITY,
      audited: AUDITED,
      overdraft: insufficient,
      async write(tx, post) {
        // The row lock makes two deciders take turns: the second sees the first's decision.
        const row = await findRow(tx, scope, id, true);
        if (!row) throw notFound();
        if (row.created_by !== null && row.created_by === scope.userId)
          throw new ApiError(403, { message: WITHDRAWAL_MESSAGES.ownWithdrawal });
        const decided = decidedProblem(row.status);
        if (decided) throw new ApiError(409, { message: decided });
        const before = viewOf(row);
        let entryId: number | null = null;
        if (decision === 'approve') {
          entryId = await post(executionEntry(row, at));
        } else if (row.hold_entry_id !== null) {
          await post({
            kind: 'withdrawal_release',
            reference: `crypto-withdrawal-release:${row.id}`,
            description: `Release of rejected crypto withdrawal ${row.id}`,
            at,
            postings: [
              { account: held(row.business_id, row.currency), amount: minus(row.amount) },
              { account: available(row.business_id, row.currency), amount: new Big(row.amount).toFixed() },
            ],
          });
        }
        await tx.query(
          `UPDATE crypto_withdrawals
              SET status = $2, decided_by = $3, decided_at = $4, updated_at = $4, rejection_reason = $5,
                  ledger_entry_id = COALESCE($6, ledger_entry_id)
            WHERE id = $1`,
          [row.id, decision === 'approve' ? 'PENDING' : 'REJECTED', scope.userId, at, text, entryId],
        );
        return { before, after: viewOf((await findRow(tx, scope, id, false)) as Row) };
      },
    });
  }

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/crypto/:id/${decision}`,
      {
        config: { access, tenancy: decisionTenancy, twoFactor: true, idempotent: true, audit: ENTITY },
        schema: {
          tags: ['withdrawals'],
          summary:
            decision === 'approve'
              ? 'Approves a withdrawal awaiting approval (not by its creator): the hold becomes the withdrawal'
              : 'Rejects a withdrawal awaiting approval (not by its creator): the hold returns to the balance',
          ...authed,
          params: WithdrawalParams,
          body: DecisionBody,
          response: {
            200: Type.Object({ withdrawal: WithdrawalSchema }),
            ...errors(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => ({
        withdrawal: await decide(request, request.params.id, decision, request.body.reason),
      }),
    );
  }

  app.get(
    '/approval-thresholds',
    {
      config: { access, tenancy: orgRows('withdrawal_approval_thresholds') },
      schema: {
        tags: ['withdrawals'],
        summary:
          "The organisation's approval thresholds per currency: a withdrawal under its currency's is approved at once (none: 0)",
        ...authed,
        response: {
          200: Type.Object({ thresholds: Type.Array(ThresholdSchema, { maxItems: 1000 }) }),
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { rows } = await app.ctx.db.query<{ currency: string; threshold: string; updated_at: string }>(
        `SELECT currency, ${decimal('threshold')} AS threshold, ${isoUtc('updated_at')} AS updated_at
           FROM withdrawal_approval_thresholds WHERE organisation_id = $1 ORDER BY currency`,
        [scope.organisationId],
      );
      return {
        thresholds: rows.map((r) => ({
          currency: r.currency,
          threshold: r.threshold,
          updatedAt: r.updated_at,
        })),
      };
    },
  );

  app.put(
    '/approval-thresholds/:currency',
    {
      config: {
        // ADMIN's: the threshold decides which withdrawals skip the four-eyes rule (decision 177).
        access: requires('CREATE_WITHDRAWAL', 'MANAGE_ROLES'),
        tenancy: orgRows('withdrawal_approval_thresholds', { probeBody: { threshold: '0' } }),
        twoFactor: true,
        audit: THRESHOLD_ENTITY,
      },
      schema: {
        tags: ['withdrawals'],
        summary: "Sets a currency's approval threshold (0: every withdrawal needs an approval)",
        ...authed,
        params: ThresholdParams,
        body: ThresholdBody,
        response: { 200: Type.Object({ threshold: ThresholdSchema }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { currency } = request.params;
      const { rows: currencies } = await app.ctx.db.query<{ precision: number }>(
        'SELECT precision FROM currencies WHERE abbreviation = $1 AND NOT is_fiat',
        [currency],
      );
      if (!currencies[0]) throw notFound();
      const problem = thresholdProblem(request.body.threshold, currencies[0].precision);
      if (problem) throw validationError({ threshold: problem });
      const value = new Big(request.body.threshold).toFixed();
      const at = new Date(now());
      return app.ctx.db.transaction(async (tx) => {
        const { rows: old } = await tx.query<{ threshold: string }>(
          `SELECT ${decimal('threshold')} AS threshold FROM withdrawal_approval_thresholds
            WHERE organisation_id = $1 AND currency = $2 FOR UPDATE`,
          [scope.organisationId, currency],
        );
        const { rows } = await tx.query<{ threshold: string; updated_at: string }>(
          `INSERT INTO withdrawal_approval_thresholds (organisation_id, currency, threshold, updated_at, updated_by)
           VALUES ($1, $2, $3::numeric, $4, $5)
           ON CONFLICT (organisation_id, currency)
           DO UPDATE SET threshold = EXCLUDED.threshold, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
           RETURNING ${decimal('threshold')} AS threshold, ${isoUtc('updated_at')} AS updated_at`,
          [scope.organisationId, currency, value, at, scope.userId],
        );
        await audit(tx, request, {
          action: 'update',
          entityType: THRESHOLD_ENTITY,
          entityId: currency,
          changes: changesBetween(
            { currency, threshold: old[0]?.threshold ?? '0' },
            { currency, threshold: rows[0].threshold },
            ['currency', 'threshold'],
          ),
        });
        return { threshold: { currency, threshold: rows[0].threshold, updatedAt: rows[0].updated_at } };
      });
    },
  );
};
