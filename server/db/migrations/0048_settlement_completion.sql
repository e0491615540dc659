-- The simulator's settlement step (docs/decisions.md 198): a settlement made through the movement
-- (POST /v1/payment/withdrawals/fiat: it names its bank account) stays PROCESSING until the bank would
-- have paid it out, then turns COMPLETED. The step reads its due rows through this index; the demo
-- history (no bank account id) is never in it.
CREATE INDEX fiat_withdrawals_in_flight
  ON fiat_withdrawals (created_at, id)
  WHERE bank_account_id IS NOT NULL AND status = 'PROCESSING';
