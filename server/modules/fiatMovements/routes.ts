/**
 * The fiat movements (docs/decisions.md 165–169); their lists (GET, same paths) are transaction lists
 * (server/modules/transactions), this module holds the movements:
 *
 * - POST /v1/payment/withdrawals/fiat (CREATE_FIAT_WITHDRAWAL, 2FA): a settlement of a business's
 *   balance to one of the organisation's bank accounts of that currency. The amount follows the
 *   'settlementAmount' rules against the organisation's limits (organisation_settings, migration 0039)
 *   and the balance; one ledger entry moves it from the business account to the organisation's
 *   external account (the money leaves the ledger), with the settlement and its audit row.
 * - POST /v1/payment/deposits/fiat (CREATE_FIAT_DEPOSIT, only where the brand allows fiat deposits,
 *   else 403): an expected top-up with the instructions to pay it. Nothing moves until it arrives: the
 *   simulator (./simulator.ts) credits it through the ledger at `arrives_at`.
 *
 * Both are idempotent (`dbOf(request)` for every query, so the movement commits with its key), check
 * the business is the caller's organisation's and visible to the caller (404 otherwise) and write their
 * audit row in the same transaction. A refusal leaves nothing behind.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Big from 'big.js';
import { Type } from 'typebox';
import {
  DEFAULT_FIAT_WITHDRAWAL_LIMITS,
  depositPaymentReference,
  expectedAmountProblem,
  FIAT_DEPOSIT_ARRIVAL_SECONDS,
  FIAT_MESSAGES,
  REFERENCE_MAX_LENGTH,
  referenceProblem,
  settlementAmountProblem,
} from '../../../src/domain/fiatMovements';
import { requires } from '../../auth/access';
import { orgRows, scopeOf, visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { forbidden, notFound, validationError } from '../../http/errors';
import { dbOf } from '../../http/idempotency';
import { assertHolds } from '../../http/holdings';
import { createMovement } from '../../http/movement';
import { authed, errors, Id, STRICT_BODY, Text } from '../../http/schemas';
import { brandOfRequest } from '../brands/routes';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

const WITHDRAWAL = 'fiat-withdrawal';
const DEPOSIT = 'fiat-deposit';
/** What an audit row shows (the bank account by its id and label, never its number). */
const WITHDRAWAL_AUDITED = [
  'businessId',
  'bankAccountId',
  'bankAccountLabel',
  'currency',
  'amount',
  'reference',
  'status',
] as const;
const DEPOSIT_AUDITED = ['businessId', 'currency', 'expectedAmount', 'reference', 'status'] as const;

const Reference = Text({ maxLength: REFERENCE_MAX_LENGTH });

const CreateWithdrawalBody = Type.Object(
  {
    businessId: BusinessId,
    bankAccountId: Id,
    currency: CurrencyCode,
    /** A decimal string; its rules (and messages) are checked by the handler. */
    amount: Text({ maxLength: 64 }),
    reference: Reference,
  },
  STRICT_BODY,
);

const WithdrawalSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  bankAccountId: Id,
  bankAccountLabel: Text({ maxLength: 200 }),
  currency: CurrencyCode,
  amount: Decimal,
  reference: Reference,
  /** The money has left the balance; the bank pays it out (decision 166). */
  status: Type.Literal('PROCESSING'),
  createdAt: Timestamp,
});

const CreateDepositBody = Type.Object(
  {
    businessId: BusinessId,
    currency: CurrencyCode,
    expectedAmount: Text({ maxLength: 64 }),
    reference: Reference,
  },
  STRICT_BODY,
);

const DepositSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  currency: CurrencyCode,
  expectedAmount: Decimal,
  reference: Reference,
  /** The create answer's name of a deposit waiting for its money (listed as PENDING; decision 167). */
  status: Type.Literal('EXPECTED'),
  instructions: Type.Object({
    beneficiary: Text({ maxLength: 200 }),
    iban: Type.String({ maxLength: 34, pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$' }),
    bic: Type.String({ maxLength: 11, pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$' }),
    reference: Text({ maxLength: 140 }),
  }),
  arrivesAt: Timestamp,
  createdAt: Timestamp,
});

const withdrawalTenancy = orgRows('fiat_withdrawals', {
  probeBody: { businessId: 1, bankAccountId: 1, currency: 'EUR', amount: '1', reference: 'probe' },
});
const depositTenancy = orgRows('fiat_deposits', {
  probeBody: { businessId: 1, currency: 'EUR', expectedAmount: '1', reference: 'probe' },
});

/** 404 unless the business is the caller's organisation's and visible to the caller. */
async function assertBusiness(db: Db, scope: OrgScope, businessId: number): Promise<void> {
  if (scope.onlyBusinessId !== null && scope.onlyBusinessId !== businessId) throw notFound();
  const { rows } = await db.query(
    `SELECT 1 FROM businesses WHERE organisation_id = $1 AND id = $2 AND ${visibleBusiness(scope, 'id')}`,
    [scope.organisationId, businessId],
  );
  if (rows.length === 0) throw notFound();
}

async function fiatPrecision(db: Db, currency: string): Promise<number | null> {
  const { rows } = await db.query<{ precision: number }>(
    'SELECT precision FROM currencies WHERE abbreviation = $1 AND is_fiat',
    [currency],
  );
  return rows[0] ? Number(rows[0].precision) : null;
}

/** The organisation's settlement limits (migration 0039), or the defaults without a settings row. */
async function limitsOf(db: Db, scope: OrgScope): Promise<{ minimum: string; maximum: string }> {
  const { rows } = await db.query<{ minimum: string | null; maximum: string | null }>(
    `SELECT fiat_withdrawal_minimum::text AS minimum, fiat_withdrawal_maximum::text AS maximum
       FROM organisation_settings WHERE organisation_id = $1`,
    [scope.organisationId],
  );
  const { minimum, maximum } = rows[0] ?? {};
  return {
    minimum: minimum ? new Big(minimum).toFixed() : DEFAULT_FIAT_WITHDRAWAL_LIMITS.minimum,
    maximum: maximum ? new Big(maximum).toFixed() : DEFAULT_FIAT_WITHDRAWAL_LIMITS.maximum,
  };
}

const insufficient = () =>
  validationError({ amount: FIAT_MESSAGES.insufficientBalance }, FIAT_MESSAGES.insufficientBalance);

export const fiatMovementsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { now, config } = app.ctx;

  app.post(
    '/withdrawals/fiat',
    {
      config: {
        access: requires('CREATE_FIAT_WITHDRAWAL'),
        tenancy: withdrawalTenancy,
        twoFactor: true,
        idempotent: true,
        audit: WITHDRAWAL,
      },
      schema: {
        tags: ['fiat movements'],
        summary:
          "Settles an amount of a business's balance to a bank account of the organisation (one ledger entry; 400 on the limits and the balance)",
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
      const { businessId, bankAccountId, currency, amount, reference } = request.body;
      await assertBusiness(db, scope, businessId);
      const { rows: accounts } = await db.query<{ label: string; currency: string }>(
        `SELECT account_label AS label, account_currency AS currency
           FROM bank_accounts WHERE id = $1 AND organisation_id = $2`,
        [bankAccountId, scope.organisationId],
      );
      const account = accounts[0];
      if (!account) throw notFound();

      const errs: Record<string, string> = {};
      const precision = await fiatPrecision(db, currency);
      if (precision === null) errs.currency = FIAT_MESSAGES.fiatCurrency;
      else if (account.currency !== currency) errs.bankAccountId = FIAT_MESSAGES.bankAccountCurrency;
      const problem = settlementAmountProblem(amount, precision ?? 2, await limitsOf(db, scope));
      if (problem) errs.amount = problem;
      const refProblem = referenceProblem(reference);
      if (refProblem) errs.reference = refProblem;
      if (Object.keys(errs).length > 0) throw validationError(errs);
      await assertHolds(db, scope, businessId, currency, 'currency');

      const value = new Big(amount).toFixed();
      const at = new Date(now());
      const withdrawal = await createMovement(request, {
        entityType: WITHDRAWAL,
        audited: WITHDRAWAL_AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const { rows } = await tx.query<{ id: string | number }>(
            `INSERT INTO fiat_withdrawals
               (organisation_id, business_id, currency, amount, bank_account_label, bank_account_id, reference,
                status, created_at, updated_at)
             VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, 'PROCESSING', $8, $8) RETURNING id`,
            [
              scope.organisationId,
              businessId,
              currency,
              value,
              account.label,
              bankAccountId,
              reference.trim(),
              at,
            ],
          );
          const id = Number(rows[0].id);
          const entryId = await post({
            kind: 'settlement',
            reference: `fiat-withdrawal:${id}`,
            description: `Settlement ${id} to ${account.label}`,
            at,
            postings: [
              { account: { kind: 'business', businessId, currency }, amount: `-${value}` },
              { account: { kind: 'external', currency }, amount: value },
            ],
          });
          await tx.query('UPDATE fiat_withdrawals SET ledger_entry_id = $2 WHERE id = $1', [id, entryId]);
          return {
            id,
            businessId,
            bankAccountId,
            bankAccountLabel: account.label,
            currency,
            amount: value,
            reference: reference.trim(),
            status: 'PROCESSING' as const,
            createdAt: at.toISOString(),
          };
        },
      });
      return reply.code(201).send({ withdrawal });
    },
  );

  app.post(
    '/deposits/fiat',
    {
      config: {
        access: requires('CREATE_FIAT_DEPOSIT'),
        tenancy: depositTenancy,
        idempotent: true,
        audit: DEPOSIT,
      },
      schema: {
        tags: ['fiat movements'],
        summary:
          'Announces a fiat top-up of a business and answers how to pay it (403 where the brand allows no fiat deposits)',
        ...authed,
        body: CreateDepositBody,
        response: {
          201: Type.Object({ fiatDeposit: DepositSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      if (!brandOfRequest(config, request.headers).fiatDepositAllowed) throw forbidden();
      const scope = scopeOf(request);
      const db = dbOf(request);
      const { businessId, currency, expectedAmount, reference } = request.body;
      await assertBusiness(db, scope, businessId);

      const errs: Record<string, string> = {};
      const precision = await fiatPrecision(db, currency);
      if (precision === null) errs.currency = FIAT_MESSAGES.fiatCurrency;
      const problem = expectedAmountProblem(expectedAmount, precision ?? 2, currency);
      if (problem) errs.expectedAmount = problem;
      const refProblem = referenceProblem(reference);
      if (refProblem) errs.reference = refProblem;
      if (Object.keys(errs).length > 0) throw validationError(errs);

      const value = new Big(expectedAmount).toFixed();
      const at = new Date(now());
      const arrivesAt = new Date(at.getTime() + FIAT_DEPOSIT_ARRIVAL_SECONDS * 1000);
      const fiatDeposit = await createMovement(request, {
        entityType: DEPOSIT,
        audited: DEPOSIT_AUDITED,
        async write(tx) {
          const { rows } = await tx.query<{ id: string | number }>(
            `INSERT INTO fiat_deposits
               (organisation_id, business_id, currency, amount, reference, status, arrives_at, created_at, updated_at)
             VALUES ($1, $2, $3, $4::numeric, $5, 'PENDING', $6, $7, $7) RETURNING id`,
            [scope.organisationId, businessId, currency, value, reference.trim(), arrivesAt, at],
          );
          const id = Number(rows[0].id);
          return {
            id,
            businessId,
            currency,
            expectedAmount: value,
            reference: reference.trim(),
            status: 'EXPECTED' as const,
            instructions: {
              beneficiary: config.providerLegalName,
              iban: config.fiatDepositAccount.iban,
              bic: config.fiatDepositAccount.bic,
              reference: depositPaymentReference(id, reference),
            },
            arrivesAt: arrivesAt.toISOString(),
            createdAt: at.toISOString(),
          };
        },
      });
      return reply.code(201).send({ fiatDeposit });
    },
  );
};
