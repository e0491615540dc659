/**
 * POST /v1/payment/internal-transfers: moves an amount from one business of the caller's organisation
 * to another (docs/decisions.md 163–164). The list of transfers (GET, same path) is one of the
 * transaction lists (server/modules/transactions); this module holds the movement.
 *
 * Both businesses must be the caller's organisation's and visible to the caller (the hidden business:
 * ADMIN only); another organisation's or a hidden one is 404. The amount follows the 'amountInternal'
 * rules (src/domain/transfers.ts) against the currency's precision. One ledger entry moves it from the
 * source business account to the target's, and the transfer row, the entry and the audit row commit
 * together, in the transaction that holds the Idempotency-Key (`dbOf(request)`). The ledger refuses an
 * overdraft (also under concurrency: the balance row is locked by the posting): 'Insufficient balance'
 * on the amount field, 400, with nothing left behind; a currency the source business never held is
 * 'The business holds no JPY.' on the currency field (server/http/holdings.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Big from 'big.js';
import { Type } from 'typebox';
import { TRANSFER_MESSAGES, transferAmountProblem } from '../../../src/domain/transfers';
import { requires } from '../../auth/access';
import { orgRows, scopeOf, visibleBusiness } from '../../auth/scope';
import { notFound, validationError } from '../../http/errors';
import { assertHolds } from '../../http/holdings';
import { dbOf } from '../../http/idempotency';
import { createMovement } from '../../http/movement';
import { authed, errors, STRICT_BODY, Text } from '../../http/schemas';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

const ENTITY = 'transfer';
/** The fields an audit row shows of a transfer (none is secret). */
const AUDITED = ['fromBusinessId', 'toBusinessId', 'currency', 'amount', 'status'] as const;

const CreateTransferBody = Type.Object(
  {
    fromBusinessId: BusinessId,
    toBusinessId: BusinessId,
    currency: CurrencyCode,
    /** A decimal string; its rules (and messages) are checked by the handler. */
    amount: Text({ maxLength: 64 }),
  },
  STRICT_BODY,
);

const TransferSchema = Type.Object({
  id: TransactionId,
  fromBusinessId: BusinessId,
  toBusinessId: BusinessId,
  currency: CurrencyCode,
  amount: Decimal,
  status: Type.Literal('COMPLETED'),
  createdAt: Timestamp,
});

const PROBE = { fromBusinessId: 1, toBusinessId: 2, currency: 'EUR', amount: '1' };
const tenancy = orgRows('internal_transfers', { probeBody: PROBE });

const insufficient = () =>
  validationError({ amount: TRANSFER_MESSAGES.insufficientBalance }, TRANSFER_MESSAGES.insufficientBalance);

export const transfersModule: FastifyPluginAsyncTypebox = async (app) => {
  const { now } = app.ctx;

  app.post(
    '',
    {
      config: {
        access: requires('CREATE_INTERNAL_TRANSFER'),
        tenancy,
        twoFactor: true,
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        tags: ['transfers'],
        summary:
          'Moves an amount between two businesses of the organisation (one ledger entry; 400 "Insufficient balance" beyond the source balance)',
        ...authed,
        body: CreateTransferBody,
        response: { 201: Type.Object({ transfer: TransferSchema }), ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const db = dbOf(request);
      const { fromBusinessId, toBusinessId, currency, amount } = request.body;

      const { rows: businesses } = await db.query<{ id: number }>(
        `SELECT id FROM businesses
          WHERE organisation_id = $1 AND id = ANY($2::int[]) AND ${visibleBusiness(scope, 'id')}`,
        [scope.organisationId, [fromBusinessId, toBusinessId]],
      );
      const seen = new Set(businesses.map((b) => Number(b.id)));
      if (!seen.has(fromBusinessId) || !seen.has(toBusinessId)) throw notFound();

      const errs: Record<string, string> = {};
      if (fromBusinessId === toBusinessId) errs.toBusinessId = TRANSFER_MESSAGES.sameBusiness;
      const { rows: currencies } = await db.query<{ precision: number }>(
        'SELECT precision FROM currencies WHERE abbreviation = $1',
        [currency],
      );
      if (!currencies[0]) errs.currency = TRANSFER_MESSAGES.unknownCurrency;
      const problem = transferAmountProblem(amount, currencies[0]?.precision ?? 18);
      if (problem) errs.amount = problem;
      if (Object.keys(errs).length > 0) throw validationError(errs);
      await assertHolds(db, scope, fromBusinessId, currency, 'currency');

      const value = new Big(amount).toFixed();
      const at = new Date(now());
      const transfer = await createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const { rows } = await tx.query<{ id: string | number }>(
            `INSERT INTO internal_transfers
               (organisation_id, business_id, counterparty_business_id, currency, amount, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5::numeric, 'COMPLETED', $6, $6) RETURNING id`,
            [scope.organisationId, fromBusinessId, toBusinessId, currency, value, at],
          );
          const id = Number(rows[0].id);
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
          await tx.query('UPDATE internal_transfers SET ledger_entry_id = $2 WHERE id = $1', [id, entryId]);
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
      return reply.code(201).send({ transfer });
    },
  );
};
