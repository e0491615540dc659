/**
 * An internal transfer moves an amount from one business of the caller's organisation to another
 * (docs/decisions.md 163–164). The list of transfers (GET /v1/payment/internal-transfers) is one of the
 * transaction lists (server/modules/transactions); this module holds the movement.
 *
 * Both businesses must be the caller's organisation's and visible to the caller (the hidden business:
 * ADMIN only); another organisation's or a hidden one is 404 (requireVisibleBusinesses). The amount
 * follows the 'amountInternal' rules (src/domain/transfers.ts) against the currency's precision; a
 * currency the source business never held is 'The business holds no JPY.' on the currency field
 * (server/http/holdings.ts). One ledger entry moves it from the source business account to the
 * target's, and the transfer row, the entry and the audit row commit together, in the transaction that
 * holds the Idempotency-Key (`createMovement`). The ledger refuses an overdraft (also under concurrency:
 * the balance row is locked before the posting): 'Insufficient balance' on the amount field, 400, with
 * nothing left behind.
 */
import Big from 'big.js';
import type { FastifyRequest } from 'fastify';
import { TRANSFER_MESSAGES, transferAmountProblem } from '../../../src/domain/transfers';
import { scopeOf } from '../../auth/scope';
import type { AppContext } from '../../context';
import { validationError } from '../../http/errors';
import { assertHolds } from '../../http/holdings';
import { dbOf } from '../../http/idempotency';
import { createMovement } from '../../http/movement';
import { requireVisibleBusinesses } from '../businesses/service';
import { currenciesRepository } from '../currencies/repository';
import { transfersRepository } from './repository';
import type { CreateTransfer, Transfer } from './schemas';

/** The audit rows' entity type (the route's `config.audit`). */
export const ENTITY = 'transfer';
/** The fields an audit row shows of a transfer (none is secret). */
const AUDITED = ['fromBusinessId', 'toBusinessId', 'currency', 'amount', 'status'] as const;

const insufficient = () =>
  validationError({ amount: TRANSFER_MESSAGES.insufficientBalance }, TRANSFER_MESSAGES.insufficientBalance);

export function transfersService({ now }: Pick<AppContext, 'now'>) {
  return {
    /** A transfer: 404, then 400 with every field's message, then the row, its entry and its audit row. */
    async create(request: FastifyRequest, body: CreateTransfer): Promise<Transfer> {
      const scope = scopeOf(request);
      const db = dbOf(request);
      const { fromBusinessId, toBusinessId, currency, amount } = body;
      await requireVisibleBusinesses(db, scope, fromBusinessId, toBusinessId);

      const errs: Record<string, string> = {};
      if (fromBusinessId === toBusinessId) errs.toBusinessId = TRANSFER_MESSAGES.sameBusiness;
      const precision = await currenciesRepository(db).precisionOf(currency);
      if (precision === null) errs.currency = TRANSFER_MESSAGES.unknownCurrency;
      const problem = transferAmountProblem(amount, precision ?? 18);
      if (problem) errs.amount = problem;
      if (Object.keys(errs).length > 0) throw validationError(errs);
      await assertHolds(db, scope, fromBusinessId, currency, 'currency');

      const value = new Big(amount).toFixed();
      const at = new Date(now());
      return createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const transfers = transfersRepository(tx);
          const id = await transfers.insert(scope, {
            fromBusinessId,
            toBusinessId,
            currency,
            amount: value,
            at,
          });
          const [entryId] = await post({
            kind: 'transfer',
            reference: `internal-transfer:${id}`,
            description: `Internal transfer ${id}`,
            at,
            postings: [
              { account: { kind: 'business', businessId: fromBusinessId, currency }, amount: `-${value}` },
              { account: { kind: 'business', businessId: toBusinessId, currency }, amount: value },
            ],
          });
          await transfers.linkEntry(scope, id, entryId);
          return {
            id,
            fromBusinessId,
            toBusinessId,
            currency,
            amount: value,
            status: 'COMPLETED' as const,
            createdAt: at.toISOString(),
          };
        },
      });
    },
  };
}
