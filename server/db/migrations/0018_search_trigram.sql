-- Trigram indexes for the lists' text search (`q`, server/lib/list.ts: a case-insensitive substring,
-- `column ILIKE '%text%'`, over the columns each list declares). A B-tree cannot serve a pattern that
-- starts with a wildcard, so without these a search that matches few rows walks the whole table (or a
-- business's whole history) before it can answer. A GIN trigram index answers ILIKE '%abc%' for any
-- text of three characters or more; shorter texts match most rows anyway, and the list's ordered
-- index finds a page of them quickly. pg_trgm ships with PostgreSQL's contrib package (a trusted
-- extension: the database's owner may create it) and with PGlite (loaded by server/db/client.ts).
-- GIN's fast update stays on: new rows wait in the index's pending list, flushed by VACUUM (or once
-- it outgrows gin_pending_list_limit), which keeps bulk loads fast (PGlite, 40,000 hashes: 4 s, against
-- 27 s with fastupdate off); the scaled seed vacuums the tables it fills.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX businesses_name_trgm ON businesses USING gin (name gin_trgm_ops);
CREATE INDEX roles_name_trgm ON roles USING gin (name gin_trgm_ops);

CREATE INDEX payments_reference_trgm ON payments USING gin (reference gin_trgm_ops);
CREATE INDEX payment_deposits_tx_hash_trgm ON payment_deposits USING gin (tx_hash gin_trgm_ops);

CREATE INDEX crypto_withdrawals_address_trgm ON crypto_withdrawals USING gin (address gin_trgm_ops);
CREATE INDEX crypto_withdrawals_tx_hash_trgm ON crypto_withdrawals USING gin (tx_hash gin_trgm_ops);

CREATE INDEX fiat_deposits_reference_trgm ON fiat_deposits USING gin (reference gin_trgm_ops);
CREATE INDEX fiat_deposits_sender_name_trgm ON fiat_deposits USING gin (sender_name gin_trgm_ops);

CREATE INDEX whitelabel_fiat_deposits_reference_trgm ON whitelabel_fiat_deposits USING gin (reference gin_trgm_ops);

CREATE INDEX fiat_withdrawals_reference_trgm ON fiat_withdrawals USING gin (reference gin_trgm_ops);
CREATE INDEX fiat_withdrawals_bank_account_label_trgm ON fiat_withdrawals USING gin (bank_account_label gin_trgm_ops);

CREATE INDEX internal_transfers_reference_trgm ON internal_transfers USING gin (reference gin_trgm_ops);

CREATE INDEX unassociated_deposits_address_trgm ON unassociated_deposits USING gin (address gin_trgm_ops);
CREATE INDEX unassociated_deposits_tx_hash_trgm ON unassociated_deposits USING gin (tx_hash gin_trgm_ops);

CREATE INDEX unallocated_deposits_address_trgm ON unallocated_deposits USING gin (address gin_trgm_ops);
CREATE INDEX unallocated_deposits_tx_hash_trgm ON unallocated_deposits USING gin (tx_hash gin_trgm_ops);

CREATE INDEX manual_movements_reason_trgm ON manual_movements USING gin (reason gin_trgm_ops);

CREATE INDEX balance_conversions_debit_currency_trgm ON balance_conversions USING gin (debit_currency gin_trgm_ops);
CREATE INDEX balance_conversions_credit_currency_trgm ON balance_conversions USING gin (credit_currency gin_trgm_ops);
