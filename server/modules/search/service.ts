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
 * References, hashes and addresses are read from search_entries (migration 0038: one row per searched
 * value, kept by triggers with the records), so a search is one small statement whatever the number of
 * kinds, and every part of it is bounded by an index whatever the tables' size:
 * - exact and prefix matches, per kind, as one range of (organisation_id, kind, key text_pattern_ops)
 *   read in key order, so the exact value (the smallest with that prefix) comes first and the scan stops
 *   after a few rows;
 * - "contains" (4 to 40 characters, only when nothing matched exactly, only for kinds the first two did
 *   not fill) by each kind's index of the entries' 4-character pieces (migration 0050), without a sort,
 *   so it stops at the few rows it shows, in a function whose plan is made once per connection
 *   (search_contains, migration 0051);
 * - ids by each table's primary key; businesses (a few per organisation) by name.
 */
import type { Permission } from '../../../src/domain/permissions';
import {
  SEARCH_KINDS,
  SEARCH_LIMIT_PER_KIND,
  type SearchKind,
  type SearchRank,
  type SearchResult,
} from '../../../src/domain/search';
import { HIDDEN_BUSINESSES, visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/list';
import { READ_BUSINESSES } from '../businesses/routes';
import { decimal, isoUtc } from '../transactions/repository';
import { TRANSACTION_LISTS } from '../transactions/service';

/**
 * "Contains" looks a piece up by its 4-character pieces (migration 0050, docs/decisions.md 208): shorter
 * texts match exactly or as a prefix only.
 */
export const CONTAINS_MIN_LENGTH = 4;
/** Longer texts are matched exactly or by their start only (a pasted whole value that matched nothing). */
export const CONTAINS_MAX_LENGTH = 40;
/** Ids are numbers of up to 15 digits (bigint ids stay within JavaScript's safe integers). */
const ID_PATTERN = /^[0-9]{1,15}$/;

interface TableKind {
  kind: Exclude<SearchKind, 'business'>;
  table: string;
  /** Whether its references, hashes or addresses are in search_entries (migration 0038). */
  searched: boolean;
  /** SQL of the result's fields over `t`. */
  reference: string;
  amount: string;
  currency: string;
  /** Business columns the caller must be allowed to see (both sides of a transfer). */
  businessColumns?: readonly string[];
  /** SQL of a deposit's payment (its result opens the payment). */
  paymentId?: string;
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
    searched: true,
    reference: 't.reference',
    amount: decimal('t.price_amount'),
    currency: 't.price_currency',
  },
  {
    // A payment's on-chain deposit: found by its hash; it opens its payment.
    kind: 'deposit',
    table: 'payment_deposits',
    searched: true,
    reference: 't.tx_hash',
    amount: decimal('t.amount'),
    currency: 't.currency',
    paymentId: 't.payment_id',
  },
  {
    kind: 'unassociated-deposit',
    table: 'unassociated_deposits',
    searched: true,
    reference: 't.tx_hash',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'withdrawal',
    table: 'crypto_withdrawals',
    searched: true,
    reference: 'coalesce(t.tx_hash, t.address)',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'fiat-deposit',
    table: 'fiat_deposits',
    searched: true,
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'white-label-fiat-deposit',
    table: 'whitelabel_fiat_deposits',
    searched: true,
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'settlement',
    table: 'fiat_withdrawals',
    searched: true,
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
  },
  {
    kind: 'transfer',
    table: 'internal_transfers',
    searched: true,
    reference: 't.reference',
    amount: decimal('t.amount'),
    currency: 't.currency',
    businessColumns: ['t.business_id', 't.counterparty_business_id'],
  },
  {
    kind: 'conversion',
    table: 'balance_conversions',
    searched: false,
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

type Row = Omit<SearchResult, 'businessName'> & {
  businessName?: string | null;
  key: string;
};

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
  if (tableKinds.length === 0 && !kinds.has('business')) return [];

  const p = parameters();
  const org = p.add(scope.organisationId);
  const lowered = `lower(${p.add(q)})`;
  const prefix = `lower(${p.add(`${escapeLike(q)}%`)})`;
  const idParam = id === undefined ? undefined : `${p.add(id)}::bigint`;
  // The hidden businesses' ids are read once per statement (HIDDEN_BUSINESSES), not in each part.
  const hiddenCte = scope.seesHiddenBusinesses ? [] : [HIDDEN_BUSINESSES.cte];
  const visible = (columns: readonly string[]) =>
    columns.map((c) => `AND ${visibleBusiness(scope, c, HIDDEN_BUSINESSES.ids)}`).join(' ');
  const entryVisible = visible(['e.business_id', 'e.counterparty_business_id']);
  const entryFields = `e.kind, e.record_id AS id, e.business_id AS "businessId", e.reference, e.status,
    ${decimal('e.amount')} AS amount, e.currency, ${isoUtc('e.created_at')} AS "createdAt"`;

  // Exact and prefix matches: per kind, a range of search_entries_key in key order (the exact value,
  // the smallest with that prefix, first); at most `limit` per kind.
  const searchedKinds = tableKinds.filter((k) => k.searched);
  const searched = p.add(searchedKinds.map((k) => k.kind));
  const prefixCte = `prefix AS MATERIALIZED (
       SELECT ${entryFields}, CASE WHEN e.key = ${lowered} THEN 0 ELSE 1 END AS rank, e.key,
              e.payment_id AS "paymentId"
         FROM unnest(${searched}::text[]) k(kind)
         CROSS JOIN LATERAL (
           SELECT e.* FROM search_entries e
            WHERE e.organisation_id = ${org} AND e.kind = k.kind AND e.key LIKE ${prefix} ${entryVisible}
            ORDER BY e.organisation_id, e.kind, e.key USING ~<~, e.record_id LIMIT ${limit}) e)`;
  const parts = ['SELECT * FROM prefix'];
  if (idParam !== undefined) {
    for (const k of tableKinds) {
      parts.push(
        `SELECT '${k.kind}'::text, t.id, t.business_id, ${k.reference}, t.status, ${k.amount}, ${k.currency},
                ${isoUtc('t.created_at')}, 0, '', ${k.paymentId ?? 'NULL::bigint'}
           FROM ${k.table} t
          WHERE t.id = ${idParam} AND t.organisation_id = ${org} ${visible(k.businessColumns ?? ['t.business_id'])}`,
      );
    }
  }
  if (kinds.has('business')) {
    const contains = p.add(`%${escapeLike(q)}%`);
    const name = 'lower(b.name)';
    const byId = idParam === undefined ? 'FALSE' : `b.id = ${idParam}`;
    parts.push(
      `SELECT 'business'::text, b.id, b.id, NULL::text, NULL::text, NULL::text, NULL::text,
               ${isoUtc('b.created_at')},
               CASE WHEN ${byId} OR ${name} = ${lowered} THEN 0 WHEN ${name} LIKE ${prefix} THEN 1 ELSE 2 END AS rank,
               ${name}, NULL::bigint
          FROM businesses b
         WHERE b.organisation_id = ${org} AND ${visibleBusiness(scope, 'b.id')}
           AND (${byId} OR b.name ILIKE ${contains})
         ORDER BY rank, ${name}, b.id LIMIT ${limit}`,
    );
  }
  // "Contains", only where it can add something: not when an entry matched exactly (a whole hash or
  // reference was asked for; pieces of others would only add noise), not when the text is shorter
  // than the index's pieces or longer than a piece anyone types (a pasted hash that matched nothing),
  // and only for the kinds the exact and prefix matches left short. Characters are counted as the
  // database counts them (an emoji is two UTF-16 units but one character, and a text without a
  // 4-character piece would match every entry of a kind).
  const characters = Array.from(q).length;
  if (searchedKinds.length > 0 && characters >= CONTAINS_MIN_LENGTH && characters <= CONTAINS_MAX_LENGTH) {
    // Each of those kinds' entries holding the piece, read through the kind's index of pieces by
    // search_contains (migration 0051), whose own statement is planned once per connection where this
    // one is planned on every search (docs/decisions.md 211); the test before it is made once, after
    // the prefix matches, and skips the call when one of them is exact. The index finds the keys
    // holding the piece's own 4-character pieces; `strpos` keeps those holding the whole piece after
    // their start (a start is a prefix match, above).
    const hidden = scope.seesHiddenBusinesses ? `'{}'::integer[]` : HIDDEN_BUSINESSES.ids;
    parts.push(
      `SELECT ${entryFields}, 2, e.key, e.payment_id
         FROM search_contains(${org}, ${lowered},
                ARRAY(SELECT k.kind FROM unnest(${searched}::text[]) k(kind)
                       WHERE (SELECT count(*) FROM prefix f WHERE f.kind = k.kind) < ${limit}),
                ${hidden}, ${limit}) e
        WHERE NOT EXISTS (SELECT FROM prefix f WHERE f.rank = 0)`,
    );
  }
  return rank(await named(db, [...hiddenCte, prefixCte], parts, p.values));
}

/** The parts' rows, each with its business's name; `ctes` go before them. */
async function named(
  db: Db,
  ctes: readonly string[],
  parts: readonly string[],
  values: unknown[],
): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `${ctes.length > 0 ? `WITH ${ctes.join(', ')} ` : ''}SELECT hit.*, b.name AS "businessName"
       FROM (${parts.map((part) => `(${part})`).join('\nUNION ALL\n')}) hit
       LEFT JOIN businesses b ON b.id = hit."businessId"`,
    values,
    { prepare: true },
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
