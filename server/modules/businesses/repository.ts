/**
 * SQL of businesses. Every query is scoped to the caller's organisation and, for callers other than
 * ADMIN, leaves the hidden business out (it is a 404 by id, absent from lists).
 */
import type { Business, BusinessPayload } from '../../../src/domain/business';
import { businessNameKey } from '../../../src/domain/businessName';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf } from '../../lib/list';
import { businessList } from './schemas';

interface BusinessRow {
  id: number;
  businessName: string;
  settlementCurrency: string;
  supportedDisplayCurrencies: string[];
  supportedDepositCurrenciesWithNetworks: Record<string, string[]>;
  depositReceivedCallbackUrl: string | null;
  withdrawalCallbackUrl: string | null;
  withdrawalApprovalCallbackUrl: string | null;
  overpaymentPolicy: Business['overpaymentPolicy'];
  refundFollowUpDepositsForOneTimePayments: boolean;
  blockchainFeePaidBy: Business['blockchainFeePaidBy'];
  depeg: string | null;
  fee: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const COLUMNS = `id, name AS "businessName", settlement_currency AS "settlementCurrency",
  supported_display_currencies AS "supportedDisplayCurrencies",
  deposit_currencies AS "supportedDepositCurrenciesWithNetworks",
  deposit_received_callback_url AS "depositReceivedCallbackUrl",
  withdrawal_callback_url AS "withdrawalCallbackUrl",
  withdrawal_approval_callback_url AS "withdrawalApprovalCallbackUrl",
  overpayment_policy AS "overpaymentPolicy",
  refund_follow_up_deposits AS "refundFollowUpDepositsForOneTimePayments",
  blockchain_fee_paid_by AS "blockchainFeePaidBy",
  depeg_threshold::text AS depeg, fee_distribution_percentage::text AS fee,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A row as the API answers it. The fractions are NUMERIC(6, 4): exact enough as numbers. */
function toBusiness(row: BusinessRow): Business {
  const { depeg, fee, createdAt, updatedAt, ...rest } = row;
  const deposits =
    typeof rest.supportedDepositCurrenciesWithNetworks === 'string'
      ? (JSON.parse(rest.supportedDepositCurrenciesWithNetworks) as Record<string, string[]>)
      : rest.supportedDepositCurrenciesWithNetworks;
  return {
    ...rest,
    supportedDepositCurrenciesWithNetworks: deposits,
    supportedDepositCurrencies: Object.keys(deposits),
    stableCryptoCurrencyDepegThreshold: depeg === null ? null : Number(depeg),
    userServiceFeeDistributionPercentage: Number(fee),
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

/** The hidden business is left out for callers other than ADMIN. */
const visible = (scope: OrgScope) => (scope.seesHiddenBusinesses ? 'TRUE' : 'NOT hidden_from_non_admins');

/** The stored form of a payload: the name trimmed, an empty callback URL stored as NULL. */
export interface BusinessValues extends BusinessPayload {
  settlementCurrency: string;
}

const url = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** $1–$12 the fields, $13 the name's key. */
function valuesOf(v: BusinessValues): unknown[] {
  return [
    v.businessName.trim(),
    v.settlementCurrency,
    v.supportedDisplayCurrencies,
    JSON.stringify(v.supportedDepositCurrenciesWithNetworks),
    url(v.depositReceivedCallbackUrl),
    url(v.withdrawalCallbackUrl),
    url(v.withdrawalApprovalCallbackUrl),
    v.overpaymentPolicy,
    v.refundFollowUpDepositsForOneTimePayments,
    v.blockchainFeePaidBy,
    v.stableCryptoCurrencyDepegThreshold === null ? null : String(v.stableCryptoCurrencyDepegThreshold),
    String(v.userServiceFeeDistributionPercentage),
    businessNameKey(v.businessName),
  ];
}

/**
 * A unique-name violation (index businesses_name_key): another business of the organisation and
 * visibility has a name of the same key.
 */
export function isDuplicateName(error: unknown): boolean {
  return (
    (error as { code?: unknown } | null)?.code === '23505' &&
    /businesses_name/.test(String((error as Error).message))
  );
}

export function businessesRepository(db: Db) {
  return {
    async list(scope: OrgScope, query: ListQueryOf<typeof businessList>) {
      const result = await businessList.run<BusinessRow>(db, query, {
        select: COLUMNS,
        from: 'businesses',
        owner: { column: 'organisation_id', scope },
        where: () => [visible(scope)],
      });
      return { rows: result.rows.map(toBusiness), total: result.total };
    },

    /**
     * Which of `ids` are businesses of the caller's organisation that the caller may see (an API key's
     * scope: its own business only).
     */
    async visibleIds(scope: OrgScope, ids: readonly number[], tx: Db = db): Promise<Set<number>> {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM businesses
          WHERE organisation_id = $1 AND id = ANY ($2::int[]) AND ${visible(scope)}
            AND ($3::int IS NULL OR id = $3)`,
        [scope.organisationId, [...ids], scope.onlyBusinessId],
      );
      return new Set(rows.map((r) => Number(r.id)));
    },

    /** A business of the caller's organisation that the caller may see; `lock` takes its row lock. */
    async find(scope: OrgScope, id: number, tx: Db = db, lock = false): Promise<Business | undefined> {
      const { rows } = await tx.query<BusinessRow>(
        `SELECT ${COLUMNS} FROM businesses
          WHERE id = $1 AND organisation_id = $2 AND ${visible(scope)}${lock ? ' FOR UPDATE' : ''}`,
        [id, scope.organisationId],
      );
      return rows[0] && toBusiness(rows[0]);
    },

    /**
     * A business's callback health (its overview, issue 32 §3) over the callbacks of `entityKinds` (those
     * the caller may read): the callbacks with an attempt since `since` and those of them DELIVERED, the
     * callbacks RETRYING or FAILED now, and the time of the last attempt that failed (no 2xx). The
     * business is the caller's (found before).
     */
    async callbackHealth(scope: OrgScope, businessId: number, entityKinds: readonly string[], since: Date) {
      const { rows } = await db.query<{
        total: number;
        delivered: number;
        failing: number;
        lastFailureAt: string | null;
      }>(
        `WITH own AS (
           SELECT c.id, c.status FROM callbacks c
            WHERE c.organisation_id = $1 AND c.business_id = $2 AND c.entity_kind = ANY ($3::text[])),
         recent AS (
           SELECT own.id, own.status FROM own
            WHERE EXISTS (SELECT 1 FROM callback_attempts a WHERE a.callback_id = own.id AND a.started_at >= $4))
         SELECT (SELECT count(*)::int FROM recent) AS total,
                (SELECT count(*)::int FROM recent WHERE recent.status = 'DELIVERED') AS delivered,
                (SELECT count(*)::int FROM own WHERE own.status IN ('RETRYING', 'FAILED')) AS failing,
                (SELECT to_char(max(a.started_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                   FROM callback_attempts a JOIN own ON own.id = a.callback_id
                  WHERE a.status_code IS NULL OR a.status_code NOT BETWEEN 200 AND 299) AS "lastFailureAt"`,
        [scope.organisationId, businessId, [...entityKinds], since],
      );
      return rows[0];
    },

    /**
     * Whether another business of the organisation that the caller may see has a name of the same key
     * (src/domain/businessName.ts): for ADMIN any, for others every one but the hidden business, whose
     * name is never revealed to them. A row without a stored key is compared by its name's key.
     */
    async nameTaken(scope: OrgScope, name: string, exceptId: number | null, tx: Db = db): Promise<boolean> {
      const key = businessNameKey(name);
      const { rows } = await tx.query<{ name: string; key: string | null }>(
        `SELECT name, name_key AS key FROM businesses
          WHERE organisation_id = $1 AND ${visible(scope)} AND (name_key = $2 OR name_key IS NULL)
            AND ($3::int IS NULL OR id <> $3::int)`,
        [scope.organisationId, key, exceptId],
      );
      return rows.some((row) => (row.key ?? businessNameKey(row.name)) === key);
    },

    async insert(scope: OrgScope, values: BusinessValues, at: Date, tx: Db = db): Promise<Business> {
      const { rows } = await tx.query<BusinessRow>(
        `INSERT INTO businesses (organisation_id, name, settlement_currency, supported_display_currencies,
           deposit_currencies, deposit_received_callback_url, withdrawal_callback_url,
           withdrawal_approval_callback_url, overpayment_policy, refund_follow_up_deposits,
           blockchain_fee_paid_by, depeg_threshold, fee_distribution_percentage, name_key, created_at, updated_at)
         VALUES ($14, $1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11::numeric, $12::numeric, $13, $15, $15)
         RETURNING ${COLUMNS}`,
        [...valuesOf(values), scope.organisationId, at],
      );
      return toBusiness(rows[0]);
    },

    /** Replaces every field of a (visible) business; undefined when there is none to update. */
    async update(
      scope: OrgScope,
      id: number,
      values: BusinessValues,
      at: Date,
      tx: Db = db,
    ): Promise<Business | undefined> {
      const { rows } = await tx.query<BusinessRow>(
        `UPDATE businesses SET name = $1, settlement_currency = $2, supported_display_currencies = $3,
           deposit_currencies = $4::jsonb, deposit_received_callback_url = $5, withdrawal_callback_url = $6,
           withdrawal_approval_callback_url = $7, overpayment_policy = $8, refund_follow_up_deposits = $9,
           blockchain_fee_paid_by = $10, depeg_threshold = $11::numeric,
           fee_distribution_percentage = $12::numeric, name_key = $13, updated_at = $16
         WHERE id = $15 AND organisation_id = $14 AND ${visible(scope)}
         RETURNING ${COLUMNS}`,
        [...valuesOf(values), scope.organisationId, id, at],
      );
      return rows[0] && toBusiness(rows[0]);
    },
  };
}
