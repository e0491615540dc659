-- Crypto withdrawals with holds and four-eyes approval (issue 16; docs/decisions.md 175–179).
--
-- A withdrawal made through POST /v1/withdrawals/crypto names its whitelisted address (the address and
-- its destination tag are copied, so a later deletion of the entry leaves the record whole), its
-- creator (the four-eyes rule: another user decides it), the ledger entry of its hold (business →
-- held) and, once decided, who decided it, when, and a rejection's reason. The stored statuses stay
-- as they are: AWAITING_APPROVAL is the answer's PENDING_APPROVAL, PENDING its APPROVED (decision 175).
-- Rows recorded before holds existed (the demo history) have no hold_entry_id.
ALTER TABLE crypto_withdrawals
  ADD COLUMN destination_tag text CHECK (destination_tag ~ '^[0-9]{1,20}$'),
  ADD COLUMN whitelisted_address_id integer REFERENCES whitelisted_addresses (id) ON DELETE SET NULL,
  ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN hold_entry_id bigint REFERENCES ledger_entries (id),
  ADD COLUMN decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN rejection_reason text CHECK (length(rejection_reason) <= 500);

-- The approvals list: an organisation's withdrawals awaiting approval first, then the newest.
CREATE INDEX crypto_withdrawals_approvals
  ON crypto_withdrawals (organisation_id, (status = 'AWAITING_APPROVAL') DESC, created_at DESC, id);
-- The simulator's due rows: approved (PENDING) or broadcast (PROCESSING) withdrawals with a hold.
CREATE INDEX crypto_withdrawals_in_flight
  ON crypto_withdrawals (status, updated_at, id)
  WHERE hold_entry_id IS NOT NULL AND status IN ('PENDING', 'PROCESSING');

-- An organisation's approval threshold per currency (withdrawalApprovalThreshold): a withdrawal of
-- less than it is approved at once. No row is the default, 0: every withdrawal needs an approval.
CREATE TABLE withdrawal_approval_thresholds (
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  currency text NOT NULL REFERENCES currencies (abbreviation),
  threshold numeric(38, 18) NOT NULL CHECK (threshold >= 0),
  updated_at timestamptz NOT NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (organisation_id, currency)
);
