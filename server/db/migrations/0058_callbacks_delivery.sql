-- The callbacks' delivery (issue 32 §1, docs/decisions.md 236–241, server/modules/callbacks/): what the
-- worker needs beside migration 0057's tables, and the live event of a callback's change.

-- The body is kept as it was written (json, not jsonb), so every attempt sends the same bytes with the
-- record's fields in the order the API answers them; nothing filters or indexes it.
ALTER TABLE callbacks ALTER COLUMN payload TYPE json USING payload::json;

ALTER TABLE callbacks
  -- The URL's host and port, lower case ('shop.example', 'shop.example:8443'): the worker keeps at most
  -- a few deliveries per destination under way, and skips a busy one's rows when it claims.
  ADD COLUMN destination text CHECK (length(destination) <= 300),
  -- A claimed delivery's lease: the instance that claimed it sends it; nobody else takes the row before
  -- claimed_until, and after it (the instance died mid-send) anyone may. claim_token tells the claimant's
  -- answer from that of a later claim or a resend, which clears it.
  ADD COLUMN claimed_until timestamptz,
  ADD COLUMN claim_token text CHECK (length(claim_token) <= 64),
  -- A resend asked for and not yet attempted: the user who asked (the attempt records it).
  ADD COLUMN resent_by integer REFERENCES users (id),
  -- Attempts made by a resend (outside the retry schedule).
  ADD COLUMN resends integer NOT NULL DEFAULT 0 CHECK (resends >= 0),
  -- The last attempt's answer, for the lists (callback_attempts keeps every one).
  ADD COLUMN last_status_code integer CHECK (last_status_code BETWEEN 100 AND 599),
  ADD COLUMN last_error text CHECK (length(last_error) <= 500);

-- Live events: callbacks.updated at each insert and each change a reader sees (status, attempts, next
-- attempt, URL), never for a claim alone. Per statement, with the transaction's dedupe of migration
-- 0047's events_raise; entity_id names the callback when the statement touched one.
CREATE FUNCTION callbacks_events_notify(raised events) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('app_events', json_build_object(
    'id', raised.id, 'organisationId', raised.organisation_id, 'type', raised.type,
    'resources', raised.resources, 'entityId', raised.entity_id, 'businessId', raised.business_id)::text);
$$;

CREATE FUNCTION callbacks_events_raise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seen text := COALESCE(current_setting('app.events_seen', true), '');
  raised events;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR raised IN
      INSERT INTO events (organisation_id, type, resources, entity_id, business_id)
      SELECT organisation_id, 'callbacks.updated', '{callbacks}',
             CASE WHEN count(*) = 1 THEN min(id)::text END, business_id
        FROM changed
       GROUP BY organisation_id, business_id
      HAVING position('|callbacks.updated:' || COALESCE(CASE WHEN count(*) = 1 THEN min(id)::text END, '')
                      || ':' || business_id::text || '|' IN seen) = 0
      RETURNING *
    LOOP
      seen := seen || '|callbacks.updated:' || COALESCE(raised.entity_id, '') || ':' || raised.business_id::text || '|';
      PERFORM callbacks_events_notify(raised);
    END LOOP;
  ELSE
    FOR raised IN
      INSERT INTO events (organisation_id, type, resources, entity_id, business_id)
      SELECT n.organisation_id, 'callbacks.updated', '{callbacks}',
             CASE WHEN count(*) = 1 THEN min(n.id)::text END, n.business_id
        FROM changed n JOIN before o ON o.id = n.id
       WHERE (o.status, o.attempts, o.next_attempt_at, o.url, o.resent_by)
             IS DISTINCT FROM (n.status, n.attempts, n.next_attempt_at, n.url, n.resent_by)
       GROUP BY n.organisation_id, n.business_id
      HAVING position('|callbacks.updated:' || COALESCE(CASE WHEN count(*) = 1 THEN min(n.id)::text END, '')
                      || ':' || n.business_id::text || '|' IN seen) = 0
      RETURNING *
    LOOP
      seen := seen || '|callbacks.updated:' || COALESCE(raised.entity_id, '') || ':' || raised.business_id::text || '|';
      PERFORM callbacks_events_notify(raised);
    END LOOP;
  END IF;
  IF length(seen) < 8000 THEN PERFORM set_config('app.events_seen', seen, true); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER callbacks_events_insert AFTER INSERT ON callbacks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION callbacks_events_raise();
CREATE TRIGGER callbacks_events_update AFTER UPDATE ON callbacks REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION callbacks_events_raise();

-- The businesses created before this migration get their signing secret right after it, in its
-- transaction (server/db/migrate.ts AFTER, server/modules/callbacks/signing.ts: Node's CSPRNG).
