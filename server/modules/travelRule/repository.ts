/**
 * SQL of the travel rule (docs/decisions.md 148–152): the organisation's crypto deposits that need
 * their originator's data (`deposit_travel_rule`, migration 0034), with the deposit's amount, currency
 * and network and the business's name. The hidden business's deposits are ADMIN's only, and an API
 * key's scope keeps to its business, as in the transaction lists (businessConditions).
 */
import { changesBetween, audit } from '../../audit';
import { businessConditions, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { FastifyRequest } from 'fastify';
import type { ListQueryOf } from '../../lib/list';
import { ageInDays, type Originator } from '../../../src/domain/travelRule';
import { decimal, isoUtc } from '../transactions/repository';
import { travelRuleList } from './schemas';

export interface TravelRuleDeposit {
  id: number;
  businessId: number;
  businessName: string;
  amount: string;
  currency: string;
  network: string;
  txHash: string;
  receivedAt: string;
  ageDays: number;
  originator: Originator | null;
  providedAt: string | null;
}

type Row = Omit<TravelRuleDeposit, 'ageDays'>;

const SELECT = `t.id, t.business_id AS "businessId", b.name AS "businessName",
  ${decimal('d.amount')} AS amount, d.currency, d.network, d.tx_hash AS "txHash",
  ${isoUtc('t.received_at')} AS "receivedAt",
  CASE WHEN t.originator_type IS NULL THEN NULL ELSE json_build_object(
    'type', t.originator_type, 'name', t.originator_name, 'address', t.originator_address,
    'city', t.originator_city, 'country', t.originator_country,
    'nationalIdentifierType', t.national_identifier_type, 'nationalIdentifier', t.national_identifier)
  END AS originator,
  CASE WHEN t.provided_at IS NULL THEN NULL ELSE ${isoUtc('t.provided_at')} END AS "providedAt"`;
// The deposit and the business are the row's organisation's (its foreign keys).
const FROM = `deposit_travel_rule t
  JOIN payment_deposits d ON d.id = t.id
  JOIN businesses b ON b.id = t.business_id`;

/** Rows lacking data (the partial index deposit_travel_rule_missing). */
export const LACKING = 't.originator_type IS NULL';

const withAge = (row: Row, nowMs: number): TravelRuleDeposit => ({
  ...row,
  ageDays: ageInDays(row.receivedAt, nowMs),
});

/** The national identifier as the audit log keeps it: its last four characters only. */
export const maskIdentifier = (value: string | null | undefined) =>
  value ? `${'•'.repeat(Math.max(0, Math.min(value.length - 4, 8)))}${value.slice(-4)}` : value;

/** The originator's fields under `originator.` for the audit log, the identifier masked. */
function auditedFields(originator: Originator | null): Record<string, string | null> {
  return {
    'originator.type': originator?.type ?? null,
    'originator.name': originator?.name ?? null,
    'originator.address': originator?.address ?? null,
    'originator.city': originator?.city ?? null,
    'originator.country': originator?.country ?? null,
    'originator.nationalIdentifierType': originator?.nationalIdentifierType ?? null,
    'originator.nationalIdentifier': maskIdentifier(originator?.nationalIdentifier) ?? null,
  };
}

export function travelRuleRepository(db: Db) {
  /** One deposit the rule applies to (with its originator, if given), or undefined. */
  async function find(q: Db, scope: OrgScope, id: number, nowMs: number, lock = false) {
    const params: unknown[] = [id, scope.organisationId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions = [
      't.id = $1',
      't.organisation_id = $2',
      ...businessConditions(scope, ['t.business_id'], param),
    ];
    const { rows } = await q.query<Row>(
      `SELECT ${SELECT} FROM ${FROM} WHERE ${conditions.join(' AND ')}${lock ? ' FOR UPDATE OF t' : ''}`,
      params,
    );
    return rows[0] && withAge(rows[0], nowMs);
  }

  return {
    /** The deposits lacking data, a page of them. */
    async list(scope: OrgScope, query: ListQueryOf<typeof travelRuleList>, nowMs: number) {
      const page = await travelRuleList.run<Row>(db, query, {
        select: SELECT,
        from: FROM,
        owner: { column: 't.organisation_id', scope },
        where: (param) => [LACKING, ...businessConditions(scope, ['t.business_id'], param)],
      });
      return { ...page, rows: page.rows.map((row) => withAge(row, nowMs)) };
    },

    find: (scope: OrgScope, id: number, nowMs: number) => find(db, scope, id, nowMs),

    /**
     * Sets the deposit's originator and writes its audit row, in one transaction. The row is locked
     * first, so two changes of one deposit at once run one after the other: each audit row's
     * `before` is what that change replaced, and the later change's data is the one kept.
     */
    async update(
      request: FastifyRequest,
      scope: OrgScope,
      id: number,
      originator: Originator,
      nowMs: number,
    ) {
      return db.transaction(async (tx) => {
        const before = await find(tx, scope, id, nowMs, true);
        if (!before) return undefined;
        await tx.query(
          `UPDATE deposit_travel_rule SET originator_type = $3, originator_name = $4, originator_address = $5,
             originator_city = $6, originator_country = $7, national_identifier_type = $8,
             national_identifier = $9, provided_at = $10, provided_by = $11
           WHERE id = $1 AND organisation_id = $2`,
          [
            id,
            scope.organisationId,
            originator.type,
            originator.name,
            originator.address,
            originator.city,
            originator.country,
            originator.nationalIdentifierType,
            originator.nationalIdentifier,
            new Date(nowMs),
            scope.onlyBusinessId === null ? scope.userId : null,
          ],
        );
        const fields = auditedFields(null);
        await audit(tx, request, {
          action: 'update',
          entityType: 'deposit',
          entityId: id,
          changes: changesBetween(
            auditedFields(before.originator),
            auditedFields(originator),
            Object.keys(fields),
          ),
        });
        return find(tx, scope, id, nowMs);
      });
    },
  };
}
