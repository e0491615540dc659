-- The search's "contains" (server/modules/search/service.ts) as one function whose plan is made once per
-- connection (docs/decisions.md 211).
--
-- The statement reads each kind's entries through that kind's index of pieces (0050) in a CTE of its
-- own, eight CTEs. Sent as a statement, PostgreSQL planned it on every search for its parameters' values
-- (a custom plan): about 1 ms of planning for 0.3 ms of work, on PostgreSQL with 1,000,000 payments. Its
-- plan does not depend on those values (every kind is read through its index of pieces, whatever the
-- piece), so this function keeps one plan for all of them: `plan_cache_mode = force_generic_plan` for
-- the statements it runs. Without parallel workers: the plan for any piece would otherwise start
-- workers for the deposits' and payments' CTEs, whose few rows cost less than starting them.
--
-- wanted: the kinds to read (those the exact and prefix matches left short and the caller may read);
-- each other kind's CTE is skipped by a test made once per call. hidden: the ids of the businesses the
-- caller may not see ('{}' when the caller sees them all), as server/auth/scope.ts's visibleBusiness
-- reads them: an entry shows only when its business and its transfer's other business are visible.
-- The kinds are those whose entries the triggers keep (0038) and each has its index (0050).
DO $migration$
DECLARE
  kinds text[] := ARRAY['payment', 'deposit', 'unassociated-deposit', 'withdrawal', 'fiat-deposit',
                        'white-label-fiat-deposit', 'settlement', 'transfer'];
  ctes text;
  parts text;
BEGIN
  SELECT string_agg(format(
           'pieces%s AS MATERIALIZED (
              SELECT e.* FROM search_entries e
               WHERE %L = ANY (wanted) AND e.kind = %L AND e.organisation_id = organisation
                 AND search_grams(CASE WHEN e.kind = %L THEN e.key END) @> grams
                 AND strpos(e.key, piece) > 1
                 AND (e.business_id IS NULL OR e.business_id <> ALL (hidden))
                 AND (e.counterparty_business_id IS NULL OR e.counterparty_business_id <> ALL (hidden)))',
           i, kinds[i], kinds[i], kinds[i]), E',\n' ORDER BY i),
         string_agg(format('(SELECT * FROM pieces%s LIMIT per_kind)', i), E'\nUNION ALL\n' ORDER BY i)
    INTO ctes, parts
    FROM generate_subscripts(kinds, 1) i;
  EXECUTE format($function$
    CREATE FUNCTION search_contains(organisation integer, piece text, wanted text[], hidden integer[],
                                    per_kind integer)
      RETURNS SETOF search_entries LANGUAGE plpgsql STABLE
      SET plan_cache_mode = force_generic_plan
      SET max_parallel_workers_per_gather = 0
    AS $body$
    DECLARE
      -- The piece's own pieces, once per call (a call of an SQL function in each kind's part would
      -- prepare it once per part: eight times).
      grams text[] := search_piece_grams(piece);
    BEGIN
      RETURN QUERY WITH %s
      %s;
    END
    $body$
  $function$, ctes, parts);
END
$migration$;
