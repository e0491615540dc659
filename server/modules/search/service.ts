/**
 * GET /v1/search: the records of the caller's organisation whose id, reference (order id), transaction
 * hash, address or business name matches `q` (docs/decisions.md 100–103).
 *
 * Each kind is searched only when the caller holds the permission that reads its list (the
 * transaction lists' own declarations, TRANSACTION_LISTS; the businesses list's for businesses), and
 * only in the businesses the lists show the caller (`visibleBusiness`: the hidden business is ADMIN's).
 *
 * Ranking: exact matches (an id, a whole reference, hash or address, case-insensitively) first, then
 * values that start with `q`, then values that contain it; at most SEARCH_LIMIT_PER_KIND per kind.
 * Every query is bounded by an index whatever the table's size:
 * - ids by the primary key;
 * - exact and prefix matches as one range of (organisation_id, lower(column) text_pattern_ops, id)
 *   (migration 0021) read in its order, so the exact value (the smallest with that prefix) comes first
 *   and the scan stops after a few rows;
 * - "contains" (3 to 40 characters, only when nothing matched exactly, only for kinds the first two did
 *   not fill) by 0018's trigram index, without a sort, so it stops at the few rows it shows.
 * The first two run as one statement for every kind (one round trip), the third as a second one.
 */
import type { Permission } from '../../../src/domain/permissions';
import {
  SEARCH_KINDS,
  SEARCH_LIMIT_PER_KIND,
  type SearchKind,
  type SearchRank,
  type SearchResult,
} from '../../../src/domain/search';
import { visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/list';
import { READ_BUSINESSES } from '../businesses/routes';
import { decimal, isoUtc } from '../transactions/repository';
import { TRANSACTION_LISTS } from '../transactions/service';

/** "Contains" needs a trigram: shorter texts match exactly or as a prefix only. */
export const CONTAINS_MIN_LENGTH = 3;
/** Longer texts are matched exactly or by their start only (each trigram costs an index lookup). */
export const CONTAINS_MAX_LENGTH = 40;
/** Ids are numbers of up to 15 digits (bigint ids stay within JavaScript's safe integers). */
const ID_PATTERN = /^[0-9]{1,15}$/;

interface TableKind {
  kind: Exclude<SearchKind, 'business'>;
  table: string;
  /** The columns searched by exact value, prefix and piece (each has 0021's and 0018's index). */
  columns: readonly string[];
  /** SQL of the result's fields over `t`. */
  reference: string;
  amount: string;
  currency: string;
  /** Business columns the caller must be allowed to see (both sides of a transfer). */
  businessColumns?: readonly string[];
  /** Extra fields (a deposit's payment). */
  extra?: string;
}

/** The permission of the transaction list that reads `table` (its own declaration, not restated). */
function readPermissionOf(table: string): Permission {
  const list = TRANSACTION_LISTS.find((def) => def.table === table);
  if (!list) throw new Error(`No transaction list reads ${table}`);
  return list.permission;
}

const TABLE_KINDS: readonly TableKind[] = [
  {
    kind: 'payment',
    table: 'payments',
    columns: ['reference'],
    reference: 't.reference',
    amount: decimal('t.price_amount'),
    currency: 't.price_currency',
  },
  {
    // A payment's on-chain deposit: found by its hash; it opens its payment.
    kind: 'deposit',
    table: 'payment_deposits',
    columns: ['tx_hash'],
    reference: 't.tx_hash',
    amount: decimal('t.amount'),
    currency: 't.currency',
    extra: 't.payment_id AS "paymentId"',
  },
  {
    kind: 'unassociated-deposit',
    table: 'unassociated_deposits',
    columns: ['tx_hash', 'address'],
    reference: 't.tx_hash',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'withdrawal',
    table: 'crypto_withdrawals',
    columns: ['tx_hash', 'address'],
    reference: 'coalesce(t.tx_hash, t.address)',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'fiat-deposit',
    table: 'fiat_deposits',
    columns: ['reference'],
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'white-label-fiat-deposit',
    table: 'whitelabel_fiat_deposits',
    columns: ['reference'],
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'settlement',
    table: 'fiat_withdrawals',
    columns: ['reference'],
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'transfer',
    table: 'internal_transfers',
    columns: ['reference'],
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
    businessColumns: ['t.business_id', 't.counterparty_business_id'],
  },
  {
    kind: 'conversion',
    table: 'balance_conversions',
    columns: [],
    reference: 'NULL::text',
    amount: decimal('t.debit_amount'),
    currency: 't.debit_currency',
  },
];

/** The table a payment deposit's permission is read from: its payment's list. */
const PERMISSION_TABLE: Partial<Record<string, string>> = { payment_deposits: 'payments' };

/** Which permission gates each kind (decision 103). */
export const SEARCH_KIND_PERMISSIONS: Readonly<Record<SearchKind, Permission>> = {
  business: READ_BUSINESSES,
  ...(Object.fromEntries(
    TABLE_KINDS.map((k) => [k.kind, readPermissionOf(PERMISSION_TABLE[k.table] ?? k.table)]),
  ) as Record<TableKind['kind'], Permission>),
};

/** The kinds a caller with these permissions searches. */
export const searchableKinds = (permissions: readonly string[]): SearchKind[] =>
  (Object.keys(SEARCH_KIND_PERMISSIONS) as SearchKind[]).filter((kind) =>
    permissions.includes(SEARCH_KIND_PERMISSIONS[kind]),
  );

type Row = Omit<SearchResult, 'businessName'> & { businessName?: string | null; key: string };

/** Collects parameters: `add(value)` returns its placeholder. */
function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown) {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

export async function search(
  db: Db,
  scope: OrgScope,
  permissions: readonly string[],
  text: string,
): Promise<SearchResult[]> {
  const q = text.trim();
  const kinds = new Set(searchableKinds(permissions));
  const limit = SEARCH_LIMIT_PER_KIND;
  const id = ID_PATTERN.test(q) ? Number(q) : undefined;
  const tableKinds = TABLE_KINDS.filter((k) => kinds.has(k.kind));

  const first = parameters();
  const org = first.add(scope.organisationId);
  const lowered = first.add(q);
  const prefix = first.add(`${escapeLike(q)}%`);
  const idParam = id === undefined ? undefined : `${first.add(id)}::bigint`;
  const selectOf = (k: TableKind, rank: string, key = "''") =>
    `SELECT '${k.kind}'::text AS kind, t.id, t.business_id AS "businessId", ${k.reference} AS reference,
            t.status, ${k.amount} AS amount, ${k.currency} AS currency,
            ${isoUtc('t.created_at')} AS "createdAt", ${rank} AS rank, ${key} AS key,
            ${k.extra ?? 'NULL::bigint AS "paymentId"'}`;
  const visible = (k: TableKind) =>
    (k.businessColumns ?? ['t.business_id']).map((c) => `AND ${visibleBusiness(scope, c)}`).join(' ');

  const parts: string[] = [];
  for (const k of tableKinds) {
    if (idParam !== undefined) {
      parts.push(
        `(${selectOf(k, '0')} FROM ${k.table} t
           WHERE t.id = ${idParam} AND t.organisation_id = ${org} ${visible(k)})`,
      );
    }
    for (const column of k.columns) {
      const value = `lower(t.${column})`;
      parts.push(
        `(${selectOf(k, `CASE WHEN ${value} = lower(${lowered}) THEN 0 ELSE 1 END`, value)} FROM ${k.table} t
           WHERE t.organisation_id = ${org} AND ${value} LIKE lower(${prefix}) ${visible(k)}
           ORDER BY t.organisation_id, ${value} USING ~<~, t.id LIMIT ${limit})`,
      );
    }
  }
  if (kinds.has('business')) {
    const contains = first.add(`%${escapeLike(q)}%`);
    const name = 'lower(b.name)';
    parts.push(
      `(SELECT 'business'::text AS kind, b.id, b.id AS "businessId", NULL::text AS reference,
               NULL::text AS status, NULL::text AS amount, NULL::text AS currency,
               ${isoUtc('b.created_at')} AS "createdAt",
               CASE WHEN ${idParam === undefined ? 'FALSE' : `b.id = ${idParam}`} OR ${name} = lower(${lowered}) THEN 0
                    WHEN ${name} LIKE lower(${prefix}) THEN 1 ELSE 2 END AS rank, ${name} AS key,
               NULL::bigint AS "paymentId"
          FROM businesses b
         WHERE b.organisation_id = ${org} AND ${visibleBusiness(scope, 'b.id')}
           AND (${idParam === undefined ? 'FALSE' : `b.id = ${idParam}`} OR b.name ILIKE ${contains})
         ORDER BY rank, ${name}, b.id LIMIT ${limit})`,
    );
  }
  const rows = parts.length === 0 ? [] : await run(db, parts, first.values);

  // "Contains" for the kinds the exact and prefix matches left short, unless something matched
  // exactly (a whole id, hash or reference was asked for; pieces of others would only add noise) or
  // the text is longer than a piece anyone types (a pasted hash that matched nothing).
  const exact = rows.some((row) => Number(row.rank) === 0);
  if (!exact && q.length >= CONTAINS_MIN_LENGTH && q.length <= CONTAINS_MAX_LENGTH) {
    const found = new Map<SearchKind, number>();
    for (const row of rows) found.set(row.kind, (found.get(row.kind) ?? 0) + 1);
    const second = parameters();
    const org2 = second.add(scope.organisationId);
    const contains = second.add(`%${escapeLike(q)}%`);
    const prefix2 = second.add(`${escapeLike(q)}%`);
    const more: string[] = [];
    for (const k of tableKinds) {
      if ((found.get(k.kind) ?? 0) >= limit) continue;
      for (const column of k.columns) {
        more.push(
          `(${selectOf(k, '2')} FROM ${k.table} t
             WHERE t.organisation_id = ${org2} AND t.${column} ILIKE ${contains}
               AND lower(t.${column}) NOT LIKE lower(${prefix2}) ${visible(k)}
             LIMIT ${limit})`,
        );
      }
    }
    if (more.length > 0) rows.push(...(await run(db, more, second.values)));
  }
  return rank(rows);
}

/** The parts as one statement, each result with its business's name. */
async function run(db: Db, parts: readonly string[], values: unknown[]): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT hit.*, b.name AS "businessName"
       FROM (${parts.join('\nUNION ALL\n')}) hit
       LEFT JOIN businesses b ON b.id = hit."businessId"`,
    values,
  );
  return rows;
}

/**
 * Best match first, a record once (its best rank), at most SEARCH_LIMIT_PER_KIND per kind; inside a
 * rank by kind, then by the matched value (exact and prefix matches in their index's order), then id.
 */
function rank(rows: readonly Row[]): SearchResult[] {
  const best = new Map<string, Row>();
  for (const row of rows) {
    const id = `${row.kind}:${row.id}`;
    const seen = best.get(id);
    if (!seen || Number(row.rank) < Number(seen.rank)) best.set(id, row);
  }
  const perKind = new Map<SearchKind, number>();
  const byte = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...best.values()]
    .sort(
      (a, b) =>
        Number(a.rank) - Number(b.rank) ||
        SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) ||
        byte(a.key, b.key) ||
        Number(a.id) - Number(b.id),
    )
    .filter((row) => {
      const n = perKind.get(row.kind) ?? 0;
      perKind.set(row.kind, n + 1);
      return n < SEARCH_LIMIT_PER_KIND;
    })
    .map(({ paymentId, key: _key, ...row }) => ({
      ...row,
      id: Number(row.id),
      businessId: row.businessId === null ? null : Number(row.businessId),
      businessName: row.businessName ?? null,
      rank: Number(row.rank) as SearchRank,
      ...(paymentId === null || paymentId === undefined ? {} : { paymentId: Number(paymentId) }),
    }));
}
