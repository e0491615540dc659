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
 * src/domain/conversions.ts. POST and PATCH are idempotent, need the 2FA code when 2FA is on and write
 * their audit row in the transaction of their change.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Big from 'big.js';
import { Type, type Static } from 'typebox';
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
import { requires } from '../../auth/access';
import { orgRows, scopeOf, visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationError } from '../../http/errors';
import { assertHolds } from '../../http/holdings';
import { dbOf } from '../../http/idempotency';
import { changeMovement, createMovement } from '../../http/movement';
import type { EntryInput } from '../../ledger';
import { authed, errors, STRICT_BODY, Text } from '../../http/schemas';
import { BusinessId, CurrencyCode, Decimal, Timestamp, TransactionId } from '../transactions/schemas';

const ENTITY = 'conversion';
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

const AmountType = Type.Union([Type.Literal('DEBIT'), Type.Literal('CREDIT')]);

const conversionFields = {
  businessId: BusinessId,
  amountCurrencyType: AmountType,
  debitCurrency: CurrencyCode,
  creditCurrency: CurrencyCode,
  /** A decimal string in the currency `amountCurrencyType` names; its rules are checked by the handler. */
  amount: Text({ maxLength: 64 }),
};

const CreateConversionBody = Type.Object(conversionFields, STRICT_BODY);
/**
 * The execution takes nothing: it runs at the quote's figures. A strict empty object, so a client that
 * sends `rate` or `creditAmount` learns they are ignored (400 naming the field), not silently dropped.
 */
const ExecuteConversionBody = Type.Object(
  {},
  { ...STRICT_BODY, description: 'Nothing: the quote holds the figures' },
);
const IndicativeQuery = Type.Object(
  { ...conversionFields, amount: Type.Optional(Text({ maxLength: 64 })) },
  STRICT_BODY,
);

const Figures = {
  rate: Decimal,
  debitAmount: Decimal,
  creditAmount: Decimal,
  fee: Decimal,
};

const IndicativeSchema = Type.Object({
  rate: Decimal,
  debitAmount: Type.Union([Decimal, Type.Null()]),
  creditAmount: Type.Union([Decimal, Type.Null()]),
  fee: Type.Union([Decimal, Type.Null()]),
});

const ConversionSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  status: Type.Union([Type.Literal('QUOTED'), Type.Literal('EXECUTED')]),
  amountCurrencyType: AmountType,
  debitCurrency: CurrencyCode,
  creditCurrency: CurrencyCode,
  ...Figures,
  expiresAt: Timestamp,
  createdAt: Timestamp,
  executedAt: Type.Union([Timestamp, Type.Null()]),
});
type Conversion = Static<typeof ConversionSchema>;

const PROBE = { amountCurrencyType: 'DEBIT', debitCurrency: 'EUR', creditCurrency: 'USD', amount: '1' };

type Fields = Static<typeof IndicativeQuery>;

/** 400 with the rule's text on its field (and as the message when it is the only one). */
const refused = (errs: Record<string, string>) =>
  validationError(errs, Object.keys(errs).length === 1 ? Object.values(errs)[0] : undefined);

const conflict = (message: string) => new ApiError(409, { message });

/** The business is the scope's organisation's and visible to the caller, else 404. */
async function assertBusiness(db: Db, scope: OrgScope, businessId: number): Promise<void> {
  if (scope.onlyBusinessId !== null && scope.onlyBusinessId !== businessId) throw notFound();
  const { rows } = await db.query(
    `SELECT 1 FROM businesses WHERE organisation_id = $1 AND id = $2 AND ${visibleBusiness(scope, 'id')}`,
    [scope.organisationId, businessId],
  );
  if (rows.length === 0) throw notFound();
}

/**
 * The figures of a conversion now (amount absent: the rate only), or the fields' problems as a 400.
 */
async function figuresOf(
  db: Db,
  fields: Fields,
): Promise<{ rate: string; figures: ConversionFigures | null }> {
  const { amountCurrencyType, debitCurrency, creditCurrency, amount } = fields;
  const { rows: currencies } = await db.query<{ abbreviation: string; precision: number }>(
    'SELECT abbreviation, precision FROM currencies WHERE abbreviation = ANY($1::text[])',
    [[debitCurrency, creditCurrency]],
  );
  const precision = new Map(currencies.map((c) => [c.abbreviation, Number(c.precision)]));
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
    const { rows } = await db.query<{ base: string; quote: string; rate: string }>(
      `SELECT base_currency AS base, quote_currency AS quote, rate::text AS rate FROM conversion_rates
        WHERE (base_currency = $1 AND quote_currency = $2) OR (base_currency = $2 AND quote_currency = $1)`,
      [debitCurrency, creditCurrency],
    );
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

/** The business's available balance in a currency (its 'business' account; 0 when it has none). */
async function availableOf(db: Db, scope: OrgScope, businessId: number, currency: string): Promise<Big> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT balance::text AS balance FROM ledger_accounts
      WHERE organisation_id = $1 AND business_id = $2 AND kind = 'business' AND currency = $3`,
    [scope.organisationId, businessId, currency],
  );
  return new Big(rows[0]?.balance ?? '0');
}

const insufficient = () => refused({ amount: CONVERSION_MESSAGES.insufficientBalance });

interface ConversionRow {
  id: string | number;
  business_id: number;
  status: string;
  amount_currency_type: AmountCurrencyType | null;
  debit_currency: string;
  credit_currency: string;
  rate: string;
  debit_amount: string;
  credit_amount: string;
  fee: string | null;
  expires_at: Date | string | null;
  created_at: Date | string;
  executed_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const plain = (value: string) => new Big(value).toFixed();

function conversionOf(row: ConversionRow): Conversion {
  return {
    id: Number(row.id),
    businessId: Number(row.business_id),
    status: row.status as Conversion['status'],
    amountCurrencyType: row.amount_currency_type ?? 'DEBIT',
    debitCurrency: row.debit_currency,
    creditCurrency: row.credit_currency,
    rate: plain(row.rate),
    debitAmount: plain(row.debit_amount),
    creditAmount: plain(row.credit_amount),
    fee: plain(row.fee ?? '0'),
    expiresAt: iso(row.expires_at ?? row.created_at)!,
    createdAt: iso(row.created_at)!,
    executedAt: iso(row.executed_at),
  };
}

const COLUMNS = `id, business_id, status, amount_currency_type, debit_currency, credit_currency,
  rate::text AS rate, debit_amount::text AS debit_amount, credit_amount::text AS credit_amount,
  fee::text AS fee, expires_at, created_at, executed_at`;

export const conversionsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { now } = app.ctx;

  app.get(
    '/indicative',
    {
      config: { access: requires('CREATE_BALANCE_CONVERSION') },
      schema: {
        tags: ['conversions'],
        summary:
          'The figures a conversion would get now (stated rate, fee, rounding against the customer); nothing is stored',
        ...authed,
        querystring: IndicativeQuery,
        response: { 200: IndicativeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const db = app.ctx.db;
      await assertBusiness(db, scope, request.query.businessId);
      const { rate, figures } = await figuresOf(db, request.query);
      return {
        rate,
        debitAmount: figures?.debitAmount ?? null,
        creditAmount: figures?.creditAmount ?? null,
        fee: figures?.fee ?? null,
      };
    },
  );

  app.post(
    '',
    {
      config: {
        access: requires('CREATE_BALANCE_CONVERSION'),
        tenancy: orgRows('businesses', { probeBody: PROBE, bodyId: 'businessId' }),
        twoFactor: true,
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        tags: ['conversions'],
        summary: `Quotes a conversion (QUOTED, valid ${QUOTE_VALIDITY_SECONDS} s; 400 "Insufficient balance" beyond the debit balance); nothing moves yet`,
        ...authed,
        body: CreateConversionBody,
        response: {
          201: Type.Object({ conversion: ConversionSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const db = dbOf(request);
      const body = request.body;
      await assertBusiness(db, scope, body.businessId);
      const { figures } = await figuresOf(db, body);
      const quote = figures!;
      await assertHolds(db, scope, body.businessId, body.debitCurrency, 'debitCurrency');
      if ((await availableOf(db, scope, body.businessId, body.debitCurrency)).lt(quote.debitAmount))
        throw insufficient();

      const at = new Date(now());
      const expiresAt = new Date(at.getTime() + QUOTE_VALIDITY_SECONDS * 1000);
      const conversion = await createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        async write(tx) {
          const { rows } = await tx.query<ConversionRow>(
            `INSERT INTO balance_conversions
               (organisation_id, business_id, amount_currency_type, debit_currency, debit_amount,
                credit_currency, credit_amount, rate, fee, status, expires_at, created_by, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5::numeric, $6, $7::numeric, $8::numeric, $9::numeric, 'QUOTED', $10, $11, $12, $12)
             RETURNING ${COLUMNS}`,
            [
              scope.organisationId,
              body.businessId,
              body.amountCurrencyType,
              body.debitCurrency,
              quote.debitAmount,
              body.creditCurrency,
              quote.creditAmount,
              quote.rate,
              quote.fee,
              expiresAt,
              scope.userId,
              at,
            ],
          );
          return conversionOf(rows[0]);
        },
      });
      return reply.code(201).send({ conversion });
    },
  );

  app.patch(
    '/:id',
    {
      config: {
        access: requires('CREATE_BALANCE_CONVERSION'),
        tenancy: orgRows('balance_conversions', { probeBody: {} }),
        twoFactor: true,
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        tags: ['conversions'],
        summary:
          'Executes a quote at its figures (the conversion and its fee, two ledger entries); 409 when it expired or was executed',
        ...authed,
        params: Type.Object({ id: TransactionId }),
        body: ExecuteConversionBody,
        response: {
          200: Type.Object({ conversion: ConversionSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
      // No body at all (the dashboard's call) is the empty one; any field is refused.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const conversion = await changeMovement(request, {
        action: 'update',
        entityType: ENTITY,
        audited: AUDITED,
        overdraft: insufficient,
        async write(tx, post) {
          // The row lock: of two executions at once, the second waits here and then sees EXECUTED.
          const { rows } = await tx.query<ConversionRow>(
            `SELECT ${COLUMNS} FROM balance_conversions t
              WHERE t.organisation_id = $1 AND t.id = $2 AND ${visibleBusiness(scope, 't.business_id')}
                AND ($3::int IS NULL OR t.business_id = $3)
              FOR UPDATE`,
            [scope.organisationId, request.params.id, scope.onlyBusinessId],
          );
          if (!rows[0]) throw notFound();
          // The time is read once the lock is held: a quote expires as the holder of the lock sees it.
          const at = new Date(now());
          const before = conversionOf(rows[0]);
          if (rows[0].status === 'EXECUTED') throw conflict(CONVERSION_MESSAGES.alreadyExecuted);
          if (rows[0].status === 'EXPIRED') throw conflict(CONVERSION_MESSAGES.quoteExpired);
          if (rows[0].status !== 'QUOTED' || rows[0].expires_at === null)
            throw conflict(CONVERSION_MESSAGES.notExecutable);
          if (new Date(rows[0].expires_at).getTime() <= at.getTime())
            throw conflict(CONVERSION_MESSAGES.quoteExpired);

          const { id, businessId, debitCurrency, creditCurrency, debitAmount, creditAmount, fee } = before;
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
          // The conversion and its fee: one movement, their accounts locked together.
          const [entryId, feeEntryId = null] = await post(
            conversionEntry,
            ...(new Big(fee).gt(0) ? [feeEntry] : []),
          );
          const { rows: updated } = await tx.query<ConversionRow>(
            `UPDATE balance_conversions
                SET status = 'EXECUTED', executed_at = $2, updated_at = $2, ledger_entry_id = $3, fee_ledger_entry_id = $4
              WHERE id = $1 RETURNING ${COLUMNS}`,
            [id, at, entryId, feeEntryId],
          );
          return { before, after: conversionOf(updated[0]) };
        },
      });
      return { conversion };
    },
  );
};
