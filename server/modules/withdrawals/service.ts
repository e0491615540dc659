/**
 * Crypto withdrawals with holds and four-eyes approval (docs/product.md; docs/decisions.md 175–179).
 * The list of crypto withdrawals (GET /v1/withdrawals/crypto) is one of the transaction lists
 * (server/modules/transactions); this module holds the movement:
 *
 * - `create` (POST /crypto): 404 unless the business is one the caller may see; then to one of the
 *   organisation's whitelisted addresses of that currency and network (its destination tag with it),
 *   the amount checked against the network's precision. One entry holds the amount (business → held);
 *   'Insufficient balance' when the available balance is short, under concurrency too (the ledger locks
 *   the balance row). Under the organisation's threshold of the currency it is approved at once (a
 *   second entry, held → external, posted with the hold in one call); otherwise it awaits another
 *   user's approval.
 * - `approvals` (GET /approvals): the organisation's withdrawals, those awaiting approval first.
 * - `decide` (POST /crypto/{id}/approve and /reject): never by the user who created it (403); the row
 *   is locked, so of two deciders at once one wins and the other is 409. An approval turns the hold
 *   into the withdrawal (held → external), a rejection returns it (held → business). A withdrawal
 *   recorded before holds existed (the demo history) holds nothing: its approval debits the available
 *   balance, its rejection moves nothing.
 * - `thresholds` and `setThreshold` (GET /approval-thresholds, PUT /approval-thresholds/{currency}).
 *
 * The merchant is told in the change's transaction (server/modules/callbacks/outbox.ts): a withdrawal
 * awaiting approval (`withdrawal.approval_requested`) and its decision (`withdrawal.approval_decided`)
 * to the approval URL, the decision's change of state (`withdrawal.updated`) to the withdrawal URL.
 *
 * Every movement commits with its audit row in the transaction holding the Idempotency-Key
 * (`createMovement`/`changeMovement`, server/http/movement.ts); a threshold with its audit row.
 */
import Big from 'big.js';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { chainOf } from '../../../src/domain/addresses';
import {
  decidedProblem,
  needsApproval,
  REJECTION_REASON_MAX,
  thresholdProblem,
  WITHDRAWAL_MESSAGES,
  withdrawalAmountProblem,
  withdrawalTagProblem,
} from '../../../src/domain/withdrawals';
import { audit, changesBetween } from '../../audit';
import { scopeOf, type OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import { ApiError, notFound, validationError } from '../../http/errors';
import { assertHolds } from '../../http/holdings';
import { dbOf } from '../../http/idempotency';
import { changeMovement, createMovement } from '../../http/movement';
import { holdPostings, releasePostings, type EntryInput } from '../../ledger';
import type { ListQueryOf } from '../../lib/list';
import { requireVisibleBusinesses } from '../businesses/service';
import { recordCallback } from '../callbacks/outbox';
import { withdrawalOf, withdrawalsRepository, type Withdrawal, type WithdrawalRow } from './repository';
import type { ApprovalRowSchema, approvalList, CreateWithdrawalBody } from './schemas';

export const ENTITY = 'crypto-withdrawal';
export const THRESHOLD_ENTITY = 'withdrawal-threshold';
/** The withdrawal page's choices: far beyond any organisation's whitelist. */
export const DESTINATIONS_MAX = 1000;

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

const insufficient = () =>
  validationError(
    { amount: WITHDRAWAL_MESSAGES.insufficientBalance },
    WITHDRAWAL_MESSAGES.insufficientBalance,
  );

type Movable = Pick<WithdrawalRow, 'id' | 'business_id' | 'currency' | 'amount'>;

/** The entry that holds a withdrawal's amount: the available balance → held. */
function holdEntry(row: Movable, at: Date): EntryInput {
  return {
    kind: 'withdrawal_hold',
    reference: `crypto-withdrawal-hold:${row.id}`,
    description: `Hold of crypto withdrawal ${row.id}`,
    at,
    postings: holdPostings(row.business_id, row.currency, row.amount),
  };
}

/** The entry that sends a withdrawal out: its hold (or, without one, the available balance) → external. */
function executionEntry(row: Movable, fromHold: boolean, at: Date): EntryInput {
  const amount = new Big(row.amount);
  return {
    kind: 'withdrawal',
    reference: `crypto-withdrawal:${row.id}`,
    description: `Crypto withdrawal ${row.id}`,
    at,
    postings: [
      {
        account: {
          kind: fromHold ? 'held' : 'business',
          businessId: row.business_id,
          currency: row.currency,
        },
        amount: amount.times(-1).toFixed(),
      },
      { account: { kind: 'external', currency: row.currency }, amount: amount.toFixed() },
    ],
  };
}

/** The entry that returns a rejected withdrawal's hold: held → the available balance. */
function releaseEntry(row: Movable, at: Date): EntryInput {
  return {
    kind: 'withdrawal_release',
    reference: `crypto-withdrawal-release:${row.id}`,
    description: `Release of rejected crypto withdrawal ${row.id}`,
    at,
    postings: releasePostings(row.business_id, row.currency, row.amount),
  };
}

export function withdrawalsService({ db, now }: AppContext) {
  const withdrawals = withdrawalsRepository(db);

  return {
    /** Checks and creates the caller's withdrawal: its hold and, under the threshold, its execution. */
    async create(request: FastifyRequest, body: Static<typeof CreateWithdrawalBody>): Promise<Withdrawal> {
      const scope = scopeOf(request);
      const repository = withdrawalsRepository(dbOf(request));
      const { businessId, currency, network, amount, whitelistedAddressId, destinationTag } = body;

      await requireVisibleBusinesses(dbOf(request), scope, businessId);

      const errs: Record<string, string> = {};
      const precision = await repository.networkPrecision(currency, network);
      if (precision === undefined) errs.currency = WITHDRAWAL_MESSAGES.unknownCurrency;
      const amountProblem = withdrawalAmountProblem(amount, precision ?? 18);
      if (amountProblem) errs.amount = amountProblem;

      const target = await repository.target(scope, whitelistedAddressId);
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
      await assertHolds(dbOf(request), scope, businessId, currency, 'currency');

      const value = new Big(amount).toFixed();
      const approvedAtOnce = !needsApproval(value, await repository.threshold(scope, currency));
      const at = new Date(now());

      return createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const inTx = withdrawalsRepository(tx);
          const id = await inTx.insert(scope, {
            businessId,
            currency,
            network,
            amount: value,
            target,
            whitelistedAddressId,
            status: approvedAtOnce ? 'PENDING' : 'AWAITING_APPROVAL',
            at,
            decidedAt: approvedAtOnce ? at : null,
          });
          const row = { id, business_id: businessId, currency, amount: value };
          // The hold and, approved at once, its execution: one movement, its accounts locked together.
          const [holdId, entryId = null] = await post(
            holdEntry(row, at),
            ...(approvedAtOnce ? [executionEntry(row, true, at)] : []),
          );
          await inTx.linkEntries(scope, id, holdId, entryId);
          if (!approvedAtOnce)
            await recordCallback(tx, scope, {
              type: 'withdrawal.approval_requested',
              entityId: id,
              status: 'AWAITING_APPROVAL',
              at,
            });
          return withdrawalOf((await inTx.find(scope, id))!);
        },
      });
    },

    /** The organisation's whitelisted addresses a withdrawal may go to. */
    destinations(scope: OrgScope) {
      return withdrawals.destinations(scope, DESTINATIONS_MAX);
    },

    /** A page of the organisation's withdrawals, those awaiting approval first; the caller's marked. */
    async approvals(scope: OrgScope, query: ListQueryOf<typeof approvalList>) {
      const page = await withdrawals.approvals(scope, query);
      return {
        ...page,
        rows: page.rows.map((r) => ({
          ...withdrawalOf(r),
          status: r.status as Static<typeof ApprovalRowSchema>['status'],
          businessName: r.business_name,
          addressLabel: r.address_label,
          ownWithdrawal: r.created_by !== null && r.created_by === scope.userId,
        })),
      };
    },

    /** Approves or rejects a withdrawal awaiting approval: the four-eyes rule, then one decision wins. */
    decide(
      request: FastifyRequest,
      id: number,
      decision: 'approve' | 'reject',
      reason?: string,
    ): Promise<Withdrawal> {
      const scope = scopeOf(request);
      const text = reason?.trim() ? reason.trim() : null;
      if (text !== null && text.length > REJECTION_REASON_MAX)
        throw validationError({ reason: WITHDRAWAL_MESSAGES.reasonTooLong });
      return changeMovement(request, {
        action: decision,
        entityType: ENTITY,
        audited: AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const inTx = withdrawalsRepository(tx);
          // The row lock makes two deciders take turns: the second sees the first's decision.
          const row = await inTx.find(scope, id, true);
          if (!row) throw notFound();
          if (row.created_by !== null && row.created_by === scope.userId)
            throw new ApiError(403, { message: WITHDRAWAL_MESSAGES.ownWithdrawal });
          const decided = decidedProblem(row.status);
          if (decided) throw new ApiError(409, { message: decided });
          // The decision's time is read once the lock is held: the decider before us has decided by then.
          const at = new Date(now());
          const before = withdrawalOf(row);
          let entryId: number | null = null;
          if (decision === 'approve') {
            [entryId] = await post(executionEntry(row, row.hold_entry_id !== null, at));
          } else if (row.hold_entry_id !== null) {
            await post(releaseEntry(row, at));
          }
          const status = decision === 'approve' ? 'PENDING' : 'REJECTED';
          await inTx.decide(scope, Number(row.id), {
            status,
            at,
            rejectionReason: text,
            ledgerEntryId: entryId,
          });
          const event = { entityId: Number(row.id), status, at };
          await recordCallback(tx, scope, { type: 'withdrawal.approval_decided', ...event });
          await recordCallback(tx, scope, { type: 'withdrawal.updated', ...event });
          return { before, after: withdrawalOf((await inTx.find(scope, id))!) };
        },
      });
    },

    /** The organisation's approval thresholds per currency. */
    thresholds(scope: OrgScope) {
      return withdrawals.thresholds(scope);
    },

    /**
     * Sets a crypto currency's threshold (404 for another currency), 0 or more within its precision;
     * the old and new values in the audit row, in the change's transaction.
     */
    async setThreshold(request: FastifyRequest, currency: string, threshold: string) {
      const scope = scopeOf(request);
      const precision = await withdrawals.cryptoPrecision(currency);
      if (precision === undefined) throw notFound();
      const problem = thresholdProblem(threshold, precision);
      if (problem) throw validationError({ threshold: problem });
      const value = new Big(threshold).toFixed();
      const at = new Date(now());
      return db.transaction(async (tx) => {
        const inTx = withdrawalsRepository(tx);
        const old = await inTx.threshold(scope, currency, true);
        const saved = await inTx.setThreshold(scope, currency, value, at);
        await audit(tx, request, {
          action: 'update',
          entityType: THRESHOLD_ENTITY,
          entityId: currency,
          changes: changesBetween(
            { currency, threshold: old ?? '0' },
            { currency, threshold: saved.threshold },
            ['currency', 'threshold'],
          ),
        });
        return saved;
      });
    },
  };
}
