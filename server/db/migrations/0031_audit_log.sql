-- The audit log: one row per state change of the API, written in the same transaction as the change
-- (server/audit/index.ts), and one per refusal worth knowing (failed logins, permission refusals).
-- Rows are facts: the table refuses UPDATE and DELETE (a trigger raises), so not even a bug or an
-- operator's slip in the application can rewrite history. TRUNCATE (the e2e reset, test mode only)
-- stays possible. Secrets, password hashes and tokens are never written here.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL for a failed login with an e-mail of no account (no organisation to show it to).
  organisation_id integer REFERENCES organisations (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'apiKey', 'system')),
  -- A user's id (as text) or an API key's id; NULL for the system (seed) or an unknown user.
  actor_id text,
  -- The e-mail of the user, the name of the key, 'Demo data' for the seed: what a reader recognises.
  actor_label text NOT NULL CHECK (length(actor_label) <= 320),
  action text NOT NULL CHECK (action ~ '^[a-z][a-z-]{0,39}$'),
  entity_type text NOT NULL CHECK (entity_type ~ '^[a-z][a-z-]{0,39}$'),
  entity_id text,
  changes jsonb NOT NULL DEFAULT '{}',
  outcome text NOT NULL CHECK (outcome IN ('success', 'refused')),
  ip text
);
CREATE INDEX audit_log_organisation ON audit_log (organisation_id, at DESC, id DESC);
CREATE INDEX audit_log_entity ON audit_log (organisation_id, entity_type, entity_id, at DESC);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
