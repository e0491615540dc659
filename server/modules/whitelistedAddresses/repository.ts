/**
 * SQL of whitelisted addresses. Every function takes the caller's OrgScope; a duplicate is refused by
 * the unique index whitelisted_addresses_destination (migration 0032), whatever runs at the same time.
 */
import type { Chain } from '../../../src/domain/addresses';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf } from '../../lib/list';
import { isoUtc } from '../transactions/repository';
import { whitelistedAddressList } from './schemas';

// A type (not an interface): changesBetween takes it as a plain record.
export type WhitelistedAddressView = {
  id: number;
  label: string;
  currency: string;
  network: string;
  address: string;
  destinationTag: string | null;
  createdAt: string;
  createdBy: { id: number; email: string } | null;
};

type Row = Omit<WhitelistedAddressView, 'createdBy'> & {
  createdById: number | null;
  createdByEmail: string | null;
};

const SELECT = `a.id, a.label, a.currency, a.network, a.address, a.destination_tag AS "destinationTag",
  ${isoUtc('a.created_at')} AS "createdAt", u.id AS "createdById", u.email AS "createdByEmail"`;
const FROM = 'whitelisted_addresses a LEFT JOIN users u ON u.id = a.created_by';

function toView({ createdById, createdByEmail, ...rest }: Row): WhitelistedAddressView {
  return {
    ...rest,
    createdBy:
      createdById === null || createdByEmail === null ? null : { id: createdById, email: createdByEmail },
  };
}

export interface NewWhitelistedAddress {
  label: string;
  currency: string;
  network: string;
  chain: Chain;
  address: string;
  destinationTag: string | null;
}

/** A violation of the one-destination-once index (a duplicate address). */
export function isDuplicateAddress(error: unknown): boolean {
  return (
    (error as { code?: unknown } | null)?.code === '23505' &&
    /whitelisted_addresses_destination/.test(String((error as Error).message))
  );
}

export function whitelistedAddressesRepository(db: Db) {
  async function find(scope: OrgScope, id: number): Promise<WhitelistedAddressView | undefined> {
    const { rows } = await db.query<Row>(
      `SELECT ${SELECT} FROM ${FROM} WHERE a.id = $1 AND a.organisation_id = $2`,
      [id, scope.organisationId],
    );
    return rows[0] && toView(rows[0]);
  }

  return {
    find,

    async list(scope: OrgScope, query: ListQueryOf<typeof whitelistedAddressList>) {
      const page = await whitelistedAddressList.run<Row>(db, query, {
        select: SELECT,
        from: FROM,
        owner: { column: 'a.organisation_id', scope },
      });
      return { ...page, rows: page.rows.map(toView) };
    },

    /** A cryptocurrency's networks, or undefined for an unknown currency (fiat: none). */
    async networksOf(currency: string): Promise<string[] | undefined> {
      const { rows } = await db.query<{ networks: string[] }>(
        'SELECT supported_networks AS networks FROM currencies WHERE abbreviation = $1 AND NOT is_fiat',
        [currency],
      );
      return rows[0]?.networks;
    },

    /** Whether the organisation already has this destination (the index's own rule, for an early 409). */
    async exists(
      scope: OrgScope,
      entry: Pick<NewWhitelistedAddress, 'chain' | 'address' | 'destinationTag'>,
    ) {
      const { rows } = await db.query(
        `SELECT 1 FROM whitelisted_addresses
          WHERE organisation_id = $1 AND chain = $2
            AND (CASE WHEN chain LIKE 'EVM\\_%' THEN lower(address) ELSE address END)
              = (CASE WHEN $2 LIKE 'EVM\\_%' THEN lower($3) ELSE $3 END)
            AND COALESCE(destination_tag, '') = COALESCE($4, '')`,
        [scope.organisationId, entry.chain, entry.address, entry.destinationTag],
      );
      return rows.length > 0;
    },

    async insert(
      scope: OrgScope,
      entry: NewWhitelistedAddress,
      nowMs: number,
    ): Promise<WhitelistedAddressView> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO whitelisted_addresses (organisation_id, label, currency, network, chain, address,
                                            destination_tag, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         RETURNING id`,
        [
          scope.organisationId,
          entry.label,
          entry.currency,
          entry.network,
          entry.chain,
          entry.address,
          entry.destinationTag,
          new Date(nowMs),
          scope.userId,
        ],
      );
      return (await find(scope, rows[0].id))!;
    },

    /** Removes an address; the removed one, or undefined when there is none (or it is another's). */
    async remove(scope: OrgScope, id: number): Promise<WhitelistedAddressView | undefined> {
      const before = await find(scope, id);
      if (!before) return undefined;
      const { rows } = await db.query(
        'DELETE FROM whitelisted_addresses WHERE id = $1 AND organisation_id = $2 RETURNING id',
        [id, scope.organisationId],
      );
      return rows.length === 1 ? before : undefined;
    },
  };
}
