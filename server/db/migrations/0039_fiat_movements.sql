-- Fiat movements (issue 16, docs/decisions.md 165–169): settlements to a bank account of the
-- organisation and expected fiat top-ups.
--
-- The organisation's limits of one settlement, in the settlement's currency: at least the minimum
-- ('Amount is less than minimum', never under 0.01) and at most the maximum ('Exceeded maximum
-- amount'). NULL (and an organisation without a settings row) has the defaults, 0.01 and 1 000 000
-- (src/domain/fiatMovements.ts): the seed writes its settings rows without these columns.
ALTER TABLE organisation_settings
  ADD COLUMN fiat_withdrawal_minimum numeric(38, 18) CHECK (fiat_withdrawal_minimum >= 0.01),
  ADD COLUMN fiat_withdrawal_maximum numeric(38, 18) CHECK (fiat_withdrawal_maximum > 0),
  ADD CONSTRAINT organisation_settings_fiat_withdrawal_limits
    CHECK (fiat_withdrawal_maximum >= fiat_withdrawal_minimum);

-- The bank account a settlement was paid to (its label stays in bank_account_label, as the lists
-- show it; the account may be deleted later).
ALTER TABLE fiat_withdrawals
  ADD COLUMN bank_account_id integer REFERENCES bank_accounts (id) ON DELETE SET NULL;

-- An expected fiat deposit (created through the API, status PENDING) arrives at `arrives_at`: the
-- simulator credits it then. Rows without it (the demo seed's) are never moved by the simulator.
ALTER TABLE fiat_deposits ADD COLUMN arrives_at timestamptz;
CREATE INDEX fiat_deposits_arriving ON fiat_deposits (arrives_at, id)
  WHERE status = 'PENDING' AND arrives_at IS NOT NULL;
