-- The app bar's search (GET /v1/search, server/modules/search): exact and prefix matches of a
-- reference, a transaction hash or an address, case-insensitively, within the caller's organisation.
-- One B-tree per searched column on (organisation_id, lower(column) text_pattern_ops, id): the search
-- reads `lower(column) LIKE 'text%'` as one range of it in the column's order, so the exact match (the
-- smallest value with that prefix) comes first and a search stops after the few rows it shows however
-- many rows share the prefix. text_pattern_ops compares byte-wise, whatever the database's collation,
-- which is what lets LIKE 'text%' use the index. The "contains" matches use 0018's trigram indexes.

CREATE INDEX payments_search_reference ON payments (organisation_id, lower(reference) text_pattern_ops, id);
CREATE INDEX payment_deposits_search_tx_hash ON payment_deposits (organisation_id, lower(tx_hash) text_pattern_ops, id);

CREATE INDEX crypto_withdrawals_search_tx_hash ON crypto_withdrawals (organisation_id, lower(tx_hash) text_pattern_ops, id);
CREATE INDEX crypto_withdrawals_search_address ON crypto_withdrawals (organisation_id, lower(address) text_pattern_ops, id);

CREATE INDEX unassociated_deposits_search_tx_hash ON unassociated_deposits (organisation_id, lower(tx_hash) text_pattern_ops, id);
CREATE INDEX unassociated_deposits_search_address ON unassociated_deposits (organisation_id, lower(address) text_pattern_ops, id);

CREATE INDEX fiat_deposits_search_reference ON fiat_deposits (organisation_id, lower(reference) text_pattern_ops, id);
CREATE INDEX whitelabel_fiat_deposits_search_reference ON whitelabel_fiat_deposits (organisation_id, lower(reference) text_pattern_ops, id);
CREATE INDEX fiat_withdrawals_search_reference ON fiat_withdrawals (organisation_id, lower(reference) text_pattern_ops, id);
CREATE INDEX internal_transfers_search_reference ON internal_transfers (organisation_id, lower(reference) text_pattern_ops, id);
