/**
 * SQL of crypto withdrawals, the whitelisted addresses they go to and the organisation's approval
 * thresholds. Every read and write of an organisation's rows takes its scope: a withdrawal is found
 * only in the caller's organisation, among the businesses the caller may see (an API key: its own).
 * A write of a movement runs in the movement's transaction: `withdrawalsRepository(tx)`.
 */
import type { Static } from 'typebox';
import { withdrawalStatusOf } from '../../../src/domain/withdrawals';
import { businessConditions, visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf } from '../../lib/list';
import { decimal, isoUtc } from '../transactions/repository';
import { approvalList, type DestinationSchema, type ThresholdSchema, type WithdrawalSchema } from './schemas';

/** A withdrawal as stored, with its creator's and decider's e-mail addresses. */
export type WithdrawalRow = {
  id: string | number;
  business_id: number;
  currency: string;
  network: string;
  amount: string;
  address: string;
  destination_tag: string | null;
  whitelisted_address_id: number | null;
  status: string;
  tx_hash: string | null;
  created_at: string;
  created_by: number | null;
  created_by_email: string | null;
  decided_by: number | null;
  decided_by_email: string | null;
  decided_at: string | null;
  rejection_reason: string | null;
  hold_entry_id: string | number | null;
};

/** A row of the approvals list: the withdrawal, its business's name and its address's label. */
export type ApprovalRow = WithdrawalRow & { business_name: string; address_label: string | null };

/** The whitelisted address a new withdrawal goes to. */
export type WithdrawalTarget = {
  currency: string;
  network: string;
  address: string;
  destination_tag: string | null;
};

/** A new withdrawal's values; its status is 'PENDING' (approved at once) or 'AWAITING_APPROVAL'. */
export interface NewWithdrawal {
  businessId: number;
  currency: string;
  network: string;
  amount: string;
  target: WithdrawalTarget;
  whitelistedAddressId: number;
  status: 'PENDING' | 'AWAITING_APPROVAL';
  at: Date;
  decidedAt: Date | null;
}

/** A decision's values: 'PENDING' approves, 'REJECTED' rejects. */
export interface WithdrawalDecision {
  status: 'PENDING' | 'REJECTED';
  at: Date;
  rejectionReason: string | null;
  /** The execution's entry (an approval); null keeps the row's. */
  ledgerEntryId: number | null;
}

export type Withdrawal = Static<typeof WithdrawalSchema>;

const SELECT = `w.id, w.business_id, w.currency, w.network, ${decimal('w.amount')} AS amount, w.address,
  w.destination_tag, w.whitelisted_address_id, w.status, w.tx_hash, ${isoUtc('w.created_at')} AS created_at,
  w.created_by, cu.email AS created_by_email, w.decided_by, du.email AS decided_by_email,
  CASE WHEN w.decided_at IS NULL THEN NULL ELSE ${isoUtc('w.decided_at')} END AS decided_at,
  w.rejection_reason, w.hold_entry_id`;
const FROM = `crypto_withdrawals w LEFT JOIN users cu ON cu.id = w.created_by
  LEFT JOIN users du ON du.id = w.decided_by`;

const userOf = (id: number | null, email: string | null) =>
  id === null || email === null ? null : { id, email };

/** A row as the movement answers it (its status in the movement's words, decision 175). */
export function withdrawalOf(r: WithdrawalRow): Withdrawal {
  return {
    id: Number(r.id),
    businessId: r.business_id,
    currency: r.currency,
    network: r.network,
    amount: r.amount,
    address: r.address,
    destinationTag: r.destination_tag,
    whitelistedAddressId: r.whitelisted_address_id,
    status: withdrawalStatusOf(r.status),
    txHash: r.tx_hash,
    createdAt: r.created_at,
    createdBy: userOf(r.created_by, r.created_by_email),
    decidedBy: userOf(r.decided_by, r.decided_by_email),
    decidedAt: r.decided_at,
    rejectionReason: r.rejection_reason,
  };
}

export function withdrawalsRepository(db: Db) {
  return {
    /** The organisation's withdrawal of a business the caller may see; `lock` takes its row lock. */
    async find(scope: OrgScope, id: number, lock = false): Promise<WithdrawalRow | undefined> {
      const { rows } = await db.query<WithdrawalRow>(
        `SELECT ${SELECT} FROM ${FROM}
          WHERE w.id = $1 AND w.organisation_id = $2 AND ${visibleBusiness(scope, 'w.business_id')}
            ${scope.onlyBusinessId === null ? '' : `AND w.business_id = ${Number(scope.onlyBusinessId)}`}
          ${lock ? 'FOR UPDATE OF w' : ''}`,
        [id, scope.organisationId],
      );
      return rows[0];
    },

    /**
     * The precision of a crypto currency's amounts on a network it supports (the network's, else the
     * currency's, at most 8); undefined for a fiat or unknown currency or a network it lacks.
     */
    async networkPrecision(currency: string, network: string): Promise<number | undefined> {
      const { rows } = await db.query<{ precision: number }>(
        `SELECT COALESCE(cn.precision, LEAST(c.precision, 8)) AS precision
           FROM currencies c LEFT JOIN currency_networks cn ON cn.currency = c.abbreviation AND cn.network = $2
          WHERE c.abbreviation = $1 AND NOT c.is_fiat AND $2 = ANY (c.supported_networks)`,
        [currency, network],
      );
      return rows[0]?.precision;
    },

    /** The precision of a crypto currency; undefined for a fiat or unknown one. */
    async cryptoPrecision(currency: string): Promise<number | undefined> {
      const { rows } = await db.query<{ precision: number }>(
        'SELECT precision FROM currencies WHERE abbreviation = $1 AND NOT is_fiat',
        [currency],
      );
      return rows[0]?.precision;
    },

    /** The organisation's whitelisted address. */
    async target(scope: OrgScope, whitelistedAddressId: number): Promise<WithdrawalTarget | undefined> {
      const { rows } = await db.query<WithdrawalTarget>(
        `SELECT currency, network, address, destination_tag FROM whitelisted_addresses
          WHERE id = $1 AND organisation_id = $2`,
        [whitelistedAddressId, scope.organisationId],
      );
      return rows[0];
    },

    /** The organisation's whitelisted addresses, by currency, network and label (at most `limit`). */
    async destinations(scope: OrgScope, limit: number): Promise<Static<typeof DestinationSchema>[]> {
      const { rows } = await db.query<{
        id: number;
        label: string;
        currency: string;
        network: string;
        address: string;
        destination_tag: string | null;
      }>(
        `SELECT id, label, currency, network, address, destination_tag FROM whitelisted_addresses
          WHERE organisation_id = $1 ORDER BY currency, network, label, id LIMIT $2`,
        [scope.organisationId, limit],
      );
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        currency: r.currency,
        network: r.network,
        address: r.address,
        destinationTag: r.destination_tag,
      }));
    },

    /** A page of the organisation's withdrawals of the businesses the caller may see. */
    approvals(scope: OrgScope, query: ListQueryOf<typeof approvalList>) {
      return approvalList.run<ApprovalRow>(db, query, {
        select: `${SELECT}, b.name AS business_name, wa.label AS address_label`,
        from: `${FROM} JOIN businesses b ON b.id = w.business_id
          LEFT JOIN whitelisted_addresses wa ON wa.id = w.whitelisted_address_id`,
        owner: { column: 'w.organisation_id', scope },
        where: (param) => businessConditions(scope, ['w.business_id'], param),
      });
    },

    /** Inserts a withdrawal created by the caller; answers its id. */
    async insert(scope: OrgScope, w: NewWithdrawal): Promise<number> {
      const { rows } = await db.query<{ id: string | number }>(
        `INSERT INTO crypto_withdrawals
           (organisation_id, business_id, currency, network, amount, fee, address, destination_tag,
            whitelisted_address_id, status, created_by, created_at, updated_at, decided_at)
         VALUES ($1, $2, $3, $4, $5::numeric, 0, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id`,
        [
          scope.organisationId,
          w.businessId,
          w.currency,
          w.network,
          w.amount,
          w.target.address,
          w.target.destination_tag,
          w.whitelistedAddressId,
          w.status,
          scope.userId,
          w.at,
          w.decidedAt,
        ],
      );
      return Number(rows[0].id);
    },

    /** Links a new withdrawal to its hold and (approved at once) its execution. */
    async linkEntries(scope: OrgScope, id: number, holdId: number, entryId: number | null): Promise<void> {
      await db.query(
        `UPDATE crypto_withdrawals SET hold_entry_id = $2, ledger_entry_id = $3
          WHERE id = $1 AND organisation_id = $4`,
        [id, holdId, entryId, scope.organisationId],
      );
    },

    /** Records the caller's decision on the organisation's withdrawal. */
    async decide(scope: OrgScope, id: number, d: WithdrawalDecision): Promise<void> {
      await db.query(
        `UPDATE crypto_withdrawals
            SET status = $2, decided_by = $3, decided_at = $4, updated_at = $4, rejection_reason = $5,
                ledger_entry_id = COALESCE($6, ledger_entry_id)
          WHERE id = $1 AND organisation_id = $7`,
        [id, d.status, scope.userId, d.at, d.rejectionReason, d.ledgerEntryId, scope.organisationId],
      );
    },

    /** The organisation's approval threshold of a currency; undefined when none is set. */
    async threshold(scope: OrgScope, currency: string, lock = false): Promise<string | undefined> {
      const { rows } = await db.query<{ threshold: string }>(
        `SELECT ${decimal('threshold')} AS threshold FROM withdrawal_approval_thresholds
          WHERE organisation_id = $1 AND currency = $2${lock ? ' FOR UPDATE' : ''}`,
        [scope.organisationId, currency],
      );
      return rows[0]?.threshold;
    },

    /** The organisation's approval thresholds, by currency. */
    async thresholds(scope: OrgScope): Promise<Static<typeof ThresholdSchema>[]> {
      const { rows } = await db.query<{ currency: string; threshold: string; updated_at: string }>(
        `SELECT currency, ${decimal('threshold')} AS threshold, ${isoUtc('updated_at')} AS updated_at
           FROM withdrawal_approval_thresholds WHERE organisation_id = $1 ORDER BY currency`,
        [scope.organisationId],
      );
      return rows.map((r) => ({ currency: r.currency, threshold: r.threshold, updatedAt: r.updated_at }));
    },

    /** Sets the organisation's threshold of a currency, by the caller. */
    async setThreshold(
      scope: OrgScope,
      currency: string,
      threshold: string,
      at: Date,
    ): Promise<Static<typeof ThresholdSchema>> {
      const { rows } = await db.query<{ threshold: string; updated_at: string }>(
        `INSERT INTO withdrawal_approval_thresholds (organisation_id, currency, threshold, updated_at, updated_by)
         VALUES ($1, $2, $3::numeric, $4, $5)
         ON CONFLICT (organisation_id, currency)
         DO UPDATE SET threshold = EXCLUDED.threshold, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
         RETURNING ${decimal('threshold')} AS threshold, ${isoUtc('updated_at')} AS updated_at`,
        [scope.organisationId, currency, threshold, at, scope.userId],
      );
      return { currency, threshold: rows[0].threshold, updatedAt: rows[0].updated_at };
    },
  };
}
