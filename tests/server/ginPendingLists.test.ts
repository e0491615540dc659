/**
 * Every GIN index keeps a short pending list (migration 0049, docs/decisions.md 207): rows a GIN index
 * takes in wait in an unsorted list that every search reads whole, until VACUUM or the list's limit
 * merges them. Autovacuum comes late for a slowly growing kind, and PGlite has none, so the limit is
 * what keeps a piece of a hash fast: 64 kB, for every GIN index, later ones included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

/** A 64-character hex text, different for each n (a transaction hash's shape). */
const hashSql = (n: string) => `md5(${n}::text) || md5((${n} + 1000000)::text)`;

describe('GIN pending lists', () => {
  it('every GIN index of the schema has a pending list of 64 kB', async () => {
    const { rows } = await t.db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options
         FROM pg_class c
         JOIN pg_am am ON am.oid = c.relam
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'i' AND am.amname = 'gin' AND n.nspname = current_schema()
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toContain('search_entries_grams_withdrawal');
    expect(rows.filter((r) => !(r.options ?? []).includes('gin_pending_list_limit=64'))).toEqual([]);
  });

  it('a kind that grows by thousands of hashes keeps at most 64 kB waiting for its index', async () => {
    await t.db.query(
      `INSERT INTO search_entries (kind, record_id, key, organisation_id, created_at)
       SELECT 'withdrawal', 900000000 + g, ${hashSql('g')}, 1, now() FROM generate_series(1, 3000) g`,
    );
    const { rows } = await t.db.query<{ pages: number }>(
      `SELECT gin_clean_pending_list('search_entries_grams_withdrawal'::regclass)::int AS pages`,
    );
    // 3,000 hashes are about 180,000 pieces of 4 characters: hundreds of pending pages under the
    // default 4 MB.
    expect(rows[0].pages).toBeLessThanOrEqual(64 / 8);
    // And the rows are found through the index.
    const found = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM search_entries
        WHERE kind = 'withdrawal'
          AND search_grams(CASE WHEN kind = 'withdrawal' THEN key END) @> search_piece_grams(substr(${hashSql('1234')}, 20, 12))`,
    );
    expect(found.rows[0].n).toBeGreaterThanOrEqual(1);
  });
});
