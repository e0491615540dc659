/**
 * The fiat movements (docs/decisions.md 165–169); their lists (GET, same paths) are transaction lists
 * (server/modules/transactions), this module holds the movements:
 *
 * - a settlement (POST /v1/payment/withdrawals/fiat, CREATE_FIAT_WITHDRAWAL, 2FA) of a business's
 *   balance to one of the organisation's bank accounts of that currency. The amount follows the
 *   'settlementAmount' rules (src/domain/fiatMovements.ts) against the organisation's limits
 *   (organisation_settings, migration 0039) and the balance; one ledger entry moves it from the
 *   business account to the organisation's external account (the money leaves the ledger), with the
 *   settlement and its audit row.
 * - an expected deposit (POST /v1/payment/deposits/fiat, CREATE_FIAT_DEPOSIT, only where the brand
 *   allows fiat deposits, else 403): an expected top-up with the instructions to pay it. Nothing moves
 *   until it arrives: the simulator (./simulator.ts) credits it through the ledger at `arrives_at`.
 *
 * Both are idempotent (`dbOf(request)` for every query, so the movement commits with its key), check
 * the business is the caller's organisation's and visible to the caller (404 otherwise,
 * requireVisibleBusinesses) and write their audit row in the same transaction (createMovement,
 * server/http/movement.ts). A refusal leaves nothing behind.
 */
import Big from 'big.js';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_FIAT_WITHDRAWAL_LIMITS,
  depositPaymentReference,
  expectedAmountProblem,
  FIAT_DEPOSIT_ARRIVAL_SECONDS,
  FIAT_MESSAGES,
  referenceProblem,
  settlementAmountProblem,
} from '../../../src/domain/fiatMovements';
import { scopeOf, type OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden, notFound, validationError } from '../../http/errors';
import { assertHolds } from '../../http/holdings';
import { dbOf } from '../../http/idempotency';
import { createMovement } from '../../http/movement';
import { bankAccountsRepository } from '../bankAccounts/repository';
import { brandOfRequest } from '../brands/routes';
import { requireVisibleBusinesses } from '../businesses/service';
import { currenciesRepository } from '../currencies/repository';
import { fiatMovementsRepository } from './repository';
import type { CreateDeposit, CreateWithdrawal, FiatDeposit, FiatWithdrawal } from './schemas';

/** The audit rows' entity types (the routes' `config.audit`). */
export const WITHDRAWAL = 'fiat-withdrawal';
export const DEPOSIT = 'fiat-deposit';
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

/** The organisation's settlement limits, or the defaults without a settings row. */
async function limitsOf(db: Db, scope: OrgScope): Promise<{ minimum: string; maximum: string }> {
  const { minimum, maximum } = await fiatMovementsRepository(db).withdrawalLimits(scope);
  return {
    minimum: minimum ? new Big(minimum).toFixed() : DEFAULT_FIAT_WITHDRAWAL_LIMITS.minimum,
    maximum: maximum ? new Big(maximum).toFixed() : DEFAULT_FIAT_WITHDRAWAL_LIMITS.maximum,
  };
}

const insufficient = () =>
  validationError({ amount: FIAT_MESSAGES.insufficientBalance }, FIAT_MESSAGES.insufficientBalance);

export function fiatMovementsService({ now, config }: Pick<AppContext, 'now' | 'config'>) {
  return {
    /**
     * A settlement: 404 for a business or bank account the caller may not use, 400 with every field's
     * message (a fiat currency, the account's currency, the amount against the limits, the reference),
     * then the row, its one entry (400 'Insufficient balance' on the amount when the balance is short)
     * and its audit row in the request's transaction.
     */
    async settle(request: FastifyRequest, body: CreateWithdrawal): Promise<FiatWithdrawal> {
      const scope = scopeOf(request);
      const db = dbOf(request);
      const { businessId, bankAccountId, currency, amount, reference } = body;
      await requireVisibleBusinesses(db, scope, businessId);
      const account = await bankAccountsRepository(db).find(scope, bankAccountId);
      if (!account) throw notFound();
      const label = account.accountLabel;

      const errs: Record<string, string> = {};
      const precision = await currenciesRepository(db).precisionOf(currency, { fiat: true });
      if (precision === null) errs.currency = FIAT_MESSAGES.fiatCurrency;
      else if (account.accountCurrency !== currency) errs.bankAccountId = FIAT_MESSAGES.bankAccountCurrency;
      const problem = settlementAmountProblem(amount, precision ?? 2, await limitsOf(db, scope));
      if (problem) errs.amount = problem;
      const refProblem = referenceProblem(reference);
      if (refProblem) errs.reference = refProblem;
      if (Object.keys(errs).length > 0) throw validationError(errs);
      await assertHolds(db, scope, businessId, currency, 'currency');

      const value = new Big(amount).toFixed();
      const at = new Date(now());
      return createMovement(request, {
        entityType: WITHDRAWAL,
        audited: WITHDRAWAL_AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const settlements = fiatMovementsRepository(tx);
          const id = await settlements.insertSettlement(scope, {
            businessId,
            currency,
            amount: value,
            bankAccountId,
            bankAccountLabel: label,
            reference: reference.trim(),
            at,
          });
          // The money leaves the ledger: from the business's account to the organisation's external one.
          const [entryId] = await post({
            kind: 'settlement',
            reference: `fiat-withdrawal:${id}`,
            description: `Settlement ${id} to ${label}`,
            at,
            postings: [
              { account: { kind: 'business', businessId, currency }, amount: `-${value}` },
              { account: { kind: 'external', currency }, amount: value },
            ],
          });
          await settlements.linkSettlementEntry(scope, id, entryId);
          return {
            id,
            businessId,
            bankAccountId,
            bankAccountLabel: label,
            currency,
            amount: value,
            reference: reference.trim(),
            status: 'PROCESSING' as const,
            createdAt: at.toISOString(),
          };
        },
      });
    },

    /**
     * An expected deposit: 403 where the request's brand allows no fiat deposits, 404 for a business
     * the caller may not use, 400 with every field's message (a fiat currency, the amount, the
     * reference), then the row (no entry: the simulator credits it at `arrivesAt`) and its audit row,
     * answered with the instructions to pay it.
     */
    async expectDeposit(request: FastifyRequest, body: CreateDeposit): Promise<FiatDeposit> {
      if (!brandOfRequest(config, request.headers).fiatDepositAllowed) throw forbidden();
      const scope = scopeOf(request);
      const db = dbOf(request);
      const { businessId, currency, expectedAmount, reference } = body;
      await requireVisibleBusinesses(db, scope, businessId);

      const errs: Record<string, string> = {};
      const precision = await currenciesRepository(db).precisionOf(currency, { fiat: true });
      if (precision === null) errs.currency = FIAT_MESSAGES.fiatCurrency;
      const problem = expectedAmountProblem(expectedAmount, precision ?? 2, currency);
      if (problem) errs.expectedAmount = problem;
      const refProblem = referenceProblem(reference);
      if (refProblem) errs.reference = refProblem;
      if (Object.keys(errs).length > 0) throw validationError(errs);

      const value = new Big(expectedAmount).toFixed();
      const at = new Date(now());
      const arrivesAt = new Date(at.getTime() + FIAT_DEPOSIT_ARRIVAL_SECONDS * 1000);
      return createMovement(request, {
        entityType: DEPOSIT,
        audited: DEPOSIT_AUDITED,
        async write(tx) {
          const id = await fiatMovementsRepository(tx).insertExpectedDeposit(scope, {
            businessId,
            currency,
            amount: value,
            reference: reference.trim(),
            arrivesAt,
            at,
          });
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
    },
  };
}
