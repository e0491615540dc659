-- Indexes for the sorts and filters the transaction lists offer (server/modules/transactions), beside
-- 0012's (business, created_at, id), (business, status, created_at, id) and (business, currency,
-- created_at, id). A business tab's page is then an index range scan whatever it sorts by: `updated`
-- by (business, updated_at, id), the amount by (business, amount, id), `status` by (business, status,
-- created_at, id) (the list sorts status, then created_at, then id). The status and currency filters
-- of the smaller tables, where 0012 has no index for them, narrow (business, created_at, id) scans;
-- their own indexes follow here too. Unallocated deposits are listed for the whole organisation (their
-- business is unknown until allocated), so theirs lead with the organisation.

CREATE INDEX payments_business_updated ON payments (business_id, updated_at, id);
CREATE INDEX payments_business_price_amount ON payments (business_id, price_amount, id);

CREATE INDEX crypto_withdrawals_business_updated ON crypto_withdrawals (business_id, updated_at, id);
CREATE INDEX crypto_withdrawals_business_amount ON crypto_withdrawals (business_id, amount, id);

CREATE INDEX fiat_deposits_business_updated ON fiat_deposits (business_id, updated_at, id);
CREATE INDEX fiat_deposits_business_amount ON fiat_deposits (business_id, amount, id);
CREATE INDEX fiat_deposits_business_currency ON fiat_deposits (business_id, currency, created_at, id);

CREATE INDEX whitelabel_fiat_deposits_business_updated ON whitelabel_fiat_deposits (business_id, updated_at, id);
CREATE INDEX whitelabel_fiat_deposits_business_amount ON whitelabel_fiat_deposits (business_id, amount, id);
CREATE INDEX whitelabel_fiat_deposits_business_status ON whitelabel_fiat_deposits (business_id, status, created_at, id);
CREATE INDEX whitelabel_fiat_deposits_business_currency ON whitelabel_fiat_deposits (business_id, currency, created_at, id);

CREATE INDEX fiat_withdrawals_business_updated ON fiat_withdrawals (business_id, updated_at, id);
CREATE INDEX fiat_withdrawals_business_amount ON fiat_withdrawals (business_id, amount, id);
CREATE INDEX fiat_withdrawals_business_currency ON fiat_withdrawals (business_id, currency, created_at, id);

-- Internal transfers match a business on either side: two range scans (0012's business and
-- counterparty indexes) combined, then sorted; these serve the sender side's sorts.
CREATE INDEX internal_transfers_business_status ON internal_transfers (business_id, status, created_at, id);
CREATE INDEX internal_transfers_counterparty_status ON internal_transfers (counterparty_business_id, status, created_at, id);

CREATE INDEX unassociated_deposits_business_updated ON unassociated_deposits (business_id, updated_at, id);
CREATE INDEX unassociated_deposits_business_amount ON unassociated_deposits (business_id, amount, id);
CREATE INDEX unassociated_deposits_business_status ON unassociated_deposits (business_id, status, created_at, id);
CREATE INDEX unassociated_deposits_business_currency ON unassociated_deposits (business_id, currency, created_at, id);

CREATE INDEX unallocated_deposits_organisation_updated ON unallocated_deposits (organisation_id, updated_at, id);
CREATE INDEX unallocated_deposits_organisation_amount ON unallocated_deposits (organisation_id, amount, id);
CREATE INDEX unallocated_deposits_organisation_status ON unallocated_deposits (organisation_id, status, created_at, id);
CREATE INDEX unallocated_deposits_organisation_currency ON unallocated_deposits (organisation_id, currency, created_at, id);

CREATE INDEX manual_movements_business_updated ON manual_movements (business_id, updated_at, id);
CREATE INDEX manual_movements_business_amount ON manual_movements (business_id, amount, id);
CREATE INDEX manual_movements_business_status ON manual_movements (business_id, status, created_at, id);
CREATE INDEX manual_movements_business_currency ON manual_movements (business_id, currency, created_at, id);

CREATE INDEX balance_conversions_business_updated ON balance_conversions (business_id, updated_at, id);
CREATE INDEX balance_conversions_business_debit_amount ON balance_conversions (business_id, debit_amount, id);
CREATE INDEX balance_conversions_business_credit_amount ON balance_conversions (business_id, credit_amount, id);
CREATE INDEX balance_conversions_business_status ON balance_conversions (business_id, status, created_at, id);
