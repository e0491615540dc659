-- Payment requests (POST /v1/payments, docs/decisions.md 170–172). A request is a payments row in
-- status PENDING (the API's 'OPEN') with the deposit address, payment URI and hosted link it was
-- answered with. An open-amount request (no amount given) stores 0 as its price and expected amount:
-- the payer sends what they choose.
ALTER TABLE payments DROP CONSTRAINT payments_price_amount_check;
ALTER TABLE payments ADD CONSTRAINT payments_price_amount_check CHECK (price_amount >= 0);
ALTER TABLE payments DROP CONSTRAINT payments_expected_amount_check;
ALTER TABLE payments ADD CONSTRAINT payments_expected_amount_check CHECK (expected_amount >= 0);

ALTER TABLE payments
  ADD COLUMN address text CHECK (length(address) BETWEEN 1 AND 200),
  ADD COLUMN payment_uri text CHECK (length(payment_uri) BETWEEN 1 AND 2000),
  ADD COLUMN link text CHECK (length(link) BETWEEN 1 AND 2000),
  ADD COLUMN redirect_url text CHECK (length(redirect_url) BETWEEN 1 AND 2000),
  -- When the simulator's provider sends the request its deposit (NULL: never, e.g. demo history).
  ADD COLUMN deposit_due_at timestamptz,
  ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL;

-- The simulator's due rows: open requests by deposit time and by expiry.
CREATE INDEX payments_request_deposit_due ON payments (deposit_due_at, id)
  WHERE status = 'PENDING' AND deposit_due_at IS NOT NULL;
CREATE INDEX payments_request_expiry ON payments (expires_at, id)
  WHERE status = 'PENDING' AND address IS NOT NULL;
-- Pending deposits waiting for confirmations.
CREATE INDEX payment_deposits_pending ON payment_deposits (created_at, id) WHERE status = 'PENDING';
