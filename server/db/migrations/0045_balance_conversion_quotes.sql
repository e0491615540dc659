-- Balance conversions as quotes (issue 16, docs/decisions.md 180–182): POST /v1/payment/balance/convert
-- stores a quote (status QUOTED) with its figures and the moment it expires; PATCH …/{id} executes it at
-- those figures (EXECUTED) through two ledger entries, the conversion and its fee. A quote not executed
-- in time becomes EXPIRED (the simulator's 'conversion-quote-expiry' step). Rows written before this
-- migration (the demo's history) keep NULL in the quote's own columns (a NULL fee reads as 0).
ALTER TABLE balance_conversions
  ADD COLUMN amount_currency_type text CHECK (amount_currency_type IN ('DEBIT', 'CREDIT')),
  -- The fee, in the debit currency, included in debit_amount (debit_amount = converted + fee).
  ADD COLUMN fee numeric(38, 18) CHECK (fee >= 0),
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN executed_at timestamptz,
  ADD COLUMN fee_ledger_entry_id bigint REFERENCES ledger_entries (id),
  ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL;

-- The quotes still open, by expiry: what the expiry step reads.
CREATE INDEX balance_conversions_quoted_expiry ON balance_conversions (expires_at, id) WHERE status = 'QUOTED';
