/**
 * SQL of the balance conversions: the currencies and stated rates a conversion's figures come from, the
 * balance a quote is checked against, and the rows of balance_conversions. Every read and write of an
 * organisation's rows takes its scope: a quote is found only in the caller's organisation, among the
 * businesses the caller may see (an API key: its own). A write of a movement runs in the movement's
 * transaction: `conversionsRepository(tx)`. The simulator's SQL (quote expiry) stays in ./simulator.ts.
 */
import Big from 'big.js';
import type { AmountCurrencyType } from '../../../src/domain/conversions';
import { visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { Conversion } from './schemas';

/** A conversion as stored. */
export interface ConversionRow {
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

/** A stated rate between two currencies (conversion_rates, migration 0013). */
export interface RateRow {
  base: string;
  quote: string;
  rate: string;
}

/** A quote's row as inserted (status QUOTED until it is executed or expires at `expiresAt`). */
export interface NewQuote {
  businessId: number;
  amountCurrencyType: AmountCurrencyType;
  debitCurrency: string;
  creditCurrency: string;
  /** Decimal strings, the figures of src/domain/conversions.ts. */
  rate: string;
  debitAmount: string;
  creditAmount: string;
  fee: string;
  expiresAt: Date;
  at: Date;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const plain = (value: string) => new Big(value).toFixed();

/** A row as the API answers it (a row from before quotes expired: DEBIT, no fee, expiring at its creation). */
export function conversionOf(row: ConversionRow): Conversion {
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

export function conversionsRepository(db: Db) {
  return {
    /** The precision of each of the currencies that exists (the table is global). */
    async precisions(currencies: readonly string[]): Promise<Map<string, number>> {
      const { rows } = await db.query<{ abbreviation: string; precision: number }>(
        'SELECT abbreviation, precision FROM currencies WHERE abbreviation = ANY($1::text[])',
        [[...currencies]],
      );
      return new Map(rows.map((c) => [c.abbreviation, Number(c.precision)]));
    },

    /** The stated rates between two currencies, either way round (the table is global). */
    async rates(debitCurrency: string, creditCurrency: string): Promise<RateRow[]> {
      const { rows } = await db.query<RateRow>(
        `SELECT base_currency AS base, quote_currency AS quote, rate::text AS rate FROM conversion_rates
          WHERE (base_currency = $1 AND quote_currency = $2) OR (base_currency = $2 AND quote_currency = $1)`,
        [debitCurrency, creditCurrency],
      );
      return rows;
    },

    /** The business's available balance in a currency (its 'business' account; '0' when it has none). */
    async available(scope: OrgScope, businessId: number, currency: string): Promise<string> {
      const { rows } = await db.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM ledger_accounts
          WHERE organisation_id = $1 AND business_id = $2 AND kind = 'business' AND currency = $3`,
        [scope.organisationId, businessId, currency],
      );
      return rows[0]?.balance ?? '0';
    },

    /** Inserts a quote created by the caller in its organisation; answers its row. */
    async insertQuote(scope: OrgScope, q: NewQuote): Promise<ConversionRow> {
      const { rows } = await db.query<ConversionRow>(
        `INSERT INTO balance_conversions
           (organisation_id, business_id, amount_currency_type, debit_currency, debit_amount,
            credit_currency, credit_amount, rate, fee, status, expires_at, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::numeric, $6, $7::numeric, $8::numeric, $9::numeric, 'QUOTED', $10, $11, $12, $12)
         RETURNING ${COLUMNS}`,
        [
          scope.organisationId,
          q.businessId,
          q.amountCurrencyType,
          q.debitCurrency,
          q.debitAmount,
          q.creditCurrency,
          q.creditAmount,
          q.rate,
          q.fee,
          q.expiresAt,
          scope.userId,
          q.at,
        ],
      );
      return rows[0];
    },

    /**
     * The organisation's conversion of a business the caller may see, with its row lock: of two
     * executions at once, the second waits here and then sees the first's EXECUTED.
     */
    async lock(scope: OrgScope, id: number): Promise<ConversionRow | undefined> {
      const { rows } = await db.query<ConversionRow>(
        `SELECT ${COLUMNS} FROM balance_conversions t
          WHERE t.organisation_id = $1 AND t.id = $2 AND ${visibleBusiness(scope, 't.business_id')}
            AND ($3::int IS NULL OR t.business_id = $3)
          FOR UPDATE`,
        [scope.organisationId, id, scope.onlyBusinessId],
      );
      return rows[0];
    },

    /** Marks the organisation's quote EXECUTED with its entries (the fee's: null without a fee); answers its row. */
    async markExecuted(
      scope: OrgScope,
      id: number,
      at: Date,
      entryId: number,
      feeEntryId: number | null,
    ): Promise<ConversionRow> {
      const { rows } = await db.query<ConversionRow>(
        `UPDATE balance_conversions
            SET status = 'EXECUTED', executed_at = $2, updated_at = $2, ledger_entry_id = $3, fee_ledger_entry_id = $4
          WHERE id = $1 AND organisation_id = $5 RETURNING ${COLUMNS}`,
        [id, at, entryId, feeEntryId, scope.organisationId],
      );
      return rows[0];
    },
  };
}
