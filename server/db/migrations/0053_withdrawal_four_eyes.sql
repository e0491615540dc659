-- The four-eyes rule of crypto withdrawals (docs/decisions.md 175, 230) held by the database too: a
-- withdrawal is never decided by the user who made it, whatever code path writes the decision. The
-- route refuses it first with its own message (403); this check is the guard under it. A withdrawal
-- approved at once under its threshold has no decider, and a deleted user leaves NULL on either side.
ALTER TABLE crypto_withdrawals ADD CONSTRAINT crypto_withdrawals_four_eyes
  CHECK (decided_by IS NULL OR created_by IS NULL OR decided_by <> created_by);
