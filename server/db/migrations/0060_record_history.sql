-- A record's history (issue 32 §2, docs/decisions.md 242): the transaction tables keep a record's
-- current status and a few times only, so a record's page could not say when each confirmation came or
-- when each status was reached. Every UPDATE that changes a transaction row's status (and, for a
-- payment's deposit, its confirmations) leaves one row here per changed row, written by a statement-level
-- trigger with transition tables (the live events' triggers of migration 0047 are the model), in the
-- change's own transaction: a change that rolls back leaves no history, and no code path can skip it.
--
-- A row holds the status and confirmations before and after, the row's own updated_at (the time the
-- application stamped the change with, from its clock, as every list shows it) and the transaction
-- that made it (`xact`, pg_current_xact_id): the audit row a request wrote in the same transaction
-- (audit_log.xact, migration 0061) names who made the change; a change with none was the simulator's.
-- An INSERT writes nothing: the row itself is its creation (created_at, created_by, its audit 'create'
-- row). Rows are facts: UPDATE and DELETE are refused, TRUNCATE (the e2e reset) stays possible.
CREATE TABLE record_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id integer NOT NULL,
  business_id integer,
  -- The record's kind as its page names it (src/domain/records.ts RECORD_KINDS).
  record_kind text NOT NULL CHECK (record_kind ~ '^[a-z][a-z-]{0,39}$'),
  record_id bigint NOT NULL,
  old_status text NOT NULL,
  new_status text NOT NULL,
  old_confirmations integer,
  new_confirmations integer,
  at timestamptz NOT NULL,
  xact bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint)
);
CREATE INDEX record_history_record ON record_history (record_kind, record_id, id);

-- TG_ARGV: [0] the record kind, [1] 'confirmations' for a table whose confirmations are kept too.
-- Only the branch taken is planned, so the other tables need no confirmations column.
CREATE FUNCTION record_history_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[1] = 'confirmations' THEN
    INSERT INTO record_history (organisation_id, business_id, record_kind, record_id, old_status, new_status,
                                old_confirmations, new_confirmations, at)
    SELECT n.organisation_id, n.business_id, TG_ARGV[0], n.id, o.status, n.status, o.confirmations,
           n.confirmations, n.updated_at
      FROM changed_new n JOIN changed_old o ON o.id = n.id
     WHERE n.status IS DISTINCT FROM o.status OR n.confirmations IS DISTINCT FROM o.confirmations
     ORDER BY n.id;
  ELSE
    INSERT INTO record_history (organisation_id, business_id, record_kind, record_id, old_status, new_status, at)
    SELECT n.organisation_id, n.business_id, TG_ARGV[0], n.id, o.status, n.status, n.updated_at
      FROM changed_new n JOIN changed_old o ON o.id = n.id
     WHERE n.status IS DISTINCT FROM o.status
     ORDER BY n.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER payments_history AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('payments');
CREATE TRIGGER payment_deposits_history AFTER UPDATE ON payment_deposits
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('payment-deposits', 'confirmations');
CREATE TRIGGER crypto_withdrawals_history AFTER UPDATE ON crypto_withdrawals
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('crypto-withdrawals');
CREATE TRIGGER fiat_deposits_history AFTER UPDATE ON fiat_deposits
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('fiat-deposits');
CREATE TRIGGER whitelabel_fiat_deposits_history AFTER UPDATE ON whitelabel_fiat_deposits
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('whitelabel-fiat-deposits');
CREATE TRIGGER fiat_withdrawals_history AFTER UPDATE ON fiat_withdrawals
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('settlements');
CREATE TRIGGER internal_transfers_history AFTER UPDATE ON internal_transfers
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('internal-transfers');
CREATE TRIGGER unassociated_deposits_history AFTER UPDATE ON unassociated_deposits
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('unassociated-deposits');
CREATE TRIGGER manual_movements_history AFTER UPDATE ON manual_movements
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('manual-movements');
CREATE TRIGGER balance_conversions_history AFTER UPDATE ON balance_conversions
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_write('balance-conversions');

CREATE FUNCTION record_history_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'record_history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER record_history_append_only BEFORE UPDATE OR DELETE ON record_history
  FOR EACH ROW EXECUTE FUNCTION record_history_is_append_only();
