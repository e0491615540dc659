-- Every GIN index (the trigram indexes of the search, 0038, and of the lists' `q`, 0018) keeps a
-- short pending list (docs/decisions.md 207). A GIN index takes new rows into an unsorted pending
-- list, merged into the index by VACUUM or once the list exceeds gin_pending_list_limit (4 MB by
-- default), and every scan of the index reads the whole list. Autovacuum comes after inserts of 20 %
-- of a table only, and PGlite has none: a kind that grows slowly (a few thousand withdrawals among two
-- million search entries) kept hundreds of pending pages, so a piece of a hash took 1.2 ms in its
-- index instead of 0.02, and the planner, counting those pages, walked the kind's rows through
-- search_entries_key instead. At 64 kB, the statement that fills the list merges it.
-- tests/server/ginPendingLists.test.ts checks that a later GIN index is given the same.
DO $$
DECLARE
  gin_index regclass;
BEGIN
  FOR gin_index IN
    SELECT c.oid::regclass
      FROM pg_class c
      JOIN pg_am am ON am.oid = c.relam
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'i' AND am.amname = 'gin' AND n.nspname = current_schema()
  LOOP
    EXECUTE format('ALTER INDEX %s SET (gin_pending_list_limit = 64)', gin_index);
    -- What is pending now goes into the index at once (a database migrated from an earlier version).
    PERFORM gin_clean_pending_list(gin_index);
  END LOOP;
END
$$;
