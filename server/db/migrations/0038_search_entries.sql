-- The app bar's search (GET /v1/search, server/modules/search) reads one table instead of nine.
--
-- Searching every kind's own table took one statement of about twenty UNION branches, each over a
-- table with a dozen indexes: parsing and planning it cost more than running it (on PGlite, 200,000
-- payments, 8 clients: p99 50-115 ms against a goal of 50). search_entries holds, per searchable value
-- (a reference, a transaction hash, an address), its lowered text and what a result shows (kind,
-- record, businesses, reference, status, amount, currency, time), so a search is one small statement:
-- per kind a range of (organisation_id, kind, key text_pattern_ops) read in key order, the exact value
-- first; "contains" through a trigram index per kind. Ids are still found through each table's primary
-- key.
--
-- The entries are kept by statement triggers in the same transaction as the rows they describe (as
-- statistics_daily is, migration 0017), so every writer keeps them right without knowing about them:
-- an INSERT adds the new rows' entries; an UPDATE of a searched or shown column replaces the updated
-- rows' entries; a DELETE removes them. 0021's per-table search indexes are dropped: nothing else reads
-- them, and every insert paid for them.

CREATE TABLE search_entries (
  kind text NOT NULL,
  record_id bigint NOT NULL,
  -- lower(value): matched byte-wise (text_pattern_ops), whatever the database's collation.
  key text NOT NULL,
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  business_id integer,
  -- The other business of an internal transfer (both must be visible to the caller).
  counterparty_business_id integer,
  reference text,
  status text,
  amount numeric,
  currency text,
  created_at timestamptz NOT NULL,
  -- A payment deposit's payment (its result opens the payment).
  payment_id bigint,
  PRIMARY KEY (kind, record_id, key)
);
CREATE INDEX search_entries_key ON search_entries (organisation_id, kind, key text_pattern_ops, record_id);
-- "Contains": one trigram index per kind, on an expression, so that ANALYZE keeps statistics per kind:
-- a piece every payment reference holds ('sc-1') is rare among hashes, and the planner, seeing that,
-- reads a deposit's piece through its index instead of walking the table in the hope of an early match.
CREATE INDEX search_entries_trgm_payment ON search_entries
  USING gin ((CASE WHEN kind = 'payment' THEN key END) gin_trgm_ops) WHERE kind = 'payment';
CREATE INDEX search_entries_trgm_deposit ON search_entries
  USING gin ((CASE WHEN kind = 'deposit' THEN key END) gin_trgm_ops) WHERE kind = 'deposit';
CREATE INDEX search_entries_trgm_unassociated_deposit ON search_entries
  USING gin ((CASE WHEN kind = 'unassociated-deposit' THEN key END) gin_trgm_ops) WHERE kind = 'unassociated-deposit';
CREATE INDEX search_entries_trgm_withdrawal ON search_entries
  USING gin ((CASE WHEN kind = 'withdrawal' THEN key END) gin_trgm_ops) WHERE kind = 'withdrawal';
CREATE INDEX search_entries_trgm_fiat_deposit ON search_entries
  USING gin ((CASE WHEN kind = 'fiat-deposit' THEN key END) gin_trgm_ops) WHERE kind = 'fiat-deposit';
CREATE INDEX search_entries_trgm_white_label_fiat_deposit ON search_entries
  USING gin ((CASE WHEN kind = 'white-label-fiat-deposit' THEN key END) gin_trgm_ops) WHERE kind = 'white-label-fiat-deposit';
CREATE INDEX search_entries_trgm_settlement ON search_entries
  USING gin ((CASE WHEN kind = 'settlement' THEN key END) gin_trgm_ops) WHERE kind = 'settlement';
CREATE INDEX search_entries_trgm_transfer ON search_entries
  USING gin ((CASE WHEN kind = 'transfer' THEN key END) gin_trgm_ops) WHERE kind = 'transfer';

-- TG_ARGV: the kind, then SQL expressions over the transition table's row `n` (written here, never
-- input): the shown reference, amount and currency, the searched values as VALUES rows, the other
-- business and the payment; for an UPDATE, the columns an entry depends on (comma-separated): only rows
-- where one of them changed are rewritten, so a confirmation count or a timestamp costs nothing here.
-- (A trigger with transition tables cannot name its columns, `UPDATE OF`.) The transition tables are
-- `new_rows` and `old_rows` in every trigger.
CREATE FUNCTION search_entries_upkeep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := 'TRUE';
  source text := 'new_rows n';
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries e USING old_rows o WHERE e.kind = TG_ARGV[0] AND e.record_id = o.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT format('(%s) IS DISTINCT FROM (%s)', string_agg('n.' || quote_ident(c), ', '),
                  string_agg('o.' || quote_ident(c), ', '))
      INTO changed FROM unnest(string_to_array(TG_ARGV[7], ',')) c;
    source := 'new_rows n JOIN old_rows o ON o.id = n.id';
    EXECUTE format('DELETE FROM search_entries e USING %s WHERE e.kind = %L AND e.record_id = n.id AND %s',
                   source, TG_ARGV[0], changed);
  END IF;
  EXECUTE format(
    $sql$INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id,
           counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
         SELECT DISTINCT %L, n.id, lower(v.value), n.organisation_id, n.business_id, %s, %s, n.status,
                %s, %s, n.created_at, %s
           FROM %s CROSS JOIN LATERAL (VALUES %s) v(value)
          WHERE v.value IS NOT NULL AND v.value <> '' AND %s$sql$,
    TG_ARGV[0], TG_ARGV[5], TG_ARGV[1], TG_ARGV[2], TG_ARGV[3], TG_ARGV[6], source, TG_ARGV[4], changed);
  RETURN NULL;
END;
$$;

-- One set of triggers per searched table: kind, reference, amount, currency, values, other business,
-- payment, and for an UPDATE the columns an entry depends on.
CREATE TRIGGER search_entries_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('payment', 'n.reference', 'n.price_amount', 'n.price_currency', '(n.reference)', 'NULL::integer', 'NULL::bigint');
CREATE TRIGGER search_entries_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('payment', 'n.reference', 'n.price_amount', 'n.price_currency', '(n.reference)', 'NULL::integer', 'NULL::bigint', 'reference,status,price_amount,price_currency,business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('payment');

CREATE TRIGGER search_entries_insert AFTER INSERT ON payment_deposits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('deposit', 'n.tx_hash', 'n.amount', 'n.currency', '(n.tx_hash)', 'NULL::integer', 'n.payment_id');
CREATE TRIGGER search_entries_update AFTER UPDATE ON payment_deposits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('deposit', 'n.tx_hash', 'n.amount', 'n.currency', '(n.tx_hash)', 'NULL::integer', 'n.payment_id', 'tx_hash,status,amount,currency,business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON payment_deposits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('deposit');

CREATE TRIGGER search_entries_insert AFTER INSERT ON unassociated_deposits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('unassociated-deposit', 'n.tx_hash', 'n.amount', 'n.currency', '(n.tx_hash), (n.address)', 'NULL::integer', 'NULL::bigint');
CREATE TRIGGER search_entries_update AFTER UPDATE ON unassociated_deposits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('unassociated-deposit', 'n.tx_hash', 'n.amount', 'n.currency', '(n.tx_hash), (n.address)', 'NULL::integer', 'NULL::bigint', 'tx_hash,address,status,amount,currency,business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON unassociated_deposits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('unassociated-deposit');

CREATE TRIGGER search_entries_insert AFTER INSERT ON crypto_withdrawals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('withdrawal', 'coalesce(n.tx_hash, n.address)', 'n.amount', 'n.currency', '(n.tx_hash), (n.address)', 'NULL::integer', 'NULL::bigint');
CREATE TRIGGER search_entries_update AFTER UPDATE ON crypto_withdrawals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('withdrawal', 'coalesce(n.tx_hash, n.address)', 'n.amount', 'n.currency', '(n.tx_hash), (n.address)', 'NULL::integer', 'NULL::bigint', 'tx_hash,address,status,amount,currency,business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON crypto_withdrawals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('withdrawal');

CREATE TRIGGER search_entries_insert AFTER INSERT ON fiat_deposits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('fiat-deposit', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'NULL::integer', 'NULL::bigint');
CREATE TRIGGER search_entries_update AFTER UPDATE ON fiat_deposits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('fiat-deposit', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'NULL::integer', 'NULL::bigint', 'reference,status,amount,currency,business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON fiat_deposits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('fiat-deposit');

CREATE TRIGGER search_entries_insert AFTER INSERT ON whitelabel_fiat_deposits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('white-label-fiat-deposit', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'NULL::integer', 'NULL::bigint');
CREATE TRIGGER search_entries_update AFTER UPDATE ON whitelabel_fiat_deposits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('white-label-fiat-deposit', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'NULL::integer', 'NULL::bigint', 'reference,status,amount,currency,business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON whitelabel_fiat_deposits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('white-label-fiat-deposit');

CREATE TRIGGER search_entries_insert AFTER INSERT ON fiat_withdrawals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('settlement', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'NULL::integer', 'NULL::bigint');
CREATE TRIGGER search_entries_update AFTER UPDATE ON fiat_withdrawals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('settlement', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'NULL::integer', 'NULL::bigint', 'reference,status,amount,currency,business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON fiat_withdrawals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('settlement');

CREATE TRIGGER search_entries_insert AFTER INSERT ON internal_transfers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('transfer', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'n.counterparty_business_id', 'NULL::bigint');
CREATE TRIGGER search_entries_update AFTER UPDATE ON internal_transfers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('transfer', 'n.reference', 'n.amount', 'n.currency', '(n.reference)', 'n.counterparty_business_id', 'NULL::bigint', 'reference,status,amount,currency,business_id,counterparty_business_id,created_at,organisation_id');
CREATE TRIGGER search_entries_delete AFTER DELETE ON internal_transfers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_upkeep('transfer');

-- A TRUNCATE fires no row or statement trigger of the kinds above: the entries of an emptied table go
-- with it (an operator's reset, the e2e reset). Emptying organisations reaches the entries through their
-- foreign key.
CREATE FUNCTION search_entries_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE kind = TG_ARGV[0];
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('payment');
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON payment_deposits
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('deposit');
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON unassociated_deposits
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('unassociated-deposit');
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON crypto_withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('withdrawal');
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON fiat_deposits
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('fiat-deposit');
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON whitelabel_fiat_deposits
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('white-label-fiat-deposit');
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON fiat_withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('settlement');
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON internal_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated('transfer');

-- The rows written before this migration.
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT 'payment', id, lower(reference), organisation_id, business_id, NULL, reference, status, price_amount, price_currency, created_at, NULL FROM payments;
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT 'deposit', id, lower(tx_hash), organisation_id, business_id, NULL, tx_hash, status, amount, currency, created_at, payment_id FROM payment_deposits;
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT DISTINCT 'unassociated-deposit', t.id, lower(v.value), t.organisation_id, t.business_id, NULL::integer, t.tx_hash, t.status, t.amount, t.currency, t.created_at, NULL::bigint
  FROM unassociated_deposits t CROSS JOIN LATERAL (VALUES (t.tx_hash), (t.address)) v(value) WHERE v.value IS NOT NULL AND v.value <> '';
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT DISTINCT 'withdrawal', t.id, lower(v.value), t.organisation_id, t.business_id, NULL::integer, coalesce(t.tx_hash, t.address), t.status, t.amount, t.currency, t.created_at, NULL::bigint
  FROM crypto_withdrawals t CROSS JOIN LATERAL (VALUES (t.tx_hash), (t.address)) v(value) WHERE v.value IS NOT NULL AND v.value <> '';
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT 'fiat-deposit', id, lower(reference), organisation_id, business_id, NULL, reference, status, amount, currency, created_at, NULL FROM fiat_deposits;
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT 'white-label-fiat-deposit', id, lower(reference), organisation_id, business_id, NULL, reference, status, amount, currency, created_at, NULL FROM whitelabel_fiat_deposits;
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT 'settlement', id, lower(reference), organisation_id, business_id, NULL, reference, status, amount, currency, created_at, NULL FROM fiat_withdrawals;
INSERT INTO search_entries (kind, record_id, key, organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, payment_id)
SELECT 'transfer', id, lower(reference), organisation_id, business_id, counterparty_business_id, reference, status, amount, currency, created_at, NULL
  FROM internal_transfers WHERE reference IS NOT NULL AND reference <> '';

DROP INDEX payments_search_reference;
DROP INDEX payment_deposits_search_tx_hash;
DROP INDEX crypto_withdrawals_search_tx_hash;
DROP INDEX crypto_withdrawals_search_address;
DROP INDEX unassociated_deposits_search_tx_hash;
DROP INDEX unassociated_deposits_search_address;
DROP INDEX fiat_deposits_search_reference;
DROP INDEX whitelabel_fiat_deposits_search_reference;
DROP INDEX fiat_withdrawals_search_reference;
DROP INDEX internal_transfers_search_reference;

-- Statistics for the planner now (PGlite has no autovacuum; the scaled seed analyses what it adds).
ANALYZE search_entries;
