/**
 * Balance conversions (docs/product.md, docs/decisions.md 180–182): a business converts part of its
 * balance in one currency into another, in three calls. The list of conversions (GET, same path) is
 * one of the transaction lists (server/modules/transactions); this module holds the movement.
 *
 * - GET …/indicative: the figures the amount would get now (rate, debit, credit, fee); nothing stored.
 * - POST: a quote (status QUOTED) at those figures, valid QUOTE_VALIDITY_SECONDS; nothing moves yet,
 *   but the debit balance must cover it ('Insufficient balance').
 * - PATCH …/{id}: executes the quote at its figures: two ledger entries in one transaction, the
 *   conversion (debit balance → conversion account in the debit currency, conversion account →
 *   credit balance in the credit currency) and its fee (debit balance → fee account), then EXECUTED.
 *   An expired, executed or otherwise closed quote is 409 with its reason; two executions at once:
 *   the row lock lets one win, the other sees EXECUTED (409).
 *
 * Rates are the stated ones (conversion_rates, migration 0013), the figures and their rounding those of
 * src/domain/conversions.ts. Each call is 404 unless the business is the caller's organisation's and
 * visible to the caller (requireVisibleBusinesses). POST and PATCH are idempotent (`dbOf(request)` for
 * every query, so the movement commits with its key), need the 2FA code when 2FA is on and write their
 * audit row in the transaction of their change (createMovement/changeMovement, server/http/movement.ts).
 * The SQL is ./repository.ts's; the quotes' expiry is the simulator's (./simulator.ts).
 */
import Big from 'big.js';
import type { FastifyRequest } from 'fastify';
import {
  CONVERSION_MESSAGES,
  conversionAmountProblem,
  conversionFiguresProblem,
  conversionFigures,
  QUOTE_VALIDITY_SECONDS,
  rateBetween,
  type AmountCurrencyType,
  type ConversionFigures,
} from '../../../src/domain/conversions';
import { scopeOf, type OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationError } from '../../http/errors';
import { assertHolds } from '../../http/holdings';
import { dbOf } from '../../http/idempotency';
import { changeMovement, createMovement } from '../../http/movement';
import type { EntryInput } from '../../ledger';
import { requireVisibleBusinesses } from '../businesses/service';
import { conversionOf, conversionsRepository } from './repository';
import type { Conversion, ConversionFields, CreateConversion, Indicative } from './schemas';

/** The audit rows' entity type (the routes' `config.audit`). */
export const ENTITY = 'conversion';
/** The fields an audit row shows of a conversion (none is secret). */
const AUDITED = [
  'businessId',
  'amountCurrencyType',
  'debitCurrency',
  'creditCurrency',
  'rate',
  'debitAmount',
  'creditAmount',
  'fee',
  'status',
  'expiresAt',
] as const;

/** 400 with the rule's text on its field (and as the message when it is the only one). */
const refused = (errs: Record<string, string>) =>
  validationError(errs, Object.keys(errs).length === 1 ? Object.values(errs)[0] : undefined);

const conflict = (message: string) => new ApiError(409, { message });

const insufficient = () => refused({ amount: CONVERSION_MESSAGES.insufficientBalance });

/**
 * The figures of a conversion now (amount absent: the rate only), or the fields' problems as a 400.
 */
async function figuresOf(
  db: Db,
  fields: ConversionFields,
): Promise<{ rate: string; figures: ConversionFigures | null }> {
  const repository = conversionsRepository(db);
  const { amountCurrencyType, debitCurrency, creditCurrency, amount } = fields;
  const precision = await repository.precisions([debitCurrency, creditCurrency]);
  const errs: Record<string, string> = {};
  if (!precision.has(debitCurrency)) errs.debitCurrency = CONVERSION_MESSAGES.unknownCurrency;
  if (!precision.has(creditCurrency)) errs.creditCurrency = CONVERSION_MESSAGES.unknownCurrency;
  else if (debitCurrency === creditCurrency) errs.creditCurrency = CONVERSION_MESSAGES.sameCurrency;
  const amountCurrency = amountCurrencyType === 'DEBIT' ? debitCurrency : creditCurrency;
  if (amount !== undefined) {
    const problem = conversionAmountProblem(amount, precision.get(amountCurrency) ?? 18);
    if (problem) errs.amount = problem;
  }
  let rate: string | undefined;
  if (!errs.debitCurrency && !errs.creditCurrency) {
    const rows = await repository.rates(debitCurrency, creditCurrency);
    rate = rateBetween(
      debitCurrency,
      creditCurrency,
      (base, quote) => rows.find((r) => r.base === base && r.quote === quote)?.rate,
    );
    if (rate === undefined) errs.creditCurrency = CONVERSION_MESSAGES.noRate;
  }
  if (Object.keys(errs).length > 0) throw refused(errs);
  if (amount === undefined) return { rate: rate!, figures: null };
  const figures = conversionFigures({
    amountCurrencyType: amountCurrencyType as AmountCurrencyType,
    amount,
    rate: rate!,
    debitPrecision: precision.get(debitCurrency)!,
    creditPrecision: precision.get(creditCurrency)!,
  });
  if (!figures) throw refused({ amount: CONVERSION_MESSAGES.amountTooSmall });
  const tooLarge = conversionFiguresProblem(figures);
  if (tooLarge) throw refused({ amount: tooLarge });
  return { rate: rate!, figures };
}

/**
 * The execution's two entries at the quote's figures: the conversion (debit balance → conversion
 * account in the debit currency, conversion account → credit balance in the credit currency) and its
 * fee (debit balance → fee account).
 */
function executionEntries(
  quote: Conversion,
  at: Date,
): { conversionEntry: EntryInput; feeEntry: EntryInput } {
  const { id, businessId, debitCurrency, creditCurrency, debitAmount, creditAmount, fee } = quote;
  const converted = new Big(debitAmount).minus(fee).toFixed();
  const conversionEntry: EntryInput = {
    kind: 'conversion',
    reference: `balance-conversion:${id}`,
    description: `Balance conversion ${id}`,
    at,
    postings: [
      { account: { kind: 'business', businessId, currency: debitCurrency }, amount: `-${converted}` },
      { account: { kind: 'conversion', currency: debitCurrency }, amount: converted },
      { account: { kind: 'conversion', currency: creditCurrency }, amount: `-${creditAmount}` },
      { account: { kind: 'business', businessId, currency: creditCurrency }, amount: creditAmount },
    ],
  };
  const feeEntry: EntryInput = {
    kind: 'conversion_fee',
    reference: `balance-conversion-fee:${id}`,
    description: `Fee of balance conversion ${id}`,
    at,
    postings: [
      { account: { kind: 'business', businessId, currency: debitCurrency }, amount: `-${fee}` },
      { account: { kind: 'fee', currency: debitCurrency }, amount: fee },
    ],
  };
  return { conversionEntry, feeEntry };
}

export function conversionsService({ db, now }: Pick<AppContext, 'db' | 'now'>) {
  return {
    /** The figures a conversion would get now (the rate only without an amount); nothing is stored. */
    async indicative(scope: OrgScope, query: ConversionFields): Promise<Indicative> {
      await requireVisibleBusinesses(db, scope, query.businessId);
      const { rate, figures } = await figuresOf(db, query);
      return {
        rate,
        debitAmount: figures?.debitAmount ?? null,
        creditAmount: figures?.creditAmount ?? null,
        fee: figures?.fee ?? null,
      };
    },

    /**
     * A quote: 404 for a business the caller may not use, 400 with every field's message, 400 when the
     * business never held the debit currency or its balance does not cover the debit ('Insufficient
     * balance'), then the QUOTED row, valid QUOTE_VALIDITY_SECONDS, and its audit row.
     */
    async quote(request: FastifyRequest, body: CreateConversion): Promise<Conversion> {
      const scope = scopeOf(request);
      const db = dbOf(request);
      await requireVisibleBusinesses(db, scope, body.businessId);
      const { figures } = await figuresOf(db, body);
      const quote = figures!;
      await assertHolds(db, scope, body.businessId, body.debitCurrency, 'debitCurrency');
      const available = await conversionsRepository(db).available(scope, body.businessId, body.debitCurrency);
      if (new Big(available).lt(quote.debitAmount)) throw insufficient();

      const at = new Date(now());
      const expiresAt = new Date(at.getTime() + QUOTE_VALIDITY_SECONDS * 1000);
      return createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        async write(tx) {
          const row = await conversionsRepository(tx).insertQuote(scope, {
            businessId: body.businessId,
            amountCurrencyType: body.amountCurrencyType,
            debitCurrency: body.debitCurrency,
            creditCurrency: body.creditCurrency,
            rate: quote.rate,
            debitAmount: quote.debitAmount,
            creditAmount: quote.creditAmount,
            fee: quote.fee,
            expiresAt,
            at,
          });
          return conversionOf(row);
        },
      });
    },

    /**
     * Executes a quote at its figures: 404 for one the caller may not see, 409 when it was executed,
     * expired or otherwise closed, then its entries (400 'Insufficient balance' when the balance no
     * longer covers it), EXECUTED and its audit row, in the request's transaction.
     */
    execute(request: FastifyRequest, id: number): Promise<Conversion> {
      const scope = scopeOf(request);
      return changeMovement(request, {
        action: 'update',
        entityType: ENTITY,
        audited: AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          const inTx = conversionsRepository(tx);
          // The row lock: of two executions at once, the second waits here and then sees EXECUTED.
          const row = await inTx.lock(scope, id);
          if (!row) throw notFound();
          // The time is read once the lock is held: a quote expires as the holder of the lock sees it.
          const at = new Date(now());
          const before = conversionOf(row);
          if (row.status === 'EXECUTED') throw conflict(CONVERSION_MESSAGES.alreadyExecuted);
          if (row.status === 'EXPIRED') throw conflict(CONVERSION_MESSAGES.quoteExpired);
          if (row.status !== 'QUOTED' || row.expires_at === null)
            throw conflict(CONVERSION_MESSAGES.notExecutable);
          if (new Date(row.expires_at).getTime() <= at.getTime())
            throw conflict(CONVERSION_MESSAGES.quoteExpired);

          const { conversionEntry, feeEntry } = executionEntries(before, at);
          // The conversion and its fee: one movement, their accounts locked together.
          const [entryId, feeEntryId = null] = await post(
            conversionEntry,
            ...(new Big(before.fee).gt(0) ? [feeEntry] : []),
          );
          const updated = await inTx.markExecuted(scope, before.id, at, entryId, feeEntryId);
          return { before, after: conversionOf(updated) };
        },
      });
    },
  };
}
