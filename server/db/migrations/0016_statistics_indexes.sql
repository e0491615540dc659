-- Indexes for the statistics (server/modules/statistics): received deposits (CONFIRMED payment deposits)
-- and sent withdrawals (COMPLETED crypto withdrawals) of a window, counted and summed per day and
-- currency in one grouped query, for the organisation or one business. Leading with the status keeps
-- the other statuses out of the range scan; the included columns are all the query reads, so the scan
-- need not visit the table once it is vacuumed.

CREATE INDEX payment_deposits_organisation_status ON payment_deposits (organisation_id, status, created_at)
  INCLUDE (business_id, currency, amount);
CREATE INDEX payment_deposits_business_status ON payment_deposits (business_id, status, created_at)
  INCLUDE (organisation_id, currency, amount);
CREATE INDEX crypto_withdrawals_organisation_status ON crypto_withdrawals (organisation_id, status, created_at)
  INCLUDE (business_id, currency, amount);
