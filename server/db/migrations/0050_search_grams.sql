-- The search's "contains" reads each kind's entries through their 4-character pieces instead of their
-- trigrams (docs/decisions.md 208).
--
-- A trigram index answers `key LIKE '%piece%'` by intersecting one posting list per trigram of the
-- piece. Hex hashes have 4,096 trigrams, so among 900,000 deposit hashes each trigram's list holds about
-- 13,000 rows: a 12-character piece of a hash read six such lists, 2-3 ms on PostgreSQL, and the planner
-- spent another 0.7 ms per kind estimating the LIKE against the trigram index. There are 65,536 pieces
-- of 4 hex characters, so each list holds about 800 rows, and an array's containment is planned from
-- its element statistics: the same search reads three short lists in 0.1 ms, planned in 0.1 ms.
--
-- search_grams(key) is every 4-character piece of a key; search_piece_grams(piece) is the piece's own
-- 4-character pieces side by side (at 1, 5, 9…), which a key containing the piece contains too. The
-- search then checks the whole piece (`strpos(key, piece) > 1`) on the rows they find. A piece of 3
-- characters has no 4-character piece: "contains" starts at 4 characters (CONTAINS_MIN_LENGTH in
-- server/modules/search/service.ts); exact and prefix matches serve any length.
CREATE FUNCTION search_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array(SELECT substr(value, i, 4) FROM generate_series(1, length(value) - 3) i) $$;

CREATE FUNCTION search_piece_grams(piece text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array(SELECT substr(piece, i, 4) FROM generate_series(1, length(piece) - 3, 4) i) $$;

-- One index per kind, on an expression, as 0038's trigram indexes were: ANALYZE keeps each kind's
-- statistics, and the kind's "contains" reads only its own entries. The pending list is 64 kB, as for
-- every GIN index (0049).
DO $$
DECLARE
  kind text;
  suffix text;
BEGIN
  FOREACH kind IN ARRAY ARRAY['payment', 'deposit', 'unassociated-deposit', 'withdrawal', 'fiat-deposit',
                              'white-label-fiat-deposit', 'settlement', 'transfer']
  LOOP
    suffix := replace(kind, '-', '_');
    EXECUTE format('DROP INDEX IF EXISTS %I', 'search_entries_trgm_' || suffix);
    EXECUTE format(
      'CREATE INDEX %I ON search_entries USING gin (search_grams(CASE WHEN kind = %L THEN key END))
         WITH (gin_pending_list_limit = 64) WHERE kind = %L',
      'search_entries_grams_' || suffix, kind, kind);
  END LOOP;
END
$$;

-- The new indexes' statistics (the planner estimates a piece from them) at once: ANALYZE runs again
-- only once a tenth of the table changed, and PGlite's keeper (server/db/analyze.ts) follows that rule.
ANALYZE search_entries;
